package gpio

import (
	"tandem/bughouse"
	"tandem/wiring"
	"time"
)

// Debouncer turns the edges of the five inputs into Inputs. It is pure: it
// never reads a clock; the instants come with the edges. The Reader feeds
// it; tests may too.
//
// The rule (docs/hardware.md; the clock cases C19 and C21 of testdata/clock-cases.md): an edge that
// comes while its input is locked out is a bounce and is ignored, except
// that the pause switch's level is remembered. Any other edge is a real
// change: going active is a press (a Button, a PauseToggle) or the switch
// turned on (PauseOn), going inactive is a release (nothing) or the switch
// turned off (PauseOff); either locks the input out for the lockout from
// the edge's instant. Releases are never reported: the clock switches on
// the press edge (C19). A switch that ends its lockout in another position
// than the one reported (it was flicked back within the lockout) is
// reported at the lockout's end by Settle.
type Debouncer struct {
	lockout   time.Duration
	momentary bool
	hold      time.Duration // SetHold; 0: no Held nor Released
	in        [5]debLine
}

type debLine struct {
	activeHigh bool
	locked     bool      // until is meaningful
	until      time.Time // edges before it are bounces
	active     bool      // the level the last edge left (pause switch; a button's hold)
	reported   bool      // the switch position last reported: on
	// A button's hold (SetHold): down since its press at downAt, until
	// a release; held once Held was reported.
	down, held bool
	downAt     time.Time
}

// SetHold makes the debouncer report a clock button still down hold
// after its press (Held, at the press plus hold: the level the last edge
// left is active then, bounces included) and its release after that
// (Released). Zero, the default, reports neither.
func (d *Debouncer) SetHold(hold time.Duration) { d.hold = hold }

// NewDebouncer returns a debouncer for w's inputs (Wiring.Inputs order),
// the pause switch starting in position pauseOn (as the line reads at
// start; nothing is reported for it).
func NewDebouncer(w *wiring.Wiring, pauseOn bool) *Debouncer {
	d := &Debouncer{lockout: w.LockoutOrDefault(), momentary: w.PauseMode == wiring.Momentary}
	for i, l := range w.Inputs() {
		d.in[i].activeHigh = l.ActiveHigh
	}
	d.in[4].active, d.in[4].reported = pauseOn, pauseOn
	return d
}

// pauseIndex is the pause input's index in Wiring.Inputs.
const pauseIndex = 4

// Edge takes a rising (high) or falling edge of input i (Wiring.Inputs
// order) at instant at, and returns the Input it makes, if any. Instants
// must not decrease; call Settle(at) first so a pending switch position
// comes out before this edge.
func (d *Debouncer) Edge(i int, rising bool, at time.Time) (Input, bool) {
	if i < 0 || i >= len(d.in) {
		return Input{}, false
	}
	l := &d.in[i]
	active := rising == l.activeHigh
	l.active = active
	if l.locked && at.Before(l.until) {
		return Input{}, false // a bounce
	}
	l.locked, l.until = true, at.Add(d.lockout)
	switch {
	case i < pauseIndex:
		if active {
			l.down, l.held, l.downAt = true, false, at
			return Input{Kind: Button, Seat: bughouse.Seats[i], At: at}, true
		}
		wasHeld := l.down && l.held
		l.down, l.held = false, false
		if wasHeld && d.hold > 0 {
			return Input{Kind: Released, Seat: bughouse.Seats[i], At: at}, true
		}
	case d.momentary:
		if active {
			return Input{Kind: PauseToggle, At: at}, true
		}
	case active != l.reported:
		l.reported = active
		return Input{Kind: pick(active, PauseOn, PauseOff), At: at}, true
	}
	return Input{}, false
}

// Due returns when Settle has something to report: the end of the pause
// switch's lockout when its position differs from the one reported, or
// the end of a button's hold (SetHold), whichever comes first.
func (d *Debouncer) Due() (time.Time, bool) {
	due, ok := d.switchDue()
	if _, at, hok := d.holdDue(); hok && (!ok || at.Before(due)) {
		return at, true
	}
	return due, ok
}

// switchDue is when the pause switch's position is to be reported.
func (d *Debouncer) switchDue() (time.Time, bool) {
	l := &d.in[pauseIndex]
	if d.momentary || !l.locked || l.active == l.reported {
		return time.Time{}, false
	}
	return l.until, true
}

// holdDue returns the button whose hold ends first and when: a button
// down since its press, its level still active, not yet reported held.
func (d *Debouncer) holdDue() (int, time.Time, bool) {
	if d.hold <= 0 {
		return 0, time.Time{}, false
	}
	best, at, ok := 0, time.Time{}, false
	for i := range pauseIndex {
		l := &d.in[i]
		if !l.down || l.held || !l.active {
			continue
		}
		if t := l.downAt.Add(d.hold); !ok || t.Before(at) {
			best, at, ok = i, t, true
		}
	}
	return best, at, ok
}

// Settle returns what is due by now: the pause switch's new position if
// its lockout ended in a position other than the one reported, stamped
// at the lockout's end (the instant the position is known to hold), which
// locks it out again from there; or a button held (SetHold), stamped at
// its press plus the hold. The earlier comes first; call it again for
// the next.
func (d *Debouncer) Settle(now time.Time) (Input, bool) {
	sw, sok := d.switchDue()
	i, hold, hok := d.holdDue()
	switch {
	case hok && !now.Before(hold) && (!sok || hold.Before(sw)):
		l := &d.in[i]
		l.held = true
		return Input{Kind: Held, Seat: bughouse.Seats[i], At: hold}, true
	case sok && !now.Before(sw):
		l := &d.in[pauseIndex]
		l.reported = l.active
		l.until = sw.Add(d.lockout)
		return Input{Kind: pick(l.active, PauseOn, PauseOff), At: sw}, true
	}
	return Input{}, false
}

func pick(c bool, a, b Kind) Kind {
	if c {
		return a
	}
	return b
}
