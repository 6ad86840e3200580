package daemon

import (
	"context"
	"errors"

	"tandem/config"
)

// This file owns the table's hardware (Hardware issue): the GPIO buttons and
// pause switch, and the clock displays.

// startHardware opens the GPIO lines and displays of a hardware-mode
// configuration and connects them to the loop.
func (d *Daemon) startHardware(ctx context.Context) error {
	if d.Config.Mode == config.Hardware {
		return errors.New("daemon: hardware mode is not built yet")
	}
	return nil
}
