package guest

import (
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/warthog618/go-gpiocdev"

	"tandem/bughouse"
	"tandem/gpio"
	"tandem/rules"
	"tandem/table"
	"tandem/wiring"
)

// storm writes edges to line off of the chip as fast as it can, n of them,
// ending low (pressed), and returns the kernel's timestamps of the first
// and last edge's writes.
func storm(c *Chip, off, n int) (first, last int64) {
	urgently(func() {
		for i := range n {
			b, a, _ := c.Drive(off, i%2 == 1, monoNow) // low, high, low, ... ends low when n is odd
			if i == 0 {
				first = b
			}
			last = a
		}
	})
	return first, last
}

// testStorm: a storm of edges on one button is one press, at the first
// edge's instant, and the kernel drops none: as many edges as the machine
// writes in 5 ms under the default lockout, then 400 under a 1 s lockout
// (an emulated CPU writes the pull file slower than a bouncing contact
// makes edges: some 50-300 us a write; docs/hardware.md).
func testStorm(r *Report, pi *Chip) {
	for _, c := range []struct {
		name    string
		lockout time.Duration
		edges   int
	}{{"bounce-storm", 0, 0}, {"bounce-storm-400", time.Second, 401}} {
		w := wiring.DefaultWiring()
		w.Lockout = c.lockout
		n := c.edges
		if n == 0 {
			// As many as this machine writes in 5 ms (a bouncing contact's
			// few ms), at least 21.
			t0 := monoNow()
			storm(pi, int(bughouse.BBlack), 41)
			per := (monoNow() - t0) / 41
			pi.Drive(int(bughouse.BBlack), true, monoNow)
			n = max(21, int(int64(5*time.Millisecond)/max(per, 1))) | 1
		}
		g, err := newRig(&w)
		if err != nil {
			r.Fail(c.name, "%v", err)
			return
		}
		g.t.Post(rules.Event{Kind: rules.Start}, time.Now())
		off := int(bughouse.AWhite)
		storm(pi, off, n)
		pi.Drive(off, true, monoNow)
		// A sentinel after the storm: once B-white's press is recorded,
		// every input of the storm before it has been applied (the reader
		// and the loop keep the kernel's order).
		pi.Drive(int(bughouse.BWhite), false, monoNow)
		sentinel := func() bool {
			for _, p := range g.presses() {
				if p.Event.Seat == bughouse.BWhite {
					return true
				}
			}
			return false
		}
		if !waitFor(sentinel) {
			r.Fail(c.name, "the sentinel press after the storm was not recorded in 10 s")
			g.close()
			return
		}
		pi.Drive(int(bughouse.BWhite), true, monoNow)
		var edges []gpio.Edge
		for _, e := range g.tap.take() {
			if e.Offset == off {
				edges = append(edges, e) // the storm and its release
			}
		}
		var ps []table.Entry
		for _, p := range g.presses() {
			if p.Event.Seat == bughouse.AWhite {
				ps = append(ps, p)
			}
		}
		epochNs := gpio.DefaultKernelClock().Nanos(g.t.Epoch())
		lost := g.r.Lost()
		g.close()
		if len(edges) < 2 {
			r.Fail(c.name, "%d edges", len(edges))
			return
		}
		span := time.Duration(edges[len(edges)-2].Kernel - edges[0].Kernel) // the storm, without the release
		r.Figure(c.name, "%d edges written, the kernel stamped %d within %.2f ms (%.0f us apart); lockout %v: %d press(es); edges dropped %d",
			n, len(edges)-1, float64(span)/1e6, float64(span)/1e3/float64(max(len(edges)-2, 1)), w.LockoutOrDefault(), len(ps), lost)
		switch {
		case len(edges) != n+1 || lost != 0:
			r.Fail(c.name, "the kernel reported %d edges for %d written and a release (%d dropped)", len(edges), n, lost)
		case len(ps) != 1:
			r.Fail(c.name, "%d presses, want 1", len(ps))
		case epochNs+int64(ps[0].At) != edges[0].Kernel:
			r.Fail(c.name, "the press is at %d, the storm's first edge at %d", epochNs+int64(ps[0].At), edges[0].Kernel)
		default:
			r.Pass(c.name, "%d edges in %.2f ms (lockout %v): one press, at the first edge's timestamp; none dropped", len(edges)-1, float64(span)/1e6, w.LockoutOrDefault())
		}
	}
}

// testFourAtOnce: the four buttons pressed within microseconds of each
// other, in a random order each round: the table applies them in the order
// of the kernel's timestamps (its sequence numbers), every round.
func testFourAtOnce(r *Report, pi *Chip) {
	w := wiring.DefaultWiring()
	g, err := newRig(&w)
	if err != nil {
		r.Fail("four-at-once", "%v", err)
		return
	}
	defer g.close()
	g.t.Post(rules.Event{Kind: rules.Start}, time.Now())
	const rounds = 20
	var widths []int64
	for round := range rounds {
		order := rand.Perm(4)
		before := len(g.presses())
		g.tap.take()
		var t0, t1 int64
		urgently(func() {
			for i, s := range order {
				b, a, _ := pi.Drive(s, false, monoNow)
				if i == 0 {
					t0 = b
				}
				t1 = a
			}
		})
		widths = append(widths, t1-t0)
		if !waitFor(func() bool { return len(g.presses()) >= before+4 }) {
			r.Fail("four-at-once", "round %d: %d presses recorded", round, len(g.presses())-before)
			return
		}
		rec := g.presses()[before:]
		edges := g.tap.take()
		var got, want []string
		for i, e := range rec {
			got = append(got, e.Event.Seat.String())
			want = append(want, bughouse.Seats[order[i]].String())
			if i > 0 && rec[i].At <= rec[i-1].At {
				r.Fail("four-at-once", "round %d: press %d at %v, not after %v", round, i, rec[i].At, rec[i-1].At)
				return
			}
		}
		for i := 1; i < len(edges); i++ {
			if edges[i].Seqno != edges[i-1].Seqno+1 || edges[i].Kernel < edges[i-1].Kernel {
				r.Fail("four-at-once", "round %d: the kernel's edges out of order: %+v", round, edges)
				return
			}
		}
		if !slices.Equal(got, want) {
			r.Fail("four-at-once", "round %d: applied %v, the edges came %v", round, got, want)
			return
		}
		for _, s := range order {
			pi.Drive(s, true, monoNow)
		}
		time.Sleep(60 * time.Millisecond) // past the lockout
	}
	slices.Sort(widths)
	r.Figure("four-at-once", "%d rounds, the 4 presses written within %.0f us (median; %.0f us at most), applied in the kernel's order every round", rounds, float64(widths[len(widths)/2])/1e3, float64(widths[len(widths)-1])/1e3)
	r.Pass("four-at-once", "%d rounds in random orders: applied in the order of the kernel's timestamps (and sequence numbers) every round", rounds)
}

// testKernelDebounce measures the kernel's own debounce on a storm, for
// the choice docs/hardware.md explains: the kernel reports the edge once
// the line has been still for the period, stamped then.
func testKernelDebounce(r *Report, pi *Chip) {
	const period = 5 * time.Millisecond
	off := int(bughouse.ABlack)
	pi.Drive(off, true, monoNow)
	var mu sync.Mutex
	var evs []gpiocdev.LineEvent
	l, err := gpiocdev.RequestLine(pi.Name, off, gpiocdev.WithPullUp, gpiocdev.WithBothEdges, gpiocdev.WithDebounce(period),
		gpiocdev.WithEventHandler(func(e gpiocdev.LineEvent) { mu.Lock(); evs = append(evs, e); mu.Unlock() }))
	if err != nil {
		r.Fail("kernel-debounce", "%v", err)
		return
	}
	first, last := storm(pi, off, 201)
	time.Sleep(100 * time.Millisecond)
	l.Close()
	pi.Drive(off, true, monoNow)
	mu.Lock()
	defer mu.Unlock()
	if len(evs) == 0 {
		r.Fail("kernel-debounce", "no event")
		return
	}
	d := int64(evs[0].Timestamp) - first
	r.Figure("kernel-debounce", "period %v, storm of 201 edges over %.2f ms: %d event(s), the first stamped %.2f ms after the first edge (%.2f ms after the last)",
		period, float64(last-first)/1e6, len(evs), float64(d)/1e6, float64(int64(evs[0].Timestamp)-last)/1e6)
	if int64(evs[0].Timestamp) < last {
		r.Fail("kernel-debounce", "the debounced event is stamped before the storm ended")
		return
	}
	r.Pass("kernel-debounce", "measured: a debounced press is stamped %.2f ms late (the storm and the period); the lockout stamps the first edge", float64(d)/1e6)
}
