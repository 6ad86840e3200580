package journal_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
	"tandem/table"
)

// A table records every event to a file; after a restart the record
// restores the match, paused, and proves itself intact.
func Example() {
	dir, _ := os.MkdirTemp("", "tandem")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tandem.db")
	preset, _ := rules.LookupPreset("reglamento")

	// Record: open the file, begin a match, hand the recorder to the table.
	var mark journal.Marker
	w, _, err := journal.Open(path, &journal.Opts{Synced: mark.Synced})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := journal.NewRecorder(w, journal.Meta{Table: "Table 1"}, nil)
	rec.Begin(preset.Options, preset.Name, 0, time.Now())
	t, _ := table.New(&table.Opts{Options: preset.Options, Record: rec.Entry})
	mark.Attach(t)
	ctx, cancel := context.WithCancel(context.Background())
	go t.Run(ctx)
	t0 := t.Epoch()
	t.Do(ctx, rules.Event{Kind: rules.Start}, t0)
	t.Do(ctx, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(3*time.Second))
	w.Sync(ctx) // on disk (a real table never waits for it)
	cancel()
	w.Close()

	// Restart: read the record, restore its last match.
	data, _ := os.ReadFile(path)
	l, problem, _ := journal.Verify(data)
	ms, _ := l.Matches()
	m := ms[len(ms)-1]
	t2, _ := table.New(&table.Opts{Options: m.Options, Restore: m.Restore()})
	s := t2.Snapshot()
	fmt.Println(len(l.Records), "records, problem:", problem)
	fmt.Println(s.Status, s.Clocks[bughouse.AWhite].Remaining)
	// Output:
	// 3 records, problem: <nil>
	// paused 4m57s
}
