package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"tandem/config"
	"tandem/display"
	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/rules"
	"tandem/wiring"
)

type probeDisplay struct {
	name, msg string
	halted    bool
}

func (p *probeDisplay) Show(*rules.Snapshot) error { return nil }
func (p *probeDisplay) Message(s string) error     { p.msg = s; return nil }
func (p *probeDisplay) Halt() error                { p.halted = true; return nil }
func (p *probeDisplay) String() string             { return "fake " + p.name }

const probeConfig = `
mode = "hardware"
[display.devices.board-a]
kind = "ssd1306"
board = "A"
[display.devices.board-b]
kind = "ssd1306"
board = "B"
address = 0x3D
`

// The installer's check on fake hardware: the display that answers shows
// its name, the missing one is reported, every edge is printed with its
// time and what the table makes of it, and the exit status is 1.
func TestProbe_LightsDisplaysAndShowsEdges(t *testing.T) {
	path := writeConfigFile(t, "hw.toml", probeConfig)
	old := probeDeps
	defer func() { probeDeps = old }()
	shown := map[string]*probeDisplay{}
	probeDeps.display = func(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error) {
		if dev.Name == "board-b" {
			return nil, nil, errors.New("nothing answers at 0x3d on the first I2C bus")
		}
		d := &probeDisplay{name: dev.Name}
		shown[dev.Name] = d
		return d, func() error { return nil }, nil
	}
	var lines *gpiotest.Lines
	numbers := []int{17, 27, 22, 23, 24}
	probeDeps.lines = func(w *wiring.Wiring) (gpio.Lines, []int, error) {
		lines = gpiotest.New(numbers, 0b11111, []gpiotest.Edge{
			{After: 10 * time.Millisecond, Number: 17},
			{After: 12 * time.Millisecond, Number: 17, Rising: true},
			{After: 500 * time.Millisecond, Number: 24},
		})
		return lines, numbers, nil
	}
	var out, errb bytes.Buffer
	var code int
	synctest.Test(t, func(t *testing.T) {
		code = probe(context.Background(), []string{"--config", path, "--for", "1s"}, &out, &errb)
	})
	if code != 1 {
		t.Errorf("exit %d, want 1 (a display is missing); stderr %q", code, errb.String())
	}
	o := out.String()
	for _, want := range []string{
		"board-a    fake board-a  shows its name",
		"board-b    ssd1306  MISSING: nothing answers at 0x3d",
		"A-white  GPIO17   line 17  active low, pull-up",
		"pause    GPIO24   line 24  active low, pull-up",
		"+0.010000s A-white  GPIO17   falling active   -> button",
		"+0.012000s A-white  GPIO17   rising  inactive ignored (bounce or release)",
		"+0.500000s pause    GPIO24   falling active   -> pause-on",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("output lacks %q:\n%s", want, o)
		}
	}
	if d := shown["board-a"]; d == nil || d.msg != "board-a" || !d.halted {
		t.Errorf("board-a: %+v, want its name shown, then halted", d)
	}
	if lines.Closes() != 1 {
		t.Errorf("lines closed %d times", lines.Closes())
	}
}

// Without GPIO the probe says so and exits 1, never waiting.
func TestProbe_NoGPIO(t *testing.T) {
	path := writeConfigFile(t, "hw.toml", "mode = \"hardware\"\n")
	old := probeDeps
	defer func() { probeDeps = old }()
	probeDeps.lines = func(w *wiring.Wiring) (gpio.Lines, []int, error) {
		return nil, nil, errors.Join(gpio.ErrNoDevice, errors.New("nothing matches /dev/gpiochip*"))
	}
	var out, errb bytes.Buffer
	if code := probe(context.Background(), []string{"--config", path}, &out, &errb); code != 1 {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{"none configured", "MISSING: no GPIO character device", "/dev/gpiochip*", "`tandem` runs the simulated table"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestProbe_Usage(t *testing.T) {
	for _, args := range [][]string{nil, {"--config"}, {"--config", "a.toml", "extra"}, {"--bogus"}} {
		var out, errb bytes.Buffer
		if code := probe(context.Background(), args, &out, &errb); code != 2 || !strings.Contains(errb.String(), "Usage: tandem probe") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := probe(context.Background(), []string{"--config", "/nonexistent/tandem.toml"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "/nonexistent/tandem.toml") {
		t.Errorf("missing file: exit %d, stderr %q", code, errb.String())
	}
}
