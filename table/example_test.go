package table_test

import (
	"context"
	"fmt"
	"time"

	"tandem/display"
	"tandem/rules"
	"tandem/table"
)

// A table owns one match; inputs post timestamped events, outputs read
// snapshots.
func Example() {
	preset, _ := rules.LookupPreset("reglamento")
	t, err := table.New(&table.Opts{Options: preset.Options, NextChange: display.NextChangeFunc(nil)})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go t.Run(ctx)

	t0 := t.Epoch()
	t.Do(ctx, rules.Event{Kind: rules.Start}, t0)
	t.Do(ctx, rules.Event{Kind: rules.Press, Seat: rules.AWhite}, t0.Add(3*time.Second))
	s := t.Snapshot()
	fmt.Println(s.Status, display.Format(s.Clocks[rules.AWhite].Remaining, nil), s.Clocks[rules.ABlack].Running)
	// Output: running 4:57 true
}
