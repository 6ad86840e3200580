package journal

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"tandem/replay"
	"tandem/rules"
	"tandem/table"
	"tandem/timeline"
)

// session is a table recording to a file, as the daemon runs it.
type session struct {
	t    *table.Table
	w    *Writer
	rec  *Recorder
	stop func()
}

// open starts a table recording to path, restoring the file's last match
// as the daemon does: a match that started and was not ended by a reset
// goes on; otherwise a new match begins. interval is the checkpoint
// interval (0: none). Call it inside a synctest bubble.
func open(t *testing.T, path string, o rules.Options, interval time.Duration) *session {
	t.Helper()
	prog := NewProgress()
	w, l, err := Open(path, &Opts{Synced: prog.Synced, Failed: prog.Failed})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := l.Matches()
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(w, "T1")
	topts := &table.Opts{Options: o, Preset: "reglamento", Players: [4]string{"Ana", "Bo", "Cy", "Di"},
		Record: rec.Entry, Durable: prog.C(), Checkpoint: interval}
	if n := len(ms); n > 0 {
		if last := ms[n-1]; last.Started() && !last.Ended() {
			topts.Options, topts.Preset = last.Options, last.Begin.Preset
			if topts.Restore, err = last.Restore(); err != nil {
				t.Fatal(err)
			}
		}
	}
	tb, err := table.New(topts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { tb.Run(ctx); close(done) }()
	return &session{t: tb, w: w, rec: rec, stop: func() {
		cancel()
		<-done
		if err := w.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	}}
}

func preset(t *testing.T, name string) rules.Options {
	t.Helper()
	p, err := rules.LookupPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	return p.Options
}

// play posts each scripted event at its instant (virtual time).
func play(t *testing.T, s *session, es []timeline.Entry) {
	t.Helper()
	for _, e := range es {
		if d := time.Until(s.t.Epoch().Add(e.Event.At)); d > 0 {
			time.Sleep(d)
		}
		// A refused event is the rules' answer, recorded like any other.
		if _, err := s.t.Do(context.Background(), e.Event, s.t.Epoch().Add(e.Event.At)); err == table.ErrClosed {
			t.Fatal(err)
		}
	}
}

// TestExportTimeline_RoundTrip drives every scripted match of testdata
// through a recording table, exports the last match as a timeline and
// replays it: same result, reason, seats, decision instant and clocks as
// the replay of the original script.
func TestExportTimeline_RoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../testdata/timeline/*.timeline")
	if len(files) == 0 {
		t.Fatal("no timelines in testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := replay.Load(f, src, "")
			if err != nil {
				t.Fatal(err)
			}
			want, err := plan.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			script, err := timeline.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "rec")
			synctest.Test(t, func(t *testing.T) {
				s := open(t, path, plan.Options, time.Second)
				play(t, s, script.Entries)
				if script.EndLine > 0 {
					time.Sleep(time.Until(s.t.Epoch().Add(script.End)))
					synctest.Wait()
				}
				s.stop() // a clean stop records the clocks last
			})
			l, err := LoadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := l.Matches()
			if err != nil {
				t.Fatal(err)
			}
			m := ms[len(ms)-1]
			var tl bytes.Buffer
			if err := WriteTimeline(&tl, m); err != nil {
				t.Fatal(err)
			}
			// Its times count from the match's start, as the console's
			// (or, with a no-show countdown, from the record's begin,
			// saying when the match started).
			base, _ := timelineBase(m)
			if _, started := m.StartedAt(); started && want.Decided &&
				!strings.Contains(tl.String(), "times: seconds from the match's start") && !strings.Contains(tl.String(), "; the match started at ") {
				t.Errorf("the export does not count from the match's start:\n%s", tl.String())
			}
			p2, err := replay.Load("export.timeline", tl.Bytes(), "")
			if err != nil {
				t.Fatalf("the export does not read: %v\n%s", err, tl.String())
			}
			got, err := p2.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Result != want.Result || got.Reason != want.Reason || got.Decided != want.Decided ||
				len(got.Seats) != len(want.Seats) || got.Clocks != want.Clocks ||
				(want.Decided && got.DecidedAt+base != want.DecidedAt) {
				t.Errorf("export replays to %v %v %v at %v clocks %v;\noriginal %v %v %v at %v clocks %v\n%s",
					got.Result, got.Reason, got.Seats, got.DecidedAt+base, got.Clocks,
					want.Result, want.Reason, want.Seats, want.DecidedAt, want.Clocks, tl.String())
			}
			sum, err := m.Summarize()
			if err != nil {
				t.Fatal(err)
			}
			if sum.Result != want.Result || sum.Clocks != want.Clocks {
				t.Errorf("Summarize %v clocks %v, replay %v clocks %v", sum.Result, sum.Clocks, want.Result, want.Clocks)
			}
			if _, p, err := Verify(mustRead(t, path)); err != nil || p != nil {
				t.Errorf("Verify: %v %v", p, err)
			}
		})
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
