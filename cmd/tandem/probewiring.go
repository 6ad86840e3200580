package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"tandem/config"
	"tandem/gpio"
	"tandem/wiring"
)

// This file holds the wiring checks tandem probe makes before it shows
// the edges live, the ones userspace can make (docs/hardware.md, "First
// run"): each button line read with the Pi's pull-up and its pull-down
// (gpio.CheckPulls), and each I2C bus's clock from the device tree. What
// it cannot see: the voltage on SDA and SCL (their pins belong to the I2C
// controller; requesting them as GPIO would take them from it), and a
// TM1637 (it answers nothing periph reads).

// probePulls prints the pull check of w's inputs and returns how many
// are faults. A machine without GPIO prints nothing here: the line set
// below reports it.
func probePulls(w *wiring.Wiring, stdout io.Writer) int {
	lines, release, err := probeDeps.bias(w)
	if errors.Is(err, gpio.ErrNoDevice) {
		return 0
	}
	fmt.Fprintf(stdout, "\nWiring: each line read with the Pi's pull-up, then its pull-down:\n")
	if err != nil {
		fmt.Fprintf(stdout, "  not checked: %v\n", err)
		return 0
	}
	checks, err := gpio.CheckPulls(w, lines, probeDeps.settle)
	release()
	faults := 0
	for _, c := range checks {
		mark := ""
		if c.Fault {
			faults++
			mark = "FAULT: "
		}
		fmt.Fprintf(stdout, "  %-8s %-8s %s%s\n", wiring.InputName(c.Input), c.Line, mark, c.Text)
	}
	if err != nil {
		fmt.Fprintf(stdout, "  %v\n", err)
	}
	return faults
}

// sysI2C is where Linux lists the I2C buses (tests point it elsewhere).
var sysI2C = "/sys/bus/i2c/devices"

// i2cBusNumber returns N of a configured bus "/dev/i2c-N", "N" or "I2CN";
// false for the default ("": periph's first bus) or another name.
func i2cBusNumber(bus string) (int, bool) {
	s := strings.TrimPrefix(strings.TrimPrefix(bus, "/dev/i2c-"), "I2C")
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}

// i2cClock returns bus N's clock in Hz from its device-tree node
// (dtparam=i2c_arm_baudrate sets it on a Pi): a big-endian 32-bit cell.
func i2cClock(n int) (uint32, error) {
	b, err := os.ReadFile(filepath.Join(sysI2C, "i2c-"+strconv.Itoa(n), "of_node", "clock-frequency"))
	if err != nil {
		return 0, err
	}
	if len(b) != 4 {
		return 0, fmt.Errorf("clock-frequency holds %d bytes, not one 32-bit cell", len(b))
	}
	return binary.BigEndian.Uint32(b), nil
}

// probeI2CClocks prints the clock of each I2C bus an SSD1306 is on: a
// full frame takes 98 ms at the default 100 kHz, 24 ms at 400 kHz
// (docs/hardware.md, "I2C at 400 kHz"). Slow is a warning, not a fault:
// the display works, a result screen shows later.
func probeI2CClocks(c *config.Config, stdout io.Writer) {
	seen := map[int]bool{}
	for _, d := range c.Display.Devices {
		n, ok := i2cBusNumber(d.Bus)
		if d.Kind != config.SSD1306 || !ok || seen[n] {
			continue
		}
		seen[n] = true
		hz, err := i2cClock(n)
		switch {
		case err != nil:
			continue // no device tree (not a Pi) or no such bus: the display line says
		case hz < 400000:
			fmt.Fprintf(stdout, "  I2C bus %d at %d kHz: a full OLED frame takes about %d ms; set dtparam=i2c_arm=on,i2c_arm_baudrate=400000 in /boot/firmware/config.txt and reboot\n",
				n, hz/1000, 1064*9*1000/int(hz))
		default:
			fmt.Fprintf(stdout, "  I2C bus %d at %d kHz: ok\n", n, hz/1000)
		}
	}
}
