//go:build linux

package gpio

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"tandem/wiring"
	"testing"
)

// Without a GPIO character device Open fails at once, naming the device.
func TestOpen_NoDevice(t *testing.T) {
	old := devicePattern
	devicePattern = filepath.Join(t.TempDir(), "gpiochip*")
	defer func() { devicePattern = old }()
	w := wiring.DefaultWiring()
	_, err := Open(&w, nil)
	if !errors.Is(err, ErrNoDevice) || !strings.Contains(err.Error(), "gpiochip*") {
		t.Errorf("Open = %v, want ErrNoDevice naming gpiochip*", err)
	}
	w.Buttons[1] = w.Buttons[0]
	if _, err := Open(&w, nil); err == nil || !strings.Contains(err.Error(), "A-white and A-black are both GPIO17") {
		t.Errorf("Open with a line used twice = %v", err)
	}
}

// A name not found is reported with the chip's names and the fix that
// works whatever they are: the BCM number as the offset.
func TestLineErrorHelpers(t *testing.T) {
	if got := describeNames([]string{"", "", ""}); got != "its 3 lines have no names" {
		t.Errorf("unnamed: %q", got)
	}
	names := make([]string, 28)
	for i := range names {
		names[i] = "PIN" + strconv.Itoa(i)
	}
	if got := describeNames(names); !strings.Contains(got, "0 PIN0, 1 PIN1") || !strings.Contains(got, "(28 of 28 named)") {
		t.Errorf("named: %q", got)
	}
	if bcmNumber("GPIO17") != "17" || bcmNumber("PIN11") != "the line's offset" {
		t.Errorf("bcmNumber: %q %q", bcmNumber("GPIO17"), bcmNumber("PIN11"))
	}
	if !chipLess("/dev/gpiochip2", "/dev/gpiochip10") || chipLess("/dev/gpiochip10", "/dev/gpiochip2") {
		t.Error("chips not in number order")
	}
}
