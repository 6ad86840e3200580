package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// warningConfig writes a configuration whose time control is a bare
// number (5 seconds: a warning), without the console.
func warningConfig(t *testing.T) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "club.toml")
	if err := os.WriteFile(file, []byte("[console]\nenabled = false\n[time]\ncontrol = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// The configuration's warning is on stderr before the table opens, and
// on the table's note line, where the table's screen does not hide it:
// Esc dismisses it.
func TestSim_Tmux_ConfigWarningOnTheTable(t *testing.T) {
	cfg := warningConfig(t)
	const warning = "time.control: 5 is 5s: a bare number is seconds; write \"5m\" for 5 minutes"
	// stderr, before anything else (here without a terminal: exit 2).
	var stdout, stderr bytes.Buffer
	runSim([]string{"--config", cfg}, &stdout, &stderr)
	if want := "tandem sim: warning: " + cfg + ":4: " + warning + "\n"; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want it to begin %q", stderr.String(), want)
	}

	requireTmux(t)
	s := startTmux(t, buildSim(t), "sim", "--config", cfg)
	s.waitScreen([]string{"READY", "warning: ", warning, "(esc dismisses it)"})
	s.send("Escape")
	s.waitScreen([]string{"READY"}, "warning:")
	s.send("Escape")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}

	// In Spanish, by LANG.
	s = startTmux(t, "env", "-u", "LC_ALL", "-u", "LC_MESSAGES", "LANG=es_ES.UTF-8", buildSim(t), "sim", "--config", cfg)
	s.waitScreen([]string{"LISTO", "aviso: ", "time.control: 5 son 5s: un número solo son segundos"})
	s.send("Enter") // the start dismisses it
	s.waitScreen([]string{"EN JUEGO"}, "aviso:")
	s.send("C-c")
	s.send("C-c")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

// A window too small for the table says so; after a resize and a quit,
// nothing of the table is left on the terminal: with tmux's alternate
// screen, and without it (alternate-screen off), where only the table's
// own empty last screen clears it.
func TestSim_Tmux_ResizeThenQuit_LeavesACleanScreen(t *testing.T) {
	requireTmux(t)
	bin := buildSim(t)
	cfg := warningConfig(t)
	for _, alt := range []string{"on", "off"} {
		dir := t.TempDir()
		goFile := filepath.Join(dir, "go")
		// tandem starts once the test has set the session's options
		// (the shell waits for the file), and the pane outlives it.
		script := "while [ ! -e " + shellQuote(goFile) + " ]; do sleep 0.05; done; " + shellQuote(bin) + " sim --config " + shellQuote(cfg) +
			" 2>/dev/null; echo tandem-exited; exec sleep 600"
		s := startTmux(t, "sh", "-c", script)
		s.tmux("set-option", "-t", s.name, "alternate-screen", alt)
		if err := os.WriteFile(goFile, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		s.waitScreen([]string{"READY", "BOARD A"})
		s.tmux("resize-window", "-t", s.name, "-x", "50", "-y", "14")
		small := s.waitScreen([]string{"window too small: 50×14; the table needs at least", "60×17", "A-white 5.0"}, "BOARD A")
		for i, l := range strings.Split(strings.TrimRight(small, "\n"), "\n") {
			if len([]rune(l)) > 50 {
				t.Errorf("alternate-screen %s: line %d wider than the window: %q", alt, i, l)
			}
		}
		s.tmux("resize-window", "-t", s.name, "-x", "120", "-y", "40")
		s.waitScreen([]string{"READY", "BOARD A"}, "window too small")
		s.send("Escape") // dismisses the warning
		s.waitScreen([]string{"READY"}, "warning:")
		s.send("Escape") // ready: quits at once
		screen := s.waitScreen([]string{"tandem-exited"})
		for _, frag := range []string{"TANDEM", "READY", "BOARD", "A-white", "╭", "│", "─", "last event", "arbiter"} {
			if strings.Contains(screen, frag) {
				t.Errorf("alternate-screen %s: %q left on the screen after the quit:\n%s", alt, frag, screen)
			}
		}
	}
}
