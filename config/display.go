package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/tomlline"
)

// This file owns the [display] section: the clock faces' format and the
// display devices.
//
//	[display]
//	tenths_below = "20s"
//
//	[display.devices.board-a]      # one table per device; the name is shown by tandem probe
//	kind = "ssd1306"               # ssd1306 | ht16k33 | tm1637
//	bus = "/dev/i2c-1"             # I2C bus (ssd1306, ht16k33); default: the first
//	address = 0x3C                 # ssd1306: 0x3C or 0x3D; ht16k33: 0x70-0x77
//	board = "A"                    # ssd1306: the board it shows
//	left = "A-white"               # ssd1306: the seat on the display's left (default: the board's White)
//	brightness = 100               # percent, 1-100
//
//	[display.devices.a-white]
//	kind = "tm1637"                # one 4-digit display per player
//	seat = "A-white"               # ht16k33, tm1637: whose clock
//	clk = "GPIO5"                  # tm1637: clock and data lines (names on the GPIO chip)
//	dio = "GPIO6"

var (
	displayKeys       = []string{"tenths_below", "devices"}
	displayDeviceKeys = []string{"kind", "bus", "address", "board", "left", "seat", "brightness", "clk", "dio", "chip"}
)

// Display holds the settings of the clock displays.
type Display struct {
	// TenthsBelow: a remaining time below this is shown with tenths of a
	// second. Allowed 0 (never) to MaxTenthsBelow; default
	// DefaultTenthsBelow.
	TenthsBelow time.Duration
	// Devices are the display devices, in file order (names unique).
	// Only a hardware-mode table opens them.
	Devices []DisplayDevice
}

// DisplayKind is a display device's type.
type DisplayKind uint8

const (
	// SSD1306: a 128x64 OLED on I2C showing one board: both clocks,
	// marks, result (display.BoardImage).
	SSD1306 DisplayKind = iota + 1
	// HT16K33: a 4-digit 7-segment backpack on I2C showing one clock.
	HT16K33
	// TM1637: a 4-digit 7-segment module on two GPIO lines showing one
	// clock.
	TM1637
)

// DisplayKindNames are the spellings of the kinds, indexed by kind - 1.
var DisplayKindNames = []string{"ssd1306", "ht16k33", "tm1637"}

// String returns "ssd1306", "ht16k33" or "tm1637".
func (k DisplayKind) String() string {
	if k >= 1 && int(k) <= len(DisplayKindNames) {
		return DisplayKindNames[k-1]
	}
	return "DisplayKind(" + strconv.Itoa(int(k)) + ")"
}

// DisplayDevice is one display ([display.devices.NAME]).
type DisplayDevice struct {
	// Name is the table's name: tandem probe shows it on the device.
	Name string
	Kind DisplayKind
	// Bus is the I2C bus ("/dev/i2c-1", or periph's name "1"); empty
	// means the first bus. SSD1306 and HT16K33 only.
	Bus string
	// Address is the I2C address: 0x3C (default) or 0x3D for an SSD1306,
	// 0x70 (default) to 0x77 for an HT16K33.
	Address uint16
	// Board is the board an SSD1306 shows.
	Board bughouse.Board
	// Left is the seat on an SSD1306's left: Board's White or Black
	// (default White).
	Left bughouse.Seat
	// Seat is whose clock a 7-segment display (HT16K33, TM1637) shows.
	Seat bughouse.Seat
	// Brightness in percent, 1 to 100; zero means 100.
	Brightness int
	// CLK and DIO are a TM1637's clock and data lines (names on the GPIO
	// chip, as in [gpio]); Chip is the chip (empty: the first).
	CLK, DIO, Chip string
}

// Display limits and defaults.
const (
	// DefaultTenthsBelow is Display.TenthsBelow when the file does not set
	// it.
	DefaultTenthsBelow = 20 * time.Second
	// MaxTenthsBelow is the largest Display.TenthsBelow accepted.
	MaxTenthsBelow = time.Hour
	// DefaultSSD1306Address and DefaultHT16K33Address are the addresses
	// the boards ship with.
	DefaultSSD1306Address = 0x3C
	DefaultHT16K33Address = 0x70
)

// BrightnessOrDefault returns Brightness, or 100 when it is zero.
func (d DisplayDevice) BrightnessOrDefault() int {
	if d.Brightness == 0 {
		return 100
	}
	return d.Brightness
}

// BlackLeft reports whether the device shows its board's Black player on
// its left ([display.devices.NAME] left = "black"): package display's
// ImageOpts.BlackLeft.
func (d DisplayDevice) BlackLeft() bool { return d.Left.Color() == bughouse.Black }

// FaceTenthsBelow returns c's tenths_below as package display's
// Opts.TenthsBelow takes it: the same duration, except that the file's 0
// ("never") is negative there, where zero means the default. config does
// not import display, so that reading a file links neither the drawing
// code nor the text catalogs.
func (c *Config) FaceTenthsBelow() time.Duration {
	if c.Display.TenthsBelow == 0 {
		return -1
	}
	return c.Display.TenthsBelow
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
			return p.errorf(path, "%v", clock.TooLarge(err, s, MaxTenthsBelow))
		}
		if dur > MaxTenthsBelow {
			return p.errorf(path, "%q is out of range; allowed 0 to %s", s, clock.FormatDuration(MaxTenthsBelow))
		}
		d.TenthsBelow = dur
	}
	if v, ok := t["devices"]; ok {
		path := at(base, "devices")
		devs, err := p.table(path, v)
		if err != nil {
			return err
		}
		for _, name := range p.keys(path, devs) {
			dev, err := p.displayDevice(at(path, name), name, devs[name])
			if err != nil {
				return err
			}
			d.Devices = append(d.Devices, dev)
		}
		if err := p.checkDeviceClashes(path, d.Devices); err != nil {
			return err
		}
	}
	return nil
}

// displayDevice reads [display.devices.NAME].
func (p *parser) displayDevice(path []string, name string, v any) (DisplayDevice, error) {
	d := DisplayDevice{Name: name}
	if name == "" {
		// tandem probe shows the name on the device, and errors name it.
		return d, p.errorf(path, `a device needs a name: [display.devices.NAME], e.g. [display.devices.board-a]`)
	}
	t, err := p.table(path, v)
	if err != nil {
		return d, err
	}
	if err := p.checkKeys(path, t, displayDeviceKeys); err != nil {
		return d, err
	}
	kv, ok := t["kind"]
	if !ok {
		return d, p.errorf(path, "kind is missing; write kind = %q", strings.Join(DisplayKindNames, `" | "`))
	}
	s, _ := kv.(string)
	i := slices.Index(DisplayKindNames, s)
	if i < 0 {
		return d, p.errorf(at(path, "kind"), "expected one of %s, got %s", strings.Join(DisplayKindNames, ", "), tomlline.Describe(kv))
	}
	d.Kind = DisplayKind(i + 1)
	allowed := map[DisplayKind][]string{
		SSD1306: {"kind", "bus", "address", "board", "left", "brightness"},
		HT16K33: {"kind", "bus", "address", "seat", "brightness"},
		TM1637:  {"kind", "seat", "brightness", "clk", "dio", "chip"},
	}[d.Kind]
	str := func(k string) (string, bool, error) {
		v, ok := t[k]
		if !ok {
			return "", false, nil
		}
		s, isStr := v.(string)
		if !isStr || s == "" {
			return "", true, p.errorf(at(path, k), "expected a non-empty string, got %s", tomlline.Describe(v))
		}
		return s, true, nil
	}
	for _, k := range p.keys(path, t) {
		kp := at(path, k)
		if !slices.Contains(allowed, k) {
			return d, p.errorf(kp, "a %s display has no %s; its keys: %s", d.Kind, k, strings.Join(allowed, ", "))
		}
		v := t[k]
		switch k {
		case "bus", "clk", "dio", "chip":
			s, _, err := str(k)
			if err != nil {
				return d, err
			}
			switch k {
			case "bus":
				d.Bus = s
			case "clk":
				d.CLK = s
			case "dio":
				d.DIO = s
			case "chip":
				d.Chip = s
			}
		case "address":
			n, ok := v.(int64)
			lo, hi := int64(0x3C), int64(0x3D)
			if d.Kind == HT16K33 {
				lo, hi = 0x70, 0x77
			}
			if !ok || n < lo || n > hi {
				return d, p.errorf(kp, "expected an address from %#x to %#x (write it in hex, e.g. %#x), got %s", lo, hi, lo, describeNum(v))
			}
			d.Address = uint16(n)
		case "board":
			s, _, err := str(k)
			if err != nil {
				return d, err
			}
			b, err := bughouse.ParseBoard(s)
			if err != nil {
				return d, p.errorf(kp, `expected "A" or "B", got %q`, s)
			}
			d.Board = b
		case "left", "seat":
			s, _, err := str(k)
			if err != nil {
				return d, err
			}
			seat, err := bughouse.ParseSeat(s)
			if err != nil {
				return d, p.errorf(kp, "expected a seat (A-white, A-black, B-white, B-black), got %q", s)
			}
			if k == "left" {
				d.Left = seat
			} else {
				d.Seat = seat
			}
		case "brightness":
			n, ok := v.(int64)
			if !ok || n < 1 || n > 100 {
				return d, p.errorf(kp, "expected a percentage from 1 to 100, got %s", describeNum(v))
			}
			if n != 100 {
				d.Brightness = int(n) // 100 stays zero, the default
			}
		}
	}
	// Required keys and defaults.
	switch d.Kind {
	case SSD1306:
		if _, ok := t["board"]; !ok {
			return d, p.errorf(path, `board is missing: write board = "A" or "B"`)
		}
		if _, ok := t["left"]; ok {
			if d.Left.Board() != d.Board {
				return d, p.errorf(at(path, "left"), "%s does not play on board %s", d.Left, d.Board)
			}
		} else {
			d.Left = bughouse.SeatOf(d.Board, bughouse.White)
		}
		if d.Address == 0 {
			d.Address = DefaultSSD1306Address
		}
	case HT16K33, TM1637:
		if _, ok := t["seat"]; !ok {
			return d, p.errorf(path, `seat is missing: write seat = "A-white" (the clock it shows)`)
		}
		if d.Kind == HT16K33 && d.Address == 0 {
			d.Address = DefaultHT16K33Address
		}
		if d.Kind == TM1637 && (d.CLK == "" || d.DIO == "") {
			return d, p.errorf(path, `a tm1637 needs both lines: clk = "GPIO5" and dio = "GPIO6" (their names on the GPIO chip)`)
		}
		if d.Kind == TM1637 && d.CLK == d.DIO {
			return d, p.errorf(at(path, "dio"), "clk and dio are both %s", d.CLK)
		}
	}
	return d, nil
}

func describeNum(v any) string {
	if n, ok := v.(int64); ok {
		return strconv.FormatInt(n, 10) + fmt.Sprintf(" (%#x)", n)
	}
	return tomlline.Describe(v)
}

// checkDeviceClashes rejects two I2C devices at one bus and address, and
// two tm1637s on one line, naming the later one.
func (p *parser) checkDeviceClashes(path []string, devs []DisplayDevice) error {
	for i, d := range devs {
		if msg := deviceClash(devs[:i], d); msg != "" {
			return p.errorf(at(path, d.Name), "%s", msg)
		}
	}
	return nil
}

func deviceClash(before []DisplayDevice, d DisplayDevice) string {
	for _, o := range before {
		switch {
		case d.Kind != TM1637 && o.Kind != TM1637 && d.Bus == o.Bus && d.Address == o.Address:
			return fmt.Sprintf("%s and %s are both at I2C address %#x on the same bus", o.Name, d.Name, d.Address)
		case d.Kind == TM1637 && o.Kind == TM1637 && d.Chip == o.Chip && (slices.Contains([]string{o.CLK, o.DIO}, d.CLK) || slices.Contains([]string{o.CLK, o.DIO}, d.DIO)):
			return fmt.Sprintf("%s and %s share a line", o.Name, d.Name)
		}
	}
	return ""
}

// validateDisplay checks c.Display for Config.Validate.
func validateDisplay(c *Config) error {
	if d := c.Display.TenthsBelow; d < 0 || d > MaxTenthsBelow {
		return &Error{Field: "display.tenths_below", Msg: fmt.Sprintf("%v out of range; allowed 0 to %s", d, clock.FormatDuration(MaxTenthsBelow))}
	}
	names := map[string]bool{}
	for i, d := range c.Display.Devices {
		field := "display.devices." + fieldName([]string{d.Name})
		fail := func(format string, args ...any) error {
			return &Error{Field: field, Msg: fmt.Sprintf(format, args...)}
		}
		switch {
		case d.Name == "" || names[d.Name]:
			return fail("device %d: the name is empty or used twice", i+1)
		case d.Kind < SSD1306 || d.Kind > TM1637:
			return fail("%v unknown", d.Kind)
		case d.Brightness < 0 || d.Brightness > 100:
			return fail("brightness %d out of range; allowed 1 to 100 (0: 100)", d.Brightness)
		case d.Kind == SSD1306 && (d.Address < 0x3C || d.Address > 0x3D):
			return fail("address %#x; an SSD1306 is at 0x3c or 0x3d", d.Address)
		case d.Kind == SSD1306 && (int(d.Board) > 1 || d.Left.Board() != d.Board):
			return fail("left seat %s is not on board %s", d.Left, d.Board)
		case d.Kind == HT16K33 && (d.Address < 0x70 || d.Address > 0x77):
			return fail("address %#x; an HT16K33 is at 0x70 to 0x77", d.Address)
		case d.Kind == TM1637 && (d.CLK == "" || d.DIO == "" || d.CLK == d.DIO):
			return fail("a tm1637 needs two different lines clk and dio")
		case d.Kind != SSD1306 && int(d.Seat) >= len(bughouse.Seats):
			return fail("seat %d out of range", d.Seat)
		}
		if msg := deviceClash(c.Display.Devices[:i], d); msg != "" {
			return fail("%s", msg)
		}
		names[d.Name] = true
	}
	return nil
}

// writeDisplay writes the [display] section for Write: the format, then
// one table per device with every key explicit.
func writeDisplay(c *Config, b *out) error {
	b.WriteString("\n[display]\n")
	var db block
	tenths := clock.FormatDuration(c.Display.TenthsBelow)
	db.add("tenths_below", quote(tenths), pick(c.Display.TenthsBelow == DefaultTenthsBelow,
		"default", "default: "+clock.FormatDuration(DefaultTenthsBelow)))
	db.writeTo(b)
	for _, d := range c.Display.Devices {
		fmt.Fprintf(b, "\n[display.devices.%s]\n", fieldName([]string{d.Name}))
		var kb block
		kb.add("kind", quote(d.Kind.String()), "")
		switch d.Kind {
		case SSD1306, HT16K33:
			if d.Bus != "" {
				kb.add("bus", quote(d.Bus), "")
			}
			kb.add("address", fmt.Sprintf("0x%02X", d.Address), "")
		}
		switch d.Kind {
		case SSD1306:
			kb.add("board", quote(d.Board.String()), "")
			kb.add("left", quote(d.Left.String()), "the seat on the display's left")
		default:
			kb.add("seat", quote(d.Seat.String()), "the clock it shows")
		}
		if d.Kind == TM1637 {
			if d.Chip != "" {
				kb.add("chip", quote(d.Chip), "")
			}
			kb.add("clk", quote(d.CLK), "")
			kb.add("dio", quote(d.DIO), "")
		}
		kb.add("brightness", strconv.Itoa(d.BrightnessOrDefault()), pick(d.Brightness == 0 || d.Brightness == 100, "default", "percent; default: 100"))
		kb.writeTo(b)
		if d.Kind != TM1637 && d.Bus == "" {
			b.note("bus not set: the first I2C bus")
		}
	}
	return nil
}
