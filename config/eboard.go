package config

import (
	"fmt"
	"strings"
	"time"

	"tandem/clock"
	"tandem/internal/tomlline"
)

// This file owns the [eboard] section: the two DGT electronic boards
// (docs/eboard.md).
//
//	[eboard]
//	a = "/dev/serial/by-id/usb-DGT_board_A-if00"   # board A's serial port
//	b = "/dev/ttyACM1"                             # board B's
//	orientation_a = "auto"                         # auto | normal | rotated
//	orientation_b = "auto"
//	alert_after = "1s"                             # an unexplained board shows after this

var eboardKeys = []string{"a", "b", "orientation_a", "orientation_b", "alert_after"}

// EBoard defaults and limits.
const (
	// DefaultAlertAfter is EBoard.AlertAfter's default: a board left
	// unexplained by a press this long is shown to the arbiter (a piece
	// set down a moment after the press explains it first).
	DefaultAlertAfter = time.Second
	// MaxAlertAfter bounds it.
	MaxAlertAfter = time.Minute
)

// Orientations are the words of EBoard.Orientation: found from the start
// position, or given.
var Orientations = []string{"auto", "normal", "rotated"}

// EBoard holds the [eboard] settings. Its zero value is the default: no
// e-boards.
type EBoard struct {
	// Device is each board's serial port (board A, board B; "" none):
	// a /dev/serial/by-id/ name stays the same whichever USB socket the
	// board is in.
	Device [2]string
	// Orientation is each board's: "" or "auto" (found from the start
	// position), "normal" or "rotated" (turned 180 degrees).
	Orientation [2]string
	// AlertAfter is how long an unexplained board waits before the
	// arbiter is shown it (zero: DefaultAlertAfter).
	AlertAfter time.Duration
}

// Enabled reports whether any e-board is configured.
func (e EBoard) Enabled() bool { return e.Device != [2]string{} }

// Delay returns the effective AlertAfter.
func (e EBoard) Delay() time.Duration {
	if e.AlertAfter == 0 {
		return DefaultAlertAfter
	}
	return e.AlertAfter
}

func init() {
	sections["eboard"] = section{parse: parseEBoard, validate: validateEBoard, write: writeEBoard}
}

// parseEBoard reads [eboard] into c.EBoard.
func parseEBoard(p *parser, c *Config, t map[string]any) error {
	base := []string{"eboard"}
	if err := p.checkKeys(base, t, eboardKeys); err != nil {
		return err
	}
	e := &c.EBoard
	for _, k := range p.keys(base, t) {
		path := at(base, k)
		v := t[k]
		switch k {
		case "a", "b":
			s, ok := v.(string)
			if !ok {
				return p.errorf(path, `expected a serial port path such as "/dev/ttyACM0", got %s`, tomlline.Kind(v))
			}
			if !strings.HasPrefix(s, "/") || strings.ContainsRune(s, 0) {
				return p.errorf(path, "%q is not a device path (e.g. /dev/ttyACM0 or /dev/serial/by-id/...)", s)
			}
			e.Device[k[0]-'a'] = s
		case "orientation_a", "orientation_b":
			s, ok := v.(string)
			if !ok || !oneOf(s, Orientations) {
				return p.errorf(path, "expected one of %s, got %s", strings.Join(Orientations, ", "), tomlline.Describe(v))
			}
			e.Orientation[k[len(k)-1]-'a'] = s
		case "alert_after":
			s, err := p.text(path, v)
			if err != nil {
				return err
			}
			d, err := clock.ParseDuration(s)
			if err != nil {
				return p.errorf(path, "%v", err)
			}
			if d <= 0 || d > MaxAlertAfter {
				return p.errorf(path, "%q is out of range; allowed above 0 up to %s (default %s)", s,
					clock.FormatDuration(MaxAlertAfter), clock.FormatDuration(DefaultAlertAfter))
			}
			if d != DefaultAlertAfter {
				e.AlertAfter = d
			}
		}
	}
	if e.Device[0] != "" && e.Device[0] == e.Device[1] {
		return p.errorf(at(base, "b"), "%q is board A's device too: each board has its own port", e.Device[1])
	}
	return nil
}

func oneOf(s string, words []string) bool {
	for _, w := range words {
		if s == w {
			return true
		}
	}
	return false
}

// validateEBoard checks c.EBoard for Config.Validate.
func validateEBoard(c *Config) error {
	e := c.EBoard
	for i, o := range e.Orientation {
		if o != "" && !oneOf(o, Orientations) {
			return &Error{Field: "eboard.orientation_" + string(rune('a'+i)), Msg: fmt.Sprintf("%q: one of %s", o, strings.Join(Orientations, ", "))}
		}
	}
	if e.AlertAfter < 0 || e.AlertAfter > MaxAlertAfter {
		return &Error{Field: "eboard.alert_after", Msg: fmt.Sprintf("alert_after %v out of range", e.AlertAfter)}
	}
	if e.Device[0] != "" && e.Device[0] == e.Device[1] {
		return &Error{Field: "eboard.b", Msg: "the same device as board A"}
	}
	return nil
}

// writeEBoard writes [eboard] for Write when a board is configured.
func writeEBoard(c *Config, b *out) error {
	e := c.EBoard
	if !e.Enabled() {
		return nil
	}
	b.WriteString("\n[eboard]\n")
	var eb block
	for i, d := range e.Device {
		name := string(rune('a' + i))
		if d != "" {
			eb.add(name, quote(d), "board "+strings.ToUpper(name)+"'s serial port")
		}
	}
	for i, o := range e.Orientation {
		if o == "" {
			o = "auto"
		}
		eb.add("orientation_"+string(rune('a'+i)), quote(o), pick(o == "auto", "default: from the start position", "default: auto"))
	}
	d := e.Delay()
	eb.add("alert_after", quote(clock.FormatDuration(d)), pick(d == DefaultAlertAfter, "default", "default: "+clock.FormatDuration(DefaultAlertAfter)))
	eb.writeTo(b)
	return nil
}
