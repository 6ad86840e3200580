package daemon

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/wiring"
)

// Without the GPIO device, Start fails before it touches the record's
// directory or the console's port: the first thing the installer reads is
// the missing device.
func TestStart_NoGPIO_BeforeRecordAndConsole(t *testing.T) {
	fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) {
		return nil, fmt.Errorf("gpio: %w: nothing matches %s", gpio.ErrNoDevice, gpio.DevicePattern)
	})
	file := filepath.Join(t.TempDir(), "tandem.db")
	cfg := hwConfig(t, fmt.Sprintf("mode = \"hardware\"\n[journal]\nfile = %q\n[console]\nenabled = false\n", file))
	var out strings.Builder
	d, err := Start(context.Background(), cfg, &Opts{Out: &out})
	if err == nil {
		d.Close()
		t.Fatal("Start succeeded without a GPIO device")
	}
	if !errors.Is(err, ErrNoGPIO) {
		t.Fatalf("err = %v, want ErrNoGPIO", err)
	}
	if _, serr := os.Stat(file); !errors.Is(serr, os.ErrNotExist) {
		t.Errorf("the record %s was opened before the GPIO check (stat: %v)", file, serr)
	}
	if out.Len() != 0 {
		t.Errorf("Start printed before failing: %q", out.String())
	}
}

// When the line set fails while the table runs, the daemon fails (so its
// service manager restarts it) instead of going on with dead buttons.
func TestStart_ButtonsFail_DaemonFails(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		numbers := []int{17, 27, 22, 23, 24}
		var lines *gpiotest.Lines
		fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) {
			lines = gpiotest.New(numbers, 0b11111, nil)
			lines.WaitErr = errors.New("line set read: input/output error")
			return gpio.NewReader(lines, w, numbers, nil)
		})
		cfg := hwConfig(t, "mode = \"hardware\"\n[journal]\nfile = \"\"\n[console]\nenabled = false\n")
		d, err := Start(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		<-d.Failed()
		if err := d.Err(); err == nil || !strings.Contains(err.Error(), "the buttons stopped") || !strings.Contains(err.Error(), "input/output error") {
			t.Errorf("Err() = %v, want the buttons' error", err)
		}
	})
}
