package table_test

import (
	"context"
	"fmt"
	"time"

	"tandem/bughouse"
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
	t.Do(ctx, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(3*time.Second))
	s := t.Snapshot()
	fmt.Println(s.Status, display.Format(s.Clocks[bughouse.AWhite].Remaining, nil), s.Clocks[bughouse.ABlack].Running)
	// Output: running 4:57 true
}
