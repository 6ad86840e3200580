package sevenseg

import (
	"fmt"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/ht16k33"

	"tandem/bughouse"
	"tandem/display"
	"tandem/rules"
)

// Opts configures a 7-segment display. The zero value shows A-white's
// clock at full brightness, in the default format.
type Opts struct {
	// Seat is the player whose clock is shown.
	Seat bughouse.Seat
	// Format is the time format; nil means display.DefaultOpts.
	Format *display.Opts
	// Brightness in percent, 1-100; zero means 100. The HT16K33 has 16
	// levels, the TM1637 8: the percentage is rounded up to one.
	Brightness int
	// Name is the device's name in String ("a-white").
	Name string
}

func (o *Opts) level(levels int) (int, error) {
	b := o.Brightness
	if b == 0 {
		b = 100
	}
	if b < 1 || b > 100 {
		return 0, fmt.Errorf("brightness %d%% out of range 1-100", o.Brightness)
	}
	return (b*levels+99)/100 - 1, nil
}

// HT16K33Addr is the backpack's default I2C address (0x70; solder jumpers
// A0-A2 give 0x71-0x77).
const HT16K33Addr uint16 = 0x70

// HT16K33 is a 4-digit 7-segment backpack (Adafruit 0.56" and clones)
// showing one player's clock. Its display RAM has five columns: digits 1
// and 2, the colon (column 2, bit 1), digits 3 and 4.
type HT16K33 struct {
	dev   *ht16k33.Dev
	ram   i2c.Dev // the backpack, for the column writes
	cmd   [3]byte // one column write: its address and two bytes
	opts  Opts
	cols  [5]uint16
	sent  bool // cols is on the display
	blink bool
	label string
}

var _ display.Device = (*HT16K33)(nil)

// NewHT16K33 initialises the backpack at addr on bus (oscillator on,
// display on, no blinking, the brightness) and blanks it. Zero addr means
// HT16K33Addr. It returns the bus error when the backpack does not answer.
func NewHT16K33(bus i2c.Bus, addr uint16, o *Opts) (*HT16K33, error) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if addr == 0 {
		addr = HT16K33Addr
	}
	label := fmt.Sprintf("ht16k33 %s@%#x", bus, addr)
	if opts.Name != "" {
		label = opts.Name + " (" + label + ")"
	}
	if addr < 0x70 || addr > 0x77 {
		return nil, fmt.Errorf("sevenseg: %s: an HT16K33 is at 0x70 to 0x77", label)
	}
	level, err := opts.level(16)
	if err != nil {
		return nil, fmt.Errorf("sevenseg: %s: %v", label, err)
	}
	dev, err := ht16k33.NewI2C(bus, addr)
	if err == nil && level != 15 {
		err = dev.SetBrightness(level)
	}
	if err != nil {
		return nil, fmt.Errorf("sevenseg: %s: %w", label, err)
	}
	d := &HT16K33{dev: dev, ram: i2c.Dev{Bus: bus, Addr: addr}, opts: opts, label: label}
	if err := d.write(Cells{}, false); err != nil {
		return nil, err
	}
	return d, nil
}

// String returns the device's name, kind, bus and address.
func (d *HT16K33) String() string { return d.label }

// Show draws the seat's clock in s, writing only the columns that changed.
// A tick allocates nothing while the bus answers (the flag's blinking is
// switched on by periph's SetBlink, which does).
func (d *HT16K33) Show(s *rules.Snapshot) error {
	c, flagged := seatCells(s, d.opts.Seat, d.opts.Format, false)
	return d.write(c, flagged)
}

// Message shows the first four characters of text that 7 segments can.
func (d *HT16K33) Message(text string) error { return d.write(TextCells(text), false) }

// Halt blanks the display.
func (d *HT16K33) Halt() error { return d.write(Cells{}, false) }

func (d *HT16K33) write(c Cells, blink bool) error {
	cols := [5]uint16{uint16(c.Digits[0]), uint16(c.Digits[1]), 0, uint16(c.Digits[2]), uint16(c.Digits[3])}
	if c.Colon {
		cols[2] = 0x02
	}
	for i := range cols {
		if d.sent && cols[i] == d.cols[i] {
			continue
		}
		if err := d.writeColumn(i, cols[i]); err != nil {
			d.sent = false // write everything next time
			return fmt.Errorf("sevenseg: %s: %w", d.label, err)
		}
	}
	d.cols, d.sent = cols, true
	if blink != d.blink {
		f := ht16k33.BlinkFrequency(ht16k33.BlinkOff)
		if blink {
			f = ht16k33.Blink1Hz
		}
		if err := d.dev.SetBlink(f); err != nil {
			return fmt.Errorf("sevenseg: %s: %w", d.label, err)
		}
		d.blink = blink
	}
	return nil
}

// writeColumn writes column i of the display RAM: the bytes of periph's
// ht16k33 WriteColumn (its address 2i, the low byte, the high byte), from
// a buffer of d's own, as periph's allocates one for every column.
func (d *HT16K33) writeColumn(i int, data uint16) error {
	d.cmd = [3]byte{byte(i * 2), byte(data), byte(data >> 8)}
	return d.ram.Tx(d.cmd[:], nil)
}
