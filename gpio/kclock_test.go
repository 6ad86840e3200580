//go:build linux

package gpio

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The map is exact in ns: it gives back every kernel timestamp, and the
// interval between two mapped edges is the kernel's.
func TestKernelClock_ExactInverseAndIntervals(t *testing.T) {
	c := NewKernelClock()
	rapid.Check(t, func(t *rapid.T) {
		// Any instant within a year of the calibration, either side.
		year := int64(365 * 24 * time.Hour)
		a := c.Base + rapid.Int64Range(-year, year).Draw(t, "a")
		b := c.Base + rapid.Int64Range(-year, year).Draw(t, "b")
		if got := c.Nanos(c.Time(a)); got != a {
			t.Fatalf("Nanos(Time(%d)) = %d", a, got)
		}
		if got := c.Time(a).Sub(c.Time(b)); got != time.Duration(a-b) {
			t.Fatalf("Time(%d) - Time(%d) = %v, want %v", a, b, got, time.Duration(a-b))
		}
	})
}

// Go's monotonic clock is CLOCK_MONOTONIC: time.Now mapped back lies
// between two kernel readings taken around it, give or take the
// calibration's uncertainty, every time and long after the calibration.
func TestKernelClock_AgreesWithTimeNow(t *testing.T) {
	c := NewKernelClock()
	if c.Uncertainty > time.Millisecond { // even under an emulator (CI runs the suite under qemu-user)
		t.Errorf("calibration uncertainty %v: the brackets should be far tighter", c.Uncertainty)
	}
	u := int64(c.Uncertainty)
	check := func() {
		for range 1000 {
			a := c.Now()
			m := c.Nanos(time.Now())
			b := c.Now()
			if m < a-u || m > b+u {
				t.Fatalf("time.Now mapped to %d, outside the kernel's [%d, %d] ± %d", m, a, b, u)
			}
		}
	}
	check()
	time.Sleep(20 * time.Millisecond) // the two clocks do not drift apart
	check()
	t.Logf("calibration: base %d ns ± %v", c.Base, c.Uncertainty)
}

// The process's clock is calibrated once.
func TestDefaultKernelClock_Once(t *testing.T) {
	a, b := DefaultKernelClock(), DefaultKernelClock()
	if a != b || a.Base != b.Base {
		t.Error("two default clocks")
	}
}
