package hallload

import (
	"cmp"
	"slices"
	"sync"
	"time"
)

// Tracker turns the dashboard's table states into per-press latencies:
// press -> dashboard is the instant a state showing the press arrives at
// the measuring client less the press's wall-clock instant.
//
// The dashboard sends each table's latest state (a reader that falls
// behind gets the newest, not each one), so one state may show several
// new events: each press among them is measured to that state's arrival
// (a press shown late is late, whichever state shows it). The newest
// press's instant is the one the state carries (hall.Snap.LastEventNs, on
// the table's clock); the others' come from the table's own log (Sim).
type Tracker struct {
	mu     sync.Mutex
	tables map[string]*tracked
	killAt time.Time // the hub was killed (zero: not yet)
	split  time.Time // a cluster's node was killed (zero: not yet, or a hub alone)
	states int       // table states received
	// The press latencies: before the kill, during the outage (shown
	// after the kill, made before the table's first state after it: they
	// waited for the restart), after the restart.
	before, outage, after []time.Duration
	slowest               []Slow
	coalesced             int // presses first shown by a later press's state
	mismatch              int // states whose LastEventNs is not the logged press instant
}

type tracked struct {
	events func(k uint64) (Event, bool) // event k of the table's log
	shown  bool                         // a state of the table arrived
	seen   uint64                       // events shown so far
	back   time.Time                    // the first state after the kill
}

// NewTracker returns a tracker of the given tables: for each id, the
// table's event log (Sim.Event).
func NewTracker(logs map[string]func(k uint64) (Event, bool)) *Tracker {
	t := &Tracker{tables: map[string]*tracked{}}
	for id, f := range logs {
		t.tables[id] = &tracked{events: f}
	}
	return t
}

// Killed notes that the hub was killed at instant at (call it just
// before the signal): the presses shown after it and made before the
// table's first state after it are counted apart (Figures.Outage).
func (t *Tracker) Killed(at time.Time) {
	t.mu.Lock()
	t.killAt = at
	t.mu.Unlock()
}

// NodeKilled notes that a node of a cluster was killed at instant at,
// the watched node staying: every press still counts in Steady, those
// made before it in Before and the others in After (no outage: the
// tables on the lost node move to another).
func (t *Tracker) NodeKilled(at time.Time) {
	t.mu.Lock()
	t.split = at
	t.mu.Unlock()
}

// Observe takes table id's state received at recv on a connection made
// at conn: events is its hall.Snap.Events, lastNs its
// hall.Snap.LastEventNs (Unix ns, 0: none). A state read after the kill
// on a connection made before it was sent by the killed hub (it was on
// its way): the connection's instant tells the hubs apart.
func (t *Tracker) Observe(id string, events uint64, lastNs int64, recv, conn time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.states++
	tr := t.tables[id]
	if tr == nil {
		return // not one of ours
	}
	tr.shown = true
	after := !t.killAt.IsZero() && conn.After(t.killAt)
	if after && tr.back.IsZero() {
		tr.back = recv
	}
	if events <= tr.seen {
		return // a heartbeat, or nothing new
	}
	for k := tr.seen + 1; k <= events; k++ {
		e, ok := tr.events(k)
		if !ok || !e.Press {
			continue
		}
		wall := e.Wall
		if k == events {
			if lastNs != 0 {
				// The state's own instant for its last event; the log's
				// is the same instant, read before the table stamped it.
				if d := time.Unix(0, lastNs).Sub(e.Wall); d > time.Millisecond || d < -time.Millisecond {
					t.mismatch++
				}
				wall = time.Unix(0, lastNs)
			}
		} else {
			t.coalesced++
		}
		lat := recv.Sub(wall)
		switch {
		case !t.split.IsZero() && !e.Wall.Before(t.split):
			t.after = append(t.after, lat)
		case !after:
			t.before = append(t.before, lat)
		case e.Wall.Before(tr.back):
			t.outage = append(t.outage, lat)
			continue // not among the slowest steady presses
		default:
			t.after = append(t.after, lat)
		}
		{
			t.slowest = append(t.slowest, Slow{Table: id, Wall: e.Wall, Latency: lat})
			slices.SortFunc(t.slowest, func(a, b Slow) int { return cmp.Compare(b.Latency, a.Latency) })
			t.slowest = t.slowest[:min(len(t.slowest), 5)]
		}
	}
	tr.seen = events
}

// Shown returns how many of the tables the dashboard has shown (a state
// of each, e.g. the first snapshot after its link connected).
func (t *Tracker) Shown() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, tr := range t.tables {
		if tr.shown {
			n++
		}
	}
	return n
}

// Seen returns how many events of table id the dashboard has shown.
func (t *Tracker) Seen(id string) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tr := t.tables[id]; tr != nil {
		return tr.seen
	}
	return 0
}

// Slow is one of the slowest steady presses: its table, instant and
// latency.
type Slow struct {
	Table   string
	Wall    time.Time
	Latency time.Duration
}

// Latency is a distribution of press latencies.
type Latency struct {
	N                   int
	P50, P90, P99, Max  time.Duration
	Min                 time.Duration
	Over50ms, Over100ms int
}

// latencyOf summarizes ds (nearest-rank percentiles).
func latencyOf(ds []time.Duration) Latency {
	l := Latency{N: len(ds)}
	if len(ds) == 0 {
		return l
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	rank := func(p float64) time.Duration {
		i := int(p*float64(len(s))+0.999999) - 1
		return s[min(max(i, 0), len(s)-1)]
	}
	l.P50, l.P90, l.P99, l.Min, l.Max = rank(0.50), rank(0.90), rank(0.99), s[0], s[len(s)-1]
	for _, d := range s {
		if d > 50*time.Millisecond {
			l.Over50ms++
		}
		if d > 100*time.Millisecond {
			l.Over100ms++
		}
	}
	return l
}

// Figures are a Tracker's results.
type Figures struct {
	// Steady is the latency of every press made while the hub ran: Before
	// the kill and After the restart (from each table's first state after
	// it); Outage that of the presses the kill held back.
	Steady, Before, After, Outage Latency
	// States counts the table states received; Coalesced the presses first
	// shown by a later press's state; Mismatch the states whose
	// last-event instant differed from the table's log by over 1 ms.
	States, Coalesced, Mismatch int
	// Slowest are the five slowest steady presses, slowest first.
	Slowest []Slow
}

// Figures returns the tracker's figures so far.
func (t *Tracker) Figures() Figures {
	t.mu.Lock()
	defer t.mu.Unlock()
	return Figures{Steady: latencyOf(append(slices.Clone(t.before), t.after...)), Before: latencyOf(t.before),
		After: latencyOf(t.after), Outage: latencyOf(t.outage), States: t.states, Coalesced: t.coalesced,
		Mismatch: t.mismatch, Slowest: slices.Clone(t.slowest)}
}
