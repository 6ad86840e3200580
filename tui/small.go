package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"tandem/display"
)

// The smallest terminal the table is drawn in: the narrowest the
// questions, the board labels and the legend have forms for, and the
// lines of the smallest layout (text digits, no blank lines).
const (
	minWidth  = 60
	minHeight = compactLines + 2*(1+4) // two rows of text-digit clocks (layout.boxHeight)
)

// tooSmall is the view of a terminal smaller than the table needs: a
// notice that says so and what it needs (in short when the whole notice
// does not fit), then the status and the four clocks, a line each, as
// far as they fit; never a line wider than w. An open question or the
// button menu goes before all of it (smallQuestion), the notice then in
// short; else the last key's message follows the notice.
func (m *Model) tooSmall(faces [2]display.Face, w, h int) string {
	wrap := func(s string) []string { return strings.Split(ansi.Hardwrap(ansi.Wordwrap(s, w, ""), w, true), "\n") }
	lines := wrap(m.tr("tui.small.notice", "W", w, "H", h, "MinW", minWidth, "MinH", minHeight))
	if len(lines) > h {
		lines = wrap(m.tr("tui.small.short", "MinW", minWidth, "MinH", minHeight))
	}
	for i, l := range lines {
		lines[i] = m.st.err.Render(strings.TrimSpace(l))
	}
	// The open question (or the menu) comes first: it takes the next
	// key, so the arbiter must see it whatever the window's size. Then
	// the notice in short.
	if q := m.smallQuestion(w, h); len(q) > 0 {
		notice := wrap(m.tr("tui.small.short", "MinW", minWidth, "MinH", minHeight))
		for i, l := range notice {
			notice[i] = m.st.err.Render(strings.TrimSpace(l))
		}
		lines = append(q, notice...)
	} else if m.err != nil || m.notice != "" {
		lines = append(lines, m.note(w))
	}
	lines = append(lines, m.st.status[m.snap.Status].Render(strings.ToUpper(m.p.Status(m.snap.Status))))
	// Seated as on the full table: team 2's row, then team 1's.
	for _, c := range []display.ClockFace{faces[0].Right, faces[1].Left, faces[0].Left, faces[1].Right} {
		lines = append(lines, c.Mark()+" "+m.p.Seat(c.Seat)+" "+m.st.bold.Render(c.Time))
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = truncate(l, w)
	}
	return strings.Join(lines, "\n")
}

// smallQuestion is the open question, or the open menu's screen and
// hint, on lines at most w wide for a window h lines high: the longest
// of the question's forms that takes at most h-2 lines, broken between
// words; none when nothing is asked.
func (m *Model) smallQuestion(w, h int) []string {
	if m.menuOpen() {
		above, note := m.menuScreen(w)
		var lines []string
		for _, l := range []string{above, note} {
			if l != "" {
				lines = append(lines, l)
			}
		}
		return append(lines, wrapWords(m.st.dim.Render(m.bm.Screen(m.menuInfo()).Hint), w)...)
	}
	forms, _ := m.promptLine()
	var lines []string
	for _, f := range forms {
		if lines = wrapWords(m.st.notice.Render("? ")+f, w); len(lines) <= max(1, h-2) {
			break
		}
	}
	return lines
}

// wrapWords breaks s into lines at most w wide between words (never
// inside one: a seat's name, a code); a word wider than w is cut.
func wrapWords(s string, w int) []string {
	var lines []string
	for rest := s; rest != ""; {
		var first string
		first, rest = splitWords([]string{rest}, w)
		lines = append(lines, truncate(first, w))
	}
	return lines
}
