package daemon

import (
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	pgpio "periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// buzzerLine records the buzzer's line: each change of level, at its
// instant from the test's start.
type buzzerLine struct {
	gpiotest.Pin
	mu      sync.Mutex
	start   time.Time
	level   pgpio.Level
	changes []time.Duration // the line's rises and falls, alternately
}

func (b *buzzerLine) Out(l pgpio.Level) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if l != b.level {
		b.level = l
		b.changes = append(b.changes, time.Since(b.start))
	}
	return nil
}

// The wired table with [sound]: the buzzer beeps the start's pattern
// from the switch's edge instant (400 ms) and the pause's (150 ms), to
// the nanosecond in virtual time, from the table's snapshots.
func TestSound_BeepsTheStartAndThePause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var e edges
		e.down(1*sec, lPause)
		e.up(2*sec, lPause)   // off: the start
		e.down(5*sec, lPause) // on: the pause
		menuHardware(t, e)    // the fake lines of the switch, the fake displays
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
		ms := time.Millisecond
		want := []time.Duration{2 * sec, 2*sec + 400*ms, 5 * sec, 5*sec + 150*ms}
		if !slices.Equal(line.changes, want) {
			t.Errorf("the line changed at %v, want the start (2 s to 2.4 s) and the pause (5 s to 5.15 s): %v", line.changes, want)
		}
	})
}
