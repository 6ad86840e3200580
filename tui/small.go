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
// far as they fit; never a line wider than w.
func (m *Model) tooSmall(faces [2]display.Face, w, h int) string {
	wrap := func(s string) []string { return strings.Split(ansi.Hardwrap(ansi.Wordwrap(s, w, ""), w, true), "\n") }
	lines := wrap(m.tr("tui.small.notice", "W", w, "H", h, "MinW", minWidth, "MinH", minHeight))
	if len(lines) > h {
		lines = wrap(m.tr("tui.small.short", "MinW", minWidth, "MinH", minHeight))
	}
	for i, l := range lines {
		lines[i] = m.st.err.Render(strings.TrimSpace(l))
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
