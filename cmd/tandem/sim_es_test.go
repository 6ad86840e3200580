package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The terminal table in Spanish, by LANG: a match played through tmux,
// the players named by the configuration; with TANDEM_CAPTURE set the
// screens (the match running, the button menu's time controls, a claim)
// are written to docs/sim-table-es.txt.
func TestSim_Tmux_Spanish(t *testing.T) {
	requireTmux(t)
	cfg := filepath.Join(t.TempDir(), "es.toml")
	os.WriteFile(cfg, []byte("[console]\nlisten = \"127.0.0.1:0\"\n[journal.players]\nA-white = \"Ana\"\nA-black = \"Bruno\"\nB-white = \"Carla\"\nB-black = \"Diego\"\n"), 0o644)
	s := startTmux(t, "env", "-u", "LC_ALL", "-u", "LC_MESSAGES", "LANG=es_ES.UTF-8", buildSim(t), "sim", "--config", cfg)
	s.waitScreen([]string{"LISTO", "TABLERO A", "TABLERO B", "reglas: reglamento", "control de tiempo: 5m",
		"equipo 2: A-negras Bruno + B-blancas Carla", "A-blancas Ana", "botones del reloj:", "árbitro:", "consola del navegador http://127.0.0.1:"}, "READY")
	capture := os.Getenv("TANDEM_CAPTURE") != ""
	pause := func() {
		if capture { // a few seconds on the clocks, for the picture
			time.Sleep(2 * time.Second)
		}
	}
	s.send("Enter")
	s.waitScreen([]string{"EN JUEGO", "▶ A-blancas", "último suceso: inicio a los 0:00.000 del match"})
	pause()
	s.send("z")
	s.waitScreen([]string{"▶ A-negras", "último suceso: pulsa A-blancas a los 0:"})
	s.send("z")
	s.waitScreen([]string{"sin efecto: no es el turno de A-blancas"})
	pause()
	s.send("p")
	s.waitScreen([]string{"▶ B-negras", "último suceso: pulsa B-blancas"})
	s.waitScreen([]string{"en marcha", "jugadas 1"}, "running", "press")
	if capture {
		pause()
		screen := s.capture()
		trim := func(sc string) string { return strings.TrimRight(sc, "\n ") }
		var b strings.Builder
		b.WriteString(trim(screen))
		// The button menu, the clocks paused: o, then the time controls.
		s.send("Space")
		s.waitScreen([]string{"EN PAUSA"})
		s.send("o")
		s.waitScreen([]string{"MENÚ:", "▸ control de tiempo"})
		s.send("p")
		menu := s.waitScreen([]string{"▸ ", "a medida"}, "MENÚ:")
		b.WriteString("\n\n" + trim(menu))
		s.send("Escape")
		s.send("Escape")
		s.waitScreen([]string{"EN PAUSA"}, "MENÚ:")
		s.send("Space")
		s.waitScreen([]string{"EN JUEGO"})
		s.send("c")
		s.waitScreen([]string{"relojes detenidos por la reclamación (Art 29)", "Reclama: 1 A-blancas"})
		s.send("1")
		claim := s.waitScreen([]string{"Reclama A-blancas · tipo:"})
		b.WriteString("\n\n" + trim(claim))
		os.WriteFile("../../docs/sim-table-es.txt", []byte(strings.TrimRight(b.String(), "\n")+"\n"), 0o644)
		s.send("Escape")
	}
	s.send("Escape")
	s.waitScreen([]string{"¿Salir y abandonar el match en curso? s = salir"})
	s.send("s")
	if status := s.waitExit(); status != "0" {
		t.Errorf("exit %s", status)
	}
}

// A newcomer's Spanish table in the windows he tried (tmux at 100x30,
// 60x17, 50x12): the legend keeps its words at 100 columns, the console's
// PIN and one-time code are in sight at 60, a window too small still
// shows the question its next key answers, and the result's letters are
// Spanish (b blancas, s sí).
func TestSim_Tmux_Spanish_NewcomerWindows(t *testing.T) {
	requireTmux(t)
	cfg := filepath.Join(t.TempDir(), "es.toml")
	os.WriteFile(cfg, []byte("[console]\nlisten = \"127.0.0.1:0\"\n"), 0o644)
	s := startTmux(t, "env", "-u", "LC_ALL", "-u", "LC_MESSAGES", "LANG=es_ES.UTF-8", buildSim(t), "sim", "--config", cfg)
	s.waitScreen([]string{"LISTO", "TABLERO A"})
	s.tmux("resize-window", "-t", s.name, "-x", "100", "-y", "30")
	s.waitScreen([]string{"LISTO", "(arriba, equipo 2)", "(abajo, equipo 1)",
		"r resultado · c reclamación · u aceptar · x rechazar", "n nuevo match · Intro inicio · espacio pausa · Esc salir · o menú"})

	s.tmux("resize-window", "-t", s.name, "-x", "60", "-y", "17")
	pin, code := regexp.MustCompile(`PIN (del árbitro )?[0-9]{6}`), regexp.MustCompile(`código [A-Z]{3}-[A-Z]{3}-[A-Z]{3}(\s|$)`)
	s.waitFor("the PIN and the code at 60x17", func(sc string) bool {
		return strings.Contains(sc, "TABLERO A") && pin.MatchString(sc) && code.MatchString(sc)
	})

	s.tmux("resize-window", "-t", s.name, "-x", "50", "-y", "12")
	s.waitScreen([]string{"pequeña"})
	s.send("Enter")
	s.waitScreen([]string{"EN JUEGO"})
	s.send("Escape")
	s.waitScreen([]string{"? ¿Salir y abandonar el match en curso? s = salir,", "pequeña: necesita 60×17"})
	s.send("r") // no
	s.waitScreen([]string{"se mantiene el match", "EN JUEGO"}, "¿Salir")
	s.send("r")
	s.waitScreen([]string{"? Resultado en el tablero: a / b", "EN PAUSA"})

	s.tmux("resize-window", "-t", s.name, "-x", "100", "-y", "30")
	s.send("a")
	s.waitScreen([]string{"Tablero A: b ganan blancas · n ganan negras · t tablas"})
	s.send("b")
	s.waitScreen([]string{"Tablero A, gana A-blancas · cómo: 1 jaque mate"})
	s.send("1")
	s.waitScreen([]string{"¿Declarar tablero A 1-0", "s = sí"})
	s.send("s")
	s.waitScreen([]string{"DECIDIDO", "TABLERO A · gana A-blancas (jaque mate)"})
	s.send("Escape")
	s.waitScreen([]string{"¿Salir? El resultado"})
	s.send("s")
	if status := s.waitExit(); status != "0" {
		t.Errorf("exit %s", status)
	}
}
