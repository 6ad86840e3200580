package buzzer

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
	"tandem/rules"
	"tandem/sound"
	"tandem/table"
)

// A match played on a real table: every event with a sound is found in
// its snapshots, once, in order.
func TestFollow_AMatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, _ := rules.LookupPreset("reglamento")
		p.Options.Control = clock.SuddenDeath(15 * time.Second)
		tbl, err := table.New(&table.Opts{Options: p.Options, Preset: p.Name, NextChange: display.NextChangeFunc(nil)})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go tbl.Run(ctx)
		var warned [4]bool
		prev := tbl.Snapshot()
		var got []sound.Event
		step := func(f func()) []sound.Event {
			f()
			synctest.Wait()
			cur := tbl.Snapshot()
			evs := follow(&prev, &cur, 10*time.Second, &warned)
			prev = cur
			got = append(got, evs...)
			return evs
		}
		do := func(c arbiter.Command) func() {
			return func() {
				if _, err := tbl.Command(ctx, c, time.Now()); err != nil {
					t.Fatal(err)
				}
			}
		}
		post := func(e rules.Event) func() { return func() { tbl.Post(e, time.Now()) } }
		step(do(arbiter.Command{Kind: arbiter.Start}))
		step(func() { time.Sleep(time.Second) })
		step(post(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}))
		step(post(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite})) // ignored: no click
		step(do(arbiter.Command{Kind: arbiter.Pause}))
		step(do(arbiter.Command{Kind: arbiter.Resume}))
		step(do(arbiter.Command{Kind: arbiter.Claim, Seat: bughouse.BWhite, Reason: rules.OtherClaim}))
		step(do(arbiter.Command{Kind: arbiter.Reject}))
		step(do(arbiter.Command{Kind: arbiter.Resume}))
		for range 20 { // B-white's and A-black's clocks run down: low time, then the flag
			step(func() { time.Sleep(time.Second) })
		}
		want := []sound.Event{sound.Start, sound.Press, sound.Pause, sound.Claim, sound.LowTime, sound.LowTime, sound.Flag}
		if !slices.Equal(got, want) {
			t.Errorf("events %v, want %v", got, want)
		}
	})
}
