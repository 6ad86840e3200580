package sevenseg

import (
	"fmt"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/devices/v3/tm1637"

	"tandem/display"
	"tandem/rules"
)

// TM1637 is a 4-digit 7-segment module on two GPIO lines (clock and data),
// showing one player's clock. periph's bit-banged driver does not read
// the chip's acknowledge, so a write to a missing or miswired module does
// not fail; Check reads it (tandem probe calls it).
//
// Its colon is the decimal-point bit of the second digit; clock modules
// have no other point.
type TM1637 struct {
	clk   gpio.PinOut
	dio   gpio.PinIO
	dev   *tm1637.Dev
	opts  Opts
	segs  [4]byte
	sent  bool
	label string
}

var (
	_ display.Device  = (*TM1637)(nil)
	_ display.Checker = (*TM1637)(nil)
)

// NewTM1637 sets up the module on lines clk and dio, blanks it and sets the
// brightness. The error is a line's: the writes cannot tell whether a
// module is there (Check can).
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
	d := &TM1637{clk: clk, dio: dio, dev: dev, opts: opts, label: label}
	if err := d.write(Cells{}); err != nil {
		return nil, err
	}
	// Display on (bit 3) with PWM level 0-7: periph's Brightness values.
	if err := dev.SetBrightness(tm1637.Brightness(0x88 | byte(level))); err != nil {
		return nil, fmt.Errorf("sevenseg: %s: %w", label, err)
	}
	return d, nil
}

// Check asks the module to acknowledge a byte. The chip pulls DIO low from
// the falling edge of the 8th clock of each byte to the end of the 9th
// (TM1637 datasheet, "Interface interpretation"); Check sends the data
// command (0x40: harmless, every write sends it again), releases DIO (an
// input with the pull-up) for the 9th clock and reads it. It returns nil
// when DIO was low, an error naming the lines to check when it stayed
// high (no module, no power, CLK or DIO on another pin), or a line's
// error. Each level change is one ioctl through the GPIO character
// device: tens of microseconds, well inside the chip's timing.
func (d *TM1637) Check() error {
	steps := []func() error{
		func() error { return d.dio.Out(gpio.High) },
		func() error { return d.clk.Out(gpio.High) },
		func() error { return d.dio.Out(gpio.Low) }, // start: DIO falls while CLK is high
	}
	const cmd = 0x40 // data command: write, auto-increment
	for i := range 8 {
		bit := gpio.Level(cmd>>i&1 == 1)
		steps = append(steps,
			func() error { return d.clk.Out(gpio.Low) },
			func() error { return d.dio.Out(bit) },
			func() error { return d.clk.Out(gpio.High) })
	}
	steps = append(steps,
		func() error { return d.clk.Out(gpio.Low) }, // the 8th falling edge: the chip pulls DIO low
		func() error { return d.dio.In(gpio.PullUp, gpio.NoEdge) })
	for _, f := range steps {
		if err := f(); err != nil {
			return fmt.Errorf("sevenseg: %s: %w", d.label, err)
		}
	}
	ack := d.dio.Read() == gpio.Low
	// The 9th clock, then stop: DIO rises while CLK is high.
	for _, f := range []func() error{
		func() error { return d.clk.Out(gpio.High) },
		func() error { return d.clk.Out(gpio.Low) },
		func() error { return d.dio.Out(gpio.Low) },
		func() error { return d.clk.Out(gpio.High) },
		func() error { return d.dio.Out(gpio.High) },
	} {
		if err := f(); err != nil {
			return fmt.Errorf("sevenseg: %s: %w", d.label, err)
		}
	}
	if !ack {
		return fmt.Errorf("sevenseg: %s: no acknowledge on DIO: check the module's VCC (3.3 V) and GND, and that CLK and DIO are on the lines configured", d.label)
	}
	return nil
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
