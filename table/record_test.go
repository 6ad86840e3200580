package table

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// entries collects what the loop hands to Opts.Record.
type entries struct {
	mu sync.Mutex
	es []Entry
}

func (c *entries) add(e Entry) {
	c.mu.Lock()
	c.es = append(c.es, e)
	c.mu.Unlock()
}

func (c *entries) all() []Entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Entry(nil), c.es...)
}

func TestRecord_EveryChangeInOrder_FlagDecisionFinalOnceMarked(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		tb, stop := start(t, &Opts{Options: opts(t, "1m"), Record: rec.add})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(2 * time.Second)
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite})
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}) // not his turn: ignored, still recorded
		time.Sleep(2 * time.Minute)
		synctest.Wait()
		es := rec.all()
		kinds := []EntryKind{EntryEvent, EntryEvent, EntryEvent, EntryDecision}
		if len(es) != len(kinds) {
			t.Fatalf("got %d entries %+v, want %d", len(es), es, len(kinds))
		}
		for i, e := range es {
			if e.Kind != kinds[i] || e.Seq != uint64(i+1) {
				t.Errorf("entry %d: kind %v seq %d, want %v seq %d", i, e.Kind, e.Seq, kinds[i], i+1)
			}
		}
		if es[2].Effect.Ignored == "" {
			t.Errorf("the second press should be recorded as ignored: %+v", es[2].Effect)
		}
		// B-white has run since the start (0): he flags at exactly 1 min.
		d := es[3]
		if d.At != time.Minute || d.Result != rules.Team1Wins || d.Reason != rules.Flag || d.NDecisive != 1 || d.Decisive[0] != bughouse.BWhite {
			t.Errorf("decision %+v, want B-white's flag at 1m (1-0)", d)
		}
		if d.Clocks[bughouse.BWhite] != 0 || d.Clocks[bughouse.AWhite] != time.Minute-2*time.Second {
			t.Errorf("decision clocks %v", d.Clocks)
		}
		if tb.Final() {
			t.Fatal("Final before the decision was marked recorded")
		}
		snaps, cancel := tb.Subscribe()
		defer cancel()
		if s := <-snaps; s.Status != rules.Decided || s.Final {
			t.Fatalf("snapshot before the decision is on disk: status %v, Final %v; want decided, not final", s.Status, s.Final)
		}
		tb.MarkRecorded(d.Seq - 1)
		if tb.Final() {
			t.Fatal("Final with the decision's entry not yet recorded")
		}
		tb.MarkRecorded(d.Seq)
		synctest.Wait()
		if !tb.Final() || tb.Recorded() != d.Seq {
			t.Fatalf("Final %v Recorded %d after MarkRecorded(%d)", tb.Final(), tb.Recorded(), d.Seq)
		}
		select {
		case s := <-snaps:
			if !s.Final {
				t.Error("the snapshot published when the result became final says it is not")
			}
		default:
			t.Error("no snapshot published when the result became final")
		}
		// A reset starts a new match: not final any more.
		do(t, tb, rules.Event{Kind: rules.Reset})
		if tb.Final() {
			t.Error("Final after a reset")
		}
	})
}

func TestRecord_NoRecorder_FinalWhenDecided(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "1m")})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		do(t, tb, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		if !tb.Final() || !tb.Snapshot().Final {
			t.Errorf("without a recorder a decided match is final: Final() %v, snapshot %v", tb.Final(), tb.Snapshot().Final)
		}
	})
}

func TestRecord_Reconfigure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		tb, stop := start(t, &Opts{Options: opts(t, "1m"), Record: rec.add})
		defer stop()
		o := opts(t, "3m+2s")
		if err := tb.Reconfigure(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		es := rec.all()
		if len(es) != 1 || es[0].Kind != EntryReconfigure || es[0].Options.Control.String() != "3m+2s" {
			t.Fatalf("entries %+v, want one reconfigure to 3m+2s", es)
		}
	})
}

// TestRestore_PausedAtUntil_TimesExact replays a recorded running match:
// it comes back paused at Until with exactly the times the match had then,
// and later instants continue from there.
func TestRestore_PausedAtUntil_TimesExact(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		o := opts(t, "5m+2s")
		tb, stop := start(t, &Opts{Options: o, Record: rec.add})
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(3 * time.Second)
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite})
		time.Sleep(7 * time.Second)
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite})
		time.Sleep(5 * time.Second)
		until := tb.Since(time.Now()) // a checkpoint here
		want := snapshotAt(t, o, rec.all(), until)
		stop()

		var events []rules.Event
		for _, e := range rec.all() {
			if e.Kind == EntryEvent {
				events = append(events, e.Event)
			}
		}
		var rec2 entries
		time.Sleep(time.Hour) // the table is off for an hour
		tb2, stop2 := start(t, &Opts{Options: o, Record: rec2.add, Restore: &Restore{Events: events, Until: until}})
		defer stop2()
		s := tb2.Snapshot()
		if s.Status != rules.Paused {
			t.Fatalf("restored status %v, want paused", s.Status)
		}
		for _, seat := range bughouse.Seats {
			if s.Clocks[seat].Remaining != want.Clocks[seat].Remaining {
				t.Errorf("%v: restored %v, want %v", seat, s.Clocks[seat].Remaining, want.Clocks[seat].Remaining)
			}
		}
		es := rec2.all()
		if len(es) != 1 || !es[0].Recovered || es[0].Event.Kind != rules.Pause || es[0].At != until {
			t.Fatalf("restore entries %+v, want one recovered pause at %v", es, until)
		}
		if now := tb2.Since(time.Now()); now != until {
			t.Errorf("the new epoch puts now at %v, want %v (the restored instant)", now, until)
		}
		time.Sleep(time.Second)
		eff := do(t, tb2, rules.Event{Kind: rules.Resume})
		if eff.Ignored != "" || eff.Refused != "" {
			t.Fatalf("resume: %+v", eff)
		}
		time.Sleep(time.Second)
		if err := tb2.Ping(context.Background()); err != nil { // publish a fresh snapshot
			t.Fatal(err)
		}
		s = tb2.Snapshot()
		if got, w := s.Clocks[bughouse.ABlack].Remaining, want.Clocks[bughouse.ABlack].Remaining-time.Second; got != w {
			t.Errorf("A-black after resuming 1 s: %v, want %v", got, w)
		}
	})
}

// snapshotAt replays the recorded events in a bare match up to until.
func snapshotAt(t *testing.T, o rules.Options, es []Entry, until time.Duration) rules.Snapshot {
	t.Helper()
	m, err := rules.New(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.Kind == EntryEvent {
			m.Apply(e.Event)
		}
	}
	m.Advance(until)
	return m.Snapshot(until)
}

func TestRestore_Decided_StaysDecidedAndFinal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t, "1m")
		events := []rules.Event{{Kind: rules.Start}}
		// Nothing recorded after the start but a checkpoint past the
		// flags: both White clocks fall at 1 min, simultaneous (Art 35).
		var rec entries
		tb, stop := start(t, &Opts{Options: o, Record: rec.add, Restore: &Restore{Events: events, Until: 90 * time.Second}})
		defer stop()
		s := tb.Snapshot()
		if s.Status != rules.Decided || s.DecidedAt != time.Minute || s.Reason != rules.SimultaneousFlag {
			t.Fatalf("restored %v at %v by %v, want decided by simultaneous flags at 1m", s.Status, s.DecidedAt, s.Reason)
		}
		if !tb.Final() || !s.Final {
			t.Errorf("a restored decided match is final: Final() %v, first snapshot %v", tb.Final(), s.Final)
		}
		snaps, cancel := tb.Subscribe()
		if first := <-snaps; !first.Final {
			t.Error("a subscriber's first snapshot of a restored decided match is not final")
		}
		cancel()
		if len(rec.all()) != 0 {
			t.Errorf("a decided match needs no recovery pause: %+v", rec.all())
		}
	})
}

func TestRestore_BackwardsRefused(t *testing.T) {
	_, err := New(&Opts{Options: opts(t, "1m"), Restore: &Restore{Events: []rules.Event{
		{Kind: rules.Start, At: 5 * time.Second}, {Kind: rules.Pause, At: time.Second}}}})
	if err == nil {
		t.Fatal("instants going backwards must be refused")
	}
}

func TestOptions_FollowReconfigure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "1m")})
		defer stop()
		if got := tb.Options().Control.String(); got != "1m" {
			t.Fatalf("Options %s, want 1m", got)
		}
		if err := tb.Reconfigure(context.Background(), opts(t, "3m+2s")); err != nil {
			t.Fatal(err)
		}
		if got := tb.Options().Control.String(); got != "3m+2s" {
			t.Errorf("after Reconfigure: %s, want 3m+2s", got)
		}
	})
}
