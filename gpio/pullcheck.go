package gpio

import (
	"fmt"
	"time"

	pgpio "periph.io/x/conn/v3/gpio"

	"tandem/bughouse"
	"tandem/wiring"
)

// This file is the wiring check of tandem probe that userspace can make
// on a button line: the line is read once with the Pi's internal pull-up
// and once with its pull-down. An open contact (a button not pressed, a
// switch off, or nothing connected) follows the bias; a line that reads
// the same under both is held by something: the contact closed, an
// external resistor, or a short. That tells a line with pull = "none"
// and no resistor (it floats: phantom presses) and a button stuck or
// wired to ground from a good one. It cannot tell an open button from a
// missing wire: pressing each button in probe's live view does.

// BiasLine is one input line whose bias can be changed and level read:
// periph's gpioioctl.GPIOLine.
type BiasLine interface {
	In(pull pgpio.Pull, edge pgpio.Edge) error
	Read() pgpio.Level
}

var _ BiasLine = pgpio.PinIn(nil)

// Holding is what holds a line, from its levels under both biases.
type Holding uint8

const (
	// Floating: the line follows the bias; nothing drives it.
	Floating Holding = iota
	// HeldHigh: high under both biases (an external pull-up, the
	// contact closed to 3.3 V, or a short to 3.3 V).
	HeldHigh
	// HeldLow: low under both (the contact closed to ground, an
	// external pull-down, or a short to ground).
	HeldLow
	// Inverted: low with the pull-up and high with the pull-down; no
	// wiring does that (a faulty line or driver).
	Inverted
)

// PullCheck is the check of one input (Wiring.Inputs order).
type PullCheck struct {
	// Input is the input's index in Wiring.Inputs; Line its wiring.
	Input int
	Line  wiring.Line
	// Holding is what the two readings show.
	Holding Holding
	// Fault is true when the wiring cannot work as configured; Text says
	// what was read and what to do, for the installer.
	Fault bool
	Text  string
}

// DefaultSettle is how long CheckPulls waits after changing a line's
// bias before reading it: the internal resistors (about 50 kΩ) charge a
// metre of lead (about 100 pF) in microseconds.
const DefaultSettle = time.Millisecond

// CheckPulls reads each of w's inputs (lines, in Wiring.Inputs order)
// with the pull-up and with the pull-down, settle apart, and says what
// each reading means for its configuration. It leaves each line with its
// configured pull (none: no bias). The error names the input whose bias
// could not be set; the checks before it are returned.
func CheckPulls(w *wiring.Wiring, lines []BiasLine, settle time.Duration) ([]PullCheck, error) {
	ins := w.Inputs()
	if len(lines) != len(ins) {
		return nil, fmt.Errorf("gpio: %d lines for %d inputs", len(lines), len(ins))
	}
	var out []PullCheck
	read := func(l BiasLine, p pgpio.Pull) (pgpio.Level, error) {
		if err := l.In(p, pgpio.NoEdge); err != nil {
			return pgpio.Low, err
		}
		if settle > 0 {
			time.Sleep(settle) // the line settles on the new bias
		}
		return l.Read(), nil
	}
	for i, l := range lines {
		up, err := read(l, pgpio.PullUp)
		if err != nil {
			return out, fmt.Errorf("gpio: %s: setting the pull-up: %w", wiring.InputName(i), err)
		}
		down, err := read(l, pgpio.PullDown)
		if err != nil {
			return out, fmt.Errorf("gpio: %s: setting the pull-down: %w", wiring.InputName(i), err)
		}
		if err := l.In(periphPull(ins[i].Pull), pgpio.NoEdge); err != nil {
			return out, fmt.Errorf("gpio: %s: restoring pull-%s: %w", wiring.InputName(i), ins[i].Pull, err)
		}
		out = append(out, Judge(i, ins[i], w.PauseMode, up, down))
	}
	return out, nil
}

// Judge says what the levels read with the pull-up (up) and the
// pull-down (down) mean for input i wired as l (pause inputs in mode m).
func Judge(i int, l wiring.Line, m wiring.PauseMode, upL, downL pgpio.Level) PullCheck {
	c := PullCheck{Input: i, Line: l}
	up, down := bool(upL), bool(downL)
	switch {
	case up && !down:
		c.Holding = Floating
	case up && down:
		c.Holding = HeldHigh
	case !up && !down:
		c.Holding = HeldLow
	default:
		c.Holding = Inverted
	}
	pause := i == len(bughouse.Seats) // the pause input follows the buttons
	// activeHeld: the level something holds the line at is the input's
	// active one.
	activeHeld := (c.Holding == HeldHigh) == l.ActiveHigh
	switch c.Holding {
	case Inverted:
		c.Fault, c.Text = true, "reads low with the pull-up and high with the pull-down: a faulty line; try another"
	case Floating:
		if l.Pull == wiring.PullNone {
			c.Fault, c.Text = true, "floats: nothing holds it and pull = \"none\": fit the 4.7 kΩ resistor (to 3.3 V for active low) or set pull = \"up\""
		} else {
			c.Text = "open, held by the Pi's pull-" + l.Pull.String() + ": ok"
		}
	case HeldHigh, HeldLow:
		level := "high"
		if c.Holding == HeldLow {
			level = "low"
		}
		switch {
		case !activeHeld:
			// An external resistor (or the wiring) holds it at the
			// inactive level: the contact is open, the line reads
			// inactive whatever the Pi's bias.
			c.Text = "held " + level + " (inactive) by an external resistor: ok"
		case pause && m == wiring.Toggle:
			c.Text = "held " + level + ": the switch is on (paused)"
		default:
			c.Fault, c.Text = true, "held "+level+" (active) under both pulls: the "+inputKind(pause)+" is pressed or stuck, or the line is wired to "+rail(c.Holding)+": release it, or check for a short"
		}
	}
	return c
}

func inputKind(pause bool) string {
	if pause {
		return "pause input"
	}
	return "button"
}

func rail(h Holding) string {
	if h == HeldHigh {
		return "3.3 V"
	}
	return "ground"
}

// periphPull is p as periph spells it (none: Float, no bias).
func periphPull(p wiring.Pull) pgpio.Pull {
	switch p {
	case wiring.PullDown:
		return pgpio.PullDown
	case wiring.PullNone:
		return pgpio.Float
	}
	return pgpio.PullUp
}
