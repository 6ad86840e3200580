package gpio_test

import (
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/rules"
	"tandem/wiring"
)

const ms = time.Millisecond

// The default wiring's chip line numbers: A-white, A-black, B-white,
// B-black, pause.
var numbers = []int{17, 27, 22, 23, 24}

const (
	aWhite, aBlack, bWhite, bBlack, pause = 17, 27, 22, 23, 24
	allHigh                               = 0b11111 // nothing pressed (active low), switch off
)

// down and up are edges of an active-low input: pressed, released.
func down(after time.Duration, n int) gpiotest.Edge {
	return gpiotest.Edge{After: after, Number: n}
}
func up(after time.Duration, n int) gpiotest.Edge {
	return gpiotest.Edge{After: after, Number: n, Rising: true}
}

// read runs a Reader over script with wiring w until every scripted edge
// is consumed and the reader waits again, then halts it and returns the
// inputs with their instants as offsets from the start.
func read(t *testing.T, w wiring.Wiring, levels uint64, script []gpiotest.Edge) []got {
	t.Helper()
	lines := gpiotest.New(numbers, gpioValue(levels), script)
	start := time.Now()
	r, err := gpio.NewReader(lines, &w, numbers, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []got
	done := make(chan struct{})
	go func() {
		defer close(done)
		for in := range r.Inputs() {
			out = append(out, got{in.Kind, in.Seat, in.At.Sub(start)})
		}
	}()
	last := time.Duration(0)
	if len(script) > 0 {
		last = script[len(script)-1].After
	}
	// Let the script play out and every lockout end, in virtual time.
	time.Sleep(last + time.Second)
	synctest.Wait()
	if n := lines.Remaining(); n != 0 {
		t.Fatalf("%d scripted edges not read", n)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	<-done
	if lines.Halts() != 1 || lines.Closes() != 1 {
		t.Errorf("line set halted %d times, closed %d times; want 1 and 1", lines.Halts(), lines.Closes())
	}
	return out
}

type got struct {
	Kind gpio.Kind
	Seat bughouse.Seat
	At   time.Duration
}

func want(t *testing.T, g []got, w ...got) {
	t.Helper()
	if len(g) != len(w) {
		t.Fatalf("got %d inputs %+v, want %d %+v", len(g), g, len(w), w)
	}
	for i := range g {
		if g[i] != w[i] {
			t.Errorf("input %d = %+v, want %+v", i, g[i], w[i])
		}
	}
}

func press(s bughouse.Seat, at time.Duration) got { return got{gpio.Button, s, at} }

// C19: pressed at 1 000 ms, released at 1 180 ms: one press, at the press
// edge; the release sends nothing.
func TestReader_C19_PressEdgeNotRelease(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := read(t, wiring.DefaultWiring(), allHigh, []gpiotest.Edge{down(1000*ms, aWhite), up(1180*ms, aWhite)})
		want(t, g, press(bughouse.AWhite, 1000*ms))
	})
}

// C21: one physical press bouncing at 0, 2 and 4 ms is one press at 0.
// The release bounces too (at 300, 302, 304 ms): nothing.
func TestReader_C21_BounceIsOnePress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		base := time.Second
		g := read(t, wiring.DefaultWiring(), allHigh, []gpiotest.Edge{
			down(base, bWhite), up(base+2*ms, bWhite), down(base+4*ms, bWhite),
			up(base+300*ms, bWhite), down(base+302*ms, bWhite), up(base+304*ms, bWhite),
		})
		want(t, g, press(bughouse.BWhite, base))
	})
}

// A storm of 1 000 edges in 5 ms is one press; the button works again
// after the lockout.
func TestReader_StormIsOnePress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var s []gpiotest.Edge
		for i := range 1000 {
			s = append(s, gpiotest.Edge{After: time.Second + time.Duration(i)*5*time.Microsecond, Number: bBlack, Rising: i%2 == 1})
		}
		s = append(s, up(2*time.Second, bBlack), down(3*time.Second, bBlack))
		g := read(t, wiring.DefaultWiring(), allHigh, s)
		want(t, g, press(bughouse.BBlack, time.Second), press(bughouse.BBlack, 3*time.Second))
	})
}

// All four buttons within the same microsecond: one press each, in the
// order the kernel queued the edges, every run.
func TestReader_FourButtonsSameMicrosecond(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		at := 1500 * ms
		for run := range 3 {
			g := read(t, wiring.DefaultWiring(), allHigh, []gpiotest.Edge{
				down(at, bBlack), down(at, aWhite), down(at, bWhite), down(at+time.Microsecond, aBlack),
				down(at+time.Microsecond, aWhite), // a bounce of A-white's
			})
			if t.Failed() {
				return
			}
			want(t, g, press(bughouse.BBlack, at), press(bughouse.AWhite, at), press(bughouse.BWhite, at),
				press(bughouse.ABlack, at+time.Microsecond))
			_ = run
		}
	})
}

// The pause switch: on pauses, off resumes, every time; a flick back
// within the lockout is reported when the lockout ends, so the match
// follows the switch's final position.
func TestReader_SwitchToggling(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := read(t, wiring.DefaultWiring(), allHigh, []gpiotest.Edge{
			down(1*time.Second, pause), up(3*time.Second, pause), down(5*time.Second, pause),
			up(5*time.Second+2*ms, pause), down(5*time.Second+4*ms, pause), // bounces of the turn-on
			up(7*time.Second, pause), down(7*time.Second+20*ms, pause), // off, and back on at once
		})
		want(t, g,
			got{gpio.PauseOn, 0, 1 * time.Second}, got{gpio.PauseOff, 0, 3 * time.Second},
			got{gpio.PauseOn, 0, 5 * time.Second}, got{gpio.PauseOff, 0, 7 * time.Second},
			got{gpio.PauseOn, 0, 7*time.Second + wiring.DefaultLockout})
	})
}

// A switch that is on at start reports nothing until it is turned off.
func TestReader_SwitchOnAtStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := read(t, wiring.DefaultWiring(), allHigh&^(1<<4), []gpiotest.Edge{up(time.Second, pause)})
		want(t, g, got{gpio.PauseOff, 0, time.Second})
	})
}

// A button held down across a pause: its press counts once, the release
// during or after the pause sends nothing, and the next press is a press.
func TestReader_ButtonHeldAcrossPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := read(t, wiring.DefaultWiring(), allHigh, []gpiotest.Edge{
			down(1*time.Second, aWhite), down(2*time.Second, pause), up(3*time.Second, pause),
			up(4*time.Second, aWhite), down(4*time.Second+3*ms, aWhite), up(4*time.Second+5*ms, aWhite), // release bounce
			down(6*time.Second, aWhite),
		})
		want(t, g, press(bughouse.AWhite, time.Second), got{gpio.PauseOn, 0, 2 * time.Second},
			got{gpio.PauseOff, 0, 3 * time.Second}, press(bughouse.AWhite, 6*time.Second))
	})
}

// A momentary pause button toggles: each press is a PauseToggle, which
// pauses a running match and resumes a stopped one.
func TestReader_MomentaryPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := wiring.DefaultWiring()
		w.PauseMode = wiring.Momentary
		g := read(t, w, allHigh, []gpiotest.Edge{
			down(time.Second, pause), up(time.Second+100*ms, pause), down(2*time.Second, pause), up(2*time.Second+ms, pause),
		})
		want(t, g, got{gpio.PauseToggle, 0, time.Second}, got{gpio.PauseToggle, 0, 2 * time.Second})
	})
	// The loop resolves it against the match as it is then.
	if e := (gpio.Input{Kind: gpio.PauseToggle}).Event(); e.Kind != rules.PauseSwitch {
		t.Errorf("a momentary press is %v, want the pause switch", e.Kind)
	}
	for k, want := range map[gpio.Kind]rules.Kind{gpio.PauseOn: rules.Pause, gpio.PauseOff: rules.Resume, gpio.Button: rules.Press} {
		if e := (gpio.Input{Kind: k}).Event(); e.Kind != want {
			t.Errorf("%v is %v, want %v", k, e.Kind, want)
		}
	}
}

// Active-high wiring: the rising edge is the press.
func TestReader_ActiveHigh(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := wiring.DefaultWiring()
		w.Buttons[bughouse.ABlack].ActiveHigh = true
		w.Lockout = 10 * ms
		g := read(t, w, allHigh&^(1<<1), []gpiotest.Edge{
			up(time.Second, aBlack), down(time.Second+50*ms, aBlack), up(time.Second+70*ms, aBlack), // 20 ms after the release: a new press
			gpiotest.Edge{After: 2 * time.Second, Number: 5, Rising: true}, // not one of ours
		})
		want(t, g, press(bughouse.ABlack, time.Second), press(bughouse.ABlack, time.Second+70*ms))
	})
}

// Shutdown while the reader is blocked waiting for an edge, or blocked
// handing an input to nobody: Halt returns, the channel closes, no
// goroutine is left (synctest.Test fails on one).
func TestReader_ShutdownWhileBlocked(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := wiring.DefaultWiring()
		lines := gpiotest.New(numbers, allHigh, nil)
		r, err := gpio.NewReader(lines, &w, numbers, &gpio.ReaderOpts{Poll: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		synctest.Wait() // blocked in WaitForEdge
		if err := r.Halt(); err != nil {
			t.Fatal(err)
		}
		if _, ok := <-r.Inputs(); ok {
			t.Error("an input after Halt")
		}
		if err := r.Close(); err != nil || lines.Closes() != 1 {
			t.Errorf("Close: %v, closed %d times", err, lines.Closes())
		}
		if err := r.Close(); err != nil || lines.Closes() != 1 {
			t.Errorf("second Close: %v, closed %d times", err, lines.Closes())
		}
	})
	synctest.Test(t, func(t *testing.T) {
		w := wiring.DefaultWiring()
		lines := gpiotest.New(numbers, allHigh, []gpiotest.Edge{down(ms, aWhite), down(ms, aBlack), down(ms, bWhite)})
		r, err := gpio.NewReader(lines, &w, numbers, &gpio.ReaderOpts{Buffer: 1})
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
		synctest.Wait() // blocked sending the second press
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	})
}

// A failing line set stops the reader with the error, never a hang.
func TestReader_LineSetFails(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := wiring.DefaultWiring()
		lines := gpiotest.New(numbers, allHigh, nil)
		boom := errors.New("boom")
		lines.WaitErr = boom
		r, err := gpio.NewReader(lines, &w, numbers, nil)
		if err != nil {
			t.Fatal(err)
		}
		for range r.Inputs() {
		}
		if !errors.Is(r.Err(), boom) {
			t.Errorf("Err() = %v, want boom", r.Err())
		}
		r.Close()
	})
	w := wiring.DefaultWiring()
	lines := gpiotest.New(numbers, allHigh, nil)
	lines.ReadErr = errors.New("no read")
	if _, err := gpio.NewReader(lines, &w, numbers, nil); err == nil {
		t.Error("NewReader with a failing Read: no error")
	}
}
