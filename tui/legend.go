package tui

import (
	"path/filepath"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"tandem/bughouse"
)

// This file writes the screen's bottom lines: the note line's warnings
// and the key legend.

// warningLine is the configuration's first warning not dismissed
// (WithWarnings) on the note line, in the longest form that fits: with
// the file's whole path, then with its name only (the terminal's stderr
// line has the path), then without saying that Esc dismisses it.
func (m *Model) warningLine(w int) string {
	en := m.warnings[0]
	esc := m.tr("tui.note.warning-esc")
	if n := len(m.warnings) - 1; n > 0 {
		esc = m.tr("tui.note.warning-esc-more", "N", n)
	}
	what := m.p.Core(en)
	long := m.st.notice.Render(m.tr("tui.note.warning", "What", what))
	short := m.st.notice.Render(m.tr("tui.note.warning", "What", shortPath(en, what)))
	esc = m.st.dim.Render("   " + esc)
	return fit([]string{long + esc, short + esc, short}, w)
}

// shortPath returns text, a warning about file "FILE:LINE: ..." (en, its
// English), with the file's name in place of its path.
func shortPath(en, text string) string {
	file, _, ok := strings.Cut(en, ":")
	if !ok || filepath.Base(file) == file {
		return text
	}
	return strings.Replace(text, file, filepath.Base(file), 1)
}

// legend lists the keys in two lines (three when n allows and the
// arbiter's keys need them to keep their words), each in the longest of
// its forms that fits the width: the players' clock buttons, then the
// arbiter's keys. Every form keeps every key: a narrower one drops words,
// never a key (u and x, also on the status line while a claim is
// pending, stay).
func (m *Model) legend(w, n int) []string {
	k := func(key, id string) string { return m.st.key.Render(key) + " " + m.tr(id) }
	seat := func(s bughouse.Seat) string {
		return m.st.key.Render(strings.ToUpper(string(keyOf(s)))) + " " + m.p.Seat(s)
	}
	top, bottom := seat(bughouse.ABlack)+"  "+seat(bughouse.BWhite), seat(bughouse.AWhite)+"  "+seat(bughouse.BBlack)
	dim := func(id string) string { return m.st.dim.Render(m.tr(id)) }
	l1s := []string{
		m.tr("tui.legend.buttons") + " " + top + "  " + dim("tui.legend.top-row") + "    " + bottom + "  " + dim("tui.legend.bottom-row"),
		top + "  " + dim("tui.legend.top-row") + " · " + bottom + "  " + dim("tui.legend.bottom-row"),
		top + " " + dim("tui.legend.top-short") + " · " + bottom + " " + dim("tui.legend.bottom-short"),
		top + "  " + bottom,
	}
	if m.menuOpen() {
		return m.menuLegend(w, fit(l1s, w))
	}
	// The keys with a name say it in the table's language (Spanish
	// keyboards say Intro); the letters are the letters.
	name := func(key string) string {
		switch key {
		case "enter":
			return m.tr("tui.keyname.enter")
		case "space":
			return m.tr("tui.keyname.space")
		case "esc":
			return m.tr("tui.keyname.esc")
		}
		return key
	}
	keys := func(ids ...string) []string {
		var out []string
		for i := 0; i+1 < len(ids); i += 2 {
			out = append(out, k(name(ids[i]), ids[i+1]))
		}
		return out
	}
	// The match's keys, then the table's.
	long := keys("r", "tui.key.result", "c", "tui.key.claim", "u", "tui.key.uphold", "x", "tui.key.reject",
		"t", "tui.key.adjust", "s", "tui.key.resume-choosing", "n", "tui.key.new", "enter", "tui.key.start",
		"space", "tui.key.pause", "esc", "tui.key.quit", string(keyMenu), "tui.key.menu")
	short := keys("r", "tui.key.result", "c", "tui.key.claim", "u", "tui.key.uphold", "x", "tui.key.reject",
		"t", "tui.key.time", "s", "tui.key.resume", "n", "tui.key.new-short", "enter", "tui.key.start",
		"space", "tui.key.pause", "esc", "tui.key.quit", string(keyMenu), "tui.key.menu")
	const matchKeys = 6 // r c u x t s
	bare := []string{}
	for _, key := range []string{"r", "c", "u", "x", "t", "s", "n", "enter", "space", "esc", string(keyMenu)} {
		bare = append(bare, m.st.key.Render(name(key)))
	}
	head := m.tr("tui.legend.arbiter") + " "
	l1 := fit(l1s, w)
	for _, ks := range [][]string{long, short} {
		if l := head + strings.Join(ks, " · "); lipgloss.Width(l) <= w {
			return []string{l1, l}
		}
	}
	if n >= 3 {
		for _, ks := range [][]string{long, short} {
			a, b := strings.Join(ks[:matchKeys], " · "), strings.Join(ks[matchKeys:], " · ")
			for _, first := range []string{head + a, a} {
				if lipgloss.Width(first) <= w && lipgloss.Width(b) <= w {
					return []string{l1, first, b}
				}
			}
		}
	}
	return []string{l1, fit([]string{strings.Join(short, " "), strings.Join(bare, " ")}, w)}
}

// fit returns the first of forms that fits width w, or the last one cut.
func fit(forms []string, w int) string {
	for _, f := range forms {
		if lipgloss.Width(f) <= w {
			return f
		}
	}
	return truncate(forms[len(forms)-1], w)
}
