package tui

import (
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"tandem/menu"
	"tandem/rules"
)

// This file is the button menu on the terminal table (package menu), the
// same menu the Pi's buttons walk: o opens it while the clocks are
// stopped; the clock keys are its buttons as on the Pi (z A-white next, q
// A-black previous, p B-white OK, m B-black back), and Enter is OK, Esc
// back. Its title and list take the prompt line, its hint the legend's
// second line (menuScreen, menuLegend). The simulated table has no
// shutdown entry.

// keyMenu opens the button menu.
const keyMenu = 'o'

// openMenu opens the menu, only while the clocks are stopped: a running
// match has no menu (a player's key is a press).
func (m *Model) openMenu() {
	if m.status() == rules.Running {
		m.notice = m.tr("tui.notice.menu-running")
		return
	}
	if m.bm == nil {
		m.bm = menu.New(&menu.Opts{Lang: m.p.Lang()})
	}
	m.bm.Open()
}

// menuInfo is what the menu shows of the table.
func (m *Model) menuInfo() menu.Info {
	s := m.latest()
	in := menu.Info{Status: s.Status, Preset: s.Preset, Control: s.Options.Control.String(), Console: m.info, Recorded: recorded(&s)}
	if m.rec.Line != "" {
		in.Console = m.rec.Line
	}
	if s.Status == rules.Decided {
		m.lastResult = m.resultLine(&s.Snapshot)
	}
	in.Result = m.lastResult
	return in
}

// menuKeyIn takes a key while the menu is open.
func (m *Model) menuKeyIn(k keyIn, now time.Time) {
	b, ok := menu.Button(0), false
	switch {
	case k.kind == keyEnter:
		b, ok = menu.OK, true
	case k.kind == keyEsc:
		b, ok = menu.Back, true
	default:
		if seat, isSeat := seatOf(k); isSeat {
			b, ok = menu.ButtonOf(seat), true
		}
	}
	if !ok {
		return
	}
	a := m.bm.Press(b, m.menuInfo())
	if a.Kind == menu.KindCommand {
		res, _ := m.command(a.Command, now)
		m.bm.Done(res, m.err)
		m.err = nil
	}
}

// menuOpen reports whether the menu is open (and no question is: the
// quit question takes the screen over the menu).
func (m *Model) menuOpen() bool { return m.bm != nil && m.bm.IsOpen() && m.ask.step == noPrompt }

// menuScreen is the open menu on the screen's lines, each at most w
// wide: the note line has its title and its list (the highlighted entry
// between the ones around it when they do not all fit) or its text. A
// text too long for it takes the line above too (the last event's: no
// event happens through the menu's keys), with the title, in above. The
// hint is the legend's (menuLegend).
func (m *Model) menuScreen(w int) (above, note string) {
	sc := m.bm.Screen(m.menuInfo())
	head := m.st.notice.Render("? ") + m.st.bold.Render(sc.Title+":") + " "
	room := w - lipgloss.Width(head)
	if sc.Cursor < 0 {
		text := strings.Join(sc.Lines, " · ")
		if lipgloss.Width(text) <= room {
			return "", head + text
		}
		// Two lines: the title and the text's beginning on the line
		// above, the rest under it.
		// Cut at a word's end, never inside a URL or a code (the
		// console's one-time code has hyphens: "BYH-QSS-XHA").
		indent := strings.Repeat(" ", lipgloss.Width(m.st.notice.Render("? ")))
		forms := [][]string{sc.Lines}
		if sc.Title == m.tr("menu.entry.console") {
			// The console's line, shorter where two lines cannot hold
			// it: its PIN and code stay (consoleForms).
			for _, f := range m.consoleForms(text)[1:] {
				forms = append(forms, strings.Split(f, " · "))
			}
		}
		for i, f := range forms {
			first, rest := splitWords(f, room)
			if lipgloss.Width(indent+rest) <= w || i == len(forms)-1 {
				return truncate(head+first, w), truncate(indent+rest, w)
			}
		}
	}
	parts := make([]string, len(sc.Lines))
	for i, l := range sc.Lines {
		parts[i] = l
		if i == sc.Cursor {
			parts[i] = m.st.key.Render("▸ " + l)
		}
	}
	return "", truncate(head+window(parts, sc.Cursor, room), w)
}

// window joins parts with " · ", as many as fit in width w around part
// c, which is always there: "… · " and " · …" stand for the parts left
// out on either side.
func window(parts []string, c, w int) string {
	join := func(lo, hi int) string {
		s := strings.Join(parts[lo:hi+1], " · ")
		if lo > 0 {
			s = "… · " + s
		}
		if hi < len(parts)-1 {
			s += " · …"
		}
		return s
	}
	lo, hi := c, c
	for grew := true; grew; {
		grew = false
		if hi+1 < len(parts) && lipgloss.Width(join(lo, hi+1)) <= w {
			hi, grew = hi+1, true
		}
		if lo > 0 && lipgloss.Width(join(lo-1, hi)) <= w {
			lo, grew = lo-1, true
		}
	}
	return join(lo, hi)
}

// menuLegend is the legend's two lines while the menu is open: the clock
// buttons (the menu's buttons), then the menu's hint of what they do and
// the terminal's own keys for OK and back; a hint too long for its line
// takes both.
func (m *Model) menuLegend(w int, buttons string) []string {
	sc := m.bm.Screen(m.menuInfo())
	hint := m.st.dim.Render(sc.Hint)
	keys := m.st.key.Render(m.tr("tui.keyname.enter")) + " " + m.tr("tui.key.ok") + " · " +
		m.st.key.Render(m.tr("tui.keyname.esc")) + " " + m.tr("tui.key.back")
	switch {
	case lipgloss.Width(sc.Hint+"   ")+lipgloss.Width(keys) <= w:
		return []string{buttons, hint + "   " + keys}
	case lipgloss.Width(sc.Hint) <= w:
		return []string{buttons, hint}
	}
	lines := strings.SplitN(ansi.Wordwrap(sc.Hint, w, ""), "\n", 2)
	if len(lines) < 2 {
		lines = append(lines, "")
	}
	return []string{truncate(m.st.dim.Render(lines[0]), w), truncate(m.st.dim.Render(strings.ReplaceAll(lines[1], "\n", " ")), w)}
}
