package i18n

import (
	"strings"
	"testing"

	"tandem/board"
	"tandem/bughouse"
	"tandem/replay"
	"tandem/rules"
)

// replayErr is the error tandem replay reports for a record: loading
// it, or its first illegal move (as "FILE:LINE: illegal move under
// PRESET: ...", the line the command writes).
func replayErr(name, src string) error {
	p, err := replay.Load(name, []byte(src), "")
	if err != nil {
		return err
	}
	rep, err := p.Run(nil)
	if err != nil {
		return err
	}
	if rep.Moves != nil && rep.Moves.Illegal != nil {
		return lineError("tandem replay: " + name + ": illegal move under " + rep.Preset + ": " + rep.Moves.Illegal.String())
	}
	return nil
}

// The BPGN records tandem replay refuses, and the board's refusals of a
// move (tandem position --moves, tandem replay), with the colour and
// piece words in Spanish.
func TestMessages_ReplayAndBoard(t *testing.T) {
	const (
		tags  = "[Event \"Club\"]\n[TimeControl \"300\"]\n[Result \"0-1\"]\n"
		stars = "[Event \"Club\"]\n[TimeControl \"300\"]\n[Result \"*\"]\n"
	)
	r := rules.Options{}
	if ps, err := rules.LookupPreset(rules.DefaultPreset); err != nil {
		t.Fatal(err)
	} else {
		r = ps.Options
	}
	move := func(fen string, moves ...string) error {
		if fen == "" {
			fen = board.Start
		}
		p, err := board.ParseFEN(fen, r.Rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				return err
			}
			p.Make(m)
		}
		return nil
	}
	play := func(s bughouse.Seat, text string) error {
		_, err := board.NewGame(r.Rules).Play(s, text)
		return err
	}
	cases := []msgCase{
		{"no time control", replayErr("g.bpgn", "[Event \"Club\"]\n1A. e4 {299.9} *\n"),
			"g.bpgn:2: la planilla no tiene etiqueta TimeControl: tandem necesita el tiempo base para convertir las marcas de tiempo restante en instantes de pulsación"},
		{"no moves", replayErr("g.bpgn", tags),
			"g.bpgn:3: la planilla no tiene jugadas que reproducir: tras las etiquetas no hay nada; puede estar truncada"},
		{"no ending", replayErr("g.bpgn", tags+"1A. e4 {299.9} 1a. e5 {299.8}\n"),
			"g.bpgn:4: la planilla termina sin su final (la etiqueta Result dice 0-1, pero tras la última jugada no hay comentario \"{... checkmated/resigns/forfeits on time}\" ni resultado); puede estar truncada"},
		{"no result", replayErr("g.bpgn", "[TimeControl \"300\"]\n1A. e4 {299.9} 1a. e5 {299.8}\n"),
			"g.bpgn:2: la planilla termina sin resultado (no hay etiqueta Result ni sigue a la última jugada un resultado como 1-0 o *); puede estar truncada: termine con * una partida sin terminar"},
		{"clock goes up", replayErr("g.bpgn", stars+"1A. e4 {299.0} 1a. e5 {299.8} 2A. Nf3 {299.9} *\n"),
			"g.bpgn:4: jugada 2A. Nf3: la marca {299.9} deja a A-blancas más tiempo que en su jugada anterior (1 s gastados antes, 0.1 ahora): un reloj no puede subir más allá de sus incrementos"},
		{"stamp over the base", replayErr("g.bpgn", stars+"1A. e4 {301} *\n"),
			"g.bpgn:4: jugada 1A. e4: la marca {301} es más que los 300 s que tenía A-blancas (el tiempo base y el incremento del TimeControl): un reloj no puede subir más allá de sus incrementos"},
		{"two kinds of stamps", replayErr("g.bpgn", stars+"1A. e4 {[ts=1]} 1a. e5 {299} *\n"),
			"g.bpgn:4: la jugada 1a. e5 tiene una marca de tiempo restante ({S}) pero la jugada 1A. e4 una de instante ({[ts=S]}); una planilla usa un solo tipo"},
		{"ending too early", replayErr("g.bpgn", tags+"1A. e4 {299} {A resigns}\n1a. e5 {299} 0-1\n"),
			"g.bpgn:4: el final {A resigns} va antes de la jugada 1a. e5 (línea 5); el final sigue a la última jugada"},
		{"not a timeline", replayErr("club.toml", "name = \"Club\"\n"),
			"club.toml:1: \"name\" no es una línea de cabecera (preset, control, option) ni un suceso (TIME EVENT, p. ej. \"1.25 press A-white\") (leído como timeline: el nombre no termina en .bpgn, .pgn o .timeline y el texto no empieza por \"[\")"},
		{"empty file", replayErr("notas", "\n"),
			"notas:1: el archivo está vacío: no es ni una planilla BPGN ni un timeline (no hay sucesos: una línea de tiempo necesita al menos una línea de suceso, p. ej. \"0 start\")"},
		{"replay: illegal move", replayErr("g.bpgn", stars+"1A. e4 {299} 1a. e5 {299} 2A. Nf6 {298} *\n"),
			"tandem replay: g.bpgn: jugada ilegal con fics: tablero A, jugada 2A. Nf6 (A-blancas): no hay caballo de las blancas que pueda ir a f6 (Art 2: las Leyes del Ajedrez de la FIDE, Art 3)"},
		{"pawn", move("", "e5"),
			"e5: no hay peón de las blancas que pueda ir a e5 (Art 2: las Leyes del Ajedrez de la FIDE, Art 3)"},
		{"reserve", move("", "e4", "e5", "Nc3", "N@e4"),
			"N@e4: las negras no tienen caballo en la reserva (Art 16, 26: solo una pieza de la reserva)"},
		{"occupied", move("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1", "N@e2"),
			"N@e2: la casilla e2 está ocupada (Art 16: se suelta en una casilla vacía)"},
		{"pawn rank", move("1nbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR[P] w Kk - 0 1", "P@a8"),
			"P@a8: no se puede soltar un peón en la fila 8 (contando desde las blancas) (pawn_drop_ranks [2, 6], Art 18.1)"},
		{"own check", move("4k3/8/8/8/8/8/4r3/4K3[] w - - 0 1", "Kd2"),
			"Kd2: deja al propio rey en jaque (Art 26, 28: no se puede dejar al propio rey en jaque)"},
		{"castling gone", move("", "e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "O-O"),
			"O-O: el rey o esa torre se han movido (o la torre fue capturada): el derecho a enrocar se ha perdido (Art 2: las Leyes del Ajedrez de la FIDE, Art 3)"},
		{"castling out of check", move("4k3/8/8/8/8/8/4r3/4K2R[] w K - 0 1", "O-O"),
			"O-O: no se puede enrocar estando en jaque (Art 2: las Leyes del Ajedrez de la FIDE, Art 3)"},
		{"ambiguous", move("4k3/8/8/8/8/5N2/8/1N2K3[] w - - 0 1", "Nd2"),
			"Nd2: ambigua: más de una pieza puede hacerla; indique la columna o la fila, p. ej. Nbd2 (SAN)"},
		{"not a move", move("", "castle"),
			"castle: no es una jugada (SAN como Nf3, exd5, e8=Q, O-O, N@f3, o UCI como g1f3)"},
		{"uci empty square", move("", "e3e4"),
			"e3e4: no hay ninguna pieza en e3 (Art 2: las Leyes del Ajedrez de la FIDE, Art 3)"},
		{"turn", play(bughouse.ABlack, "e5"),
			"e5: es el turno de las blancas en el tablero A, no de las negras (FIDE Art 1.1, por el Art 2: los jugadores juegan alternativamente)"},
		{"position: illegal", lineError("tandem position: move 1 (e5, white to move) is illegal under reglamento: " + move("", "e5").Error()),
			"tandem position: la jugada 1 (e5, juegan blancas) es ilegal con reglamento: e5: no hay peón de las blancas que pueda ir a e5 (Art 2: las Leyes del Ajedrez de la FIDE, Art 3)"},
	}
	checkLines(t, cases)
	if got := For(Spanish).Line(strings.TrimSpace("knight")); got != "caballo" {
		t.Errorf("knight: %q", got)
	}
}

// What tandem replay says of a record the replay disagrees with, and of
// a result it cannot check, in Spanish: each from a real record.
func TestMessages_ReplayVerdicts(t *testing.T) {
	const tags = "[Event \"Club\"]\n[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n[TimeControl \"60\"]\n"
	const fool = "1A. f3 1a. e5{59}\n2A. g4{58} 2a. Qh4{57}\n"
	verdict := func(src string) (mismatch, unchecked string) {
		t.Helper()
		p, err := replay.Load("x.bpgn", []byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		return r.Mismatch, r.Unchecked
	}
	m1, _ := verdict(tags + `[Result "1-0"]` + "\n" + fool + "{a resigns}\n")
	m2, _ := verdict(tags + `[Result "0-1"]` + "\n" + fool + "{a checkmated} 0-1\n")
	_, u3 := verdict(tags + `[Result "1-0"]` + "\n" + fool + "{a forfeits on time} 1-0\n")
	_, u4 := verdict(tags + `[Result "1-0"]` + "\n" + fool + "1-0\n")
	m5, _ := verdict(tags + `[Result "1-0"]` + "\n1A. e4{59} 1a. e5{58} 1-0\n")
	checkLines(t, []msgCase{
		{"wrong result", lineError("tandem replay: x.bpgn: the replay disagrees with the record: " + m1),
			"tandem replay: x.bpgn: la reproducción no coincide con el registro: el resultado del registro es 1-0 pero la reproducción da 0-1 por abandono de A-blancas (a) a los 0 s"},
		{"no mate on the board", lineError(m2),
			"el registro dice que A-blancas recibió jaque mate, pero tras la última jugada del tablero A el tablero está en espera obligada: un lanzamiento aún podría tapar el jaque (mate = bughouse, Art 23)"},
		{"loss on time unchecked", lineError("tandem replay: x.bpgn: not checked: " + u3),
			`tandem replay: x.bpgn: no comprobado: el resultado del registro 1-0 ("a forfeits on time", una derrota por tiempo) no se comprueba: solo los relojes podrían mostrar la bandera`},
		{"bare result unchecked", lineError(u4),
			"el resultado del registro 1-0 no se comprueba: ningún final dice cómo se llegó a él y, sin los relojes, solo se pueden comprobar un jaque mate, un abandono o unas tablas registrados"},
		{"no result", lineError(m5), "el resultado del registro es 1-0 pero la reproducción da sin resultado (*)"},
	})
}
