package daemon

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clocksync"
	"tandem/journal"
	"tandem/rules"
)

// The record's match and decision say what clocksync reads of this
// machine's wall clock (journal.Record.WallClock).
func TestRecord_WallClockStatus(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	d, err := Start(context.Background(), recordConfig(t, path), nil)
	if err != nil {
		t.Fatal(err)
	}
	t0 := d.Table.Epoch()
	do(t, d, rules.Event{Kind: rules.Start}, t0)
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.WhiteWins, Reason: rules.Checkmate}, t0.Add(time.Second))
	waitFinal(t, d)
	d.Close()
	want := clocksync.Read(nil).String()
	_, l, err := journal.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := 0
	for _, r := range l.Records {
		if r.Kind == journal.KindMatch || r.Kind == journal.KindDecision {
			kinds++
			if r.WallClock != want {
				t.Errorf("%s record: wall clock %q, want %q", r.Kind, r.WallClock, want)
			}
		}
	}
	if kinds < 2 {
		t.Fatalf("%d match and decision records", kinds)
	}
}
