package tui

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"tandem/arbiter"
	"tandem/i18n"
	"tandem/rules"
)

// The button menu on the terminal table, walked end to end with the clock
// keys as the Pi's buttons: o opens it while the clocks are stopped, z
// goes down, p chooses and confirms; the table has a new match under the
// preset chosen. While the clocks run, o opens nothing and the keys are
// presses.
func TestMenu_WalkedWithTheClockKeys(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "o")
		h.wantView("the clocks are running: pause first (space), then o for the menu")
		if h.m.bm != nil && h.m.bm.IsOpen() {
			t.Fatal("the menu opened while the clocks run")
		}
		h.press("space", "o")
		h.wantView("MENU:", "▸ time control", "A-white next")
		seq := h.tbl.Snapshot().Seq
		h.press("z", "p") // preset: the list opens on the one in force
		h.wantView("preset:", "▸ reglamento")
		h.wantNotView("▸ fics")
		h.press("q") // reglamento, pasapiezas
		h.wantView("▸ pasapiezas")
		h.press("p")
		h.wantView("confirm:", "new match, preset pasapiezas?", "the match in progress is lost")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Fatalf("the menu's keys reached the table: %v", s.Last)
		}
		h.press("p")
		s := h.tbl.Snapshot()
		if s.Preset != "pasapiezas" || s.Status != rules.Ready {
			t.Fatalf("after the menu: preset %q, %s", s.Preset, s.Status)
		}
		h.wantView("READY", "preset pasapiezas")
		h.wantNotView("MENU:")

		// Enter is OK and Esc is back too; Esc at the top closes it.
		h.press("o", "enter")
		h.wantView("time control:", "▸ 5+0") // the control in force
		h.press("esc")
		h.wantView("MENU:")
		h.press("esc")
		h.wantNotView("MENU:")
		// A match started elsewhere (the console) closes the menu: the
		// clock keys are presses again.
		h.press("o")
		h.wantView("MENU:")
		if _, err := h.tbl.Command(t.Context(), arbiter.Command{Kind: arbiter.Start}, time.Now()); err != nil {
			t.Fatal(err)
		}
		h.sync()
		h.wantNotView("MENU:")
		h.press("z")
		h.wantView("last event: press A-white")
	})
}

// The menu's screens fit the terminals' widths, in both languages: at 80
// and 130 columns its hint is whole on its line (the legend's, while the
// menu is open), the highlighted entry is in sight, and no line is wider
// than the screen; a long text (the console's line) takes two lines
// rather than being cut.
func TestMenu_HintsFitAt80And130Columns(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		for _, l := range i18n.Langs {
			p := i18n.For(l)
			h.m.Close()
			h.m = New(h.tbl, WithLanguage(l), WithRenderer(lipgloss.NewRenderer(io.Discard)),
				WithInfo(p.T("cli.console", "URL", "http://127.0.0.1:8080/", "PIN", "482913")+p.T("cli.console-code", "Code", "KQW-XMT-RBP")))
			h.sync()
			// Every page the terminal's menu has: the top, the time
			// controls (the last, custom), the custom control, the
			// presets, a confirmation, the last result, the console.
			for _, keys := range [][]string{{"o"}, {"o", "z", "z", "z", "z", "z"}, {"o", "p", "q", "q", "q"}, {"o", "p", "q", "q", "q", "p"},
				{"o", "z", "p", "q"}, {"o", "z", "p", "p"}, {"o", "z", "z", "z", "p"}, {"o", "z", "z", "z", "z", "p"}} {
				h.m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
				h.press(keys...)
				sc := h.m.bm.Screen(h.m.menuInfo())
				for _, w := range []int{80, 130} {
					h.m.Update(tea.WindowSizeMsg{Width: w, Height: 50})
					v := h.view()
					what := fmt.Sprintf("%s %q at %d columns", l, keys, w)
					lines := strings.Split(v, "\n")
					if !strings.Contains(lines[len(lines)-1], sc.Hint) {
						t.Errorf("%s: the hint %q is not whole on the last line:\n%s", what, sc.Hint, v)
					}
					if sc.Cursor >= 0 && !strings.Contains(v, "▸ "+sc.Lines[sc.Cursor]) {
						t.Errorf("%s: the highlighted %q is not in sight:\n%s", what, sc.Lines[sc.Cursor], v)
					}
					if sc.Cursor < 0 && !strings.Contains(strings.Join(strings.Fields(v), " "), strings.Join(sc.Lines, " · ")) {
						t.Errorf("%s: the text %q is not whole:\n%s", what, sc.Lines, v)
					}
					for i, line := range lines {
						if lw := ansi.StringWidth(line); lw > w {
							t.Errorf("%s: line %d is %d wide: %q", what, i, lw, line)
						}
					}
				}
				for h.m.bm.IsOpen() {
					h.press("esc")
				}
			}
		}
	})
}

// Esc at the menu's confirmation returns to the list with the cursor on
// the entry it asked about, not at the top of the list: a preset, a time
// control, the custom control, the top's new match.
func TestMenu_EscAtTheConfirmation_KeepsTheCursor(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("o", "z", "p", "q") // preset: reglamento, in force; pasapiezas
		h.wantView("▸ pasapiezas")
		h.press("enter")
		h.wantView("confirm:", "new match, preset pasapiezas?")
		h.press("esc")
		h.wantView("preset:", "▸ pasapiezas")
		h.wantNotView("▸ fics", "confirm:")
		h.press("m") // B-black: back, on the preset entry
		h.wantView("MENU:", "▸ preset")

		h.press("q", "p", "p") // time control: 5+0, in force, the third
		sc := h.m.bm.Screen(h.m.menuInfo())
		h.wantView("confirm:")
		h.press("esc")
		if sc = h.m.bm.Screen(h.m.menuInfo()); sc.Title != "time control" || sc.Cursor != 2 {
			t.Errorf("back from the control's confirmation: %q cursor %d, want time control cursor 2", sc.Title, sc.Cursor)
		}
		h.press("q", "q", "q", "p", "p", "p") // custom, the last entry: minutes, increment, confirm
		h.wantView("confirm:", "new match 5+0?")
		h.press("esc")
		if sc = h.m.bm.Screen(h.m.menuInfo()); sc.Title != "time control" || sc.Cursor != len(sc.Lines)-1 {
			t.Errorf("back from the custom control's confirmation: %q cursor %d, want the custom entry %d", sc.Title, sc.Cursor, len(sc.Lines)-1)
		}
		h.press("esc", "z", "z", "p") // the top's new match
		h.wantView("confirm:", "new match?")
		h.press("esc")
		h.wantView("MENU:", "▸ new match")

		// Back from a value (the custom control's increment) is not a
		// confirmation: its minutes stay as they are.
		h.press("q", "q", "p", "q", "q", "q", "p", "p", "z", "z", "m")
		h.wantView("custom:", "▸ minutes: 5", "increment: 2 s")
	})
}
