//go:build linux

package clocksync

import "golang.org/x/sys/unix"

// readKernel asks adjtimex(2) for the status, changing nothing (modes 0:
// no CAP_SYS_TIME needed, but a seccomp filter without @clock refuses it).
func readKernel() (Kernel, error) {
	var tx unix.Timex
	state, err := unix.Adjtimex(&tx)
	if err != nil {
		return Kernel{}, err
	}
	return Kernel{State: state, Status: tx.Status}, nil
}
