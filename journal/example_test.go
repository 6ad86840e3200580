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

	// Record: open the file, hand the recorder and its progress to the
	// table (which begins the match record).
	prog := journal.NewProgress()
	w, _, err := journal.Open(path, &journal.Opts{Synced: prog.Synced, Failed: prog.Failed})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := journal.NewRecorder(w, "Table 1")
	t, _ := table.New(&table.Opts{Options: preset.Options, Preset: preset.Name, Record: rec.Entry, Durable: prog.C()})
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
	restore, _ := m.Restore()
	t2, _ := table.New(&table.Opts{Options: m.Options, Restore: restore})
	s := t2.Snapshot()
	fmt.Println(len(l.Records), "records, problem:", problem)
	fmt.Println(s.Status, s.Clocks[bughouse.AWhite].Remaining)
	// Output:
	// 3 records, problem: <nil>
	// paused 4m57s
}
