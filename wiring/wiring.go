package wiring

import (
	"fmt"
	"strconv"
	"tandem/bughouse"
	"time"
)

// Pull is a line's internal bias resistor.
type Pull uint8

const (
	// PullUp: the line reads high when nothing drives it (a button to
	// ground, active low). The default.
	PullUp Pull = iota
	// PullDown: the line reads low when nothing drives it (a button to
	// 3.3 V, active high).
	PullDown
	// PullNone: no bias (the board has its own resistors).
	PullNone
)

// PullNames are the spellings of the Pull values, indexed by Pull.
var PullNames = []string{"up", "down", "none"}

// String returns "up", "down" or "none".
func (p Pull) String() string {
	if int(p) < len(PullNames) {
		return PullNames[p]
	}
	return "Pull(" + strconv.Itoa(int(p)) + ")"
}

// PauseMode is how the pause input behaves.
type PauseMode uint8

const (
	// Toggle: a switch; on (active) = paused, off = play. The default.
	Toggle PauseMode = iota
	// Momentary: a push button; each press pauses a running match or
	// resumes a stopped one.
	Momentary
)

// PauseModeNames are the spellings of the PauseMode values.
var PauseModeNames = []string{"toggle", "momentary"}

// String returns "toggle" or "momentary".
func (m PauseMode) String() string {
	if int(m) < len(PauseModeNames) {
		return PauseModeNames[m]
	}
	return "PauseMode(" + strconv.Itoa(int(m)) + ")"
}

// Line says where one input is wired and how it reads.
type Line struct {
	// Name is the line's name on its chip, as gpioinfo lists it ("GPIO17"
	// on a Raspberry Pi, where the name is the BCM number). Empty when
	// Offset is used.
	Name string
	// Offset is the line's number on its chip, used when Name is empty.
	Offset int
	// ActiveHigh: the input is active (pressed, switch on) when the line
	// is high. The zero value, active low, suits a button to ground with
	// the pull-up.
	ActiveHigh bool
	// Pull is the bias resistor the line is requested with.
	Pull Pull
}

// String returns the name, or "line N".
func (l Line) String() string {
	if l.Name != "" {
		return l.Name
	}
	return "line " + strconv.Itoa(l.Offset)
}

// Wiring is the table's five inputs: one GPIO chip, four buttons, the pause
// switch.
type Wiring struct {
	// Chip is the GPIO chip's name ("gpiochip0"), device path
	// ("/dev/gpiochip0") or label ("pinctrl-rp1"). Empty means the first
	// chip (in number order) that has every line named by Name, or the
	// first chip when every line is given by Offset. On a Raspberry Pi
	// with a current kernel, the default names are the 40-pin header's.
	Chip string
	// Buttons are the clock buttons, indexed by bughouse.Seat.
	Buttons [4]Line
	// Pause is the arbiter's pause switch or button.
	Pause Line
	// PauseMode says whether Pause is a switch or a button.
	PauseMode PauseMode
	// Lockout is how long an input ignores edges after one it reported:
	// its bounces. Zero means DefaultLockout.
	Lockout time.Duration
}

// DefaultLockout is Wiring.Lockout's default: long enough for a clock
// button's bounces (a few ms), far shorter than two moves.
const DefaultLockout = 50 * time.Millisecond

// MaxLockout is the longest lockout accepted: a second press within it
// would be lost.
const MaxLockout = time.Second

// DefaultWiring is the wiring docs/hardware.md describes: BCM 17, 27, 22,
// 23 for A-white, A-black, B-white, B-black and BCM 24 for the pause
// switch, each to ground with the internal pull-up.
func DefaultWiring() Wiring {
	return Wiring{
		Buttons: [4]Line{
			bughouse.AWhite: {Name: "GPIO17"},
			bughouse.ABlack: {Name: "GPIO27"},
			bughouse.BWhite: {Name: "GPIO22"},
			bughouse.BBlack: {Name: "GPIO23"},
		},
		Pause: Line{Name: "GPIO24"},
	}
}

// LockoutOrDefault returns Lockout, or DefaultLockout when it is zero.
func (w *Wiring) LockoutOrDefault() time.Duration {
	if w.Lockout == 0 {
		return DefaultLockout
	}
	return w.Lockout
}

// Inputs returns the five lines in the order of a line set: the buttons by
// seat, then the pause input.
func (w *Wiring) Inputs() []Line {
	return append(w.Buttons[:len(w.Buttons):len(w.Buttons)], w.Pause)
}

// InputName names input i of Inputs: the seat ("A-white") or "pause".
func InputName(i int) string {
	if i >= 0 && i < len(bughouse.Seats) {
		return bughouse.Seats[i].String()
	}
	return "pause"
}

// Validate reports the first problem of w: a lockout out of range, an
// offset below zero, an unknown pull, or two inputs on the same line. The
// error names the input ("gpio: B-white and pause are both GPIO22").
func (w *Wiring) Validate() error {
	if w.Lockout < 0 || w.Lockout > MaxLockout {
		return fmt.Errorf("gpio: lockout %v out of range; allowed 0 (default %v) to %v", w.Lockout, DefaultLockout, MaxLockout)
	}
	if int(w.PauseMode) >= len(PauseModeNames) {
		return fmt.Errorf("gpio: %v unknown", w.PauseMode)
	}
	ins := w.Inputs()
	for i, l := range ins {
		if l.Name == "" && l.Offset < 0 {
			return fmt.Errorf("gpio: %s: line offset %d below zero", InputName(i), l.Offset)
		}
		if int(l.Pull) >= len(PullNames) {
			return fmt.Errorf("gpio: %s: unknown pull %v", InputName(i), l.Pull)
		}
		for j := range i {
			if ins[j].Name == l.Name && (l.Name != "" || ins[j].Offset == l.Offset) {
				return fmt.Errorf("gpio: %s and %s are both %s", InputName(j), InputName(i), l)
			}
		}
	}
	return nil
}
