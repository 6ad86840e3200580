package daemon

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/config"
	"tandem/display"
	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/internal/latest"
	"tandem/rules"
	"tandem/table"
	"tandem/wiring"
)

// hwDaemon assembles a daemon with only the loop, the hardware and the
// starts given, so the tests do not depend on the record or the console.
func hwDaemon(t *testing.T, cfg *config.Config, more ...func(*Daemon, context.Context) error) (*Daemon, error) {
	t.Helper()
	tb, err := table.New(&table.Opts{Options: cfg.Rules, NextChange: display.NextChangeFunc(faceOpts(cfg))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	d := &Daemon{Config: cfg, Table: tb, cancel: cancel, info: latest.New(Info{}), failed: make(chan struct{})}
	if err := d.openHardware(); err != nil {
		d.Close()
		return nil, err
	}
	d.Go(func() { tb.Run(ctx) })
	for _, start := range append([]func(*Daemon, context.Context) error{(*Daemon).startHardware}, more...) {
		if err := start(d, ctx); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// fakeDisplay records what it was asked to show.
type fakeDisplay struct {
	name  string
	mu    sync.Mutex
	shown []rules.Snapshot
	notes []string // the note at each Show
	note  string
	halts int
}

func (f *fakeDisplay) SetNote(n string) { f.mu.Lock(); f.note = n; f.mu.Unlock() }

func (f *fakeDisplay) Show(s *rules.Snapshot) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.shown = append(f.shown, *s)
	f.notes = append(f.notes, f.note)
	return nil
}
func (f *fakeDisplay) Message(string) error { return nil }
func (f *fakeDisplay) Halt() error          { f.mu.Lock(); f.halts++; f.mu.Unlock(); return nil }
func (f *fakeDisplay) String() string       { return f.name }
func (f *fakeDisplay) last() rules.Snapshot {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.shown[len(f.shown)-1]
}

// fakeHardware replaces the devices for one test.
func fakeHardware(t *testing.T, inputs func(w *wiring.Wiring) (gpio.Source, error)) (displays *[]*fakeDisplay) {
	old := hardware
	t.Cleanup(func() { hardware = old })
	var ds []*fakeDisplay
	hardware.inputs = inputs
	hardware.display = func(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error) {
		f := &fakeDisplay{name: dev.Name}
		ds = append(ds, f)
		return f, func() error { return nil }, nil
	}
	return &ds
}

func hwConfig(t *testing.T, doc string) *config.Config {
	t.Helper()
	c, err := config.Parse("hw.toml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const twoBoards = `
[display.devices.board-a]
kind = "ssd1306"
board = "A"
[display.devices.board-b]
kind = "ssd1306"
board = "B"
address = 0x3D
`

// On a machine without /dev/gpiochip* a hardware table fails at once,
// naming the device and the simulated table.
func TestStartHardware_NoGPIODevice(t *testing.T) {
	fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) {
		return nil, fmt.Errorf("gpio: %w: nothing matches %s", gpio.ErrNoDevice, gpio.DevicePattern)
	})
	_, err := hwDaemon(t, hwConfig(t, "mode = \"hardware\"\n"))
	if !errors.Is(err, ErrNoGPIO) {
		t.Fatalf("err = %v, want ErrNoGPIO", err)
	}
	for _, want := range []string{"/dev/gpiochip*", "in hw.toml", "`tandem`", `mode = "simulated"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

// The real gpio.Open, where this machine has no GPIO chip: the same.
func TestStartHardware_NoGPIODevice_Real(t *testing.T) {
	w := wiring.DefaultWiring()
	if _, _, err := gpio.OpenLines(&w); !errors.Is(err, gpio.ErrNoDevice) {
		t.Skipf("this machine has GPIO chips (%v): the fake test covers the message", err)
	}
	_, err := hwDaemon(t, hwConfig(t, "mode = \"hardware\"\n"))
	if !errors.Is(err, ErrNoGPIO) || !strings.Contains(err.Error(), "/dev/gpiochip*") {
		t.Fatalf("err = %v", err)
	}
}

// A simulated table with displays in its configuration opens neither the
// buttons nor the displays.
func TestStartHardware_SimulatedOpensNothing(t *testing.T) {
	opened := false
	ds := fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) { opened = true; return nil, errors.New("opened") })
	d, err := hwDaemon(t, hwConfig(t, "mode = \"simulated\"\n"+twoBoards))
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	if opened || len(*ds) != 0 {
		t.Errorf("simulated table opened the buttons (%v) or %d displays", opened, len(*ds))
	}
}

// The wired table end to end on the fakes, in virtual time: the pause
// switch starts the match, a button press is posted at its edge instant,
// both displays show the latest snapshot, and Close halts the displays and
// releases the lines with no goroutine left.
func TestStartHardware_ButtonsToDisplays(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		numbers := []int{17, 27, 22, 23, 24}
		var lines *gpiotest.Lines
		ds := fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) {
			lines = gpiotest.New(numbers, 0b11111, []gpiotest.Edge{
				{After: 1 * time.Second, Number: 24},               // pause switch on
				{After: 2 * time.Second, Number: 24, Rising: true}, // off: the match starts
				{After: 3 * time.Second, Number: 17},               // A-white presses
				{After: 3*time.Second + 2*time.Millisecond, Number: 17, Rising: true},
				{After: 3*time.Second + 4*time.Millisecond, Number: 17}, // a bounce
			})
			return gpio.NewReader(lines, w, numbers, nil)
		})
		d, err := hwDaemon(t, hwConfig(t, "mode = \"hardware\"\n"+twoBoards))
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Second)
		synctest.Wait()
		s := d.Table.Snapshot()
		if !s.Started || s.StartedAt != 2*time.Second {
			t.Errorf("started %v at %v, want at 2s (the switch turned off)", s.Started, s.StartedAt)
		}
		if c := s.Clocks[bughouse.AWhite]; c.Moves != 1 || c.Remaining != 5*time.Minute-time.Second {
			t.Errorf("A-white: %d moves, %v left; want 1 move at the 3 s edge (4m59s)", c.Moves, c.Remaining)
		}
		if len(*ds) != 2 {
			t.Fatalf("%d displays opened", len(*ds))
		}
		for _, f := range *ds {
			if got := f.last(); got.Seq != s.Seq || got.Clocks[bughouse.ABlack].Running != true {
				t.Errorf("%s shows seq %d, want the latest (%d) with A-black running", f.name, got.Seq, s.Seq)
			}
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		for _, f := range *ds {
			if f.halts != 1 {
				t.Errorf("%s halted %d times", f.name, f.halts)
			}
		}
		if lines.Halts() == 0 || lines.Closes() != 1 {
			t.Errorf("lines halted %d, closed %d times", lines.Halts(), lines.Closes())
		}
	})
}

// A momentary pause button pauses a running match and resumes a paused
// one.
func TestStartHardware_MomentaryPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		numbers := []int{17, 27, 22, 23, 24}
		fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) {
			lines := gpiotest.New(numbers, 0b11111, []gpiotest.Edge{
				{After: 1 * time.Second, Number: 24}, {After: 1100 * time.Millisecond, Number: 24, Rising: true}, // start
				{After: 2 * time.Second, Number: 24}, {After: 2100 * time.Millisecond, Number: 24, Rising: true}, // pause
			})
			return gpio.NewReader(lines, w, numbers, nil)
		})
		d, err := hwDaemon(t, hwConfig(t, "mode = \"hardware\"\n[gpio]\npause_mode = \"momentary\"\n"))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		time.Sleep(3 * time.Second)
		synctest.Wait()
		s := d.Table.Snapshot()
		if s.Status != rules.Paused || !s.Started || s.Clocks[bughouse.AWhite].Remaining != 5*time.Minute-time.Second {
			t.Errorf("status %v, A-white %v; want paused after 1 s of play", s.Status, s.Clocks[bughouse.AWhite].Remaining)
		}
	})
}

// A display that fails to open fails the start, naming it; what was
// opened before is closed.
func TestStartHardware_DisplayFails(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var lines *gpiotest.Lines
		fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) {
			lines = gpiotest.New([]int{17, 27, 22, 23, 24}, 0b11111, nil)
			return gpio.NewReader(lines, w, []int{17, 27, 22, 23, 24}, nil)
		})
		hardware.display = func(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error) {
			return nil, nil, errors.New("nothing answers at 0x3c")
		}
		_, err := hwDaemon(t, hwConfig(t, "mode = \"hardware\"\n"+twoBoards))
		if err == nil || !strings.Contains(err.Error(), `display "board-a": nothing answers at 0x3c`) {
			t.Fatalf("err = %v", err)
		}
		if lines.Closes() != 1 {
			t.Errorf("lines closed %d times", lines.Closes())
		}
	})
}

// BenchmarkEdgeToSnapshot measures an edge on the fake line set to the
// snapshot it causes coming out of the loop, in real time: the Reader,
// the pump, the loop and the publish. Reported: p50 and p99 in µs (goal
// p99 <= 100 µs).
func BenchmarkEdgeToSnapshot(b *testing.B) {
	numbers := []int{17, 27, 22, 23, 24}
	var lines *gpiotest.Lines
	old := hardware
	defer func() { hardware = old }()
	hardware.inputs = func(w *wiring.Wiring) (gpio.Source, error) {
		lines = gpiotest.New(numbers, 0b11111, nil)
		return gpio.NewReader(lines, w, numbers, nil)
	}
	cfg, err := config.Parse("bench.toml", []byte("mode = \"hardware\"\n[time]\ncontrol = \"90m\"\n[gpio]\nlockout = \"0.000001s\"\n"))
	if err != nil {
		b.Fatal(err)
	}
	tb, err := table.New(&table.Opts{Options: cfg.Rules})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	d := &Daemon{Config: cfg, Table: tb, cancel: cancel, info: latest.New(Info{}), failed: make(chan struct{})}
	if err := d.openHardware(); err != nil {
		b.Fatal(err)
	}
	d.Go(func() { tb.Run(ctx) })
	if err := d.startHardware(ctx); err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	if _, err := tb.Do(ctx, rules.Event{Kind: rules.Start}, time.Now()); err != nil {
		b.Fatal(err)
	}
	snaps, stop := tb.Subscribe()
	defer stop()
	<-snaps
	seats := []int{17, 27} // A-white, then A-black: each press switches the clock
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := tb.Snapshot().Seq
		t0 := time.Now()
		lines.Inject(seats[i%2], false)
		for s := range snaps {
			if s.Seq > before {
				break
			}
		}
		lat = append(lat, time.Since(t0))
		lines.Inject(seats[i%2], true) // the release
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1e3, "p99-µs")
}

// A PIN generated at this start is the displays' note until the match
// starts: set when Info changes, gone at the start.
func TestStartHardware_PINOnDisplaysBeforeStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		numbers := []int{17, 27, 22, 23, 24}
		ds := fakeHardware(t, func(w *wiring.Wiring) (gpio.Source, error) {
			lines := gpiotest.New(numbers, 0b11111, []gpiotest.Edge{
				{After: 2 * time.Second, Number: 24}, {After: 3 * time.Second, Number: 24, Rising: true}, // start
			})
			return gpio.NewReader(lines, w, numbers, nil)
		})
		d, err := hwDaemon(t, hwConfig(t, "mode = \"hardware\"\n"+twoBoards))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		synctest.Wait()
		d.setInfo(func(in *Info) { in.PIN = "4821" }) // as the console does once it listens
		time.Sleep(time.Second)
		synctest.Wait()
		f := (*ds)[0]
		f.mu.Lock()
		if got := f.notes[len(f.notes)-1]; got != "PIN 4821" {
			t.Errorf("before the start the note is %q, want PIN 4821", got)
		}
		f.mu.Unlock()
		time.Sleep(3 * time.Second)
		synctest.Wait()
		f.mu.Lock()
		defer f.mu.Unlock()
		if got, s := f.notes[len(f.notes)-1], f.shown[len(f.shown)-1]; got != "" || !s.Started {
			t.Errorf("after the start: note %q, started %v; want no note", got, s.Started)
		}
	})
}

// The real OpenDisplay on a machine without I2C or GPIO says which is
// missing.
func TestOpenDisplay_NoBus(t *testing.T) {
	if buses, _ := filepath.Glob(i2cPattern); len(buses) > 0 {
		t.Skipf("this machine has %v", buses)
	}
	c := hwConfig(t, twoBoards+"[display.devices.b-black]\nkind = \"tm1637\"\nseat = \"B-black\"\nclk = \"GPIO5\"\ndio = \"GPIO6\"\n")
	if _, _, err := OpenDisplay(c, c.Display.Devices[1]); err == nil || !strings.Contains(err.Error(), "no I2C bus: nothing matches /dev/i2c-*") {
		t.Errorf("ssd1306: %v", err)
	}
	w := wiring.DefaultWiring()
	if _, _, err := gpio.OpenLines(&w); errors.Is(err, gpio.ErrNoDevice) {
		if _, _, err := OpenDisplay(c, c.Display.Devices[2]); !errors.Is(err, gpio.ErrNoDevice) {
			t.Errorf("tm1637: %v", err)
		}
	}
}

func TestDisplayNote(t *testing.T) {
	at := time.Date(2026, 11, 29, 14, 3, 0, 0, time.Local)
	snap := func(st rules.Status, more ...func(*table.Snapshot)) *table.Snapshot {
		s := &table.Snapshot{Snapshot: rules.Snapshot{Status: st, Started: st != rules.Ready}}
		for _, f := range more {
			f(s)
		}
		return s
	}
	recovered := func(s *table.Snapshot) { s.Recovered, s.RecoveredAt = true, at }
	noRecord := func(s *table.Snapshot) { s.RecordErr = "disk full" }
	for _, tc := range []struct {
		name string
		in   Info
		s    *table.Snapshot
		want string
	}{
		{"nothing to say", Info{}, snap(rules.Running), ""},
		{"PIN before the start", Info{PIN: "123456"}, snap(rules.Ready), "PIN 123456"},
		{"no PIN once started", Info{PIN: "123456"}, snap(rules.Paused), ""},
		{"recovered while paused", Info{}, snap(rules.Paused, recovered), "RECOVERED 14:03"},
		{"recovered, play resumed", Info{}, snap(rules.Running, recovered), ""},
		{"no record beats everything", Info{PIN: "1234"}, snap(rules.Ready, recovered, noRecord), "NO RECORD"},
		{"no record while running", Info{}, snap(rules.Running, noRecord), "NO RECORD"},
	} {
		if got := displayNote(tc.in, tc.s, nil); got != tc.want {
			t.Errorf("%s: displayNote = %q, want %q", tc.name, got, tc.want)
		}
	}
}
