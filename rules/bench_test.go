package rules_test

import (
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// benchMatch returns a running match in which every turn lasts 2 µs and
// earns a 2 µs increment, so no clock ever runs down however large b.N is:
// presses come 1 µs apart in the order A-white, B-white, A-black, B-black.
func benchMatch(b testing.TB) *rules.Match {
	o := options(b)
	o.Control = clock.Fischer(5*time.Minute, 2*time.Microsecond)
	m := newMatch(b, o)
	apply(b, m, rules.Event{Kind: rules.Start})
	return m
}

var order = [4]bughouse.Seat{bughouse.AWhite, bughouse.BWhite, bughouse.ABlack, bughouse.BBlack}

// BenchmarkPressAndNextDeadline is the loop's work per button press: apply
// the press, then compute the instant to arm the timer for.
func BenchmarkPressAndNextDeadline(b *testing.B) {
	m := benchMatch(b)
	e := rules.Event{Kind: rules.Press}
	var sink time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Seat, e.At = order[i&3], time.Duration(i+1)*time.Microsecond
		eff, err := m.Apply(e)
		if err != nil || eff.Ignored != "" {
			b.Fatalf("press %d: %+v %v", i, eff, err)
		}
		at, _ := m.NextDeadline()
		sink += at
	}
	_ = sink
}

// BenchmarkSnapshot is what the loop publishes after every change.
func BenchmarkSnapshot(b *testing.B) {
	m := benchMatch(b)
	apply(b, m, press(bughouse.AWhite, time.Microsecond))
	var sink time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := m.Snapshot(time.Duration(i) + 2*time.Microsecond)
		sink += s.Clocks[bughouse.ABlack].Remaining
	}
	_ = sink
}

// The press path allocates nothing: the loop runs it for every button press
// on a Raspberry Pi, where a garbage collection is a visible pause.
func TestPressAndNextDeadline_NoAllocs(t *testing.T) {
	m := benchMatch(t)
	e := rules.Event{Kind: rules.Press}
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		e.Seat, e.At = order[i&3], time.Duration(i+1)*time.Microsecond
		i++
		if eff, err := m.Apply(e); err != nil || eff.Ignored != "" {
			t.Fatalf("press: %+v %v", eff, err)
		}
		_, _ = m.NextDeadline()
		_ = m.Snapshot(e.At)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per press, want 0", allocs)
	}
}
