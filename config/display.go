package config

import (
	"bytes"
	"time"

	"tandem/clock"
	"tandem/display"
)

// This file owns the [display] section: the clock faces' format and (with
// the Hardware issue) the display devices.

var displayKeys = []string{"tenths_below"}

// Display holds the settings of the clock displays.
type Display struct {
	// TenthsBelow: a remaining time below this is shown with tenths of a
	// second. Allowed 0 (never) to MaxTenthsBelow; default
	// DefaultTenthsBelow.
	TenthsBelow time.Duration
}

// Display limits and defaults.
const (
	// DefaultTenthsBelow is Display.TenthsBelow when the file does not set
	// it.
	DefaultTenthsBelow = 20 * time.Second
	// MaxTenthsBelow is the largest Display.TenthsBelow accepted.
	MaxTenthsBelow = time.Hour
)

// DisplayOpts returns the clock-face format of c for package display,
// where a zero TenthsBelow means the default rather than "never".
func (c *Config) DisplayOpts() *display.Opts {
	if c.Display.TenthsBelow == 0 {
		return &display.Opts{TenthsBelow: -1}
	}
	return &display.Opts{TenthsBelow: c.Display.TenthsBelow}
}

// applyDisplay applies [display].
func (p *parser) applyDisplay(d *Display, v any) error {
	base := []string{"display"}
	t, err := p.table(base, v)
	if err != nil {
		return err
	}
	if err := p.checkKeys(base, t, displayKeys); err != nil {
		return err
	}
	if v, ok := t["tenths_below"]; ok {
		path := at(base, "tenths_below")
		s, err := p.text(path, v)
		if err != nil {
			return err
		}
		dur, err := clock.ParseDuration(s)
		if err != nil {
			return p.errorf(path, "%v", err)
		}
		if dur > MaxTenthsBelow {
			return p.errorf(path, "%q is out of range; allowed 0 to %s", s, clock.FormatDuration(MaxTenthsBelow))
		}
		d.TenthsBelow = dur
	}
	return nil
}

// writeDisplay writes the [display] section for Write.
func writeDisplay(c *Config, b *bytes.Buffer) error {
	b.WriteString("\n[display]\n")
	var db block
	tenths := clock.FormatDuration(c.Display.TenthsBelow)
	db.add("tenths_below", quote(tenths), pick(c.Display.TenthsBelow == DefaultTenthsBelow,
		"default", "default: "+clock.FormatDuration(DefaultTenthsBelow)))
	db.writeTo(b)
	return nil
}
