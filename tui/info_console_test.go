package tui

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/synctest"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"tandem/i18n"
)

// The console's PIN and one-time code are in sight at every width the
// table is drawn at, from the minimum 60 columns, in both languages: the
// line is written shorter where it does not fit whole, and the
// configured PIN's line says where the PIN is.
func TestInfoLine_PINAndCodeAlwaysInSight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		for _, l := range i18n.Langs {
			p := i18n.For(l)
			for _, c := range []struct {
				line string
				want []string
			}{
				{p.T("cli.console", "URL", "http://192.168.100.200:8080/", "PIN", "482913") + p.T("cli.console-code", "Code", "BYH-QSS-XHA"),
					[]string{"192.168.100.200:8080", "PIN", "482913", "BYH-QSS-XHA"}},
				{p.T("cli.console-configured", "URL", "http://127.0.0.1:8080/") + p.T("cli.console-code", "Code", "KQW-XMT-RBP"),
					[]string{"127.0.0.1:8080", "PIN", "KQW-XMT-RBP"}},
			} {
				for _, size := range [][2]int{{minWidth, minHeight}, {70, 20}, {80, 30}, {100, 30}, {160, 50}} {
					h.m.Close()
					h.m = New(h.tbl, WithLanguage(l), WithRenderer(lipgloss.NewRenderer(io.Discard)), WithInfo(c.line))
					h.m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
					h.sync()
					v := h.view()
					for _, want := range c.want {
						if !strings.Contains(v, want) {
							t.Errorf("%s at %v: %q not in sight:\n%s", l, size, want, v)
						}
					}
					if lipgloss.Width(c.line) <= size[0] && !strings.Contains(v, c.line) {
						t.Errorf("%s at %v: the line is not whole: %q", l, size, c.line)
					}
				}
			}
			// A recording failure beside it: the PIN and the code first.
			h.m.snap.RecordErr = "recording failed: disk full"
			h.m.Update(tea.WindowSizeMsg{Width: minWidth, Height: minHeight})
			if v := h.view(); !strings.Contains(v, "PIN 482913") && !strings.Contains(v, "KQW-XMT-RBP") {
				t.Errorf("%s: with a recording failure the console is gone:\n%s", l, v)
			}
		}
	})
}

// The button menu's console page on the terminal breaks its text at a
// word's end: never inside the one-time code or the URL (written as an
// address where two lines cannot hold it whole).
func TestMenu_ConsolePage_NeverBreaksACode(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		for _, l := range i18n.Langs {
			p := i18n.For(l)
			line := p.T("cli.console", "URL", "http://192.168.100.200:8080/", "PIN", "482913") + p.T("cli.console-code", "Code", "BYH-QSS-XHA")
			for _, w := range []int{minWidth, 70, 80, 100} {
				h.m.Close()
				h.m = New(h.tbl, WithLanguage(l), WithRenderer(lipgloss.NewRenderer(io.Discard)), WithInfo(line))
				h.m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
				h.press("o", "z", "z", "z", "z", "p") // the console's page
				v := h.view()
				what := fmt.Sprintf("%s at %d", l, w)
				if !strings.Contains(v, p.T("menu.entry.console")+":") {
					t.Fatalf("%s: not on the console's page:\n%s", what, v)
				}
				for _, whole := range []string{"BYH-QSS-XHA", "192.168.100.200:8080", "482913"} {
					if !strings.Contains(v, whole) {
						t.Errorf("%s: %q is broken or gone:\n%s", what, whole, v)
					}
				}
				for h.m.bm.IsOpen() {
					h.press("esc")
				}
			}
		}
	})
}
