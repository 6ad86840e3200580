//go:build linux

package gpio

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"tandem/wiring"

	"periph.io/x/conn/v3/driver/driverreg"
	pgpio "periph.io/x/conn/v3/gpio"
	"periph.io/x/host/v3/gpioioctl"
)

var _ Lines = (*gpioioctl.LineSet)(nil)

// DevicePattern is where the GPIO character devices are.
const DevicePattern = "/dev/gpiochip*"

// devicePattern is DevicePattern; tests point it elsewhere.
var devicePattern = DevicePattern

var (
	initOnce sync.Once
	initErr  error
	//lint:ignore U1000 never read: kept reachable so that its finalizer never closes fd 0 again
	stdinGuard *os.File // /dev/null on fd 0 when periph closed it
)

// InitPeriph loads periph's registered drivers (driverreg.Init) once,
// guarding file descriptor 0 from gpioioctl (below). Call it rather than
// driverreg.Init or host.Init when a program uses package gpio, before it
// opens an I2C bus (periph's drivers are all loaded at once). Later calls
// return the first call's error.
func InitPeriph() error { return initPeriph() }

func initPeriph() error {
	initOnce.Do(func() {
		// Guard fd 0: gpioioctl's GPIOChip.Close (host v3.8.5) zeroes its
		// fd before closing it, so closing the duplicate chip Raspberry Pi
		// OS lists twice closes standard input; the next file opened (our
		// line set) would then get fd 0, which LineSet.Close takes for
		// "already closed". Hold fd 0 with /dev/null if that happened.
		before := fdOpen(0)
		_, initErr = driverreg.Init()
		if before && !fdOpen(0) {
			if f, err := os.Open(os.DevNull); err == nil {
				if f.Fd() == 0 {
					stdinGuard = f // kept: its finalizer would close fd 0 again
				} else {
					f.Close() // fd 0 was taken meanwhile; nothing to restore
				}
			}
		}
	})
	return initErr
}

// fdOpen reports whether file descriptor fd is open.
func fdOpen(fd int) bool {
	_, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFD, 0)
	return errno == 0
}

// Chips returns the GPIO chips periph found, in its order (the 40-pin
// header's pinctrl chip first). The error wraps ErrNoDevice when there is
// no GPIO character device.
func Chips() ([]*gpioioctl.GPIOChip, error) {
	devs, _ := filepath.Glob(devicePattern)
	if len(devs) == 0 {
		return nil, fmt.Errorf("gpio: %w: nothing matches %s", ErrNoDevice, devicePattern)
	}
	if err := initPeriph(); err != nil {
		return nil, fmt.Errorf("gpio: loading periph's gpioioctl driver: %w", err)
	}
	if len(gpioioctl.Chips) == 0 {
		return nil, fmt.Errorf("gpio: %w: %s exist(s) but none could be opened (permissions? the user needs the gpio group)", ErrNoDevice, strings.Join(devs, ", "))
	}
	return gpioioctl.Chips, nil
}

// OpenLines requests w's five inputs as one line set: input (both edges),
// each with its pull. It returns the set and the chip line number of each
// input (Wiring.Inputs order). Errors name the chip and line: a missing
// device (wrapping ErrNoDevice), an unknown chip or line, a line that is
// busy (another program holds it).
func OpenLines(w *wiring.Wiring) (Lines, []int, error) {
	if err := w.Validate(); err != nil {
		return nil, nil, err
	}
	chips, err := Chips()
	if err != nil {
		return nil, nil, err
	}
	chip, err := findChip(chips, w.Chip)
	if err != nil {
		return nil, nil, err
	}
	ins := w.Inputs()
	cfg := &gpioioctl.LineSetConfig{
		DefaultDirection: gpioioctl.LineInput,
		DefaultEdge:      pgpio.BothEdges,
		DefaultPull:      periphPull(ins[0].Pull),
	}
	for i, l := range ins {
		name := l.Name
		if name == "" {
			gl := chip.ByNumber(l.Offset)
			if gl == nil {
				return nil, nil, fmt.Errorf("gpio: %s: %s has no line %d (it has %d)", wiring.InputName(i), chip.Name(), l.Offset, chip.LineCount())
			}
			if name = gl.Name(); name == "" {
				return nil, nil, fmt.Errorf("gpio: %s: line %d of %s has no name, and periph requests lines by name: name it in the device tree or use another line", wiring.InputName(i), l.Offset, chip.Name())
			}
		} else if chip.ByName(name) == nil {
			return nil, nil, fmt.Errorf("gpio: %s: no line named %q on %s (see gpioinfo)", wiring.InputName(i), name, chip.Name())
		}
		cfg.Lines = append(cfg.Lines, name)
	}
	for i, l := range ins {
		if l.Pull != ins[0].Pull {
			if err := cfg.AddOverrides(gpioioctl.LineInput, pgpio.BothEdges, periphPull(l.Pull), cfg.Lines[i]); err != nil {
				return nil, nil, fmt.Errorf("gpio: %s: %w", wiring.InputName(i), err)
			}
		}
	}
	ls, err := chip.LineSetFromConfig(cfg)
	if err != nil {
		if errors.Is(err, syscall.EBUSY) {
			return nil, nil, fmt.Errorf("gpio: %s: lines %s busy: another program holds one (gpioinfo shows it)", chip.Name(), strings.Join(cfg.Lines, ", "))
		}
		return nil, nil, fmt.Errorf("gpio: %s: requesting lines %s: %w", chip.Name(), strings.Join(cfg.Lines, ", "), err)
	}
	// Make the set's edge file now, before any goroutine can call Halt:
	// the first WaitForEdge creates it, and Halt reads it unguarded. An
	// expired timeout reads nothing.
	_, _, _ = ls.WaitForEdge(-1)
	numbers := make([]int, len(ls.Lines()))
	for i, l := range ls.Lines() {
		numbers[i] = l.Number()
	}
	return ls, numbers, nil
}

// Open requests w's lines (OpenLines) and starts a Reader on them.
func Open(w *wiring.Wiring, o *ReaderOpts) (*Reader, error) {
	ls, numbers, err := OpenLines(w)
	if err != nil {
		return nil, err
	}
	r, err := NewReader(ls, w, numbers, o)
	if err != nil {
		ls.Close()
		return nil, err
	}
	return r, nil
}

// OpenPin returns line name of chip (empty: the first chip) for a driver
// that drives it itself, such as a bit-banged TM1637 display. The line is
// requested on its first use; release it with the returned function.
func OpenPin(chip, name string) (pgpio.PinIO, func(), error) {
	chips, err := Chips()
	if err != nil {
		return nil, nil, err
	}
	c, err := findChip(chips, chip)
	if err != nil {
		return nil, nil, err
	}
	l := c.ByName(name)
	if l == nil {
		return nil, nil, fmt.Errorf("gpio: no line named %q on %s (see gpioinfo)", name, c.Name())
	}
	return l, l.Close, nil
}

// findChip returns the chip named or at path name, or the first for "".
func findChip(chips []*gpioioctl.GPIOChip, name string) (*gpioioctl.GPIOChip, error) {
	if name == "" {
		return chips[0], nil
	}
	var names []string
	for _, c := range chips {
		names = append(names, c.Name())
		if c.Name() == name || c.Path() == name || "/dev/"+c.Name() == name {
			return c, nil
		}
	}
	return nil, fmt.Errorf("gpio: chip %q not found; chips: %s", name, strings.Join(names, ", "))
}

// OpenBiasLines returns w's five inputs (Wiring.Inputs order) as single
// lines whose bias CheckPulls may change, and the function that releases
// them (call it before OpenLines requests them as a set). Errors as
// OpenLines'.
func OpenBiasLines(w *wiring.Wiring) ([]BiasLine, func(), error) {
	if err := w.Validate(); err != nil {
		return nil, nil, err
	}
	chips, err := Chips()
	if err != nil {
		return nil, nil, err
	}
	chip, err := findChip(chips, w.Chip)
	if err != nil {
		return nil, nil, err
	}
	var lines []BiasLine
	var got []*gpioioctl.GPIOLine
	release := func() {
		for _, l := range got {
			l.Close()
		}
	}
	for i, in := range w.Inputs() {
		var l *gpioioctl.GPIOLine
		if in.Name != "" {
			l = chip.ByName(in.Name)
		} else {
			l = chip.ByNumber(in.Offset)
		}
		if l == nil {
			release()
			return nil, nil, fmt.Errorf("gpio: %s: no %s on %s (see gpioinfo)", wiring.InputName(i), in, chip.Name())
		}
		got = append(got, l)
		lines = append(lines, l)
	}
	return lines, release, nil
}
