package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	pgpio "periph.io/x/conn/v3/gpio"

	"tandem/config"
	"tandem/display"
	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/wiring"
)

// heldLine is a line that reads level whatever its bias, or follows the
// bias when open.
type heldLine struct {
	open  bool
	level pgpio.Level
	pull  pgpio.Pull
}

func (h *heldLine) In(p pgpio.Pull, _ pgpio.Edge) error { h.pull = p; return nil }
func (h *heldLine) Read() pgpio.Level {
	if h.open {
		return h.pull == pgpio.PullUp
	}
	return h.level
}

// The wiring checks: a button held to ground is a fault (exit 1), open
// lines and a toggle switch that is on are not; the SSD1306's bus clock
// is read from the device tree and a slow one is said.
func TestProbe_WiringChecks(t *testing.T) {
	path := writeConfigFile(t, "hw.toml", `
mode = "hardware"
[display.devices.board-a]
kind = "ssd1306"
bus = "/dev/i2c-1"
board = "A"
`)
	sys := t.TempDir()
	os.MkdirAll(filepath.Join(sys, "i2c-1", "of_node"), 0o755)
	os.WriteFile(filepath.Join(sys, "i2c-1", "of_node", "clock-frequency"), []byte{0, 1, 0x86, 0xa0}, 0o644) // 100 000
	oldSys, old := sysI2C, probeDeps
	defer func() { sysI2C, probeDeps = oldSys, old }()
	sysI2C = sys
	probeDeps.display = func(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error) {
		return &probeDisplay{name: dev.Name}, func() error { return nil }, nil
	}
	released := false
	probeDeps.bias = func(w *wiring.Wiring) ([]gpio.BiasLine, func(), error) {
		return []gpio.BiasLine{&heldLine{open: true}, &heldLine{level: pgpio.Low}, &heldLine{open: true}, &heldLine{open: true}, &heldLine{level: pgpio.Low}},
			func() { released = true }, nil
	}
	probeDeps.settle = 0
	numbers := []int{17, 27, 22, 23, 24}
	probeDeps.lines = func(w *wiring.Wiring) (gpio.Lines, []int, error) {
		if !released {
			t.Error("the line set was requested before the single lines were released")
		}
		return gpiotest.New(numbers, 0b11111, nil), numbers, nil
	}
	var out, errb bytes.Buffer
	var code int
	synctest.Test(t, func(t *testing.T) {
		code = probe(context.Background(), []string{"--config", path, "--for", "100ms"}, &out, &errb)
	})
	if code != 1 {
		t.Errorf("exit %d, want 1 (a button held); stderr %q", code, errb.String())
	}
	o := out.String()
	for _, want := range []string{
		"I2C bus 1 at 100 kHz: a full OLED frame takes about 95 ms; set dtparam=i2c_arm=on,i2c_arm_baudrate=400000",
		"A-white  GPIO17   open, held by the Pi's pull-up: ok",
		"A-black  GPIO27   FAULT: held low (active) under both pulls: the button is pressed or stuck, or the line is wired to ground",
		"pause    GPIO24   held low: the switch is on (paused)",
		"1 line(s) wired wrong",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("output lacks %q:\n%s", want, o)
		}
	}

	// At 400 kHz the bus is ok, and open lines pass: exit 0.
	os.WriteFile(filepath.Join(sys, "i2c-1", "of_node", "clock-frequency"), []byte{0, 6, 0x1a, 0x80}, 0o644) // 400 000
	probeDeps.bias = func(w *wiring.Wiring) ([]gpio.BiasLine, func(), error) {
		ls := make([]gpio.BiasLine, 5)
		for i := range ls {
			ls[i] = &heldLine{open: true}
		}
		return ls, func() { released = true }, nil
	}
	out.Reset()
	synctest.Test(t, func(t *testing.T) {
		code = probe(context.Background(), []string{"--config", path, "--for", "100ms"}, &out, &errb)
	})
	if code != 0 || !strings.Contains(out.String(), "I2C bus 1 at 400 kHz: ok") || strings.Contains(out.String(), "FAULT") {
		t.Errorf("exit %d:\n%s", code, out.String())
	}
}

func TestI2CBusNumber(t *testing.T) {
	for bus, want := range map[string]int{"/dev/i2c-1": 1, "1": 1, "I2C3": 3, "/dev/i2c-20": 20} {
		if n, ok := i2cBusNumber(bus); !ok || n != want {
			t.Errorf("%q: %d %v", bus, n, ok)
		}
	}
	for _, bus := range []string{"", "i2c", "/dev/i2c-x", "-1"} {
		if _, ok := i2cBusNumber(bus); ok {
			t.Errorf("%q read as a bus number", bus)
		}
	}
}

// checkedDisplay is a display that can say whether it is there (a
// TM1637's acknowledge).
type checkedDisplay struct {
	probeDisplay
	err error
}

func (c *checkedDisplay) Check() error { return c.err }

// A TM1637 that does not acknowledge is missing (exit 1) and is not
// written to; one that does shows its name.
func TestProbe_TM1637Acknowledge(t *testing.T) {
	path := writeConfigFile(t, "hw.toml", `
mode = "hardware"
[display.devices.a-white]
kind = "tm1637"
seat = "A-white"
clk = "GPIO5"
dio = "GPIO6"
[display.devices.a-black]
kind = "tm1637"
seat = "A-black"
clk = "GPIO12"
dio = "GPIO13"
`)
	old := probeDeps
	defer func() { probeDeps = old }()
	shown := map[string]*checkedDisplay{}
	probeDeps.display = func(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error) {
		d := &checkedDisplay{probeDisplay: probeDisplay{name: dev.Name}}
		if dev.Name == "a-black" {
			d.err = errors.New("sevenseg: a-black (tm1637 clk=GPIO12 dio=GPIO13): no acknowledge on DIO")
		}
		shown[dev.Name] = d
		return d, func() error { return nil }, nil
	}
	probeDeps.bias = func(w *wiring.Wiring) ([]gpio.BiasLine, func(), error) {
		return nil, nil, gpio.ErrNoDevice
	}
	numbers := []int{17, 27, 22, 23, 24}
	probeDeps.lines = func(w *wiring.Wiring) (gpio.Lines, []int, error) {
		return gpiotest.New(numbers, 0b11111, nil), numbers, nil
	}
	var out, errb bytes.Buffer
	var code int
	synctest.Test(t, func(t *testing.T) {
		code = probe(context.Background(), []string{"--config", path, "--for", "100ms"}, &out, &errb)
	})
	o := out.String()
	if code != 1 || !strings.Contains(o, "a-white    fake a-white  shows its name: check it does (it acknowledged)") ||
		!strings.Contains(o, "a-black    tm1637  MISSING: sevenseg: a-black (tm1637 clk=GPIO12 dio=GPIO13): no acknowledge on DIO") {
		t.Fatalf("exit %d:\n%s", code, o)
	}
	if shown["a-black"].msg != "" || shown["a-white"].msg != "a-white" {
		t.Errorf("messages: a-white %q, a-black %q", shown["a-white"].msg, shown["a-black"].msg)
	}
}
