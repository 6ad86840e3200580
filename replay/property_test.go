package replay_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/replay"
	"tandem/rules"
	"tandem/timeline"
)

// Random scripted matches without increment: while both boards run, both
// have used the same time (clock-cases invariant), the written timeline
// reads back in order, and the replay's report agrees with the engine.
func TestProperty_RandomTimelines(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		b.WriteString("control 1m\n0 start\n")
		at := time.Duration(0)
		n := rapid.IntRange(0, 60).Draw(t, "events")
		for range n {
			at += time.Duration(rapid.IntRange(0, 3_000_000).Draw(t, "gap_us")) * time.Microsecond
			sec := fmt.Sprintf("%d.%09d", at/time.Second, at%time.Second)
			switch k := rapid.IntRange(0, 9).Draw(t, "kind"); {
			case k < 8:
				fmt.Fprintf(&b, "%s press %s\n", sec, bughouse.Seats[rapid.IntRange(0, 3).Draw(t, "seat")])
			case k == 8:
				fmt.Fprintf(&b, "%s pause\n", sec)
			default:
				fmt.Fprintf(&b, "%s resume\n", sec)
			}
		}
		s, err := timeline.Parse([]byte(b.String()))
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		if len(s.Entries) != n+1 {
			t.Fatalf("%d entries for %d lines", len(s.Entries), n+1)
		}
		p, err := replay.FromTimeline(s, "")
		if err != nil {
			t.Fatal(err)
		}
		var last *rules.Match
		r, err := p.Run(func(st replay.Step, m *rules.Match, eff rules.Effect, err error) {
			last = m
			if err != nil {
				t.Fatalf("%v refused: %v", st.Event, err)
			}
			at := st.Event.At
			a := m.Remaining(bughouse.AWhite, at) + m.Remaining(bughouse.ABlack, at)
			bb := m.Remaining(bughouse.BWhite, at) + m.Remaining(bughouse.BBlack, at)
			if m.Status() != rules.Decided && a != bb {
				t.Fatalf("after %v: board A %v left in all, board B %v", st.Event, a, bb)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		res, why, _, dat := last.Result()
		if r.Result != res || r.Reason != why || (r.Decided && r.DecidedAt != dat) {
			t.Fatalf("report %s %s %v, engine %s %s %v", r.Result, r.Reason, r.DecidedAt, res, why, dat)
		}
		if r.Decided && r.Reason != rules.Flag && r.Reason != rules.SimultaneousFlag {
			t.Fatalf("only flags can decide a press-only match, got %s", r.Reason)
		}
	})
}
