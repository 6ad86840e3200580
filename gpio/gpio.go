package gpio

import (
	"strconv"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// Kind is what an Input is.
type Kind uint8

const (
	// Button: a seat's clock button was pressed (the first edge of a
	// press; bounces inside the lockout are not reported).
	Button Kind = iota + 1
	// PauseOn: the arbiter's pause switch was turned on (play stops).
	PauseOn
	// PauseOff: the pause switch was turned off (play resumes; before the
	// start, it starts the match).
	PauseOff
	// PauseToggle: the momentary pause button was pressed: it pauses a
	// running match and resumes (or starts) a stopped one (Event).
	PauseToggle
	// Held: a clock button is still down the hold time after its press
	// (ReaderOpts.Hold; At is the press plus the hold). Not a match
	// event: the button menu's gestures (package menu).
	Held
	// Released: a clock button held down (Held) came up. Not a match
	// event.
	Released
)

var kindNames = []string{"", "button", "pause-on", "pause-off", "pause-toggle", "held", "released"}

// String returns "button", "pause-on", "pause-off", "pause-toggle",
// "held" or "released".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Input is one input from the table's hardware.
type Input struct {
	Kind Kind
	// Seat is the button's seat (Button only).
	Seat bughouse.Seat
	// At is when the edge happened, with its monotonic reading: taken right
	// after the wake-up, or the kernel's edge timestamp when available.
	At time.Time
}

// Source delivers a table's inputs in the order they happened.
//
// Inputs returns the channel of inputs; it is closed after Halt. Halt stops
// reading and unblocks any wait; Close releases the lines after Halt.
// Both are safe to call more than once.
type Source interface {
	Inputs() <-chan Input
	Halt() error
	Close() error
}

// IsEvent reports whether the input is a match event (Event): a press or
// the pause switch; Held and Released are the menu's.
func (in Input) IsEvent() bool { return in.Kind >= Button && in.Kind <= PauseToggle }

// Event converts an input to the match event it stands for: a press, a
// pause (the switch turned on), a resume that continues the turns in
// progress (turned off), or the pause switch (a momentary button): the
// match loop makes it a pause while the clocks run and a resume (or the
// start) otherwise, against the match as it is then (rules.PauseSwitch).
func (in Input) Event() rules.Event {
	switch in.Kind {
	case Button:
		return rules.Event{Kind: rules.Press, Seat: in.Seat}
	case PauseOn:
		return rules.Event{Kind: rules.Pause}
	case PauseToggle:
		return rules.Event{Kind: rules.PauseSwitch}
	default:
		return rules.Event{Kind: rules.Resume}
	}
}
