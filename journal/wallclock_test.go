package journal

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clocksync"
	"tandem/rules"
	"tandem/table"
)

// writeMatch records a match and its decision through a recorder made by
// mk, calls between in between (the wall clock's status may change
// there), and returns the records read back.
func writeMatch(t *testing.T, mk func(*Writer) *Recorder, between func()) *Log {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	w, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := mk(w)
	o, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	rec.Entry(table.Entry{Seq: 1, Kind: table.EntryMatch, Match: "20261129-100000-0001", Wall: time.Now(), Preset: "reglamento", Options: o.Options})
	between()
	rec.Entry(table.Entry{Seq: 2, Kind: table.EntryDecision, Match: "20261129-100000-0001", At: 5 * time.Second, Wall: time.Now(),
		Result: rules.Team1Wins, Decisive: [2]bughouse.Seat{bughouse.ABlack}, NDecisive: 1})
	if err := w.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.Close()
	_, l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Records) != 2 {
		t.Fatalf("%d records", len(l.Records))
	}
	return l
}

// The match record and the decision carry the wall clock's status at the
// time they were made; the timeline export says when the date is a
// guess.
func TestRecorder_WallClock(t *testing.T) {
	status := clocksync.Unsynced
	l := writeMatch(t, func(w *Writer) *Recorder {
		return NewRecorder(w, "T1").SetWallClock(func() clocksync.Status { return status })
	}, func() { status = clocksync.Synced }) // a time server answered during the match
	if m, d := l.Records[0], l.Records[1]; m.Kind != KindMatch || m.WallClock != "unsynchronised" || d.Kind != KindDecision || d.WallClock != "synchronised" {
		t.Fatalf("records %s %q, %s %q", m.Kind, m.WallClock, d.Kind, d.WallClock)
	}
	ms, err := l.Matches()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteTimeline(&b, ms[0]); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(b.String(), "\n")
	if !strings.Contains(first, "(the table's wall clock was never synchronised: the date and times of day are guesses)") {
		t.Fatalf("timeline header %q", first)
	}
}

// Without SetWallClock nothing is recorded, and the export says nothing.
func TestRecorder_NoWallClock(t *testing.T) {
	l := writeMatch(t, func(w *Writer) *Recorder { return NewRecorder(w, "T1") }, func() {})
	if l.Records[0].WallClock != "" || l.Records[1].WallClock != "" {
		t.Fatalf("records %+v", l.Records)
	}
}
