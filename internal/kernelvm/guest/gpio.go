package guest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"tandem/bughouse"
	"tandem/gpio"
	"tandem/rules"
	"tandem/table"
	"tandem/wiring"
)

// The chips of the GPIO suite: the Pi's header as current kernels name
// it, an early Pi 5 kernel's RP1 chip (lines named by header pin), and a
// chip whose lines have no names.
var (
	piNames    = map[int]string{0: "GPIO17", 1: "GPIO27", 2: "GPIO22", 3: "GPIO23", 4: "GPIO24"}
	rp1Names   = map[int]string{17: "PIN11", 27: "PIN13", 22: "PIN15", 23: "PIN16", 24: "PIN18"}
	bcmOffsets = [5]int{17, 27, 22, 23, 24}
)

// GPIO runs the GPIO suite: each test reports PASS or FAIL, and the
// measurements FIGURE lines. presses is the number of presses of the
// latency measurements (idle and under load).
func GPIO(r *Report, presses int) {
	clock := gpio.DefaultKernelClock()
	r.Figure("kernel-clock-uncertainty", "%d ns", clock.Uncertainty.Nanoseconds())
	pi, err := MakeChip("table", "", 5, piNames)
	if err != nil {
		r.Fail("chips", "%v", err)
		return
	}
	rp1, err := MakeChip("rp1", "pinctrl-rp1", 28, rp1Names)
	if err != nil {
		r.Fail("chips", "%v", err)
		return
	}
	bare, err := MakeChip("bare", "unnamed", 28, nil)
	if err != nil {
		r.Fail("chips", "%v", err)
		return
	}
	// Made with the others: periph lists the chips once, when first used.
	snd, err := MakeChip("sound", "", 1, map[int]string{0: buzzerPin})
	if err != nil {
		r.Fail("chips", "%v", err)
		return
	}
	r.Pass("chips", "%s (Pi names), %s [pinctrl-rp1] (PIN names), %s (no names), %s (the buzzer's %s)", pi.Name, rp1.Name, bare.Name, snd.Name, buzzerPin)

	testNames(r, pi, rp1, bare)
	testPullNone(r, pi)
	testPresses(r, pi, clock, presses)
	testStorm(r, pi)
	testFourAtOnce(r, pi)
	testKernelDebounce(r, pi)
	testDaemon(r, pi)
	testBuzzer(r, pi, snd)
}

// testNames: lines found by name on the chip that has them; where a kernel
// names them otherwise (PIN11...) or not at all, the error gives the fix
// and the fix (offsets, the chip by label or name) works: a press on the
// line arrives as that seat's.
func testNames(r *Report, pi, rp1, bare *Chip) {
	w := wiring.DefaultWiring()
	ls, offs, err := gpio.OpenLines(&w)
	switch {
	case err != nil:
		r.Fail("lines-by-name", "%v", err)
	case !slices.Equal(offs, []int{0, 1, 2, 3, 4}):
		r.Fail("lines-by-name", "offsets %v, want 0-4 of %s", offs, pi.Name)
	default:
		info, _, err := gpio.LinesInfo(ls)
		if err != nil || len(info) != 5 || info[0].Name != "GPIO17" || info[4].Name != "GPIO24" || info[0].Consumer != "tandem" {
			r.Fail("lines-by-name", "kernel's line info %+v %v", info, err)
		} else {
			r.Pass("lines-by-name", "the default wiring found GPIO17..GPIO24 on %s (the first chip that has them), consumer %q", pi.Name, info[0].Consumer)
		}
	}
	if ls != nil {
		ls.Close()
	}

	w.Chip = "pinctrl-rp1"
	_, _, err = gpio.OpenLines(&w)
	if err == nil || !strings.Contains(err.Error(), `no line named "GPIO17"`) || !strings.Contains(err.Error(), "PIN11") || !strings.Contains(err.Error(), "A-white = 17") {
		r.Fail("pi5-names-error", "got %v", err)
	} else {
		r.Pass("pi5-names-error", "%v", err)
	}
	byOffset := func(chip string) wiring.Wiring {
		w := wiring.DefaultWiring()
		w.Chip = chip
		for i := range w.Buttons {
			w.Buttons[i] = wiring.Line{Offset: bcmOffsets[i]}
		}
		w.Pause = wiring.Line{Offset: bcmOffsets[4]}
		return w
	}
	for _, c := range []struct {
		name string
		chip *Chip
		sel  string
	}{{"pi5-by-offset", rp1, "pinctrl-rp1"}, {"unnamed-by-offset", bare, bare.Name}} {
		w := byOffset(c.sel)
		err := pressOnce(&w, c.chip, bughouse.BWhite, bcmOffsets[bughouse.BWhite])
		if err != nil {
			r.Fail(c.name, "%v", err)
		} else {
			r.Pass(c.name, "chip %q, lines by offset 17,27,22,23,24: a press on line 22 is B-white's", c.sel)
		}
	}
	w = wiring.DefaultWiring()
	w.Chip = bare.Name
	_, _, err = gpio.OpenLines(&w)
	if err == nil || !strings.Contains(err.Error(), "have no names") {
		r.Fail("unnamed-names-error", "got %v", err)
	} else {
		r.Pass("unnamed-names-error", "%v", err)
	}
}

// pressOnce opens w, drives chip line offset low and back, and checks it
// arrives as seat's one press.
func pressOnce(w *wiring.Wiring, chip *Chip, seat bughouse.Seat, offset int) error {
	chip.Drive(offset, true, monoNow)
	r, err := gpio.Open(w, nil)
	if err != nil {
		return err
	}
	defer r.Close()
	chip.Drive(offset, false, monoNow)
	defer chip.Drive(offset, true, monoNow)
	select {
	case in := <-r.Inputs():
		if in.Kind != gpio.Button || in.Seat != seat {
			return fmt.Errorf("got %v %v, want %v's press", in.Kind, in.Seat, seat)
		}
	case <-time.After(5 * time.Second):
		return errors.New("no press within 5 s")
	}
	return nil
}

func monoNow() int64 { return gpio.DefaultKernelClock().Now() }

// testPullNone: pull = "none" asks the kernel for no bias (it says
// "disabled"; it used to be left as it was), and the line then reads what
// the board holds it at, where a pull-up request makes the simulator pull
// it up.
func testPullNone(r *Report, pi *Chip) {
	pi.Drive(0, false, monoNow) // the board holds A-white's line low
	w := wiring.DefaultWiring()
	w.Buttons[bughouse.AWhite].Pull = wiring.PullNone
	w.Buttons[bughouse.BBlack].Pull = wiring.PullDown
	ls, _, err := gpio.OpenLines(&w)
	if err != nil {
		r.Fail("pull-none", "%v", err)
		return
	}
	info, _, err := gpio.LinesInfo(ls)
	levels, lerr := ls.Levels()
	ls.Close()
	if err != nil || lerr != nil {
		r.Fail("pull-none", "%v %v", err, lerr)
		return
	}
	var got []string
	for _, in := range info {
		got = append(got, in.Bias)
	}
	if !slices.Equal(got, []string{"disabled", "up", "up", "down", "up"}) {
		r.Fail("pull-none", "kernel's biases %v, want disabled up up down up", got)
		return
	}
	if levels&1 != 0 || pi.Pull(0) != "pull-down" {
		r.Fail("pull-none", "with no bias A-white's line reads %d (sim %s), want low as the board holds it", levels&1, pi.Pull(0))
		return
	}
	w = wiring.DefaultWiring()
	ls, _, err = gpio.OpenLines(&w)
	if err != nil {
		r.Fail("pull-none", "%v", err)
		return
	}
	levels, _ = ls.Levels()
	ls.Close()
	if levels&1 != 1 || pi.Pull(0) != "pull-up" {
		r.Fail("pull-none", "with the pull-up A-white's line reads %d (sim %s), want high", levels&1, pi.Pull(0))
		return
	}
	r.Pass("pull-none", "kernel biases %v; no bias: the line stays low as held; pull-up: the chip pulls it high", got)
}

// rotation is an order of presses that are all in turn after the start:
// each board's White, then each board's Black.
var rotation = [4]bughouse.Seat{bughouse.AWhite, bughouse.BWhite, bughouse.ABlack, bughouse.BBlack}

// tap records the edges the kernel delivers before the Reader sees them.
type tap struct {
	gpio.Lines
	mu    sync.Mutex
	edges []gpio.Edge
}

func (t *tap) WaitForEdge(d time.Duration) (gpio.Edge, error) {
	e, err := t.Lines.WaitForEdge(d)
	if err == nil {
		t.mu.Lock()
		t.edges = append(t.edges, e)
		t.mu.Unlock()
	}
	return e, err
}

func (t *tap) take() []gpio.Edge {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := t.edges
	t.edges = nil
	return e
}

// rig is a real table fed by a Reader on the real line set, as the daemon
// wires them (daemon/hardware.go), with its record kept in memory.
type rig struct {
	t      *table.Table
	r      *gpio.Reader
	tap    *tap
	cancel context.CancelFunc
	done   chan struct{}

	mu      sync.Mutex
	entries []table.Entry
}

func newRig(w *wiring.Wiring) (*rig, error) {
	ls, offs, err := gpio.OpenLines(w)
	if err != nil {
		return nil, err
	}
	tp := &tap{Lines: ls}
	rd, err := gpio.NewReader(tp, w, offs, nil)
	if err != nil {
		ls.Close()
		return nil, err
	}
	p, _ := rules.LookupPreset(rules.DefaultPreset)
	g := &rig{r: rd, tap: tp, done: make(chan struct{})}
	t, err := table.New(&table.Opts{Options: p.Options, Preset: p.Name, Record: func(e table.Entry) {
		g.mu.Lock()
		g.entries = append(g.entries, e)
		g.mu.Unlock()
	}})
	if err != nil {
		rd.Close()
		return nil, err
	}
	g.t = t
	ctx, cancel := context.WithCancel(context.Background())
	g.cancel = cancel
	go t.Run(ctx)
	go func() {
		defer close(g.done)
		for in := range rd.Inputs() {
			if !t.Post(in.Event(), in.At) {
				return
			}
		}
	}()
	return g, nil
}

func (g *rig) close() {
	g.r.Close()
	<-g.done
	g.cancel()
}

// presses returns the press entries recorded so far.
func (g *rig) presses() []table.Entry {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []table.Entry
	for _, e := range g.entries {
		if e.Kind == table.EntryEvent && e.Event.Kind == rules.Press {
			out = append(out, e)
		}
	}
	return out
}

// waitFor waits up to 10 s for cond.
func waitFor(cond func() bool) bool {
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(time.Millisecond)
	}
	return true
}

// testPresses: every press is recorded at the kernel's timestamp of its
// edge, to the ns, and that timestamp lies within the write that made the
// edge; and the time from the edge to the published snapshot that shows
// the press, idle and with two CPU hogs beside it.
func testPresses(r *Report, pi *Chip, clock *gpio.KernelClock, n int) {
	w := wiring.DefaultWiring()
	g, err := newRig(&w)
	if err != nil {
		r.Fail("press-instant", "%v", err)
		return
	}
	defer g.close()
	g.t.Post(rules.Event{Kind: rules.Start}, time.Now())
	snaps, cancel := g.t.Subscribe()
	defer cancel()
	epochNs := clock.Nanos(g.t.Epoch())

	type press struct {
		before, after int64
		seen          int64 // the snapshot's arrival (CLOCK_MONOTONIC)
	}
	run := func(count int) ([]press, []int64, error) {
		var ps []press
		var lat []int64
		g.tap.take()
		for i := range count {
			seat := rotation[i%4]
			off := int(seat) // the Pi chip's lines are at offsets 0-4
			b, a, err := pi.Drive(off, false, monoNow)
			if err != nil {
				return nil, nil, err
			}
			var seen int64
			deadline := time.After(10 * time.Second)
		wait:
			for {
				select {
				case s := <-snaps:
					if s.Last.Kind == rules.Press && s.Last.Seat == seat && epochNs+int64(s.Last.At) >= b {
						seen = monoNow()
						break wait
					}
				case <-deadline:
					return nil, nil, fmt.Errorf("press %d (%v): no snapshot within 10 s", i, seat)
				}
			}
			ps = append(ps, press{before: b, after: a, seen: seen})
			pi.Drive(off, true, monoNow) // release
			// Each line is pressed every fourth press: well past its lockout.
			time.Sleep(time.Duration(15+rand.IntN(10)) * time.Millisecond)
		}
		edges := g.tap.take()
		var firsts []int64
		for _, e := range edges {
			if !e.Rising {
				firsts = append(firsts, e.Kernel)
			}
		}
		if len(firsts) != len(ps) {
			return nil, nil, fmt.Errorf("%d press edges from the kernel for %d presses", len(firsts), len(ps))
		}
		for i := range ps {
			lat = append(lat, ps[i].seen-firsts[i])
		}
		return ps, lat, nil
	}

	// The VM's own scheduling: how late a 1 ms sleep wakes (the host's
	// other work delays the emulated CPU itself).
	var late []int64
	for range 200 {
		a := monoNow()
		time.Sleep(time.Millisecond)
		late = append(late, monoNow()-a-int64(time.Millisecond))
	}

	// Idle.
	ps, idle, err := run(n)
	if err != nil {
		r.Fail("press-instant", "%v", err)
		return
	}
	// The instants: the record against the kernel's edges.
	g.tap.take()
	recorded := g.presses()
	if len(recorded) < len(ps) {
		r.Fail("press-instant", "%d presses recorded for %d made", len(recorded), len(ps))
		return
	}
	recorded = recorded[len(recorded)-len(ps):]
	inWindow := 0
	var worstWindow int64
	for i, e := range recorded {
		k := epochNs + int64(e.At) // the recorded instant, as a kernel timestamp
		if k >= ps[i].before && k <= ps[i].after {
			inWindow++
		}
		worstWindow = max(worstWindow, ps[i].after-ps[i].before)
	}
	// Exact equality against the kernel's own timestamps of the edges.
	equal, err := equalInstants(g, pi, epochNs, 20)
	if err != nil {
		r.Fail("press-instant", "%v", err)
		return
	}
	if inWindow != len(ps) {
		r.Fail("press-instant", "%d of %d recorded instants within the write that made the edge", inWindow, len(ps))
	} else {
		r.Pass("press-instant", "%d of %d presses recorded at the kernel's timestamp to the ns; %d of %d within their write (widest %d us)", equal, 20, inWindow, len(ps), worstWindow/1000)
	}
	r.Figure("press-instant-equal", "%d/%d", equal, 20)

	// Under load: two processes spinning on the VM's CPU.
	var hogs []*exec.Cmd
	for range 2 {
		c := exec.Command("/bin/sh", "-c", "while :; do :; done")
		if err := c.Start(); err == nil {
			hogs = append(hogs, c)
		}
	}
	_, loaded, err := run(n)
	for _, c := range hogs {
		c.Process.Kill()
		c.Wait()
	}
	if err != nil {
		r.Fail("latency", "%v", err)
		return
	}
	p := func(l []int64) string {
		s := slices.Clone(l)
		slices.Sort(s)
		q := func(f float64) float64 { return float64(s[min(len(s)-1, int(f*float64(len(s))))]) / 1e6 }
		return fmt.Sprintf("p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d samples)", q(0.5), q(0.99), float64(s[len(s)-1])/1e6, len(s))
	}
	r.Figure("vm-wakeup-lateness", "a 1 ms sleep wakes late by %s", p(late))
	r.Figure("latency-idle", "%s", p(idle))
	r.Figure("latency-load", "%s", p(loaded))
	r.Pass("latency", "edge -> published snapshot idle: %s; with 2 CPU hogs: %s", p(idle), p(loaded))
	if lost := g.r.Lost(); lost != 0 {
		r.Fail("no-edge-lost", "the kernel dropped %d edges", lost)
	}
}

// equalInstants makes n presses and compares each recorded instant with
// the kernel's timestamp of its first edge, returning how many are equal
// (an error if any is not).
func equalInstants(g *rig, pi *Chip, epochNs int64, n int) (int, error) {
	before := len(g.presses())
	g.tap.take()
	for i := range n {
		seat := rotation[i%4]
		pi.Drive(int(seat), false, monoNow)
		if !waitFor(func() bool { return len(g.presses()) >= before+i+1 }) {
			return 0, fmt.Errorf("press %d not recorded", i)
		}
		pi.Drive(int(seat), true, monoNow)
		time.Sleep(20 * time.Millisecond)
	}
	var firsts []gpio.Edge
	for _, e := range g.tap.take() {
		if !e.Rising {
			firsts = append(firsts, e)
		}
	}
	rec := g.presses()[before:]
	if len(firsts) != n || len(rec) != n {
		return 0, fmt.Errorf("%d edges, %d recorded presses for %d", len(firsts), len(rec), n)
	}
	equal := 0
	for i := range rec {
		if epochNs+int64(rec[i].At) != firsts[i].Kernel {
			return equal, fmt.Errorf("press %d recorded at kernel time %d, the kernel stamped its edge %d (off by %d ns)", i, epochNs+int64(rec[i].At), firsts[i].Kernel, epochNs+int64(rec[i].At)-firsts[i].Kernel)
		}
		equal++
	}
	return equal, nil
}
