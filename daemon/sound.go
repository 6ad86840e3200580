package daemon

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tandem/config"
	"tandem/sound/buzzer"
	"tandem/table"
)

// startSound opens the [sound] buzzer of a wired table and plays the
// match's events on it (package sound/buzzer), from the table's
// snapshots: the loop never waits for it.
func (d *Daemon) startSound(ctx context.Context) error {
	s := d.Config.Sound
	if d.Config.Mode != config.Hardware || s.Pin == "" {
		return nil
	}
	line, closeLine, err := hardware.buzzer(s.Chip, s.Pin)
	if err != nil {
		return fmt.Errorf("daemon: the buzzer (%s): %w", s.Pin, err)
	}
	p, err := buzzer.New(line, &buzzer.Opts{
		Kind: s.Kind, Frequency: s.Frequency, Events: s.Events,
		LowTime: func(ts *table.Snapshot) time.Duration { return s.Threshold(ts.Options.Control) },
	})
	if err != nil {
		closeLine()
		return fmt.Errorf("daemon: the buzzer (%s): %w", s.Pin, err)
	}
	d.onClose(func() error {
		err := p.Halt()
		closeLine()
		return errors.Join(err)
	})
	snaps, cancel := d.Table.Subscribe()
	stop := context.AfterFunc(ctx, cancel)
	d.Go(func() {
		defer stop()
		p.Run(ctx, snaps)
	})
	return nil
}
