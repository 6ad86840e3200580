package table

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
	"tandem/rules"
)

func opts(t *testing.T, control string) rules.Options {
	t.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	c, err := clock.Parse(control)
	if err != nil {
		t.Fatal(err)
	}
	c.IncrementBeforeFirstMove = p.Options.Control.IncrementBeforeFirstMove
	p.Options.Control = c
	return p.Options
}

// start runs a table in the bubble and returns it with a stop function
// that cancels it and waits for Run to return.
func start(t *testing.T, o *Opts) (*Table, func()) {
	t.Helper()
	tb, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	return tb, func() {
		cancel()
		if err := <-done; err != context.Canceled {
			t.Errorf("Run returned %v, want context.Canceled", err)
		}
	}
}

func do(t *testing.T, tb *Table, e rules.Event) rules.Effect {
	t.Helper()
	eff, err := tb.Do(context.Background(), e, time.Now())
	if err != nil {
		t.Fatalf("%v: %v", e, err)
	}
	return eff
}

func TestFlagJudgedAtExactInstant(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), Grace: 3 * time.Millisecond})
		defer stop()
		time.Sleep(1500 * time.Millisecond)
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(5*time.Minute + time.Second)
		synctest.Wait()
		s := tb.Snapshot()
		if s.Status != rules.Decided || s.Reason != rules.SimultaneousFlag {
			t.Fatalf("status %v reason %v, want decided by simultaneous flags", s.Status, s.Reason)
		}
		// Both White clocks started at 1.5 s: the first flag is at exactly
		// 1.5 s + 5 min, and both flags are simultaneous (same instant):
		// different teams, so the match is drawn.
		if want := 1500*time.Millisecond + 5*time.Minute; s.DecidedAt != want {
			t.Errorf("decided at %v, want %v", s.DecidedAt, want)
		}
		if s.Result != rules.MatchDraw || s.NDecisive != 2 {
			t.Errorf("result %v with %d decisive seats, want 1/2-1/2 with 2", s.Result, s.NDecisive)
		}
	})
}

func TestFlagWaitsForGraceThenTakesFlagInstant(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "10s"), Grace: 5 * time.Millisecond})
		defer stop()
		t0 := time.Now()
		do(t, tb, rules.Event{Kind: rules.Start})
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}) // B: black runs from 0
		// A-white's flag falls at 10 s. A press stamped 1 ms before it
		// arrives 2 ms after it, inside the grace: it counts.
		time.Sleep(10*time.Second + 2*time.Millisecond)
		synctest.Wait()
		if s := tb.Snapshot(); s.Status != rules.Running {
			t.Fatalf("flag judged before its grace passed: %v", s.Status)
		}
		eff, err := tb.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(10*time.Second-time.Millisecond))
		if err != nil || eff.Ignored != "" || eff.Decided {
			t.Fatalf("late-arriving press: effect %+v, err %v; want applied", eff, err)
		}
		s := tb.Snapshot()
		if got := s.Clocks[bughouse.AWhite].Remaining; got != time.Millisecond {
			t.Errorf("A-white kept %v, want 1ms", got)
		}
		// Board B's black clock runs since 0 and flags at 10 s + 0:
		// judged after the grace, at its exact instant.
		time.Sleep(10 * time.Millisecond)
		synctest.Wait()
		s = tb.Snapshot()
		if s.Status != rules.Decided || s.DecidedAt != 10*time.Second || s.Decisive[0] != bughouse.BBlack {
			t.Fatalf("got %v at %v seat %v, want decided at 10s by B-black's flag", s.Status, s.DecidedAt, s.Decisive[0])
		}
		if s.Result != rules.Team2Wins {
			t.Errorf("result %v, want 0-1 (B-black is team 1)", s.Result)
		}
	})
}

func TestSnapshotsPublishedWhenDigitsChange(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), NextChange: display.NextChangeFunc(nil)})
		defer stop()
		ch, cancel := tb.Subscribe()
		defer cancel()
		<-ch // the current snapshot
		do(t, tb, rules.Event{Kind: rules.Start})
		if s := <-ch; s.Status != rules.Running || s.At != 0 {
			t.Fatalf("after start got %v at %v", s.Status, s.At)
		}
		for i := 1; i <= 3; i++ {
			s := <-ch
			if want := time.Duration(i) * time.Second; s.At != want {
				t.Fatalf("tick %d at %v, want %v", i, s.At, want)
			}
			if got, want := display.Format(s.Clocks[bughouse.AWhite].Remaining, nil), []string{"", "4:59", "4:58", "4:57"}[i]; got != want {
				t.Errorf("tick %d shows %s, want %s", i, got, want)
			}
		}
	})
}

// C15: nothing of a reset match survives: its flag cannot fall on the next.
func TestC15_ResetWhileRunning_OldFlagCannotFlagNewMatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "1m")})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(50 * time.Second)
		ctl, _ := clock.Parse("2m")
		newMatch := arbiter.Command{Kind: arbiter.NewMatch, Control: &ctl}
		if r, err := tb.Command(context.Background(), newMatch, time.Now()); err != nil || r.OK || r.Notice == "" {
			t.Fatalf("new rules while running: %+v, %v; want refused with a notice", r, err)
		}
		do(t, tb, rules.Event{Kind: rules.Reset})
		time.Sleep(30 * time.Second) // past the old flag instant (60 s)
		synctest.Wait()
		if s := tb.Snapshot(); s.Status != rules.Ready || s.Clocks[bughouse.AWhite].Remaining != time.Minute {
			t.Fatalf("after reset: %v, A-white %v", s.Status, s.Clocks[bughouse.AWhite].Remaining)
		}
		if r, err := tb.Command(context.Background(), newMatch, time.Now()); err != nil || !r.OK {
			t.Fatal(r, err)
		}
		do(t, tb, rules.Event{Kind: rules.Start}) // at 80 s
		time.Sleep(2*time.Minute + time.Second)
		synctest.Wait()
		s := tb.Snapshot()
		if s.Status != rules.Decided || s.DecidedAt != 80*time.Second+2*time.Minute {
			t.Fatalf("new match: %v at %v, want decided at 3m20s", s.Status, s.DecidedAt)
		}
	})
}

// C18: inputs waiting together are applied in instant order.
func TestInputsAppliedInInstantOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, err := New(&Opts{Options: opts(t, "5m")})
		if err != nil {
			t.Fatal(err)
		}
		// Queue the inputs before the loop runs, so that they are
		// waiting together, posted in the wrong order within the same
		// microsecond: the loop sorts them, so A-white's press (first)
		// is applied, then A-black's press ends A-black's turn.
		t0 := tb.Epoch()
		tb.Post(rules.Event{Kind: rules.Start}, t0)
		tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.ABlack}, t0.Add(time.Second+500*time.Nanosecond))
		tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(time.Second))
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go tb.Run(ctx)
		synctest.Wait()
		s := tb.Snapshot()
		if s.Clocks[bughouse.AWhite].Moves != 1 || s.Clocks[bughouse.ABlack].Moves != 1 {
			t.Fatalf("moves %d/%d, want 1/1", s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves)
		}
		if !s.Clocks[bughouse.AWhite].Running || s.Clocks[bughouse.ABlack].Running {
			t.Error("want A-white running again after both presses")
		}
		if got := s.Clocks[bughouse.ABlack].Remaining; got != 5*time.Minute-500*time.Nanosecond {
			t.Errorf("A-black %v, want 5m - 500ns", got)
		}
	})
}

func TestDoReportsRefusal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		if _, err := tb.Do(context.Background(), rules.Event{Kind: rules.Adjust, Seat: bughouse.AWhite, Delta: time.Minute}, time.Now()); err == nil {
			t.Fatal("adjust while running accepted")
		}
		if eff := do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.ABlack}); eff.Ignored == "" {
			t.Fatal("press by the wrong seat not reported as ignored")
		}
	})
}

func TestSlowSubscriberNeverBlocksAndGetsNewest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		defer stop()
		ch, cancel := tb.Subscribe()
		defer cancel()
		do(t, tb, rules.Event{Kind: rules.Start})
		for i := 0; i < 10; i++ {
			time.Sleep(time.Second)
			do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.SeatOf(bughouse.BoardA, bughouse.Color(i%2))})
		}
		s := <-ch
		if s.Seq != 11 {
			t.Fatalf("slow reader got snapshot seq %d, want the newest (11)", s.Seq)
		}
	})
}

func TestCloseEndsEverything(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		ch, _ := tb.Subscribe()
		stop()
		for range ch {
		}
		if tb.Post(rules.Event{Kind: rules.Start}, time.Now()) {
			t.Error("Post after close succeeded")
		}
		if _, err := tb.Do(context.Background(), rules.Event{Kind: rules.Start}, time.Now()); err != ErrClosed {
			t.Errorf("Do after close: %v, want ErrClosed", err)
		}
		if ch2, _ := tb.Subscribe(); ch2 != nil {
			<-ch2 // the last snapshot
			if _, ok := <-ch2; ok {
				t.Error("subscription after close stays open")
			}
		}
	})
}

func TestPingLeavesTheMatchAlone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(3 * time.Second)
		before := tb.Snapshot()
		if err := tb.Ping(context.Background()); err != nil {
			t.Fatalf("Ping: %v", err)
		}
		after := tb.Snapshot()
		if after.Seq != before.Seq || after.Status != before.Status || after.Last != before.Last {
			t.Errorf("Ping changed the match: seq %d -> %d, status %v -> %v", before.Seq, after.Seq, before.Status, after.Status)
		}
		stop()
		if err := tb.Ping(context.Background()); err != ErrClosed {
			t.Errorf("Ping after Run returned %v, want ErrClosed", err)
		}
	})
}
