package hallload

import (
	"strings"
	"testing"
	"time"
)

// logOf returns an event log: event k at t0 + offsets[k-1], a press
// unless listed in others.
func logOf(t0 time.Time, offsets []time.Duration, others ...uint64) func(uint64) (Event, bool) {
	return func(k uint64) (Event, bool) {
		if k == 0 || k > uint64(len(offsets)) {
			return Event{}, false
		}
		for _, o := range others {
			if o == k {
				return Event{Wall: t0.Add(offsets[k-1])}, true
			}
		}
		return Event{Wall: t0.Add(offsets[k-1]), Press: true}, true
	}
}

const ms = time.Millisecond

func TestTracker_EachPressToTheStateThatShowsIt(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	// Event 1 is the start (no latency), 2-4 presses.
	tr := NewTracker(map[string]func(uint64) (Event, bool){"t1": logOf(t0, []time.Duration{0, 100 * ms, 200 * ms, 210 * ms}, 1)})
	tr.Observe("t1", 1, t0.UnixNano(), t0.Add(5*ms))
	tr.Observe("t1", 2, t0.Add(100*ms).UnixNano(), t0.Add(103*ms))
	tr.Observe("t1", 2, t0.Add(100*ms).UnixNano(), t0.Add(900*ms)) // a heartbeat: nothing new
	// Presses 3 and 4 in one state: 3 is measured to it too.
	tr.Observe("t1", 4, t0.Add(210*ms).UnixNano(), t0.Add(214*ms))
	tr.Observe("t9", 7, 0, t0) // not ours: counted as a state only
	steady, outage, states, coalesced, mismatch := tr.Figures()
	if states != 5 || coalesced != 1 || mismatch != 0 || outage.N != 0 {
		t.Fatalf("states %d coalesced %d mismatch %d outage %d; want 5 1 0 0", states, coalesced, mismatch, outage.N)
	}
	if steady.N != 3 || steady.Min != 3*ms || steady.Max != 14*ms || steady.P50 != 4*ms {
		t.Fatalf("steady %+v; want 3 presses: 3, 4 and 14 ms", steady)
	}
	if tr.Seen("t1") != 4 || tr.Seen("t9") != 0 {
		t.Errorf("seen %d %d", tr.Seen("t1"), tr.Seen("t9"))
	}
}

func TestTracker_InstantFromTheState(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	tr := NewTracker(map[string]func(uint64) (Event, bool){"t1": logOf(t0, []time.Duration{0, 100 * ms})})
	// The state's instant is 3 ms after the log's: the state's is used,
	// and the difference counted.
	tr.Observe("t1", 2, t0.Add(103*ms).UnixNano(), t0.Add(110*ms))
	steady, _, _, _, mismatch := tr.Figures()
	if mismatch != 1 || steady.N != 2 || steady.Max != 110*ms || steady.Min != 7*ms {
		t.Fatalf("mismatch %d, steady %+v; want 1 and 7 ms (press 2, the state's instant), 110 ms (press 1, the log's)", mismatch, steady)
	}
}

func TestTracker_OutagePressesApart(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	tr := NewTracker(map[string]func(uint64) (Event, bool){"t1": logOf(t0, []time.Duration{0, 1000 * ms, 2000 * ms, 6000 * ms, 7000 * ms}, 1)})
	tr.Observe("t1", 2, t0.Add(1000*ms).UnixNano(), t0.Add(1005*ms))
	tr.Killed(t0.Add(1500 * ms))
	// The first state after the restart shows presses 3 and 4.
	tr.Observe("t1", 4, t0.Add(6000*ms).UnixNano(), t0.Add(6100*ms))
	tr.Observe("t1", 5, t0.Add(7000*ms).UnixNano(), t0.Add(7002*ms))
	steady, outage, _, _, _ := tr.Figures()
	if outage.N != 2 || outage.Max != 4100*ms || outage.Min != 100*ms {
		t.Fatalf("outage %+v; want presses 3 and 4 (4.1 s and 100 ms)", outage)
	}
	if steady.N != 2 || steady.Max != 5*ms || steady.Min != 2*ms {
		t.Fatalf("steady %+v; want presses 2 and 5 (5 and 2 ms)", steady)
	}
}

func TestLatencyOf_NearestRank(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*ms)
	}
	l := latencyOf(ds)
	if l.P50 != 50*ms || l.P90 != 90*ms || l.P99 != 99*ms || l.Max != 100*ms || l.Min != ms || l.Over50ms != 50 || l.Over100ms != 0 {
		t.Fatalf("%+v", l)
	}
	if l := latencyOf(nil); l.N != 0 || l.String() != "none" {
		t.Fatalf("%+v %q", l, l.String())
	}
	if s := latencyOf([]time.Duration{7 * ms}).String(); !strings.Contains(s, "p99 7.0 ms") {
		t.Errorf("%q", s)
	}
}

func TestParseStat(t *testing.T) {
	// A command name with spaces and parentheses; utime 250, stime 50.
	line := "4242 (tandem (hall) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 9 0 123 456 789"
	d, err := parseStat(line)
	if err != nil || d != 3*time.Second {
		t.Fatalf("%v %v; want 3s", d, err)
	}
	for _, bad := range []string{"4242 tandem S 1", "4242 (x) S 1 2 3", "4242 (x) S 1 2 3 4 5 6 7 8 9 10 u s"} {
		if _, err := parseStat(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseHWM(t *testing.T) {
	status := "Name:\ttandem\nVmPeak:\t  900000 kB\nVmHWM:\t   51200 kB\nVmRSS:\t   40000 kB\n"
	n, err := parseHWM(strings.NewReader(status))
	if err != nil || n != 50<<20 {
		t.Fatalf("%d %v; want 50 MiB", n, err)
	}
	for _, bad := range []string{"Name:\tx\n", "VmHWM:\t12 MB\n", "VmHWM:\tx kB\n"} {
		if _, err := parseHWM(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// The process reads its own CPU time through the same parser.
func TestSelfCPU(t *testing.T) {
	if _, err := SelfCPU(); err != nil {
		t.Fatal(err)
	}
}
