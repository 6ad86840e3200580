package daemon

import (
	"context"
	"fmt"
	"time"

	sd "github.com/coreos/go-systemd/v22/daemon"
)

// This file owns the service manager link: systemd's
// READY=1 and watchdog, fed from the loop.

// startNotify tells systemd the table is ready (READY=1, for the unit's
// Type=notify) and, when the unit sets WatchdogSec, feeds the watchdog
// (WATCHDOG=1) at half its interval, each time only after a round trip
// through the match loop (table.Ping) succeeds: a loop that hangs stops
// the feeding and systemd restarts the service (Restart=on-failure).
// Outside systemd (no NOTIFY_SOCKET) it does nothing. At Close it sends
// STOPPING=1.
func (d *Daemon) startNotify(ctx context.Context) error {
	sent, err := sd.SdNotify(false, sd.SdNotifyReady)
	if err != nil {
		return fmt.Errorf("daemon: telling systemd the table is ready: %w", err)
	}
	if !sent {
		return nil // not run by systemd
	}
	d.onClose(func() error {
		_, _ = sd.SdNotify(false, sd.SdNotifyStopping) // best effort: systemd sees the exit anyway
		return nil
	})
	interval, err := sd.SdWatchdogEnabled(false)
	if err != nil {
		return fmt.Errorf("daemon: reading systemd's watchdog settings: %w", err)
	}
	if interval <= 0 {
		return nil
	}
	d.Go(func() { d.feedWatchdog(ctx, interval/2) })
	return nil
}

// feedWatchdog pings the loop every period and, when it answers within the
// period, feeds systemd's watchdog; until ctx is done.
func (d *Daemon) feedWatchdog(ctx context.Context, period time.Duration) {
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		pctx, cancel := context.WithTimeout(ctx, period)
		err := d.Table.Ping(pctx)
		cancel()
		if err == nil {
			if _, err := sd.SdNotify(false, sd.SdNotifyWatchdog); err != nil {
				d.printf("tandem: feeding systemd's watchdog: %v\n", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
