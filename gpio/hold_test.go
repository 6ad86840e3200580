package gpio_test

import (
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/wiring"
)

// readHeld is read with ReaderOpts.Hold = 2 s, run long enough after the
// script for a hold to end.
func readHeld(t *testing.T, script []gpiotest.Edge) []got {
	t.Helper()
	w := wiring.DefaultWiring()
	lines := gpiotest.New(numbers, gpioValue(allHigh), script)
	start := time.Now()
	r, err := gpio.NewReader(lines, &w, numbers, &gpio.ReaderOpts{Hold: 2 * time.Second})
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
	time.Sleep(script[len(script)-1].After + 3*time.Second)
	synctest.Wait()
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	<-done
	return out
}

// A button held two seconds is reported held at exactly its press plus
// two seconds, and released at its release edge; a press is still its
// first edge.
func TestReader_HeldAndReleased(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := readHeld(t, []gpiotest.Edge{down(1000*ms, aWhite), down(1500*ms, aBlack), up(3600*ms, aWhite), up(9000*ms, aBlack)})
		want(t, g,
			press(bughouse.AWhite, 1000*ms), press(bughouse.ABlack, 1500*ms),
			got{gpio.Held, bughouse.AWhite, 3000 * ms}, got{gpio.Held, bughouse.ABlack, 3500 * ms},
			got{gpio.Released, bughouse.AWhite, 3600 * ms}, got{gpio.Released, bughouse.ABlack, 9000 * ms})
	})
}

// A press released before the hold is only a press: no Held, no
// Released. A release that bounces inside the lockout (up at 20 ms)
// leaves the level up: not held either.
func TestReader_ShortPressIsNotHeld(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := readHeld(t, []gpiotest.Edge{
			down(1000*ms, bWhite), up(1900*ms, bWhite),
			down(5000*ms, bBlack), up(5020*ms, bBlack),
		})
		want(t, g, press(bughouse.BWhite, 1000*ms), press(bughouse.BBlack, 5000*ms))
	})
}

// Held ends no lockout and moves no switch: the pause switch's settled
// position and a hold due at the same time both come, the earlier first.
func TestReader_HoldAndSwitch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := readHeld(t, []gpiotest.Edge{
			down(0, aWhite),
			down(1990*ms, pause), up(2000*ms, pause), down(2010*ms, pause), // on, bounce, on
			up(2500*ms, aWhite),
		})
		want(t, g, press(bughouse.AWhite, 0), got{gpio.PauseOn, 0, 1990 * ms},
			got{gpio.Held, bughouse.AWhite, 2000 * ms}, got{gpio.Released, bughouse.AWhite, 2500 * ms})
	})
}

// Without ReaderOpts.Hold nothing but presses and the switch is reported
// (the default: clock case C19).
func TestReader_NoHoldByDefault(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := read(t, wiring.DefaultWiring(), allHigh, []gpiotest.Edge{down(1000*ms, aWhite), up(4000*ms, aWhite)})
		want(t, g, press(bughouse.AWhite, 1000*ms))
		if in := (gpio.Input{Kind: gpio.Held}); in.IsEvent() {
			t.Error("Held is a match event")
		}
	})
}
