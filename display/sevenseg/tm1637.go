package sevenseg

import (
	"fmt"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/devices/v3/tm1637"

	"tandem/display"
	"tandem/rules"
)

// TM1637 is a 4-digit 7-segment module on two GPIO lines (clock and data),
// showing one player's clock. The TM1637 never acknowledges in periph's
// bit-banged driver, so a missing or miswired module is not detected:
// tandem probe lights it with its name so the installer sees it.
//
// Its colon is the decimal-point bit of the second digit; clock modules
// have no other point.
type TM1637 struct {
	dev   *tm1637.Dev
	opts  Opts
	segs  [4]byte
	sent  bool
	label string
}

var _ display.Device = (*TM1637)(nil)

// NewTM1637 sets up the module on lines clk and dio, blanks it and sets the
// brightness. The error is a line's: the module itself cannot answer.
func NewTM1637(clk gpio.PinOut, dio gpio.PinIO, o *Opts) (*TM1637, error) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	label := fmt.Sprintf("tm1637 clk=%s dio=%s", clk, dio)
	if opts.Name != "" {
		label = opts.Name + " (" + label + ")"
	}
	level, err := opts.level(8)
	if err != nil {
		return nil, fmt.Errorf("sevenseg: %s: %v", label, err)
	}
	dev, err := tm1637.New(clk, dio)
	if err != nil {
		return nil, fmt.Errorf("sevenseg: %s: %w", label, err)
	}
	d := &TM1637{dev: dev, opts: opts, label: label}
	if err := d.write(Cells{}); err != nil {
		return nil, err
	}
	// Display on (bit 3) with PWM level 0-7: periph's Brightness values.
	if err := dev.SetBrightness(tm1637.Brightness(0x88 | byte(level))); err != nil {
		return nil, fmt.Errorf("sevenseg: %s: %w", label, err)
	}
	return d, nil
}

// String returns the device's name, kind and lines.
func (d *TM1637) String() string { return d.label }

// Show draws the seat's clock in s when its digits changed. It allocates
// nothing.
func (d *TM1637) Show(s *rules.Snapshot) error {
	c, _ := seatCells(s, d.opts.Seat, d.opts.Format, true)
	return d.write(c)
}

// Message shows the first four characters of text that 7 segments can.
func (d *TM1637) Message(text string) error { return d.write(TextCells(text)) }

// Halt blanks the display.
func (d *TM1637) Halt() error { return d.write(Cells{}) }

func (d *TM1637) write(c Cells) error {
	segs := c.Digits
	if c.Colon {
		segs[1] |= SegDP
	}
	if d.sent && segs == d.segs {
		return nil
	}
	if _, err := d.dev.Write(segs[:]); err != nil {
		d.sent = false
		return fmt.Errorf("sevenseg: %s: %w", d.label, err)
	}
	d.segs, d.sent = segs, true
	return nil
}
