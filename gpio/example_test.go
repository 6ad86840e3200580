package gpio_test

import (
	"fmt"
	"time"

	"tandem/bughouse"
	"tandem/gpio"
	"tandem/wiring"
)

// A button bouncing at 0, 2 and 4 ms is one press at its first edge; the
// release, 180 ms later, reports nothing (clock case C19, testdata/clock-cases.md, C21).
func ExampleDebouncer() {
	w := wiring.DefaultWiring() // 50 ms lockout, active low
	d := gpio.NewDebouncer(&w, false)
	t0 := time.Now()
	for _, e := range []struct {
		ms     time.Duration
		rising bool
	}{{0, false}, {2, true}, {4, false}, {180, true}} {
		if in, ok := d.Edge(int(bughouse.AWhite), e.rising, t0.Add(e.ms*time.Millisecond)); ok {
			fmt.Println(in.Kind, in.Seat, in.At.Sub(t0))
		}
	}
	// Output:
	// button A-white 0s
}

// A kernel edge timestamp (CLOCK_MONOTONIC ns) becomes a time.Time on Go's
// monotonic clock, exactly: intervals are the kernel's, and the map goes
// back to the same ns.
func ExampleKernelClock() {
	c := gpio.NewKernelClock()
	edge := c.Now() // as the kernel would stamp an edge now
	at := c.Time(edge)
	fmt.Println(c.Nanos(at) == edge, c.Time(edge+1500).Sub(at))
	// Output:
	// true 1.5µs
}
