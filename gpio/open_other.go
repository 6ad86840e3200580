//go:build !linux

package gpio

import (
	"fmt"

	pgpio "periph.io/x/conn/v3/gpio"

	"tandem/wiring"
)

// DevicePattern is where the GPIO character devices are on Linux.
const DevicePattern = "/dev/gpiochip*"

// OpenLines fails: the GPIO character device is Linux's.
func OpenLines(w *wiring.Wiring) (Lines, []int, error) {
	return nil, nil, fmt.Errorf("gpio: %w: %s is Linux's", ErrNoDevice, DevicePattern)
}

// Open fails: the GPIO character device is Linux's.
func Open(w *wiring.Wiring, o *ReaderOpts) (*Reader, error) {
	_, _, err := OpenLines(w)
	return nil, err
}

// InitPeriph does nothing: periph's GPIO drivers are Linux's.
func InitPeriph() error { return nil }

// OpenPin fails: the GPIO character device is Linux's.
func OpenPin(chip, name string) (pgpio.PinIO, func(), error) {
	return nil, nil, fmt.Errorf("gpio: %w: %s is Linux's", ErrNoDevice, DevicePattern)
}

// OpenBiasLines fails: the GPIO character device is Linux's.
func OpenBiasLines(w *wiring.Wiring) ([]BiasLine, func(), error) {
	return nil, nil, fmt.Errorf("gpio: %w: %s is Linux's", ErrNoDevice, DevicePattern)
}

// LineInfo is what the kernel says about one requested line (Linux only).
type LineInfo struct {
	Offset   int
	Name     string
	Consumer string
	Bias     string
}

// LinesInfo has no kernel to ask off Linux.
func LinesInfo(ls Lines) ([]LineInfo, bool, error) { return nil, false, nil }
