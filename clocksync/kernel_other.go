//go:build !linux

package clocksync

func readKernel() (Kernel, error) { return Kernel{}, ErrNoKernel }
