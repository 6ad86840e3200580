//go:build linux

package gpio

import "golang.org/x/sys/unix"

// monotonicNs reads CLOCK_MONOTONIC, the clock of the kernel's GPIO edge
// timestamps.
func monotonicNs() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		panic("gpio: clock_gettime(CLOCK_MONOTONIC): " + err.Error()) // never fails on Linux
	}
	return ts.Nano()
}
