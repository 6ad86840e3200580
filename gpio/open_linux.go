//go:build linux

package gpio

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"tandem/wiring"

	"github.com/warthog618/go-gpiocdev"
	"github.com/warthog618/go-gpiocdev/uapi"
	"periph.io/x/conn/v3/driver/driverreg"
	pgpio "periph.io/x/conn/v3/gpio"
	"periph.io/x/host/v3/gpioioctl"
)

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
// header's pinctrl chip first), for the displays driven through GPIO lines
// (OpenPin). The error wraps ErrNoDevice when there is no GPIO character
// device.
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

// OpenLines requests w's five inputs as one line set on the GPIO
// character device (uAPI v2, through go-gpiocdev): inputs, both edges, each with
// its bias (PullNone disables the bias: the board's resistors hold the
// line), the kernel's edge timestamps on CLOCK_MONOTONIC, and the largest
// event buffer the kernel allows. A line is found by name on the chip
// (w.Chip, or else the first chip that has every named line) or taken at
// its offset. It returns the set and each input's line offset
// (Wiring.Inputs order). Errors name the chip and line: a missing device
// (wrapping ErrNoDevice), an unknown chip or line (with the chip's line
// names, and the fix: line offsets), a line that is busy (another program
// holds it).
func OpenLines(w *wiring.Wiring) (Lines, []int, error) {
	if err := w.Validate(); err != nil {
		return nil, nil, err
	}
	chip, offsets, err := findLines(w)
	if err != nil {
		return nil, nil, err
	}
	defer chip.Close()
	ins := w.Inputs()
	flags := make([]uapi.LineFlagV2, len(ins))
	for i, l := range ins {
		flags[i] = uapi.LineFlagV2Input | uapi.LineFlagV2EdgeBoth | bias(l.Pull)
	}
	cl, err := requestLines(chip, offsets, flags, DefaultKernelClock())
	if err != nil {
		names := make([]string, len(ins))
		for i, l := range ins {
			names[i] = l.String()
		}
		if errors.Is(err, syscall.EBUSY) {
			return nil, nil, fmt.Errorf("gpio: %s: lines %s busy: another program holds one (gpioinfo shows it)", chip.Name, strings.Join(names, ", "))
		}
		return nil, nil, fmt.Errorf("gpio: %s: requesting lines %s: %w", chip.Name, strings.Join(names, ", "), err)
	}
	return cl, offsets, nil
}

// eventBuffer is the kernel's event buffer asked for: its maximum (16
// events for each of the 64 lines a request may hold), so that a storm of
// bounces is read in full (the kernel drops the OLDEST event when it is
// full, which would be a press's first edge).
const eventBuffer = 1024

// bias is the kernel's bias flag of p.
func bias(p wiring.Pull) uapi.LineFlagV2 {
	switch p {
	case wiring.PullDown:
		return uapi.LineFlagV2BiasPullDown
	case wiring.PullNone:
		return uapi.LineFlagV2BiasDisabled
	}
	return uapi.LineFlagV2BiasPullUp
}

// findLines opens w's chip and finds each input's line offset: by name
// when it has one, else its Offset. With no chip named, it is the first
// chip (in number order) that has every named line, or the first chip
// when no line is named. The caller closes the chip.
func findLines(w *wiring.Wiring) (*gpiocdev.Chip, []int, error) {
	devs, _ := filepath.Glob(devicePattern)
	if len(devs) == 0 {
		return nil, nil, fmt.Errorf("gpio: %w: nothing matches %s", ErrNoDevice, devicePattern)
	}
	sort.Slice(devs, func(i, j int) bool { return chipLess(devs[i], devs[j]) })
	var chips []*gpiocdev.Chip
	defer func() {
		for _, c := range chips {
			if c != nil {
				c.Close()
			}
		}
	}()
	var failed []string
	for _, d := range devs {
		c, err := gpiocdev.NewChip(d, gpiocdev.WithConsumer("tandem"))
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", d, err))
			continue
		}
		chips = append(chips, c)
	}
	if len(chips) == 0 {
		return nil, nil, fmt.Errorf("gpio: %w: %s exist(s) but none could be opened (permissions? the user needs the gpio group): %s", ErrNoDevice, strings.Join(devs, ", "), strings.Join(failed, "; "))
	}
	ins := w.Inputs()
	take := func(i int) *gpiocdev.Chip { c := chips[i]; chips[i] = nil; return c }
	if w.Chip != "" {
		var names []string
		for i, c := range chips {
			names = append(names, chipTitle(c))
			if c.Name == w.Chip || "/dev/"+c.Name == w.Chip || c.Label == w.Chip {
				offsets, err := lineOffsets(c, ins)
				if err != nil {
					return nil, nil, err
				}
				return take(i), offsets, nil
			}
		}
		return nil, nil, fmt.Errorf("gpio: chip %q not found; chips: %s", w.Chip, strings.Join(names, ", "))
	}
	var first error
	for i, c := range chips {
		offsets, err := lineOffsets(c, ins)
		if err == nil {
			return take(i), offsets, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, nil, first
}

// lineOffsets finds the inputs' lines on c. A name not found is reported
// with the names c's lines do have and the fix that works whatever they
// are: the line's offset (on a Raspberry Pi the BCM number: A-white = 17).
func lineOffsets(c *gpiocdev.Chip, ins []wiring.Line) ([]int, error) {
	offsets := make([]int, len(ins))
	var names []string // c's line names, read once
	for i, l := range ins {
		if l.Name == "" {
			if l.Offset >= c.Lines() {
				return nil, fmt.Errorf("gpio: %s: %s has no line %d (it has %d)", wiring.InputName(i), chipTitle(c), l.Offset, c.Lines())
			}
			offsets[i] = l.Offset
			continue
		}
		if names == nil {
			names = make([]string, c.Lines())
			for o := range names {
				if info, err := c.LineInfo(o); err == nil {
					names[o] = info.Name
				}
			}
		}
		o := slices.Index(names, l.Name)
		if o < 0 {
			return nil, fmt.Errorf("gpio: %s: no line named %q on %s (%s); if the wiring is right, name the lines by offset instead (on a Raspberry Pi the offset is the BCM number: %s = %s), and set [gpio] chip (docs/hardware.md, troubleshooting)",
				wiring.InputName(i), l.Name, chipTitle(c), describeNames(names), wiring.InputName(i), bcmNumber(l.Name))
		}
		offsets[i] = o
	}
	return offsets, nil
}

// chipTitle is "gpiochip0 [pinctrl-rp1]".
func chipTitle(c *gpiocdev.Chip) string { return c.Name + " [" + c.Label + "]" }

// describeNames sums up a chip's line names for an error: the first few,
// or that it has none.
func describeNames(names []string) string {
	var named []string
	for o, n := range names {
		if n != "" {
			named = append(named, fmt.Sprintf("%d %s", o, n))
		}
	}
	switch {
	case len(named) == 0:
		return fmt.Sprintf("its %d lines have no names", len(names))
	case len(named) > 6:
		return fmt.Sprintf("its lines are named %s, ... (%d of %d named)", strings.Join(named[:6], ", "), len(named), len(names))
	}
	return "its lines are named " + strings.Join(named, ", ")
}

// bcmNumber returns the number in a Pi line name ("GPIO17": "17"), or
// "the line's offset".
func bcmNumber(name string) string {
	if n, ok := strings.CutPrefix(name, "GPIO"); ok {
		if _, err := strconv.Atoi(n); err == nil {
			return n
		}
	}
	return "the line's offset"
}

// chipLess orders chip paths by number: gpiochip2 before gpiochip10.
func chipLess(a, b string) bool {
	na, ea := strconv.Atoi(strings.TrimLeftFunc(filepath.Base(a), func(r rune) bool { return r < '0' || r > '9' }))
	nb, eb := strconv.Atoi(strings.TrimLeftFunc(filepath.Base(b), func(r rune) bool { return r < '0' || r > '9' }))
	if ea != nil || eb != nil || na == nb {
		return a < b
	}
	return na < nb
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
