package daemon

import (
	"context"

	"tandem/table"
)

// This file owns the durable record (Record issue): opening the journal,
// restoring an interrupted match, recording every event.

// openRecord opens the record before the loop exists and, when it holds an
// unfinished match, sets topts so the table starts from it (paused).
func (d *Daemon) openRecord(ctx context.Context, topts *table.Opts) error { return nil }

// startRecord starts recording the loop's events.
func (d *Daemon) startRecord(ctx context.Context) error { return nil }
