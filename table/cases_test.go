package table

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/gpio"
	"tandem/rules"
)

// C19: a button pressed at 1 000 ms and released at 1 180 ms switches the
// clock at the press edge. The input contract has no release: an Input is
// the press edge, stamped when it happened.
func TestC19_ClockSwitchesOnThePressEdge(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		defer stop()
		t0 := tb.Epoch()
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(1180 * time.Millisecond) // the release: nothing is sent
		in := gpio.Input{Kind: gpio.Button, Seat: bughouse.AWhite, At: t0.Add(time.Second)}
		if _, err := tb.Do(context.Background(), in.Event(), in.At); err != nil {
			t.Fatal(err)
		}
		s := tb.Snapshot()
		if got := s.Clocks[bughouse.AWhite].Remaining; got != 5*time.Minute-time.Second {
			t.Errorf("A-white kept %v, want 4m59s (switched at the 1 000 ms edge)", got)
		}
		if got := s.Clocks[bughouse.ABlack].Remaining; got != 5*time.Minute-180*time.Millisecond {
			t.Errorf("A-black has %v at 1 180 ms, want 5m - 180ms (running since 1 000 ms)", got)
		}
	})
}

// C21: one physical press bouncing at 0, 2 and 4 ms is one logical press;
// a bounce that reaches the match anyway never switches the clock back,
// because a press by the player whose clock is not running changes
// nothing (docs/rules.md clock rule 3). The hardware lockout (gpio) keeps the
// bounces from being sent at all.
func TestC21_BouncesNeverSwitchTheClockBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		defer stop()
		t0 := tb.Epoch()
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(2 * time.Second)
		for _, ms := range []time.Duration{0, 2, 4} {
			tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}, t0.Add(time.Second+ms*time.Millisecond))
		}
		synctest.Wait()
		s := tb.Snapshot()
		if s.Clocks[bughouse.BWhite].Moves != 1 || !s.Clocks[bughouse.BBlack].Running || s.Clocks[bughouse.BWhite].Running {
			t.Fatalf("B-white moves %d, B-black running %v: want one press, B-black's clock running",
				s.Clocks[bughouse.BWhite].Moves, s.Clocks[bughouse.BBlack].Running)
		}
		if s.Last.Kind != rules.Press || s.Effect.Ignored != "not B-white's turn" {
			t.Errorf("last bounce: %v, ignored %q; want it recorded as ignored", s.Last, s.Effect.Ignored)
		}
	})
}
