package rules_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

const (
	ms  = time.Millisecond
	sec = time.Second
)

// options returns the reglamento preset (5+0, window 1 ms, other-continues,
// loss-on-claim, stalemate draws) changed by the given option settings.
func options(t testing.TB, kv ...string) rules.Options {
	t.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	o := p.Options
	for i := 0; i+1 < len(kv); i += 2 {
		if err := o.Set(kv[i], kv[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

func newMatch(t testing.TB, o rules.Options) *rules.Match {
	t.Helper()
	m, err := rules.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// started returns a reglamento match (with the given option settings)
// started by the arbiter at instant 0.
func started(t testing.TB, kv ...string) *rules.Match {
	t.Helper()
	m := newMatch(t, options(t, kv...))
	apply(t, m, rules.Event{Kind: rules.Start})
	return m
}

// apply applies e and fails the test on an error.
func apply(t testing.TB, m *rules.Match, e rules.Event) rules.Effect {
	t.Helper()
	eff, err := m.Apply(e)
	if err != nil {
		t.Fatalf("%v at %v: %v", e, e.At, err)
	}
	return eff
}

// applied applies e, which must change something (not Ignored).
func applied(t testing.TB, m *rules.Match, e rules.Event) rules.Effect {
	t.Helper()
	eff := apply(t, m, e)
	if eff.Ignored != "" {
		t.Fatalf("%v at %v ignored: %s", e, e.At, eff.Ignored)
	}
	return eff
}

func press(s bughouse.Seat, at time.Duration) rules.Event {
	return rules.Event{Kind: rules.Press, Seat: s, At: at}
}

func ev(k rules.Kind, at time.Duration) rules.Event { return rules.Event{Kind: k, At: at} }

func declare(b bughouse.Board, o rules.Outcome, why rules.Reason, at time.Duration) rules.Event {
	return rules.Event{Kind: rules.Declare, Board: b, Outcome: o, Reason: why, At: at}
}

func claim(s bughouse.Seat, why rules.Reason, at time.Duration) rules.Event {
	return rules.Event{Kind: rules.Claim, Seat: s, Reason: why, At: at}
}

func adjust(s bughouse.Seat, d, at time.Duration) rules.Event {
	return rules.Event{Kind: rules.Adjust, Seat: s, Delta: d, At: at}
}

// wantIgnored checks that e was recorded but changed nothing, for a reason
// containing why.
func wantIgnored(t testing.TB, m *rules.Match, e rules.Event, why string) {
	t.Helper()
	before := core(m.Snapshot(e.At))
	eff, err := m.Apply(e)
	if err != nil || !strings.Contains(eff.Ignored, why) {
		t.Errorf("%v at %v: effect %+v, err %v; want ignored (%q)", e, e.At, eff, err, why)
	}
	if after := core(m.Snapshot(e.At)); !reflect.DeepEqual(before, after) {
		t.Errorf("%v at %v changed the match:\n before %+v\n after  %+v", e, e.At, before, after)
	}
}

// wantRefused checks that e is refused with an error containing why and
// changes nothing.
func wantRefused(t testing.TB, m *rules.Match, e rules.Event, why string) {
	t.Helper()
	before := core(m.Snapshot(e.At))
	_, err := m.Apply(e)
	if err == nil || !strings.Contains(err.Error(), why) {
		t.Errorf("%v at %v: err %v; want an error containing %q", e, e.At, err, why)
	}
	if after := core(m.Snapshot(e.At)); !reflect.DeepEqual(before, after) {
		t.Errorf("refused %v at %v changed the match:\n before %+v\n after  %+v", e, e.At, before, after)
	}
}

// core is a snapshot without the bookkeeping of the last event.
func core(s rules.Snapshot) rules.Snapshot {
	s.Seq, s.Last, s.Effect = 0, rules.Event{}, rules.Effect{}
	return s
}

func wantRemaining(t testing.TB, m *rules.Match, s bughouse.Seat, at, want time.Duration) {
	t.Helper()
	if got := m.Remaining(s, at); got != want {
		t.Errorf("%s remaining at %v = %v (%d ns), want %v (%d ns)", s, at, got, int64(got), want, int64(want))
	}
}

// wantAll checks the four clocks at instant at (A-white, A-black, B-white,
// B-black).
func wantAll(t testing.TB, m *rules.Match, at time.Duration, want ...time.Duration) {
	t.Helper()
	for i, s := range bughouse.Seats {
		wantRemaining(t, m, s, at, want[i])
	}
}

func wantResult(t testing.TB, m *rules.Match, r rules.Result, why rules.Reason, at time.Duration, seats ...bughouse.Seat) {
	t.Helper()
	gr, gwhy, gseats, gat := m.Result()
	if gr != r || gwhy != why || gat != at || !reflect.DeepEqual(gseats, append([]bughouse.Seat(nil), seats...)) || m.Status() != rules.Decided {
		t.Errorf("result = %s %s %v at %v (status %s), want %s %s %v at %v", gr, gwhy, gseats, gat, m.Status(), r, why, seats, at)
	}
}

func wantUndecided(t testing.TB, m *rules.Match) {
	t.Helper()
	if r, why, _, _ := m.Result(); r != rules.NoResult || m.Status() == rules.Decided {
		t.Errorf("decided: %s %s (status %s)", r, why, m.Status())
	}
}

// wantRunning checks which seat runs on each board (-1: none).
func wantRunning(t testing.TB, m *rules.Match, a, b int) {
	t.Helper()
	for i, w := range []int{a, b} {
		s, ok := m.Running(bughouse.Board(i))
		switch {
		case w < 0 && ok:
			t.Errorf("board %s: %s runs, want none", bughouse.Board(i), s)
		case w >= 0 && (!ok || s != bughouse.Seat(w)):
			t.Errorf("board %s: running %s %v, want %s", bughouse.Board(i), s, ok, bughouse.Seat(w))
		}
	}
}

func fischer(base, inc time.Duration, before bool) clock.Control {
	c := clock.Fischer(base, inc)
	c.IncrementBeforeFirstMove = before
	return c
}

// withControl returns reglamento options with control c for every seat.
func withControl(t testing.TB, c clock.Control, kv ...string) rules.Options {
	t.Helper()
	o := options(t, kv...)
	o.Control = c
	return o
}
