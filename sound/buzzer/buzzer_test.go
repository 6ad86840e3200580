package buzzer

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"

	"tandem/sound"
	"tandem/table"
)

const ms = time.Millisecond

// line is periph's fake pin, recording every level written with the
// instant (virtual, under synctest) from the test's start.
type line struct {
	gpiotest.Pin
	start time.Time
	mu    sync.Mutex
	got   []edge
	fail  error
}

type edge struct {
	at    time.Duration
	level gpio.Level
}

func newLine() *line { return &line{Pin: gpiotest.Pin{N: "GPIO18", Num: 18}, start: time.Now()} }

func (l *line) Out(v gpio.Level) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fail != nil {
		return l.fail
	}
	l.got = append(l.got, edge{time.Since(l.start), v})
	return l.Pin.Out(v)
}

func (l *line) edges() []edge {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]edge(nil), l.got...)
}

// An active buzzer's patterns are the line high for each beep and low
// between, to the nanosecond: the flag's three long beeps.
func TestPlayer_ActiveFlag(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newLine()
		p, err := New(l, nil)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
		if !p.Enqueue(sound.Flag) {
			t.Fatal("flag not queued")
		}
		time.Sleep(5 * time.Second)
		synctest.Wait()
		if err := p.Halt(); err != nil {
			t.Fatal(err)
		}
		s := time.Second
		want := []edge{{0, gpio.Low},
			{s, gpio.High}, {s + 300*ms, gpio.Low},
			{s + 450*ms, gpio.High}, {s + 750*ms, gpio.Low},
			{s + 900*ms, gpio.High}, {s + 1200*ms, gpio.Low},
			{6 * s, gpio.Low}, // Halt leaves it low
		}
		equal(t, l.edges(), want)
	})
}

// A passive piezo is a square wave: at 2 kHz the line toggles every
// 250 µs exactly, high first, for the beep's length, and ends low.
func TestPlayer_PassiveSquareWave(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newLine()
		p, err := New(l, &Opts{Kind: sound.Passive, Frequency: 2000, Events: []sound.Event{sound.Press}})
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * ms)
		p.Enqueue(sound.Press) // 15 ms: 60 half periods
		time.Sleep(time.Second)
		synctest.Wait()
		p.Halt()
		got := l.edges()
		got = got[1 : len(got)-1] // New's low and Halt's
		if len(got) != 61 {
			t.Fatalf("%d writes, want 60 toggles and the final low: %v", len(got), got)
		}
		for k, e := range got[:60] {
			at := 100*ms + time.Duration(k)*250*time.Microsecond
			lv := gpio.Level(k%2 == 0)
			if e.at != at || e.level != lv {
				t.Fatalf("toggle %d: %v %v, want %v %v", k, e.at, e.level, at, lv)
			}
		}
		if e := got[60]; e.at != 115*ms || e.level != gpio.Low {
			t.Errorf("end: %+v", e)
		}
	})
}

// Patterns play one after the other; what does not fit the queue is
// dropped, never waited for; disabled events do not play.
func TestPlayer_QueueAndEvents(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newLine()
		p, err := New(l, &Opts{Queue: 1})
		if err != nil {
			t.Fatal(err)
		}
		if p.Enqueue(sound.Press) {
			t.Error("the click plays without being enabled")
		}
		p.Enqueue(sound.Start) // taken by the player at once
		synctest.Wait()
		p.Enqueue(sound.Pause) // waits
		if p.Enqueue(sound.Claim) {
			t.Error("a full queue took another event")
		}
		time.Sleep(2 * time.Second)
		synctest.Wait()
		p.Halt()
		want := []edge{{0, gpio.Low}, {0, gpio.High}, {400 * ms, gpio.Low}, {400 * ms, gpio.High}, {550 * ms, gpio.Low}, {2 * time.Second, gpio.Low}}
		equal(t, l.edges(), want)
	})
}

// A line that fails stops the player; Halt says why.
func TestPlayer_LineError(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newLine()
		p, _ := New(l, nil)
		l.mu.Lock()
		l.fail = errors.New("gpio: line gone")
		l.mu.Unlock()
		p.Enqueue(sound.Start)
		synctest.Wait()
		if err := p.Halt(); err == nil || err.Error() != "gpio: line gone" {
			t.Errorf("Halt: %v", err)
		}
	})
}

func TestPlayer_RunStopsWithTheSnapshots(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, _ := New(newLine(), nil)
		ch := make(chan struct{})
		snaps := make(chan table.Snapshot)
		go func() { p.Run(context.Background(), snaps); close(ch) }()
		close(snaps)
		<-ch
		p.Halt()
	})
}

func equal(t *testing.T, got, want []edge) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("edge %d: %v %v, want %v %v", i, got[i].at, got[i].level, want[i].at, want[i].level)
		}
	}
}
