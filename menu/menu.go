package menu

import (
	"fmt"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/i18n"
	"tandem/rules"
)

// Button is a clock button's job in the menu.
type Button uint8

// The buttons of the menu.
const (
	Next Button = iota + 1 // A-white's: the next entry, or one more
	Prev                   // A-black's: the previous entry, or one less
	OK                     // B-white's: choose, confirm
	Back                   // B-black's: back, and out at the top
)

// ButtonOf returns the job of seat s's clock button in the menu.
func ButtonOf(s bughouse.Seat) Button {
	switch s {
	case bughouse.ABlack:
		return Prev
	case bughouse.BWhite:
		return OK
	case bughouse.BBlack:
		return Back
	}
	return Next
}

// Choice is a time control the menu offers: its label ("3+2") and the
// control.
type Choice struct {
	Label   string
	Control clock.Control
}

// CommonControls are the bughouse time controls every club plays, in
// the menu after the presets' own: 3+0, 5+0, 3+2 (Fischer), 2+2
// Bronstein (2 minutes, a 2 s Bronstein delay), 5+0 with a 2 s US delay.
func CommonControls() []Choice {
	return []Choice{
		{"3+0", clock.SuddenDeath(3 * time.Minute)},
		{"5+0", clock.SuddenDeath(5 * time.Minute)},
		{"3+2", clock.Fischer(3*time.Minute, 2*time.Second)},
		{"2+2 Bronstein", clock.Delayed(2*time.Minute, 2*time.Second, clock.Bronstein)},
		{"5+0 US 2s", clock.Delayed(5*time.Minute, 2*time.Second, clock.US)},
	}
}

// Controls returns the menu's time controls: each preset's own (in
// rules.Presets order) and then CommonControls, without repeats (two
// controls are the same when clock.Control.Equal, the increment's timing
// aside).
func Controls() []Choice {
	var out []Choice
	add := func(c Choice) {
		for _, o := range out {
			a, b := o.Control, c.Control
			a.IncrementBeforeFirstMove, b.IncrementBeforeFirstMove = false, false
			if a.Equal(b) {
				return
			}
		}
		out = append(out, c)
	}
	for _, p := range rules.Presets() {
		add(Choice{Label: Label(p.Options.Control), Control: p.Options.Control})
	}
	for _, c := range CommonControls() {
		add(c)
	}
	return out
}

// Label writes a control as clubs say it: "5+0", "3+2", "2+2 Bronstein",
// "5+0 US 2s"; clock.Control.String for stages and anything else.
func Label(c clock.Control) string {
	if len(c.Stages) != 1 || c.Stages[0].Moves != 0 || c.Stages[0].Time%time.Minute != 0 {
		return c.String()
	}
	st := c.Stages[0]
	min := int(st.Time / time.Minute)
	switch {
	case st.Delay > 0 && c.DelayKind == clock.Bronstein && st.Delay%time.Second == 0:
		return fmt.Sprintf("%d+%d Bronstein", min, st.Delay/time.Second)
	case st.Delay > 0 && st.Delay%time.Second == 0:
		return fmt.Sprintf("%d+0 US %ds", min, st.Delay/time.Second)
	case st.Delay == 0 && st.Increment%time.Second == 0:
		return fmt.Sprintf("%d+%d", min, st.Increment/time.Second)
	}
	return c.String()
}

// Opts configures a Menu. The zero value is usable: English, every
// preset, Controls, no shutdown entry.
type Opts struct {
	// Lang is the language of the screens.
	Lang i18n.Lang
	// Controls are the time controls offered; nil means Controls().
	Controls []Choice
	// Shutdown offers the safe shutdown of the machine (the Pi's table;
	// not a simulated one).
	Shutdown bool
}

// Info is what the menu shows of the table: the match's state, the
// result, the console.
type Info struct {
	// Status is the match's status: a new match asks more when it would
	// throw away a match in progress or its result.
	Status rules.Status
	// Result is the last decided result as the table writes it ("0-1
	// flag A-white"), "" when none was decided since the start.
	Result string
	// Console is the web console's address, PIN the arbiter's login code
	// ("" when the configuration sets it). Console may instead be a whole
	// line that names the login itself (the terminal table's note line:
	// "browser console http://... · arbiter PIN ... · code ..."), with PIN
	// "": it is then shown alone.
	Console, PIN string
	// Preset and Control are the match's (Control as clock.Control.String
	// writes it): the preset and time-control lists open on them ("":
	// not known, the lists open at the top).
	Preset, Control string
	// Recorded says the table keeps a record and recording works: a new
	// match after a decision then clears the result from the screens
	// only (it stays in the record); without it the result is gone.
	Recorded bool
}

// Action is what a button asks of the caller.
type Action struct {
	Kind ActionKind
	// Command is the arbiter command to carry out (KindCommand).
	Command arbiter.Command
}

// ActionKind says what an Action is.
type ActionKind uint8

// The kinds of Action.
const (
	None        ActionKind = iota // nothing beyond the new screen
	KindCommand                   // carry out Command (then Done)
	Shutdown                      // shut the machine down, safely
	Closed                        // the menu closed itself: show the match
)

// page is a screen of the menu.
type page uint8

const (
	pageTop page = iota
	pageControls
	pageCustomMinutes
	pageCustomIncrement
	pagePresets
	pageConfirm
	pageResult
	pageConsole
	pageShutdown
	pageShutdownConfirm
	pageMessage
)

// entry is a top-level entry.
type entry uint8

const (
	entryControl entry = iota
	entryPreset
	entryNew
	entryResult
	entryConsole
	entryShutdown
	entryExit
)

var entryIDs = [...]string{"menu.entry.control", "menu.entry.preset", "menu.entry.new", "menu.entry.result",
	"menu.entry.console", "menu.entry.shutdown", "menu.entry.exit"}

// Menu is the button menu's state. Make one with New.
type Menu struct {
	p        *i18n.Printer
	controls []Choice
	presets  []string
	entries  []entry

	open    bool
	page    page
	cursor  int // in the page's list
	top     int // the top page's cursor, kept while below it
	minutes int // the custom control being set
	inc     int
	pending arbiter.Command // what pageConfirm asks about
	what    string          // pageConfirm's words, pageMessage's text
	back    page            // where Back goes from pageConfirm
	// backCursor is the cursor on the entry pageConfirm asks about,
	// where Back puts it again.
	backCursor int
}

// New returns a closed menu.
func New(o *Opts) *Menu {
	var opts Opts
	if o != nil {
		opts = *o
	}
	m := &Menu{p: i18n.For(opts.Lang), controls: opts.Controls, presets: rules.PresetNames(), minutes: 5}
	if m.controls == nil {
		m.controls = Controls()
	}
	for e := entryControl; e <= entryExit; e++ {
		if e != entryShutdown || opts.Shutdown {
			m.entries = append(m.entries, e)
		}
	}
	return m
}

// Open opens the menu at its top; IsOpen reports whether it is open;
// Close closes it (the match is shown again).
func (m *Menu) Open() { m.open, m.page, m.cursor, m.top = true, pageTop, 0, 0 }

// IsOpen reports whether the menu is open.
func (m *Menu) IsOpen() bool { return m.open }

// Close closes the menu.
func (m *Menu) Close() { m.open = false }

// Hold takes a long press of button b (held two seconds; its press came
// first, to Press): on the shutdown page a long OK asks the
// confirmation; anywhere else it does nothing more.
func (m *Menu) Hold(b Button, in Info) Action {
	if !m.open {
		return Action{}
	}
	if m.page == pageShutdown && b == OK {
		m.page = pageShutdownConfirm
	}
	return Action{}
}

// Press takes a press of button b.
func (m *Menu) Press(b Button, in Info) Action {
	if !m.open {
		return Action{}
	}
	n := m.listLen()
	switch b {
	case Next:
		m.step(1, n)
		return Action{}
	case Prev:
		m.step(-1, n)
		return Action{}
	case Back:
		return m.goBack()
	}
	return m.choose(in)
}

// step moves the cursor, or the custom control's value, by d.
func (m *Menu) step(d, n int) {
	switch m.page {
	case pageCustomMinutes:
		m.minutes = clamp(m.minutes+d, 1, 180)
	case pageCustomIncrement:
		m.inc = clamp(m.inc+d, 0, 60)
	default:
		if n > 0 {
			m.cursor = (m.cursor + d + n) % n
		}
	}
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

// listLen is the number of entries of the page's list.
func (m *Menu) listLen() int {
	switch m.page {
	case pageTop:
		return len(m.entries)
	case pageControls:
		return len(m.controls) + 1 // and the custom entry
	case pagePresets:
		return len(m.presets)
	}
	return 0
}

func (m *Menu) goBack() Action {
	switch m.page {
	case pageTop:
		m.open = false
		return Action{Kind: Closed}
	case pageCustomIncrement:
		m.page = pageCustomMinutes
	case pageCustomMinutes:
		m.page, m.cursor = pageControls, len(m.controls)
	case pageConfirm:
		// Back to the list on the entry the question was about.
		m.page, m.cursor = m.back, m.backCursor
		if m.back == pageTop {
			m.cursor = m.top
		}
	default:
		m.page, m.cursor = pageTop, m.top
	}
	return Action{}
}

// choose takes OK.
func (m *Menu) choose(in Info) Action {
	switch m.page {
	case pageTop:
		m.top = m.cursor
		switch m.entries[m.cursor] {
		case entryControl:
			m.page, m.cursor = pageControls, m.controlIndex(in.Control)
		case entryPreset:
			m.page, m.cursor = pagePresets, m.presetIndex(in.Preset)
		case entryNew:
			m.confirm(arbiter.Command{Kind: arbiter.NewMatch}, m.p.T("menu.confirm.new"), pageTop)
		case entryResult:
			m.page = pageResult
		case entryConsole:
			m.page = pageConsole
		case entryShutdown:
			m.page = pageShutdown
		case entryExit:
			m.open = false
			return Action{Kind: Closed}
		}
	case pageControls:
		if m.cursor == len(m.controls) {
			m.page = pageCustomMinutes
			return Action{}
		}
		c := m.controls[m.cursor]
		ctl := c.Control
		m.confirm(arbiter.Command{Kind: arbiter.NewMatch, Control: &ctl}, m.p.T("menu.confirm.control", "Control", c.Label), pageControls)
	case pageCustomMinutes:
		m.page = pageCustomIncrement
	case pageCustomIncrement:
		ctl := clock.Fischer(time.Duration(m.minutes)*time.Minute, time.Duration(m.inc)*time.Second)
		m.confirm(arbiter.Command{Kind: arbiter.NewMatch, Control: &ctl}, m.p.T("menu.confirm.control", "Control", Label(ctl)), pageControls)
	case pagePresets:
		name := m.presets[m.cursor]
		m.confirm(arbiter.Command{Kind: arbiter.NewMatch, Preset: name}, m.p.T("menu.confirm.preset", "Preset", name), pagePresets)
	case pageConfirm:
		m.open = false
		return Action{Kind: KindCommand, Command: m.pending}
	case pageShutdownConfirm:
		m.open = false
		return Action{Kind: Shutdown}
	case pageShutdown:
		// The press that begins the long press: the hold decides (Hold).
	case pageResult, pageConsole, pageMessage:
		return m.goBack()
	}
	return Action{}
}

// controlIndex is where the control list opens: on the control in force
// (control, clock.Control.String's text: "5m", "3m+2s"), on the custom
// entry when it is none of the list's, at the top when it is not known
// ("").
func (m *Menu) controlIndex(control string) int {
	if control == "" {
		return 0
	}
	for i, c := range m.controls {
		if c.Control.String() == control {
			return i
		}
	}
	return len(m.controls)
}

// presetIndex is where the preset list opens: on the preset in force, at
// the top when it is not known.
func (m *Menu) presetIndex(preset string) int {
	for i, p := range m.presets {
		if p == preset {
			return i
		}
	}
	return 0
}

// confirm asks about command c in words what; Back returns to page back.
func (m *Menu) confirm(c arbiter.Command, what string, back page) {
	m.pending, m.what, m.back, m.backCursor, m.page = c, what, back, m.cursor, pageConfirm
}

// Done says how the caller's command went: a refusal opens the menu on
// a page that says why (OK or Back closes it); success leaves it closed.
func (m *Menu) Done(res arbiter.Result, err error) {
	why := res.Refused
	if err != nil {
		why = err.Error()
	}
	if why == "" {
		return
	}
	m.open, m.page, m.what = true, pageMessage, m.p.T("menu.refused", "Why", m.p.Core(why))
}

// Message opens the menu on a page of text (e.g. why the shutdown
// failed); OK or Back returns to the top.
func (m *Menu) Message(text string) { m.open, m.page, m.what = true, pageMessage, text }
