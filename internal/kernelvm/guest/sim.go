// Package guest is what runs inside the kernel test VM (internal/kernelvm):
// the GPIO suites against a simulated chip of the real kernel (gpio-sim,
// driven through its sysfs pull files as buttons would drive a line; the
// buzzer's output line read back from the kernel's gpio_value trace), the
// first boot of a power-cut trial (a scripted match on the ext4 disk, cut
// by the host at a random instant) and the second (the restart, the
// recovery and verify-record).
//
// It reports on the serial console, one line each: "PASS name detail",
// "FAIL name: why", "FIGURE name value" (measurements for the docs), and
// the power-cut lines the host reads (see Match and Check).
package guest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// configfs is where gpio-sim's configuration lives.
const configfs = "/sys/kernel/config/gpio-sim"

// Chip is a simulated GPIO chip made through configfs.
type Chip struct {
	// Name is the character device's name ("gpiochip0"), Label its label.
	Name, Label string
	dev         string // the platform device ("gpio-sim.0")
	pulls       map[int]*os.File
}

// MakeChip makes a chip of n lines labelled label, the lines of names
// named (offset: name), and brings it up.
func MakeChip(id, label string, n int, names map[int]string) (*Chip, error) {
	dir := filepath.Join(configfs, id)
	bank := filepath.Join(dir, "bank0")
	write := func(p, v string) error {
		if err := os.WriteFile(p, []byte(v), 0o644); err != nil {
			return fmt.Errorf("gpio-sim: %w", err)
		}
		return nil
	}
	if err := os.MkdirAll(bank, 0o755); err != nil {
		return nil, fmt.Errorf("gpio-sim (is gpiosim.ko loaded, configfs mounted?): %w", err)
	}
	if err := write(filepath.Join(bank, "num_lines"), strconv.Itoa(n)); err != nil {
		return nil, err
	}
	if label != "" {
		if err := write(filepath.Join(bank, "label"), label); err != nil {
			return nil, err
		}
	}
	for o, name := range names {
		ld := filepath.Join(bank, "line"+strconv.Itoa(o))
		if err := os.MkdirAll(ld, 0o755); err != nil {
			return nil, fmt.Errorf("gpio-sim: %w", err)
		}
		if err := write(filepath.Join(ld, "name"), name); err != nil {
			return nil, err
		}
	}
	if err := write(filepath.Join(dir, "live"), "1"); err != nil {
		return nil, err
	}
	read := func(p string) string { b, _ := os.ReadFile(p); return strings.TrimSpace(string(b)) }
	c := &Chip{Name: read(filepath.Join(bank, "chip_name")), Label: label, dev: read(filepath.Join(dir, "dev_name")), pulls: map[int]*os.File{}}
	if c.Name == "" || c.dev == "" {
		return nil, fmt.Errorf("gpio-sim: chip %s came up without a name", id)
	}
	return c, nil
}

// lineDir is line offset's sysfs directory.
func (c *Chip) lineDir(offset int) string {
	return fmt.Sprintf("/sys/devices/platform/%s/%s/sim_gpio%d", c.dev, c.Name, offset)
}

// Drive sets line offset's level from the outside, as a button or a
// pull resistor on the board would: high or low. It returns the kernel's
// CLOCK_MONOTONIC just before and just after the write: an edge it makes
// is stamped between the two.
func (c *Chip) Drive(offset int, high bool, now func() int64) (before, after int64, err error) {
	f := c.pulls[offset]
	if f == nil {
		if f, err = os.OpenFile(filepath.Join(c.lineDir(offset), "pull"), os.O_WRONLY, 0); err != nil {
			return 0, 0, fmt.Errorf("gpio-sim: %w", err)
		}
		c.pulls[offset] = f
	}
	v := []byte("pull-down")
	if high {
		v = []byte("pull-up")
	}
	before = now()
	_, err = f.WriteAt(v, 0)
	after = now()
	return before, after, err
}

// Pull returns what line offset's pull file says ("pull-up", "pull-down"):
// the level the simulator holds the line at when nothing drives it.
func (c *Chip) Pull(offset int) string {
	b, _ := os.ReadFile(filepath.Join(c.lineDir(offset), "pull"))
	return strings.TrimSpace(string(b))
}

// urgently runs f on a thread of real-time priority 1 (SCHED_FIFO): above
// every ordinary thread, so the program under test does not run until f
// returns (its edges wait in the kernel's buffer), and below the kernel's
// interrupt threads (priority 50), so each edge is still taken as it is
// made. It writes a storm as fast as the machine can. Without the right
// to (not root), f runs as it is.
func urgently(f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	rt := unix.SchedAttr{Policy: unix.SCHED_FIFO, Priority: 1}
	if err := unix.SchedSetAttr(0, &rt, 0); err == nil {
		defer unix.SchedSetAttr(0, &unix.SchedAttr{Policy: 0}, 0) // SCHED_OTHER
	}
	f()
}
