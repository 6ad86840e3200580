package tui

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/synctest"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"tandem/i18n"
	"tandem/rules"
)

// In a window below the table's minimum the open question is on the
// screen, first, whole (broken between words): it takes the next key, so
// the arbiter sees what that key answers. Esc's quit question, the
// result's questions, the menu; in both languages, never a line wider
// or more lines than the window.
func TestSmallWindow_ShowsTheOpenQuestion(t *testing.T) {
	for _, l := range i18n.Langs {
		synctest.Test(t, func(t *testing.T) {
			h := newHarness(t, options(t, "5m"))
			p := i18n.For(l)
			h.m = New(h.tbl, WithLanguage(l), WithRenderer(lipgloss.NewRenderer(io.Discard)))
			for _, size := range [][2]int{{50, 12}, {40, 10}} {
				h.m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				what := fmt.Sprintf("%s at %v", l, size)
				check := func(step string, want ...string) {
					t.Helper()
					v := h.view()
					lines := strings.Split(v, "\n")
					if len(lines) > size[1] {
						t.Errorf("%s, %s: %d lines", what, step, len(lines))
					}
					for i, line := range lines {
						if ansi.StringWidth(line) > size[0] {
							t.Errorf("%s, %s: line %d is %d wide", what, step, i, ansi.StringWidth(line))
						}
					}
					flat := strings.Join(strings.Fields(v), " ")
					for _, w := range want {
						if !strings.Contains(flat, w) {
							t.Errorf("%s, %s: lacks %q:\n%s", what, step, w, v)
						}
					}
				}
				h.press("enter", "esc")
				y := string(h.m.yesKey())
				check("the quit question", "? "+p.T("tui.prompt.quit", "Y", y))
				if !strings.HasPrefix(h.view(), "? ") {
					t.Errorf("%s: the question is not first:\n%s", what, h.view())
				}
				h.press("r") // no: the match is kept, and the screen says so
				if h.m.quitting || h.tbl.Snapshot().Status != rules.Running {
					t.Fatalf("%s: r at the quit question: quitting %v, %v", what, h.m.quitting, h.tbl.Snapshot().Status)
				}
				check("the match kept", p.T("tui.notice.kept"))
				h.press("r")
				check("the result's board", p.T("tui.prompt.result-board", "A", "a", "B", "b"))
				h.press("a")
				check("the result's outcome", p.T("tui.choice.white-wins"), p.T("tui.choice.black-wins"))
				h.press(string(h.m.answerKey("tui.answer.white-wins")), "1")
				check("the result's confirmation", y+" = "+p.T("tui.choice.yes"))
				h.press("esc", "o")
				check("the menu", p.T("menu.title")+":", "▸ "+p.T("menu.entry.control"))
				for h.m.bm.IsOpen() {
					h.press("esc")
				}
				h.press("n", y) // a new match for the next size
			}
		})
	}
}
