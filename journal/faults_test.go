package journal

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/table"
)

// fakeFile is a File in memory: Write can be held (a slow SD card) or fail
// after a number of bytes (a full disk).
type fakeFile struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	hold    chan struct{} // when set, Write waits for it to be closed
	room    int           // bytes left before ENOSPC; -1 unlimited
	writes  int
	entered chan struct{} // receives once per Write entered
}

func (f *fakeFile) Write(p []byte) (int, error) {
	if f.entered != nil {
		select {
		case f.entered <- struct{}{}:
		default:
		}
	}
	if f.hold != nil {
		<-f.hold
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes++
	if f.room >= 0 && len(p) > f.room {
		n := f.room
		f.buf.Write(p[:n])
		f.room = 0
		return n, syscall.ENOSPC
	}
	if f.room >= 0 {
		f.room -= len(p)
	}
	return f.buf.Write(p)
}

func (f *fakeFile) Sync() error  { return nil }
func (f *fakeFile) Close() error { return nil }

func (f *fakeFile) bytes() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]byte(Header), f.buf.Bytes()...)
}

// TestSlowStore_PressesDoNotWaitForTheDisk holds the store's first write
// and plays 200 presses: the loop applies every one (Do returns once the
// loop applied it) while the disk has not finished a single write, and a
// decided result is not reported final until it is on disk. Then the
// store is released and everything arrives, in order.
func TestSlowStore_PressesDoNotWaitForTheDisk(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := &fakeFile{hold: make(chan struct{}), room: -1, entered: make(chan struct{}, 1)}
		prog := NewProgress()
		w := NewWriter(f, 0, "", &Opts{Synced: prog.Synced})
		rec := NewRecorder(w, "")
		o := preset(t, "reglamento")
		tb, err := table.New(&table.Opts{Options: o, Record: rec.Entry, Durable: prog.C()})
		if err != nil {
			t.Fatal(err)
		}
		<-f.entered // the writer is now stuck in the first Write (the match record)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { tb.Run(ctx); close(done) }()

		at := tb.Epoch()
		tb.Do(ctx, rules.Event{Kind: rules.Start}, at)
		seats := []bughouse.Seat{bughouse.AWhite, bughouse.ABlack}
		for i := range 200 {
			at = at.Add(100 * time.Millisecond)
			time.Sleep(time.Until(at))
			if _, err := tb.Do(ctx, rules.Event{Kind: rules.Press, Seat: seats[i%2]}, at); err != nil {
				t.Fatal(err)
			}
		}
		tb.Do(ctx, rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.WhiteWins, Reason: rules.Resignation}, at)
		s := tb.Snapshot()
		if s.Clocks[bughouse.AWhite].Moves != 100 || s.Clocks[bughouse.ABlack].Moves != 100 || s.Status != rules.Decided {
			t.Fatalf("with the disk held: moves %d/%d, status %v; want 100/100, decided",
				s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves, s.Status)
		}
		f.mu.Lock()
		writes := f.writes
		f.mu.Unlock()
		if writes != 0 {
			t.Fatalf("%d writes finished while the store was held", writes)
		}
		if tb.Snapshot().Final {
			t.Fatal("the result is reported final before it is on disk")
		}
		close(f.hold)
		if err := w.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if err := tb.Ping(ctx); err != nil { // a snapshot after the loop took the report
			t.Fatal(err)
		}
		if !tb.Snapshot().Final {
			t.Fatal("the result is on disk but not final")
		}
		cancel()
		<-done
		w.Close()
		l, p, err := Verify(f.bytes())
		if err != nil || p != nil {
			t.Fatalf("%v %v", p, err)
		}
		// match, start, 200 presses, declare, decision
		if len(l.Records) != 204 || l.Records[203].Kind != KindDecision {
			t.Fatalf("%d records, the last %v", len(l.Records), l.Records[len(l.Records)-1].Kind)
		}
	})
}

// TestFullDisk_ClockRunsRecordErrSays fills the disk after a few records:
// the writer reports ENOSPC once, the clocks go on (presses applied, a flag
// decides), and the file that is left reads back with its torn tail dropped.
func TestFullDisk_ClockRunsRecordErrSays(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := &fakeFile{room: 1200}
		var failed []error
		var mu sync.Mutex
		w := NewWriter(f, 0, "", &Opts{Failed: func(err error) { mu.Lock(); failed = append(failed, err); mu.Unlock() }})
		rec := NewRecorder(w, "")
		o := preset(t, "reglamento")
		tb, err := table.New(&table.Opts{Options: o, Record: rec.Entry, Checkpoint: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go tb.Run(ctx)
		tb.Do(ctx, rules.Event{Kind: rules.Start}, tb.Epoch())
		for i := range 20 {
			time.Sleep(time.Second)
			tb.Do(ctx, rules.Event{Kind: rules.Press, Seat: []bughouse.Seat{bughouse.AWhite, bughouse.ABlack}[i%2]}, time.Now())
		}
		time.Sleep(10 * time.Minute)
		synctest.Wait()
		s := tb.Snapshot()
		if s.Clocks[bughouse.ABlack].Moves != 10 || s.Status != rules.Decided || s.Reason != rules.Flag {
			t.Fatalf("moves %d, status %v %v: the clocks must go on without the disk", s.Clocks[bughouse.ABlack].Moves, s.Status, s.Reason)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(failed) != 1 || !errors.Is(failed[0], syscall.ENOSPC) || !errors.Is(w.Err(), syscall.ENOSPC) {
			t.Fatalf("Failed called with %v, Err %v; want ENOSPC once", failed, w.Err())
		}
		if tb.Snapshot().Final {
			t.Error("a result that could not be recorded is not final")
		}
		l, err := Load(f.bytes())
		if err != nil || l.Damage != nil || l.Torn == "" || len(l.Records) == 0 {
			t.Fatalf("the full disk's file: %v damage %v torn %q, %d records", err, l.Damage, l.Torn, len(l.Records))
		}
		if w.Append(Record{Kind: KindCheckpoint}, 0) != 0 {
			t.Error("Append after a failure must drop the record")
		}
	})
}

// TestCut_RestoredWithinInterval records a running match with checkpoints
// every second, takes the file as it is on disk at cut instants (what a
// power cut leaves), restores each, and checks: paused, each remaining
// time within the interval of its true value at the cut (and never more
// than it: a clock restored can only have run less).
func TestCut_RestoredWithinInterval(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	var cuts [][]byte
	var truth [][4]time.Duration
	o := preset(t, "reglamento")
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, time.Second)
		s.t.Do(context.Background(), rules.Event{Kind: rules.Start}, time.Now())
		seats := []bughouse.Seat{bughouse.AWhite, bughouse.BWhite, bughouse.ABlack, bughouse.BBlack}
		for i := range 40 {
			time.Sleep(time.Duration(700+i*37%500) * time.Millisecond)
			s.t.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: seats[i%4]}, time.Now())
			time.Sleep(time.Duration(i*53%900) * time.Millisecond)
			synctest.Wait()
			// The cut: what is on disk now, and the true times now.
			s.t.Ping(context.Background())
			snap := s.t.Snapshot()
			var tr [4]time.Duration
			for j, c := range snap.Clocks {
				tr[j] = c.Remaining
			}
			cuts = append(cuts, mustRead(t, path))
			truth = append(truth, tr)
		}
		s.stop()
	})
	for i, data := range cuts {
		l, err := Load(data)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := l.Matches()
		if err != nil {
			t.Fatal(err)
		}
		m := ms[len(ms)-1]
		synctest.Test(t, func(t *testing.T) {
			restore, err := m.Restore()
			if err != nil {
				t.Fatal(err)
			}
			tb, err := table.New(&table.Opts{Options: m.Options, Restore: restore})
			if err != nil {
				t.Fatal(err)
			}
			snap := tb.Snapshot()
			if snap.Status != rules.Paused {
				t.Fatalf("cut %d: restored %v, want paused", i, snap.Status)
			}
			for _, seat := range bughouse.Seats {
				d := snap.Clocks[seat].Remaining - truth[i][seat]
				if d < 0 || d > time.Second {
					t.Errorf("cut %d: %v restored %v, true %v: off by %v (interval 1s)", i, seat, snap.Clocks[seat].Remaining, truth[i][seat], d)
				}
			}
		})
	}
}
