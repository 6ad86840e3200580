//go:build linux

package gpio

import (
	"errors"
	"path/filepath"
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
