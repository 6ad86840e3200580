package hallload

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// stallProbe measures how late this process wakes up: it sleeps 10 ms
// again and again and keeps how much later than asked each wake-up came.
// On a machine shared with other work (or during a long GC assist), every
// goroutine of the process is late by as much, presses and dashboard
// reads included: the probe tells a stall of the machine from one of the
// hall.
type stallProbe struct {
	late   []time.Duration
	worst  []Slow // the worst wake-ups over 50 ms (Table ""), worst first
	stalls int    // wake-ups over 50 ms late
}

const stallTick = 10 * time.Millisecond

// run probes until ctx ends.
func (p *stallProbe) run(ctx context.Context) {
	t := time.NewTimer(stallTick)
	defer t.Stop()
	want := time.Now().Add(stallTick)
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			late := max(now.Sub(want), 0)
			p.late = append(p.late, late)
			if late > 50*time.Millisecond {
				p.worst = append(p.worst, Slow{Wall: want, Latency: late})
				slices.SortFunc(p.worst, func(a, b Slow) int { return cmp.Compare(b.Latency, a.Latency) })
				p.worst = p.worst[:min(len(p.worst), 5)]
				p.stalls++
			}
			want = time.Now().Add(stallTick)
			t.Reset(stallTick)
		}
	}
}
