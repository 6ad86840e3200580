package tui_test

import (
	"context"
	"log"
	"os"

	"tandem/display"
	"tandem/rules"
	"tandem/table"
	"tandem/tui"
)

// A simulated table: the table's loop in one goroutine, the terminal in
// this one. The table publishes a snapshot whenever a displayed digit
// changes, with the same display options the terminal draws with.
func Example() {
	p, err := rules.LookupPreset(rules.DefaultPreset)
	if err != nil {
		log.Fatal(err)
	}
	disp := &display.DefaultOpts
	t, err := table.New(&table.Opts{Options: p.Options, Preset: p.Name, NextChange: display.NextChangeFunc(disp)})
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t.Run(ctx)
	}()
	err = tui.Run(ctx, t, os.Stdin, os.Stdout,
		tui.WithDisplay(disp))
	cancel() // stop the table and wait for its loop to end
	<-done
	if err != nil {
		log.Fatal(err)
	}
}
