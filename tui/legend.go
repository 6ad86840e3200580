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

// legend lists the keys in two lines, each in the longest of its forms
// that fits the width: the players' clock buttons, then the arbiter's
// keys. Every form keeps every key: a narrower one drops words, never a
// key (u and x, also on the status line while a claim is pending, stay).
func (m *Model) legend(w int) []string {
	k := func(key, id string) string { return m.st.key.Render(key) + " " + m.tr(id) }
	seat := func(s bughouse.Seat) string {
		return m.st.key.Render(strings.ToUpper(string(keyOf(s)))) + " " + m.p.Seat(s)
	}
	top, bottom := seat(bughouse.ABlack)+"  "+seat(bughouse.BWhite), seat(bughouse.AWhite)+"  "+seat(bughouse.BBlack)
	l1s := []string{
		m.tr("tui.legend.buttons") + " " + top + m.st.dim.Render("  "+m.tr("tui.legend.top-row")) + "    " + bottom + m.st.dim.Render("  "+m.tr("tui.legend.bottom-row")),
		top + "  " + bottom,
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
	long := keys("r", "tui.key.result", "c", "tui.key.claim", "u", "tui.key.uphold", "x", "tui.key.reject",
		"t", "tui.key.adjust", "s", "tui.key.resume-choosing", "n", "tui.key.new", "enter", "tui.key.start",
		"space", "tui.key.pause", "esc", "tui.key.quit")
	short := keys("r", "tui.key.result", "c", "tui.key.claim", "u", "tui.key.uphold", "x", "tui.key.reject",
		"t", "tui.key.time", "s", "tui.key.resume", "n", "tui.key.new-short", "enter", "tui.key.start",
		"space", "tui.key.pause", "esc", "tui.key.quit")
	bare := []string{}
	for _, key := range []string{"r", "c", "u", "x", "t", "s", "n", "enter", "space", "esc"} {
		bare = append(bare, m.st.key.Render(name(key)))
	}
	long = append(long, k(string(keyMenu), "tui.key.menu"))
	short = append(short, k(string(keyMenu), "tui.key.menu"))
	bare = append(bare, m.st.key.Render(string(keyMenu)))
	l2s := []string{
		m.tr("tui.legend.arbiter") + " " + strings.Join(long, " · "),
		m.tr("tui.legend.arbiter") + " " + strings.Join(short, " · "),
		strings.Join(short, " "),
		strings.Join(bare, " "),
	}
	if m.menuOpen() {
		return m.menuLegend(w, fit(l1s, w))
	}
	return []string{fit(l1s, w), fit(l2s, w)}
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
