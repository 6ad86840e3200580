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
	tr.Observe("t1", 1, t0.UnixNano(), t0.Add(5*ms), t0)
	tr.Observe("t1", 2, t0.Add(100*ms).UnixNano(), t0.Add(103*ms), t0)
	tr.Observe("t1", 2, t0.Add(100*ms).UnixNano(), t0.Add(900*ms), t0) // a heartbeat: nothing new
	// Presses 3 and 4 in one state: 3 is measured to it too.
	tr.Observe("t1", 4, t0.Add(210*ms).UnixNano(), t0.Add(214*ms), t0)
	tr.Observe("t9", 7, 0, t0, t0) // not ours: counted as a state only
	f := tr.Figures()
	steady, outage, states, coalesced, mismatch := f.Steady, f.Outage, f.States, f.Coalesced, f.Mismatch
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
	tr.Observe("t1", 2, t0.Add(103*ms).UnixNano(), t0.Add(110*ms), t0)
	f := tr.Figures()
	steady, mismatch := f.Steady, f.Mismatch
	if mismatch != 1 || steady.N != 2 || steady.Max != 110*ms || steady.Min != 7*ms {
		t.Fatalf("mismatch %d, steady %+v; want 1 and 7 ms (press 2, the state's instant), 110 ms (press 1, the log's)", mismatch, steady)
	}
}

func TestTracker_OutagePressesApart(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	tr := NewTracker(map[string]func(uint64) (Event, bool){"t1": logOf(t0,
		[]time.Duration{0, 1000 * ms, 1490 * ms, 2000 * ms, 6000 * ms, 7000 * ms}, 1)})
	tr.Observe("t1", 2, t0.Add(1000*ms).UnixNano(), t0.Add(1005*ms), t0)
	tr.Killed(t0.Add(1500 * ms))
	// Press 3's state was on its way: read after the kill, on the killed
	// hub's connection.
	tr.Observe("t1", 3, t0.Add(1490*ms).UnixNano(), t0.Add(1502*ms), t0)
	// The first state on the restarted hub's connection shows presses 4
	// and 5: the outage's.
	back := t0.Add(6050 * ms)
	tr.Observe("t1", 5, t0.Add(6000*ms).UnixNano(), t0.Add(6100*ms), back)
	tr.Observe("t1", 6, t0.Add(7000*ms).UnixNano(), t0.Add(7002*ms), back)
	f := tr.Figures()
	if f.Outage.N != 2 || f.Outage.Max != 4100*ms || f.Outage.Min != 100*ms {
		t.Fatalf("outage %+v; want presses 4 and 5 (4.1 s and 100 ms)", f.Outage)
	}
	if f.Before.N != 2 || f.Before.Max != 12*ms || f.Before.Min != 5*ms {
		t.Fatalf("before %+v; want presses 2 and 3 (5 and 12 ms)", f.Before)
	}
	if f.After.N != 1 || f.After.Max != 2*ms || f.Steady.N != 3 || f.Steady.Max != 12*ms {
		t.Fatalf("after %+v, steady %+v; want press 6 (2 ms) after, 3 steady", f.After, f.Steady)
	}
	if len(f.Slowest) != 3 || f.Slowest[0].Latency != 12*ms || f.Slowest[2].Latency != 2*ms {
		t.Fatalf("slowest %+v; want the 3 steady presses, slowest first", f.Slowest)
	}
}

// A cluster's node killed, the watched one staying: every press counts,
// split at the kill by the press's own instant, none held apart.
func TestTracker_NodeKilled_EveryPressCounts(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	tr := NewTracker(map[string]func(uint64) (Event, bool){"t1": logOf(t0,
		[]time.Duration{0, 1000 * ms, 1490 * ms, 2000 * ms, 3000 * ms}, 1)})
	tr.Observe("t1", 2, t0.Add(1000*ms).UnixNano(), t0.Add(1005*ms), t0)
	tr.NodeKilled(t0.Add(1500 * ms))
	tr.Observe("t1", 3, t0.Add(1490*ms).UnixNano(), t0.Add(1502*ms), t0)
	// The table moved to another node: a press waited 900 ms.
	tr.Observe("t1", 5, t0.Add(3000*ms).UnixNano(), t0.Add(3010*ms), t0)
	f := tr.Figures()
	if f.Outage.N != 0 || f.Before.N != 2 || f.Before.Max != 12*ms || f.After.N != 2 || f.After.Max != 1010*ms || f.Steady.N != 4 {
		t.Fatalf("before %+v, after %+v, outage %+v, steady %+v; want 2 before (5, 12 ms), 2 after (1010, 10 ms), none held", f.Before, f.After, f.Outage, f.Steady)
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

func TestParseMachineStat(t *testing.T) {
	got, err := parseMachineStat("cpu  4705 150 1120 16250 520 30 45 7 0 0")
	if err != nil || got != (4705+150+1120+30+45+7)*10*time.Millisecond {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := parseMachineStat("cpu0 1 2 3 4 5 6 7 8"); err == nil {
		t.Fatal("a core's line read as the machine's")
	}
	if busy, err := MachineBusy(); err != nil || busy <= 0 {
		t.Fatalf("MachineBusy: %v %v", busy, err)
	}
}
