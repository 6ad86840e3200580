package journal

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/clocksync"
	"tandem/rules"
	"tandem/table"
)

// The match record and the decision carry the wall clock's status at the
// time they were written; the timeline export says when the date is a
// guess; without Meta.WallClock nothing is written.
func TestRecorder_WallClock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	w, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	status := clocksync.Unsynced
	rec := NewRecorder(w, Meta{Table: "T1", WallClock: func() clocksync.Status { return status }}, nil)
	o, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Begin(o.Options, "reglamento", 0, time.Now()); err != nil {
		t.Fatal(err)
	}
	status = clocksync.Synced // a time server answered during the match
	rec.Entry(table.Entry{Seq: 1, Kind: table.EntryDecision, At: 5 * time.Second, Wall: time.Now(),
		Result: rules.Team1Wins, Reason: rules.Reason(1), Decisive: [2]rules.Seat{rules.Seats[1]}, NDecisive: 1})
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

func TestRecorder_NoWallClock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	w, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(w, Meta{}, nil)
	o, _ := rules.LookupPreset("reglamento")
	if _, err := rec.Begin(o.Options, "reglamento", 0, time.Now()); err != nil {
		t.Fatal(err)
	}
	w.Sync(context.Background())
	w.Close()
	_, l, _ := Open(path, nil)
	if len(l.Records) != 1 || l.Records[0].WallClock != "" {
		t.Fatalf("records %+v", l.Records)
	}
}
