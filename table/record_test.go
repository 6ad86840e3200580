package table

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
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

// kindsOf lists the kinds of es.
func kindsOf(es []Entry) []EntryKind {
	var ks []EntryKind
	for _, e := range es {
		ks = append(ks, e.Kind)
	}
	return ks
}

func TestRecord_EveryChangeInOrder_FlagDecisionFinalOnceDurable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		dur := make(chan Durable, 1)
		tb, stop := start(t, &Opts{Options: opts(t, "1m"), Record: rec.add, Durable: dur})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(2 * time.Second)
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite})
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}) // not his turn: ignored, still recorded
		time.Sleep(2 * time.Minute)
		synctest.Wait()
		es := rec.all()
		kinds := []EntryKind{EntryMatch, EntryEvent, EntryEvent, EntryEvent, EntryDecision}
		if !slices.Equal(kindsOf(es), kinds) {
			t.Fatalf("got entries %v, want %v", kindsOf(es), kinds)
		}
		for i, e := range es {
			if e.Seq != uint64(i+1) || e.Match != es[0].Match || e.Match == "" {
				t.Errorf("entry %d: seq %d match %q, want seq %d of match %q", i, e.Seq, e.Match, i+1, es[0].Match)
			}
		}
		if es[3].Effect.Ignored == "" {
			t.Errorf("the second press should be recorded as ignored: %+v", es[3].Effect)
		}
		// B-white has run since the start (0): he flags at exactly 1 min.
		d := es[4]
		if d.At != time.Minute || d.Result != rules.Team1Wins || d.Reason != rules.Flag || d.NDecisive != 1 || d.Decisive[0] != bughouse.BWhite {
			t.Errorf("decision %+v, want B-white's flag at 1m (1-0)", d)
		}
		if d.Clocks[bughouse.BWhite] != 0 || d.Clocks[bughouse.AWhite] != time.Minute-2*time.Second {
			t.Errorf("decision clocks %v", d.Clocks)
		}
		snaps, cancel := tb.Subscribe()
		defer cancel()
		if s := <-snaps; s.Status != rules.Decided || s.Final || !s.Recording {
			t.Fatalf("snapshot before the decision is on disk: status %v, Final %v, recording %v; want decided, not final, recording", s.Status, s.Final, s.Recording)
		}
		dur <- Durable{Seq: d.Seq - 1}
		synctest.Wait()
		if tb.Snapshot().Final {
			t.Fatal("Final with the decision's entry not yet durable")
		}
		dur <- Durable{Seq: d.Seq}
		synctest.Wait()
		if !tb.Snapshot().Final {
			t.Fatal("not Final once the decision is durable")
		}
		for s := range snaps {
			if s.Final {
				break // the snapshot published when the result became final
			}
		}
		// A reset starts a new match: not final any more.
		do(t, tb, rules.Event{Kind: rules.Reset})
		if s := tb.Snapshot(); s.Final || s.Match == es[0].Match {
			t.Errorf("after a reset: Final %v, match %q (was %q)", s.Final, s.Match, es[0].Match)
		}
		if last := rec.all()[len(rec.all())-1]; last.Kind != EntryMatch || last.Match == es[0].Match {
			t.Errorf("a reset begins a new match entry: %+v", last)
		}
	})
}

func TestRecord_Failed_NotFinalAndSaysWhy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		dur := make(chan Durable, 1)
		tb, stop := start(t, &Opts{Options: opts(t, "1m"), Record: rec.add, Durable: dur})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		dur <- Durable{Seq: 1, Err: errors.New("no space left on device")}
		synctest.Wait()
		do(t, tb, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		s := tb.Snapshot()
		if s.Final || s.Recording || s.RecordErr != "no space left on device" {
			t.Errorf("after a record failure: Final %v recording %v err %q", s.Final, s.Recording, s.RecordErr)
		}
	})
}

// TestRecord_NoRecorder_FinalWhenDecided: a table that keeps no record
// reports a decided result final at once.
func TestRecord_NoRecorder_FinalWhenDecided(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "1m")})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		do(t, tb, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		if s := tb.Snapshot(); !s.Final || s.Recording || s.RecordErr != "" {
			t.Errorf("without a record a decided match is final: Final %v recording %v err %q", s.Final, s.Recording, s.RecordErr)
		}
	})
}

// TestRecord_RecordDidNotOpen_NeverFinal is an attack of docs/record.md: the
// record could not be opened (a read-only disk, no permission), so no
// recorder; a result decided then is not on disk and must never be
// reported final (it was, as if no record were kept).
func TestRecord_RecordDidNotOpen_NeverFinal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "1m"), RecordErr: "opening tandem.db: read-only file system"})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		do(t, tb, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		synctest.Wait()
		if s := tb.Snapshot(); s.Status != rules.Decided || s.Final || s.Recording || s.RecordErr == "" {
			t.Errorf("a record that did not open: status %v Final %v recording %v err %q; want decided, not final, the error shown", s.Status, s.Final, s.Recording, s.RecordErr)
		}
	})
}

func TestRecord_NewMatchWithNewRules(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		tb, stop := start(t, &Opts{Options: opts(t, "1m"), Preset: "reglamento", Record: rec.add})
		defer stop()
		ctl, _ := clock.Parse("3m+2s")
		r, err := tb.Command(context.Background(), arbiter.Command{Kind: arbiter.NewMatch, Preset: "online", Control: &ctl}, time.Now())
		if err != nil || !r.OK {
			t.Fatalf("new match: %+v, %v", r, err)
		}
		es := rec.all()
		if got := kindsOf(es); !slices.Equal(got, []EntryKind{EntryMatch, EntryEvent, EntryMatch}) || es[1].Event.Kind != rules.Reset {
			t.Fatalf("entries %v, want the first match, its reset and the new one", got)
		}
		if e := es[2]; e.Preset != "online" || e.Options.Control.String() != "3m+2s" || e.Options.DropCheck != board.DropCheckAllowed {
			t.Errorf("new match entry %+v, want online at 3m+2s", e)
		}
		if s := tb.Snapshot(); s.Preset != "online" || s.Options.Control.String() != "3m+2s" || s.Match != es[2].Match || s.Match == es[0].Match {
			t.Errorf("snapshot: preset %s control %s match %s", s.Preset, s.Options.Control, s.Match)
		}
	})
}

func TestRecord_Checkpoints_WhileRunningOnly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), Record: rec.add, Checkpoint: time.Second})
		defer stop()
		count := func() (n int) {
			synctest.Wait()
			for _, e := range rec.all() {
				if e.Kind == EntryCheckpoint {
					n++
				}
			}
			return n
		}
		time.Sleep(5 * time.Second)
		if n := count(); n != 0 {
			t.Fatalf("%d checkpoints before the start", n)
		}
		do(t, tb, rules.Event{Kind: rules.Start}) // at 5 s
		time.Sleep(4*time.Second + 600*time.Millisecond)
		// At 9/10 of the interval: 0.9, 1.8, 2.7, 3.6, 4.5 s after the start.
		if n := count(); n != 5 {
			t.Fatalf("%d checkpoints in 4.6 s of play, want 5", n)
		}
		var last Entry
		for _, e := range rec.all() {
			if e.Kind == EntryCheckpoint {
				last = e
			}
		}
		if last.At != 5*time.Second+4500*time.Millisecond || last.Clocks[bughouse.AWhite] != 5*time.Minute-4500*time.Millisecond {
			t.Errorf("last checkpoint at %v with A-white %v", last.At, last.Clocks[bughouse.AWhite])
		}
		do(t, tb, rules.Event{Kind: rules.Pause})
		time.Sleep(10 * time.Second)
		if n := count(); n != 5 {
			t.Errorf("%d checkpoints after 10 s paused, want still 5", n)
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
		tb2, stop2 := start(t, &Opts{Options: o, Record: rec2.add, Restore: &Restore{Events: events, Until: until,
			Match: "20261201-100000-abcd", Players: [4]string{1: "Ana"}}})
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
		if got := kindsOf(es); !slices.Equal(got, []EntryKind{EntryRecovered, EntryEvent}) || es[0].Until != until ||
			!es[1].Recovered || es[1].Event.Kind != rules.Pause || es[1].At != until || es[1].Match != "20261201-100000-abcd" {
			t.Fatalf("restore entries %+v, want the recovery and a recovered pause at %v", es, until)
		}
		if !s.Recovered || s.Match != "20261201-100000-abcd" || s.Players[bughouse.ABlack] != "Ana" {
			t.Errorf("restored snapshot: recovered %v match %q players %q", s.Recovered, s.Match, s.Players)
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
		tb, stop := start(t, &Opts{Options: o, Record: rec.add, Restore: &Restore{Events: events, Until: 90 * time.Second, Decided: true}})
		defer stop()
		s := tb.Snapshot()
		if s.Status != rules.Decided || s.DecidedAt != time.Minute || s.Reason != rules.SimultaneousFlag {
			t.Fatalf("restored %v at %v by %v, want decided by simultaneous flags at 1m", s.Status, s.DecidedAt, s.Reason)
		}
		if !s.Final {
			t.Error("a restored decided match is final")
		}
		snaps, cancel := tb.Subscribe()
		if first := <-snaps; !first.Final {
			t.Error("a subscriber's first snapshot of a restored decided match is not final")
		}
		cancel()
		if got := kindsOf(rec.all()); !slices.Equal(got, []EntryKind{EntryRecovered}) {
			t.Errorf("a decided match needs no recovery pause and no decision again: %v", got)
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

// A decision whose record was torn away (the cut kept the result event
// and lost the decision) is recorded again when the match is restored,
// and final once that is on disk.
func TestRestore_DecidedWithoutItsDecision_RecordsItAgain(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		events := []rules.Event{{Kind: rules.Start},
			{Kind: rules.Declare, At: 10 * time.Second, Board: bughouse.BoardB, Outcome: rules.BlackWins, Reason: rules.Checkmate}}
		var rec entries
		dur := make(chan Durable, 1)
		tb, stop := start(t, &Opts{Options: opts(t, "1m"), Record: rec.add, Durable: dur, Restore: &Restore{Events: events, Until: 10 * time.Second}})
		defer stop()
		es := rec.all()
		if got := kindsOf(es); !slices.Equal(got, []EntryKind{EntryRecovered, EntryDecision}) {
			t.Fatalf("entries %v, want the recovery and the decision again", got)
		}
		if d := es[1]; d.Result != rules.Team1Wins || d.Reason != rules.Checkmate || d.At != 10*time.Second {
			t.Errorf("decision %+v, want 1-0 checkmate at 10s", d)
		}
		if tb.Snapshot().Final {
			t.Fatal("final before the decision is on disk again")
		}
		dur <- Durable{Seq: es[1].Seq}
		synctest.Wait()
		if !tb.Snapshot().Final {
			t.Error("not final once the decision is on disk again")
		}
	})
}

func TestOptions_FollowNewMatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "1m")})
		defer stop()
		if got := tb.Snapshot().Options.Control.String(); got != "1m" {
			t.Fatalf("Options %s, want 1m", got)
		}
		ctl, _ := clock.Parse("3m+2s")
		if r, err := tb.Command(context.Background(), arbiter.Command{Kind: arbiter.NewMatch, Control: &ctl}, time.Now()); err != nil || !r.OK {
			t.Fatal(r, err)
		}
		if got := tb.Snapshot().Options.Control.String(); got != "3m+2s" {
			t.Errorf("after a new match: %s, want 3m+2s", got)
		}
	})
}
