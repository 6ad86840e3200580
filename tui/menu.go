package tui

import (
	"strings"
	"time"

	"tandem/menu"
	"tandem/rules"
)

// This file is the button menu on the terminal table (package menu), the
// same menu the Pi's buttons walk: o opens it while the clocks are
// stopped; the clock keys are its buttons as on the Pi (z A-white next, q
// A-black previous, p B-white OK, m B-black back), and Enter is OK, Esc
// back. The screen's lines take the prompt line. The simulated table has
// no shutdown entry.

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
	in := menu.Info{Status: s.Status, Preset: s.Preset, Control: s.Options.Control.String(), Console: m.info}
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

// menuForms is the open menu on the prompt line: its title, the
// highlighted entry between the ones around it, the hint.
func (m *Model) menuForms() string {
	if m.bm == nil || !m.bm.IsOpen() {
		return ""
	}
	sc := m.bm.Screen(m.menuInfo())
	var parts []string
	for i, l := range sc.Lines {
		if i == sc.Cursor {
			parts = append(parts, m.st.key.Render("▸ "+l))
		} else {
			parts = append(parts, l)
		}
	}
	return m.st.bold.Render(sc.Title+":") + " " + strings.Join(parts, " · ") + m.st.dim.Render("   "+sc.Hint)
}
