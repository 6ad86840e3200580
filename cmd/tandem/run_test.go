package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"tandem/gpio"
	"tandem/wiring"
)

// tandem run in hardware mode on a machine without the GPIO character
// device exits 1 at once, naming the device and the simulated table.
func TestRun_HardwareWithoutGPIO_ExitsAtOnce(t *testing.T) {
	if devs, _ := filepath.Glob(gpio.DevicePattern); len(devs) > 0 {
		t.Skipf("this machine has %v", devs)
	}
	w := wiring.DefaultWiring()
	if _, _, err := gpio.OpenLines(&w); !errors.Is(err, gpio.ErrNoDevice) {
		t.Skipf("gpio.OpenLines = %v", err)
	}
	path := writeConfigFile(t, "hw.toml", "mode = \"hardware\"\n[console]\nenabled = false\n[journal]\nfile = \"\"\n")
	code, _, errs := runForCheckConfig("run", "--config", path)
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, errs)
	}
	for _, want := range []string{"/dev/gpiochip*", "`tandem`", `mode = "simulated"`, "hw.toml"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}
