package gpio

import (
	"sync"
	"time"
)

// KernelClock maps the kernel's CLOCK_MONOTONIC timestamps (ns) onto Go's
// time.Time values and back, so that a press is charged at the instant the
// kernel saw its edge.
//
// Go's monotonic clock on Linux is CLOCK_MONOTONIC itself (the runtime
// reads it for time.Now), counted from an origin the time package keeps
// private. The map is one offset: a base time.Time from time.Now and the
// CLOCK_MONOTONIC reading Base of that same instant; Time(ns) is
// base.Add(ns-Base). Both clocks run at the same rate (they are one clock),
// so the map never drifts, and it is exact in ns: intervals between mapped
// instants equal the kernel's to the ns, and Nanos(Time(ns)) == ns.
//
// What cannot be exact is Base itself: time.Now's own reading of the clock
// is not exposed, so Base is bracketed by readings taken just before and
// just after it (many times; the tightest bracket wins). Uncertainty is
// half that bracket's width: a mapped edge may sit that much before or
// after time.Now's view of the same instant (tens of ns on a PC, well under
// a microsecond in an emulated VM: docs/hardware.md). No rule of the game
// looks at that: simultaneous_window is 1 ms.
type KernelClock struct {
	base time.Time
	// Base is the CLOCK_MONOTONIC reading of base, in ns.
	Base int64
	// Uncertainty bounds Base's error: the true reading is within
	// Base ± Uncertainty.
	Uncertainty time.Duration
}

// Time returns the instant of kernel timestamp ns (CLOCK_MONOTONIC) as a
// time.Time with Go's monotonic reading, on the same clock as time.Now.
func (c *KernelClock) Time(ns int64) time.Time {
	return c.base.Add(time.Duration(ns - c.Base))
}

// Nanos returns t's CLOCK_MONOTONIC reading in ns: the inverse of Time.
// t must have a monotonic reading (time.Now, or a time derived from one by
// Add); a time without one is measured on the wall clock, which jumps.
func (c *KernelClock) Nanos(t time.Time) int64 {
	return c.Base + int64(t.Sub(c.base))
}

// Now returns CLOCK_MONOTONIC now, in ns, read from the kernel (not
// through time.Now).
func (c *KernelClock) Now() int64 { return monotonicNs() }

// calibrationRounds is how many brackets NewKernelClock takes.
const calibrationRounds = 200

// NewKernelClock calibrates a KernelClock: it reads CLOCK_MONOTONIC, then
// time.Now, then CLOCK_MONOTONIC again, calibrationRounds times, and keeps
// the intersection of the brackets (each holds time.Now's own reading). It
// takes well under a millisecond on a PC.
func NewKernelClock() *KernelClock {
	var base time.Time
	var lo, hi int64
	for i := range calibrationRounds {
		a := monotonicNs()
		t := time.Now()
		b := monotonicNs()
		if i == 0 {
			base, lo, hi = t, a, b
			continue
		}
		// t's reading is base's plus t.Sub(base), exactly: so base's lies
		// within [a, b] shifted back by that.
		d := int64(t.Sub(base))
		lo, hi = max(lo, a-d), min(hi, b-d)
	}
	if lo > hi {
		// Impossible if both are one clock; keep the middle of the last
		// bracket rather than fail.
		lo, hi = min(lo, hi), max(lo, hi)
	}
	return &KernelClock{base: base, Base: lo + (hi-lo)/2, Uncertainty: time.Duration(hi-lo+1) / 2}
}

var (
	kclockOnce sync.Once
	kclock     *KernelClock
)

// DefaultKernelClock returns the process's KernelClock, calibrated on its
// first use: every line set maps its edges with it.
func DefaultKernelClock() *KernelClock {
	kclockOnce.Do(func() { kclock = NewKernelClock() })
	return kclock
}
