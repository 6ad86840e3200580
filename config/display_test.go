package config

import (
	"errors"
	"strings"
	"tandem/bughouse"
	"testing"

	"tandem/internal/tomlline"
)

const displayDoc = `
mode = "hardware"
[display.devices.board-a]
kind = "ssd1306"
board = "A"

[display.devices.board-b]
kind = "ssd1306"
bus = "/dev/i2c-1"
address = 0x3D
board = "B"
left = "B-black"
brightness = 40

[display.devices.a-white]
kind = "ht16k33"
address = 0x71
seat = "A-white"

[display.devices.b-black]
kind = "tm1637"
seat = "B-black"
clk = "GPIO5"
dio = "GPIO6"
brightness = 100
`

func TestDisplay_Devices(t *testing.T) {
	c := mustParse(t, displayDoc)
	want := []DisplayDevice{
		{Name: "board-a", Kind: SSD1306, Address: 0x3C, Board: bughouse.BoardA, Left: bughouse.AWhite},
		{Name: "board-b", Kind: SSD1306, Bus: "/dev/i2c-1", Address: 0x3D, Board: bughouse.BoardB, Left: bughouse.BBlack, Brightness: 40},
		{Name: "a-white", Kind: HT16K33, Address: 0x71, Seat: bughouse.AWhite},
		{Name: "b-black", Kind: TM1637, Seat: bughouse.BBlack, CLK: "GPIO5", DIO: "GPIO6"},
	}
	if len(c.Display.Devices) != len(want) {
		t.Fatalf("devices %+v", c.Display.Devices)
	}
	for i, d := range c.Display.Devices {
		if d != want[i] {
			t.Errorf("device %d\n got %+v\nwant %+v", i, d, want[i])
		}
	}
	if !c.Display.Devices[1].BlackLeft() {
		t.Error("board-b: Black is on the left")
	}
	if c.Display.Devices[0].BlackLeft() {
		t.Error("board-a: White is on the left by default")
	}
	if c.Display.Devices[2].BrightnessOrDefault() != 100 || c.Display.Devices[1].BrightnessOrDefault() != 40 {
		t.Error("brightness defaults")
	}
	out, d := roundTrip(c)
	if d != "" {
		t.Fatal(d)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, s := range []string{"[display.devices.board-b]", "address = 0x3D", `left = "B-black"`, `dio = "GPIO6"`} {
		if !strings.Contains(flat, s) {
			t.Errorf("Write output lacks %q:\n%s", s, out)
		}
	}
}

func TestDisplay_DeviceErrors(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"[display.devices.x]\nboard = \"A\"\n", `t.toml:1: display.devices.x: kind is missing`},
		{"[display.devices.x]\nkind = \"lcd\"\n", `t.toml:2: display.devices.x.kind: expected one of ssd1306, ht16k33, tm1637, got "lcd"`},
		{"[display.devices.x]\nkind = \"ssd1306\"\n", `t.toml:1: display.devices.x: board is missing`},
		{"[display.devices.x]\nkind = \"ssd1306\"\nboard = \"C\"\n", `t.toml:3: display.devices.x.board: expected "A" or "B", got "C"`},
		{"[display.devices.x]\nkind = \"ssd1306\"\nboard = \"A\"\naddress = 0x3E\n", `t.toml:4: display.devices.x.address: expected an address from 0x3c to 0x3d (write it in hex, e.g. 0x3c), got 62 (0x3e)`},
		{"[display.devices.x]\nkind = \"ssd1306\"\nboard = \"A\"\nleft = \"B-white\"\n", `t.toml:4: display.devices.x.left: B-white does not play on board A`},
		{"[display.devices.x]\nkind = \"ssd1306\"\nboard = \"A\"\nseat = \"A-white\"\n", `t.toml:4: display.devices.x.seat: a ssd1306 display has no seat; its keys: kind, bus, address, board, left, brightness`},
		{"[display.devices.x]\nkind = \"ht16k33\"\n", `t.toml:1: display.devices.x: seat is missing`},
		{"[display.devices.x]\nkind = \"ht16k33\"\nseat = \"A-white\"\nbrightness = 0\n", `t.toml:4: display.devices.x.brightness: expected a percentage from 1 to 100, got 0 (0x0)`},
		{"[display.devices.x]\nkind = \"tm1637\"\nseat = \"A-white\"\nclk = \"GPIO5\"\n", `t.toml:1: display.devices.x: a tm1637 needs both lines`},
		{"[display.devices.x]\nkind = \"tm1637\"\nseat = \"A-white\"\nclk = \"GPIO5\"\ndio = \"GPIO5\"\n", `t.toml:5: display.devices.x.dio: clk and dio are both GPIO5`},
		{"[display.devices.x]\nkind = \"ssd1306\"\nboard = \"A\"\n[display.devices.y]\nkind = \"ssd1306\"\nboard = \"B\"\n", `t.toml:4: display.devices.y: x and y are both at I2C address 0x3c on the same bus`},
		{"[display.devices.x]\nkind = \"ssd1306\"\nboard = \"A\"\nwidth = 128\n", `t.toml:4: display.devices.x.width: unknown key "width"`},
		{"[display]\ndevices = 3\n", `t.toml:2: display.devices: expected a table [display.devices], got an integer`},
		// An empty name (the fuzzer's crasher: Parse accepted it with a
		// tm1637, Validate and Write refused it), for every kind.
		{"[display.devices.\"\"]\nkind = \"tm1637\"\nseat = \"B-white\"\nclk = \"GPIO5\"\ndio = \"GPIO6\"\n", `t.toml:1: display.devices."": a device needs a name`},
		{"\n[display.devices.'']\nkind = \"ht16k33\"\nseat = \"B-white\"\n", `t.toml:2: display.devices."": a device needs a name`},
		{"[display]\ndevices = { \"\" = { kind = \"ssd1306\", board = \"A\" } }\n", `t.toml:2: display.devices."": a device needs a name`},
	} {
		_, err := Parse("t.toml", []byte(c.doc))
		var e *Error
		if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s...", c.doc, err, c.want)
		}
	}
}

func TestDisplay_Validate(t *testing.T) {
	base := mustParse(t, displayDoc)
	for _, c := range []struct {
		name   string
		change func(c *Config)
		want   string
	}{
		{"name twice", func(c *Config) { c.Display.Devices[1].Name = "board-a" }, "the name is empty or used twice"},
		{"brightness", func(c *Config) { c.Display.Devices[0].Brightness = 101 }, "brightness 101 out of range"},
		{"address", func(c *Config) { c.Display.Devices[2].Address = 0x3C }, "an HT16K33 is at 0x70 to 0x77"},
		{"left", func(c *Config) { c.Display.Devices[0].Left = bughouse.BWhite }, "left seat B-white is not on board A"},
		{"clash", func(c *Config) { c.Display.Devices[1].Address, c.Display.Devices[1].Bus = 0x3C, "" }, "board-a and board-b are both at I2C address 0x3c"},
		{"lines", func(c *Config) { c.Display.Devices[3].DIO = "GPIO5" }, "two different lines"},
	} {
		cc := *base
		cc.Display.Devices = append([]DisplayDevice(nil), base.Display.Devices...)
		c.change(&cc)
		if err := cc.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want %q", c.name, err, c.want)
		}
	}
	if err := base.Validate(); err != nil {
		t.Errorf("valid devices: %v", err)
	}
}

// TestParse_ValidateSafetyNet: an error Validate would find after parsing
// comes back with the file and the line of its field's section.
func TestParse_ValidateSafetyNet(t *testing.T) {
	p := &parser{file: "t.toml", lines: tomlline.New([]byte("mode = \"simulated\"\n\n[display]\ntenths_below = \"10s\"\n"))}
	err := p.validateError(&Error{Field: "display.devices.x", Msg: "bad"})
	if err.Error() != "t.toml:3: display.devices.x: bad" {
		t.Errorf("got %v", err)
	}
}

// TestParse_DurationTooLarge: a duration too large to hold says so, with
// the field's own limit ("not a duration" said it was badly written).
func TestParse_DurationTooLarge(t *testing.T) {
	for doc, want := range map[string]string{
		"[gpio]\nlockout = \"99999999h\"\n":                `t.toml:2: gpio.lockout: "99999999h" is too large (at most 1s)`,
		"[journal]\ncheckpoint_interval = \"99999999h\"\n": `t.toml:2: journal.checkpoint_interval: "99999999h" is too large (at most 1m)`,
		"[display]\ntenths_below = \"99999999h\"\n":        `t.toml:2: display.tenths_below: "99999999h" is too large (at most 1h)`,
		"[time]\ncontrol = \"99999999h\"\n":                `t.toml:2: time.control: time control "99999999h", stage 1: time: "99999999h" is too large (at most 24h)`,
		"[rules]\nsimultaneous_window = \"99999999h\"\n":   `t.toml:2: rules.simultaneous_window: "99999999h" is too large (at most 1s)`,
	} {
		_, err := Parse("t.toml", []byte(doc))
		if err == nil || err.Error() != want {
			t.Errorf("%q:\n got %v\nwant %s", doc, err, want)
		}
	}
}
