package config

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/wiring"
)

func TestGPIO_DefaultWiring(t *testing.T) {
	c := mustParse(t, "mode = \"hardware\"\n")
	w := c.GPIO.Wiring()
	if w != wiring.DefaultWiring() || w.LockoutOrDefault() != 50*time.Millisecond || w.PauseMode != wiring.Toggle {
		t.Errorf("default wiring %+v", w)
	}
	if _, d := roundTrip(c); d != "" {
		t.Fatal(d)
	}
}

func TestGPIO_Settings(t *testing.T) {
	c := mustParse(t, `
mode = "hardware"
[gpio]
chip = "gpiochip4"
lockout = "30ms"
pause_mode = "momentary"
A-white = "GPIO5"
A-black = 6
B-black = { line = "GPIO13", active = "high", pull = "down" }
pause = { line = 26, pull = "none" }
`)
	w := c.GPIO.Wiring()
	want := wiring.DefaultWiring()
	want.Chip, want.Lockout, want.PauseMode = "gpiochip4", 30*time.Millisecond, wiring.Momentary
	want.Buttons[bughouse.AWhite] = wiring.Line{Name: "GPIO5"}
	want.Buttons[bughouse.ABlack] = wiring.Line{Offset: 6}
	want.Buttons[bughouse.BBlack] = wiring.Line{Name: "GPIO13", ActiveHigh: true, Pull: wiring.PullDown}
	want.Pause = wiring.Line{Offset: 26, Pull: wiring.PullNone}
	if w != want {
		t.Errorf("wiring\n got %+v\nwant %+v", w, want)
	}
	out, d := roundTrip(c)
	if d != "" {
		t.Fatal(d)
	}
	for _, line := range []string{
		`lockout    = "30ms"`, `A-black    = 6`, `B-white    = "GPIO22"`,
		`B-black    = { line = "GPIO13", active = "high", pull = "down" }`,
	} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(line), " ")) {
			t.Errorf("Write output lacks %q:\n%s", line, out)
		}
	}
}

// A default [gpio] written out and read back is still the zero GPIO: the
// defaults are not turned into overrides.
func TestGPIO_DefaultsStayDefaults(t *testing.T) {
	c := mustParse(t, "[gpio]\nlockout = \"50ms\"\nA-white = \"GPIO17\"\npause = { line = \"GPIO24\", active = \"low\", pull = \"up\" }\n")
	if !c.GPIO.isZero() {
		t.Errorf("explicit defaults kept as overrides: %+v", c.GPIO)
	}
	var b strings.Builder
	if err := c.Write(&b); err != nil || strings.Contains(b.String(), "[gpio]") {
		t.Errorf("a simulated table with the default wiring writes [gpio] (%v):\n%s", err, b.String())
	}
}

func TestGPIO_Errors(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"[gpio]\nlockout = \"0s\"\n", `t.toml:2: gpio.lockout: "0s" is out of range; allowed above 0 up to 1s (default 50ms)`},
		{"[gpio]\nlockout = \"2s\"\n", `t.toml:2: gpio.lockout: "2s" is out of range`},
		{"[gpio]\nlockout = \"fast\"\n", `t.toml:2: gpio.lockout: "fast" is not a duration`},
		{"[gpio]\npause_mode = \"push\"\n", `t.toml:2: gpio.pause_mode: expected one of toggle, momentary, got "push"`},
		{"[gpio]\n\nA-white = -1\n", `t.toml:3: gpio.A-white: line offset -1 out of range: a chip's lines are 0 to 1023`},
		{"[gpio]\nA-white = \"GPIO 17\"\n", `t.toml:2: gpio.A-white: not a line name: "GPIO 17"`},
		{"[gpio]\nA-white = 1.5\n", `t.toml:2: gpio.A-white: expected a line name such as "GPIO17"`},
		{"[gpio]\nA-white = { pull = \"up\" }\n", `t.toml:2: gpio.A-white: the line is missing`},
		{"[gpio]\nA-white = { line = 5, active = \"yes\" }\n", `t.toml:2: gpio.A-white.active: expected "low" (pressed pulls the line to ground) or "high", got "yes"`},
		{"[gpio]\nA-white = { line = 5, pull = \"sideways\" }\n", `t.toml:2: gpio.A-white.pull: expected one of up, down, none, got "sideways"`},
		{"[gpio]\nA-white = { line = 5, colour = 1 }\n", `t.toml:2: gpio.A-white.colour: unknown key "colour"`},
		{"[gpio]\nA-white = \"GPIO5\"\npause = \"GPIO5\"\n", `t.toml:3: gpio.pause: same line as A-white: GPIO5; every input needs its own`},
		{"[gpio]\nB-black = \"GPIO17\"\n", `t.toml:2: gpio.B-black: same line as A-white: GPIO17`},
		{"[gpio]\nchip = 0\n", `t.toml:2: gpio.chip: expected a chip name such as "gpiochip0"`},
		{"[gpio]\nbutton = 1\n", `t.toml:2: gpio.button: unknown key "button"; allowed in [gpio]: chip, lockout, pause_mode, A-white, A-black, B-white, B-black, pause`},
	} {
		_, err := Parse("t.toml", []byte(c.doc))
		var e *Error
		if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s...", c.doc, err, c.want)
		}
	}
}

func TestGPIO_Validate(t *testing.T) {
	c := Default()
	c.GPIO.Lines[4] = &wiring.Line{Name: "GPIO17"}
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "gpio: A-white and pause are both GPIO17") {
		t.Errorf("Validate = %v", err)
	}
	c = Default()
	c.GPIO.Lockout = -time.Millisecond
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "lockout") {
		t.Errorf("Validate = %v", err)
	}
}

// Any [gpio] or [display] document either fails with a positioned error
// or parses to a configuration that validates and that Write writes back
// to the same (seeds run in go test; go test -fuzz FuzzHardwareSections).
func FuzzHardwareSections(f *testing.F) {
	for _, seed := range []string{
		"[gpio]\nA-white = \"GPIO5\"\npause = 26\n",
		"[gpio]\nlockout = \"30ms\"\npause_mode = \"momentary\"\nB-black = { line = 13, active = \"high\", pull = \"none\" }\n",
		"[gpio]\nA-white = \"GPIO22\"\n",
		"mode = \"hardware\"\n[gpio]\nchip = \"gpiochip4\"\n",
		displayDoc,
		"[display.devices.\"odd name\"]\nkind = \"tm1637\"\nseat = \"B-white\"\nclk = \"GPIO5\"\ndio = \"GPIO6\"\nchip = \"gpiochip0\"\n",
		"[display.devices.x]\nkind = \"ht16k33\"\nseat = \"A-black\"\naddress = 0x77\nbrightness = 1\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		c, err := Parse("f.toml", []byte(doc))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Parse accepted what Validate rejects: %v\n%s", err, doc)
		}
		if _, d := roundTrip(c); d != "" {
			t.Fatalf("%s\n%s", d, doc)
		}
	})
}
