package table

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/rules"
)

// offerStep is one input of a property run: an arbiter command, or a
// rules event (a press, the pause switch), at Off after the table's epoch.
type offerStep struct {
	cmd *arbiter.Command
	ev  *rules.Event
	off time.Duration
}

func (s offerStep) String() string {
	if s.cmd != nil {
		return fmt.Sprintf("%v@%v", *s.cmd, s.off)
	}
	return fmt.Sprintf("%v@%v", *s.ev, s.off)
}

// offerBase puts every step an hour after the table's epoch, in the
// future of the wall clock: the match's time is then the steps' alone
// (no wake-up of the loop judges a flag between them), and a run replays
// exactly on a new table.
const offerBase = time.Hour

// runSteps runs steps on table tb and returns each command's result
// (index-aligned; zero for an event).
func runSteps(t *rapid.T, tb *Table, steps []offerStep, each func(i int, before Offers, r arbiter.Result)) {
	ctx := context.Background()
	for i, s := range steps {
		before := tb.Snapshot().Offers
		at := tb.Epoch().Add(offerBase + s.off)
		if s.ev != nil {
			if _, err := tb.Do(ctx, *s.ev, at); errors.Is(err, ErrClosed) {
				t.Fatalf("step %d %v: %v", i, s, err)
			} // a refusal (a resume while a claim is pending) is a step like any other
			continue
		}
		r, err := tb.Command(ctx, *s.cmd, at)
		if err != nil {
			t.Fatalf("step %d %v: %v", i, s, err)
		}
		if each != nil {
			each(i, before, r)
		}
	}
}

func newOfferTable(t *rapid.T, preset string) (*Table, func()) {
	p, err := rules.LookupPreset(preset)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := New(&Opts{Options: p.Options, Preset: p.Name})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { tb.Run(ctx); close(done) }()
	return tb, func() { cancel(); <-done }
}

// candidates are the commands of kind k a page could send: every seat,
// board, outcome, reason and run choice that Validate lets through (more
// than offers tries).
func candidates(k arbiter.Kind) []arbiter.Command {
	var cs []arbiter.Command
	seats := func(c arbiter.Command) {
		for _, s := range bughouse.Seats {
			c.Seat = s
			cs = append(cs, c)
		}
	}
	switch k {
	case arbiter.Resume:
		cs = append(cs, arbiter.Command{Kind: k})
		for _, s := range bughouse.Seats {
			cs = append(cs, arbiter.Command{Kind: k, Run: rules.RunChoice{}.Choose(s)})
		}
	case arbiter.Adjust:
		for _, d := range []time.Duration{time.Second, -time.Second, time.Minute} {
			seats(arbiter.Command{Kind: k, Delta: d})
		}
	case arbiter.Claim:
		for _, why := range []rules.Reason{rules.Flag, rules.OtherClaim, rules.IllegalMove} {
			seats(arbiter.Command{Kind: k, Reason: why})
		}
		for _, a := range bughouse.Seats {
			seats(arbiter.Command{Kind: k, Reason: rules.IllegalMove, Accused: a, AccusedSet: true})
		}
	case arbiter.Declare:
		for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
			for _, o := range []rules.Outcome{rules.WhiteWins, rules.BlackWins, rules.Drawn} {
				for _, why := range []rules.Reason{rules.Checkmate, rules.Resignation, rules.IllegalMove, rules.Forfeit,
					rules.Agreement, rules.Repetition, rules.FiftyMoves, rules.Stalemate} {
					cs = append(cs, arbiter.Command{Kind: k, Board: b, Outcome: o, Reason: why})
				}
			}
		}
	case arbiter.Warn, arbiter.Penalty, arbiter.Arrive:
		seats(arbiter.Command{Kind: k})
	case arbiter.Call:
		for _, d := range []time.Duration{0, time.Minute, 10 * time.Minute} {
			cs = append(cs, arbiter.Command{Kind: k, Delta: d})
		}
	default:
		cs = append(cs, arbiter.Command{Kind: k})
	}
	valid := cs[:0] // those a page's request may carry (Validate: 400 otherwise)
	for _, c := range cs {
		if c.Validate() == nil {
			valid = append(valid, c)
		}
	}
	return valid
}

func drawStep(t *rapid.T, i int, off time.Duration) offerStep {
	seat := rapid.SampledFrom(bughouse.Seats[:]).Draw(t, fmt.Sprint("seat", i))
	switch rapid.IntRange(0, 3).Draw(t, fmt.Sprint("what", i)) {
	case 0:
		return offerStep{ev: &rules.Event{Kind: rules.Press, Seat: seat}, off: off}
	case 1:
		return offerStep{ev: &rules.Event{Kind: rules.PauseSwitch}, off: off}
	}
	k := rapid.SampledFrom(OfferKinds).Draw(t, fmt.Sprint("kind", i))
	cs := candidates(k)
	c := cs[rapid.IntRange(0, len(cs)-1).Draw(t, fmt.Sprint("args", i))]
	return offerStep{cmd: &c, off: off}
}

// The table offers exactly what it takes. At every step of random runs
// (every preset; presses, the pause switch and the arbiter's commands
// with random arguments): a command the snapshot before it does not offer
// is refused or ignored (nothing a page hides could have been done); and
// at the end, each kind offered is taken with some arguments (tried on a
// new table that replays the run), and each kind not offered is taken
// with none of them.
func TestOffers_ExactlyWhatTheTableTakes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		preset := rapid.SampledFrom(rules.PresetNames()).Draw(t, "preset")
		n := rapid.IntRange(0, 24).Draw(t, "steps")
		steps := make([]offerStep, n)
		for i := range steps {
			steps[i] = drawStep(t, i, time.Duration(i)*10*time.Millisecond)
		}
		tb, stop := newOfferTable(t, preset)
		runSteps(t, tb, steps, func(i int, before Offers, r arbiter.Result) {
			if k := steps[i].cmd.Kind; !before.Has(k) && r.OK {
				t.Fatalf("step %d: %v taken (%+v) while not offered (offers %v)", i, steps[i], r, before.Kinds())
			}
		})
		final := tb.Snapshot()
		stop()
		end := time.Duration(n) * 10 * time.Millisecond
		for _, k := range OfferKinds {
			taken := ""
			for _, c := range candidates(k) {
				tb, stop := newOfferTable(t, preset)
				var r arbiter.Result
				runSteps(t, tb, append(steps[:n:n], offerStep{cmd: &c, off: end}), func(i int, _ Offers, res arbiter.Result) { r = res })
				stop()
				if r.OK {
					taken = c.String()
					break
				}
			}
			if final.Offers.Has(k) != (taken != "") {
				t.Fatalf("after %v under %s (%s): %v offered %v, but taken: %q", steps, preset, final.Status, k, final.Offers.Has(k), taken)
			}
		}
	})
}

// BenchmarkOffers is the look ahead each published snapshot makes (about
// 50 tries on copies of the match), on a running match.
func BenchmarkOffers(b *testing.B) {
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		b.Fatal(err)
	}
	m, err := rules.New(p.Options)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := m.Apply(rules.Event{Kind: rules.Start}); err != nil {
		b.Fatal(err)
	}
	var o Offers
	for b.Loop() {
		o = offers(m, time.Second)
	}
	if !o.Has(arbiter.Pause) || o.Has(arbiter.Start) {
		b.Fatalf("offers %v", o.Kinds())
	}
}
