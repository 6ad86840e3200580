package tui

import (
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/i18n"
	"tandem/rules"
)

// spanish makes h's model a Spanish one on the same table.
func (h *harness) spanish(width int) {
	h.m.Close()
	h.m = New(h.tbl, WithLanguage(i18n.Spanish), WithRenderer(lipgloss.NewRenderer(io.Discard)))
	h.m.Update(tea.WindowSizeMsg{Width: width, Height: 50})
	h.sync()
}

// english lists words of the English screens that no Spanish one has: a
// text written without its message shows one of them.
var english = regexp.MustCompile(`\b(enter|space|press|presses|board|clock|clocks|match in progress|team|moves|key|last event|none|ignored|refused|running|paused|ready|decided|resume|result|claim|uphold|reject|adjust|quit|new match|arbiter|white|black|wins|drawn|flag|checkmate|stalemate|agreement|time control|to move)\b`)

// The Spanish table says everything in Spanish, in the arbiters' words:
// every state a match goes through, every question.
func TestSpanish_NoEnglishOnTheScreen(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.spanish(160)
		check := func(what string, want ...string) {
			t.Helper()
			v := h.view()
			// Seat codes and the preset's name are not English words;
			// the header's own name is TANDEM.
			scrub := strings.NewReplacer("reglamento", "", "TANDEM", "")
			if m := english.FindString(strings.ToLower(scrub.Replace(v))); m != "" {
				t.Errorf("%s: English %q on the Spanish screen:\n%s", what, m, v)
			}
			for _, w := range want {
				if !strings.Contains(v, w) {
					t.Errorf("%s: lacks %q:\n%s", what, w, v)
				}
			}
		}
		check("ready", "LISTO", "pulse Intro", "botones del reloj:", "árbitro:", "equipo 1", "TABLERO A", "A-blancas", "jugadas 0", "tecla Z")
		h.press("z")
		check("an ignored press", "último suceso: pulsa A-blancas", "sin efecto: no ha empezado")
		h.press("enter", "q")
		check("a press out of turn", "EN JUEGO", "no es el turno de A-negras", "en marcha")
		h.press("space")
		check("paused", "EN PAUSA", "relojes detenidos")
		for _, keys := range [][]string{{"r"}, {"r", "a"}, {"r", "a", "b"}, {"r", "a", "b", "1"}, {"c"}, {"c", "1"}, {"t"}, {"t", "2"}, {"s"}, {"n"}, {"esc"}, {"o"}} {
			h.press(keys...)
			check(strings.Join(keys, " "))
			h.press("esc")
			if h.m.bm != nil && h.m.bm.IsOpen() {
				h.press("esc")
			}
		}
		// The words agree: la reclamación, cancelada; el resultado, cancelado.
		h.press("c", "esc")
		check("a claim cancelled", "reclamación cancelada")
		h.press("r", "esc")
		check("a result cancelled", "resultado cancelado")
		h.press("c", "1", "i")
		check("a claim refused", "rechazado")
		h.press("space")
		h.press("p", "m", "r", "b", "t", "1", "s")
		check("a board drawn", "tablas (acuerdo)")
		h.press("r", "a", "b", "1", "y") // y is sí too
		check("decided", "DECIDIDO", "gana el equipo 1", "gana A-blancas (jaque mate)", "Art 22-23")
	})
}

// The key legend keeps every key at the widths terminals have: 80, 100,
// 120, 130 and 160 columns, 30 and 50 lines, in both languages; from 100
// columns every key keeps its meaning (its word after it; the seat keys
// their row and team), on a third line where one line cannot hold them.
func TestLegend_EveryKeyAtEveryWidth(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		for _, l := range i18n.Langs {
			p := i18n.For(l)
			for _, size := range [][2]int{{80, 30}, {100, 30}, {120, 30}, {130, 30}, {80, 50}, {100, 50}, {130, 50}, {160, 50}} {
				w := size[0]
				h.m.Close()
				h.m = New(h.tbl, WithLanguage(l), WithRenderer(lipgloss.NewRenderer(io.Discard)))
				h.m.Update(tea.WindowSizeMsg{Width: w, Height: size[1]})
				h.sync()
				lines := strings.Split(h.view(), "\n")
				if len(lines) > size[1] {
					t.Errorf("%s at %v: %d lines", l, size, len(lines))
				}
				first := len(lines) - 1
				for first > 0 && !strings.Contains(lines[first], "Q "+p.Seat(bughouse.ABlack)) {
					first--
				}
				legend := lines[first:]
				if n := len(legend); n < 2 || n > 3 {
					t.Fatalf("%s at %v: legend of %d lines: %q", l, size, n, legend)
				}
				all := strings.Join(legend, "\n")
				for i, line := range legend {
					if l == i18n.Spanish && regexp.MustCompile(`\b(enter|space|esc)\b`).MatchString(line) {
						t.Errorf("es at %v: a key named in English in legend line %d: %q", size, i+1, line)
					}
					if strings.Contains(line, "…") {
						t.Errorf("%s at %v: legend line %d is cut: %q", l, size, i+1, line)
					}
				}
				for _, k := range []string{"Q ", "P ", "Z ", "M "} {
					if !strings.Contains(legend[0], k) {
						t.Errorf("%s at %v: no clock key %q in %q", l, size, k, legend[0])
					}
				}
				arbiter := strings.Join(legend[1:], "\n")
				named := map[string]string{"enter": p.T("tui.keyname.enter"), "space": p.T("tui.keyname.space"), "esc": p.T("tui.keyname.esc")}
				words := map[string][]string{"r": {"result"}, "c": {"claim"}, "u": {"uphold"}, "x": {"reject"}, "t": {"adjust", "time"},
					"s": {"resume-choosing", "resume"}, "n": {"new", "new-short"}, "enter": {"start"}, "space": {"pause"}, "esc": {"quit"}, "o": {"menu"}}
				for key, ids := range words {
					shown := key
					if named[key] != "" {
						shown = named[key]
					}
					if !regexp.MustCompile(`(^|\s)` + shown + `(\s|$)`).MatchString(arbiter) {
						t.Errorf("%s at %v: no key %q in %q", l, size, shown, arbiter)
					}
					if w < 100 {
						continue
					}
					meant := false
					for _, id := range ids {
						meant = meant || strings.Contains(all, shown+" "+p.T("tui.key."+id))
					}
					if !meant {
						t.Errorf("%s at %v: key %q without its meaning in %q", l, size, shown, arbiter)
					}
				}
				if w >= 100 && !strings.Contains(legend[0], p.T("tui.legend.top-short")) && !strings.Contains(legend[0], p.T("tui.legend.top-row")) {
					t.Errorf("%s at %v: the seat keys without their row and team: %q", l, size, legend[0])
				}
			}
		}
	})
}

// Esc that dismisses a message on a ready table does not quit it: the
// next Esc does.
func TestEsc_DismissesAMessageWithoutQuitting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("t", "1", "+1", "enter")
		h.wantView("A-white +1s: now 5:01")
		if quits(h.press("esc")) {
			t.Fatal("esc on the adjustment's message quit the table")
		}
		h.wantNotView("A-white +1s: now 5:01")
		h.wantView("READY")
		h.press("c") // "the match has not started"
		h.wantView("the match has not started")
		if quits(h.press("esc")) {
			t.Fatal("esc on a notice quit the table")
		}
		if !quits(h.press("esc")) {
			t.Fatal("esc with nothing to dismiss on a ready table did not quit")
		}
	})
}

// Keys typed in the burst that opened a question are said, not dropped
// silently; a clock key among them still presses.
func TestBurst_SaysWhatItDidNotTake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space")
		h.press("tq2")
		h.wantView("1 key typed with the question was not taken as its answer", "last event: press A-black")
		if h.m.ask.step != askAdjustSeat {
			t.Fatalf("step %d, want the seat question", h.m.ask.step)
		}
		h.press("2")
		if h.m.ask.dropped != 0 {
			t.Errorf("the answer kept the count: %d", h.m.ask.dropped)
		}
		h.wantNotView("not taken as its answer")
	})
}

// Players' names go beside the seats: the team lines name them.
func TestPlayers_NamedOnTheTeamLines(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		if _, err := h.tbl.Command(t.Context(), playersCommand("Ana", "Berta", "Carlos", "Dora"), time.Now()); err != nil {
			t.Fatal(err)
		}
		h.sync()
		h.wantView("team 2: A-black Berta + B-white Carlos", "team 1: A-white Ana + B-black Dora", "A-white Ana")
	})
}

func playersCommand(names ...string) arbiter.Command {
	c := arbiter.Command{Kind: arbiter.SetPlayers}
	copy(c.Players[:], names)
	return c
}

// The answers' letters are the language's: at the result question a
// Spanish b is blancas (White wins), an English b is Black; t is tablas
// in Spanish; the yes/no questions take s (sí) and y in Spanish, y in
// English, and say which.
func TestAnswerKeys_InTheTablesLanguage(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		keys []string
		want rules.Outcome
		line string // the outcome question shows
	}{
		{i18n.Spanish, []string{"b", "1", "s"}, rules.WhiteWins, "b ganan blancas · n ganan negras · t tablas"},
		{i18n.Spanish, []string{"n", "1", "y"}, rules.BlackWins, ""},
		{i18n.Spanish, []string{"t", "1", "s"}, rules.Drawn, ""},
		{i18n.English, []string{"b", "1", "y"}, rules.BlackWins, "w White wins · b Black wins · d draw"},
		{i18n.English, []string{"w", "1", "y"}, rules.WhiteWins, ""},
		{i18n.English, []string{"d", "1", "y"}, rules.Drawn, ""},
	} {
		synctest.Test(t, func(t *testing.T) {
			h := newHarness(t, options(t, "5m"))
			h.m = New(h.tbl, WithLanguage(c.lang), WithRenderer(lipgloss.NewRenderer(io.Discard)))
			h.m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
			h.press("enter", "r", "a")
			if c.line != "" {
				h.wantView(c.line)
			}
			h.press(c.keys[:2]...)
			yes := map[i18n.Lang]string{i18n.Spanish: "s = sí", i18n.English: "y = yes"}[c.lang]
			h.wantView(yes)
			h.press(c.keys[2])
			if got := h.tbl.Snapshot().Boards[bughouse.BoardA].Outcome; got != c.want {
				t.Errorf("%s %q: board A %v, want %v", c.lang, c.keys, got, c.want)
			}
		})
	}
	// English s is no: the question is kept back, nothing declared.
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "a", "w", "1", "s")
		if got := h.tbl.Snapshot().Boards[bughouse.BoardA].Outcome; got != rules.Undecided {
			t.Errorf("English s declared %v", got)
		}
	})
}
