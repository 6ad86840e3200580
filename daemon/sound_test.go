package daemon

import (
	"sync"
	"testing"
	"testing/synctest"
	"time"

	pgpio "periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// buzzerLine records the buzzer's line with the instants.
type buzzerLine struct {
	gpiotest.Pin
	mu    sync.Mutex
	start time.Time
	highs []time.Duration
}

func (b *buzzerLine) Out(l pgpio.Level) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if l == pgpio.High {
		b.highs = append(b.highs, time.Since(b.start))
	}
	return nil
}

// The wired table with [sound]: the buzzer beeps at the start's edge
// instant and at the pause, from the table's snapshots.
func TestSound_BeepsTheStartAndThePause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var e edges
		e.down(1*sec, lPause)
		e.up(2*sec, lPause)   // off: the start
		e.down(5*sec, lPause) // on: the pause
		md, _ := menuHardware(t, e)
		_ = md
		line := &buzzerLine{start: time.Now()}
		hardware.buzzer = func(chip, pin string) (pgpio.PinOut, func(), error) {
			if pin != "GPIO18" {
				t.Errorf("pin %q", pin)
			}
			return line, func() {}, nil
		}
		d, err := hwDaemon(t, hwConfig(t, oneBoard+"[sound]\npin = \"GPIO18\"\n"), (*Daemon).startSound)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(7 * sec)
		synctest.Wait()
		d.Close()
		line.mu.Lock()
		defer line.mu.Unlock()
		if len(line.highs) != 2 || line.highs[0] != 2*sec || line.highs[1] != 5*sec {
			t.Errorf("beeps at %v, want the start (2s) and the pause (5s)", line.highs)
		}
	})
}
