package i18n_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tandem/arbiter"
	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/i18n"
	"tandem/scoresheet"
	"tandem/timeline"
)

// timeControlErr is clock.Parse's error of s, or Validate's when s parses.
func timeControlErr(t *testing.T, s string) error {
	t.Helper()
	c, err := clock.Parse(s)
	if err != nil {
		return err
	}
	if err := c.Validate(); err != nil {
		return err
	}
	t.Fatalf("time control %q: no error", s)
	return nil
}

// timelineErr is timeline.Parse's error of src, in the file m.timeline as
// tandem replay names it.
func timelineErr(t *testing.T, src string) error {
	t.Helper()
	_, err := timeline.Parse([]byte(src))
	var le *timeline.Error
	if !errors.As(err, &le) {
		t.Fatalf("timeline %q: %v, want a *timeline.Error", src, err)
	}
	le.File = "m.timeline"
	return le
}

// timelineMsg is the message of timeline.Parse's error of src without
// its file and line: a message whose template starts with a field ("%s
// needs a winner") takes a head of its line ("m.timeline:2: result:
// checkmate") as that field, and the Printer translates such a value
// only when it is a message as a whole, not its tail.
func timelineMsg(t *testing.T, src string) error {
	t.Helper()
	return errors.New(timelineErr(t, src).(*timeline.Error).Msg)
}

func fenErr(t *testing.T, fen string) error {
	t.Helper()
	_, err := board.ParseFEN(fen, board.CrazyhouseRules)
	if err == nil {
		t.Fatalf("FEN %q: no error", fen)
	}
	return err
}

// The messages of packages clock, timeline, board, scoresheet and
// arbiter a club arbiter meets first, written by the packages
// themselves, read back from their templates (msg-time.*.toml) in
// Spanish; the English printer leaves them as they are.
func TestMessages_Time(t *testing.T) {
	running := clock.NewPair(clock.SuddenDeath(5*time.Minute), clock.SuddenDeath(5*time.Minute))
	running.Start(bughouse.White, 0)
	stopped := clock.NewPair(clock.SuddenDeath(5*time.Minute), clock.SuddenDeath(5*time.Minute))
	_, pgnErr := clock.ParsePGN("?")
	sheet, err := scoresheet.New(board.CrazyhouseRules, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, takeBackErr := sheet.TakeBack(bughouse.BoardA)
	_, gameFENErr := board.ParseGameFEN(board.Start+" | "+board.Start+" | "+board.Start, board.CrazyhouseRules)
	_, kindErr := arbiter.ParseKind("undo")
	bad := board.CrazyhouseRules
	bad.PawnDropRanks = board.Ranks{0, 7}

	for _, tc := range []struct {
		err  error
		line string // the line as the command line prints it: err's text after its head
		want string
	}{
		// The time control, as typed in a configuration or a timeline.
		{timeControlErr(t, "5 min"), "", `control de tiempo "5 min", tramo 1: "min" después de un espacio: escriba el tiempo sin espacio y con las unidades de Go (5m, 90s, 1h30m); un retardo después de un espacio es dX (Bronstein) o usX (US), p. ej. 5m d2s`},
		{timeControlErr(t, "5m z2s"), "", `control de tiempo "5m z2s", tramo 1: "z2s": el retardo se escribe dX (Bronstein) o usX (US), p. ej. d2s`},
		{timeControlErr(t, " "), "", "control de tiempo vacío; escriba p. ej. 5m, 3m+2s, 5m d2s o 40/90m+30s, 30m+30s"},
		{timeControlErr(t, "5x"), "", `control de tiempo "5x", tramo 1: tiempo: "5x" no es una duración; escriba p. ej. 5m, 90s, 2.5s o un número de segundos`},
		{timeControlErr(t, "3m+-2s"), "", `control de tiempo "3m+-2s", tramo 1: incremento: "-2s" es negativo; las duraciones son 0 o más`},
		{timeControlErr(t, "99999999999h"), "", `control de tiempo "99999999999h", tramo 1: tiempo: "99999999999h" es demasiado grande (como máximo 24h)`},
		{timeControlErr(t, "25h"), "", "reloj: tramo 1: tiempo 25h; se admite de 0 a 24h"},
		{timeControlErr(t, "0"), "", "reloj: tiempo base 0 sin incremento ni retardo: a todos los jugadores se les caería la bandera al empezar"},
		{timeControlErr(t, "0.5s"), "", "reloj: tramo 1: el tiempo 500ms es menor que 1s, seguramente un error al escribirlo; escriba p. ej. 5m o 90s"},
		{timeControlErr(t, "3m+2s d2s"), "", "reloj: el tramo 1 tiene a la vez incremento y retardo; elija uno"},
		{timeControlErr(t, "5m d2s, 5m us2s"), "", `el control de tiempo "5m d2s, 5m us2s" mezcla retardos Bronstein y US`},
		{timeControlErr(t, "40/90m, 30m, 10m"), "", "reloj: el tramo 2 dura el resto de la partida, así que el tramo 3 nunca puede empezar"},
		{timeControlErr(t, "40/90m+30s, 0"), "", "reloj: el tramo 2 no añade tiempo; únalo al tramo anterior"},
		{running.Adjust(bughouse.White, 30*time.Second, time.Second), "", "reloj: pare los relojes antes de ajustar el tiempo"},
		{stopped.Adjust(bughouse.Black, -6*time.Minute, 0), "", "reloj: quitar 6m dejaría sin tiempo (quedan 5m); declare un resultado en su lugar"},
		{running.Press(bughouse.Black, 2*time.Second), "", "reloj: el reloj de quien pulsa no está en marcha"},
		{pgnErr, "tandem replay: m.bpgn: ", `TimeControl "?" no da ningún control de tiempo`},

		// A timeline (tandem replay, tandem run --script).
		{timelineErr(t, "0 start\n1.5 pres A-white\n"), "tandem replay: ", `m.timeline:2: suceso desconocido "pres"; los sucesos son ` + timeline.Events},
		{timelineErr(t, "0 start\n1 press A-white\n0.5 press A-black\n"), "tandem replay: ", "m.timeline:3: el tiempo 0.5 es anterior al del suceso previo (línea 2); los sucesos deben ir en orden de tiempo"},
		{timelineErr(t, "0 start\n-1 press A-white\n"), "", "m.timeline:2: el tiempo -1 es negativo; los tiempos cuentan segundos desde el inicio del match"},
		{timelineErr(t, "0 start\n5 adjust A-white 30s\n"), "", "m.timeline:2: adjust necesita una cantidad con signo: +30s suma, -30s resta"},
		{timelineErr(t, "0 start\n5 adjust A-white +0s\n"), "", "m.timeline:2: adjust: +0s no cambia nada; indique el tiempo que se suma (+30s) o se resta (-30s)"},
		{timelineErr(t, "0 start\n5 claim A-white illegal-move B-black\n"), "", "m.timeline:2: claim: A-blancas acusa a B-negras, jugador de su propio equipo; el acusado es un jugador del otro equipo"},
		{timelineErr(t, "0 start\n5 claim A-white time\n"), "", `m.timeline:2: claim: motivo "time"; una reclamación es por illegal-move, flag u other`},
		{timelineErr(t, "0 start\ncontrol 5m\n"), "", `m.timeline:2: línea de cabecera "control" después del primer suceso (línea 1); ponga primero las líneas preset, control y option`},
		{timelineErr(t, "control 5m d2s, 5m us2s\n0 start\n"), "tandem replay: ", `m.timeline:1: control: el control de tiempo "5m d2s, 5m us2s" mezcla retardos Bronstein y US`},
		{timelineMsg(t, "control 5 min\n0 start\n"), "", `control: control de tiempo "5 min", tramo 1: "min" después de un espacio: escriba el tiempo sin espacio y con las unidades de Go (5m, 90s, 1h30m); un retardo después de un espacio es dX (Bronstein) o usX (US), p. ej. 5m d2s`},
		{timelineErr(t, "option stalemate wait\noption stalemate draw\n0 start\n"), "", "m.timeline:2: la opción stalemate está dos veces (la primera en la línea 1); deje una"},
		{timelineErr(t, "option pawn_drop_ranks 2-7\noption pawn_drop_ranks 2-6\n0 start\n"), "", "m.timeline:2: la opción pawn_drop_ranks está dos veces (la primera en la línea 1); deje una"},
		{timelineMsg(t, "0 start\n10 result A 1/2-1/2 checkmate\n"), "", "result: jaque mate necesita un ganador (1-0 o 0-1)"},
		{timelineMsg(t, "0 start\n10 result A 1-0 repetition\n"), "", "result: repetición es tablas (1/2-1/2)"},
		{timelineErr(t, "0 start\n3 deadlock now\n"), "", `m.timeline:2: deadlock: se esperaba "deadlock"`},
		{timelineErr(t, "0 start\n3 press\n"), "", `m.timeline:2: press: se esperaba "press SEAT"`},
		{timelineErr(t, "0 start\n5 call 48h\n"), "", "m.timeline:2: call: una tolerancia de 48h; indique de 1s a 24h, o ninguna para usar la opción no_show_tolerance"},
		{timelineErr(t, "0 start\n1.2.3 press A-white\n"), "", `m.timeline:2: tiempo "1.2.3" no es un número de segundos; escriba segundos desde el inicio con hasta 9 decimales, p. ej. 61.25`},
		{timelineErr(t, "# nothing\n"), "", `m.timeline:1: no hay sucesos: una línea de tiempo necesita al menos una línea de suceso, p. ej. "0 start"`},

		// A FEN (tandem position, tandem perft, a BPGN FEN tag).
		{fenErr(t, "garbage"), "tandem position: ", `FEN "garbage": tablero: 1 fila; un tablero tiene 8 (una reserva puede ser la 9.ª)`},
		{fenErr(t, "8/8/8/8/8/8/8"), "", `FEN "8/8/8/8/8/8/8": tablero: 7 filas; un tablero tiene 8 (una reserva puede ser la 9.ª)`},
		{fenErr(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"), "tandem position: ", `FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1": tablero: la fila 1 tiene 7 casillas; necesita 8`},
		{fenErr(t, "8/8/8/8/8/8/8/8"), "tandem perft: ", `FEN "8/8/8/8/8/8/8/8": tablero: las blancas tienen 0 reyes; necesitan 1`},
		{fenErr(t, board.Start[:strings.IndexByte(board.Start, ' ')]+" x"), "", `FEN "` + board.Start[:strings.IndexByte(board.Start, ' ')] + ` x": turno: "x"; es w o b`},
		{fenErr(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1"), "", `FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1": reserva: 'K' no es una pieza que pueda estar en la reserva (PNBRQ, pnbrq)`},
		{gameFENErr, "", `FEN "` + board.Start + " | " + board.Start + " | " + board.Start + `": tablero: un FEN de pasapiezas es FEN-A | FEN-B`},
		{bad.Validate(), "", "pawn_drop_ranks [0, 7]: se necesita 1 <= mín <= máx <= 8"},

		// The scoresheet and the arbiter's commands.
		{takeBackErr, "", "planilla: no hay jugada que anular en ese tablero (tablero A)"},
		{kindErr, "", `acción desconocida "undo"; las acciones son ` + strings.TrimPrefix(kindErr.Error(), `unknown action "undo"; actions are `)},
	} {
		if tc.err == nil {
			t.Errorf("no error; want %q", tc.want)
			continue
		}
		line := tc.line + tc.err.Error()
		want := tc.line + tc.want
		if got := i18n.For(i18n.Spanish).Line(line); got != want {
			t.Errorf("Line(%q)\n got %q\nwant %q", line, got, want)
		}
		if got := i18n.For(i18n.English).Line(line); got != line {
			t.Errorf("English: Line(%q) = %q", line, got)
		}
		msg := tc.err.Error()
		if le, ok := tc.err.(*timeline.Error); ok {
			msg = le.Msg
		}
		if _, ok := i18n.For(i18n.English).Message(msg); !ok {
			t.Errorf("%q: no template reads it", msg)
		}
	}
}
