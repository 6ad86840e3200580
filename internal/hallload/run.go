package hallload

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Opts configures Run. Bin is required; every other zero value has the
// documented default.
type Opts struct {
	// Bin is the tandem-hall binary that runs the hub.
	Bin string
	// Tables is the number of simulated tables. Zero means 100.
	Tables int
	// Duration is how long the tables press (ns). Zero means 60 s.
	Duration time.Duration
	// KillAt is when the hub is killed (SIGKILL), from the start of the
	// presses; Down how long it stays down before its restart on the same
	// store and ports. Zero means Duration/2 and 3 s; a negative KillAt
	// never kills it.
	KillAt, Down time.Duration
	// Period is each table's mean time between presses. Zero means
	// 250 ms (about four presses a second).
	Period time.Duration
	// MatchMin and MatchMax bound each match's length of play before its
	// result is declared (SimOpts). Zero means 15 s and 30 s.
	MatchMin, MatchMax time.Duration
	// CatchUp bounds the wait, after the presses, for the hub to hold
	// every table's last record. Zero means 60 s.
	CatchUp time.Duration
	// Dir holds the hub's store and the tables' records; "" means a new
	// temporary directory, removed afterwards unless Keep.
	Dir  string
	Keep bool
	// Seed seeds the tables' random choices (waits, boards, results).
	Seed uint64
	// Cluster runs the hub as a cluster of three nodes (tandem-hall with
	// [hub] node, cluster_listen and routes, loopback ports), the streams
	// on all three; the tables get every node's URL, the dashboard is
	// watched on a node that stays, and at KillAt the node leading the
	// records stream (node 1 if the watched node leads) is killed, and
	// restarted Down later.
	Cluster bool
	// Progress, when set, receives a line about every 10 s.
	Progress io.Writer
}

// Report is what Run measured and checked.
type Report struct {
	Opts Opts
	// Elapsed is how long the tables pressed.
	Elapsed time.Duration
	// Presses, Events and Matches count the tables' presses, every event
	// they applied (starts, results and new matches too) and the matches
	// started.
	Presses, Events, Matches int
	// Figures are the press -> dashboard latencies (Tracker).
	Figures
	// Unseen counts the presses the dashboard never showed.
	Unseen int
	// Conns, Messages, Bad: the watcher's WebSocket connections, messages,
	// and messages that did not read.
	Conns, Messages, Bad int64
	// HubCPU is the hub's CPU time (user + system, every run) over HubUp,
	// its processes' lifetimes during the presses; HubHWM its largest
	// peak resident memory (bytes); HubRuns its starts.
	HubCPU, HubUp time.Duration
	HubHWM        int64
	HubRuns       int
	// HubPresses is the hub's CPU time (every node's) during the
	// presses alone.
	HubPresses time.Duration
	// LoadCPU is this process's CPU time during the presses (the tables,
	// their records and links, the watcher).
	LoadCPU time.Duration
	// Start is the presses' start and Killed the kill's instant (zero:
	// none), to place the slowest presses; KilledNode the cluster node
	// killed ("" for a hub alone).
	Start, Killed time.Time
	KilledNode    string
	// Wake is how late this process woke from 10 ms sleeps during the
	// presses, Stalls how many times by over 50 ms, Worst the worst of
	// those: a stall of the machine delays every press and read at once.
	Wake   Latency
	Stalls int
	Worst  []Slow
	// LoadAvg is the machine's load average (1 min) at the start and at
	// the end of the presses (/proc/loadavg): other work on the machine
	// shows there. MachineCPU is the CPU time every process of the machine
	// used during the presses (/proc/stat; zero when it cannot be read):
	// less the hub's and this process's, the other work's.
	LoadAvg    [2]string
	MachineCPU time.Duration
	// Verdict is the streams' check; Behind the tables whose last record
	// never reached the hub within CatchUp; TableErrs the tables whose
	// player loop stopped on an event refused.
	Verdict   Verdict
	Behind    []string
	TableErrs []string
}

// OK reports whether nothing was lost or duplicated and every table
// played to the end. The latency goal is not part of it (a busy machine
// must not fail it): see Report.Steady.
func (r *Report) OK() bool {
	return r.Verdict.OK() && len(r.Behind) == 0 && len(r.TableErrs) == 0 && r.Unseen == 0
}

// Run runs the load and fault test as o says and returns its report. An
// error means the test could not run (the hub did not start, a record
// could not be opened), not that it found a loss: see Report.OK.
func Run(ctx context.Context, o Opts) (*Report, error) {
	if o.Bin == "" {
		return nil, errors.New("hallload: no tandem-hall binary (Opts.Bin)")
	}
	if o.Tables <= 0 {
		o.Tables = 100
	}
	if o.Duration <= 0 {
		o.Duration = 60 * time.Second
	}
	if o.KillAt == 0 {
		o.KillAt = o.Duration / 2
	}
	if o.Down <= 0 {
		o.Down = 3 * time.Second
	}
	if o.Period <= 0 {
		o.Period = 250 * time.Millisecond
	}
	if o.CatchUp <= 0 {
		o.CatchUp = 60 * time.Second
	}
	if o.Dir == "" {
		dir, err := os.MkdirTemp("", "tandem-hall-load-")
		if err != nil {
			return nil, err
		}
		o.Dir = dir
		if !o.Keep {
			defer os.RemoveAll(dir)
		}
	}
	progress := func(format string, args ...any) {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, format+"\n", args...)
		}
	}
	rep := &Report{Opts: o}

	hs, err := newHubs(o.Dir, o.Cluster)
	if err != nil {
		return nil, err
	}
	for _, h := range hs {
		h.Bin = o.Bin
		if err := h.Start(ctx); err != nil {
			hs.stop()
			return nil, err
		}
		progress("hub %s: pid %d, NATS %s, dashboard http://%s/", h.Dir, h.PID(), h.NATS, h.Dashboard)
	}
	defer hs.stop()
	url := hs.url()
	watched := hs[len(hs)-1] // the last node: never the one killed in a cluster
	if o.Cluster {
		wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		err := waitStreams(wctx, url, 3)
		cancel()
		if err != nil {
			return nil, err
		}
		progress("the cluster's streams are up, 3 replicas")
	}

	sims := make([]*Sim, 0, o.Tables)
	defer func() {
		for _, s := range sims {
			s.Close()
		}
	}()
	logs := map[string]func(uint64) (Event, bool){}
	for i := range o.Tables {
		s, err := NewSim(&SimOpts{ID: fmt.Sprintf("t%d", i+1), Dir: filepath.Join(o.Dir, "tables"), URL: url,
			Period: o.Period, MatchMin: o.MatchMin, MatchMax: o.MatchMax, Seed: o.Seed + uint64(i)})
		if err != nil {
			return nil, fmt.Errorf("table %d: %w", i+1, err)
		}
		sims = append(sims, s)
		logs[s.ID()] = s.Event
	}
	tr := NewTracker(logs)
	watcher := NewWatcher(watched.Dashboard, tr)
	wctx, stopWatch := context.WithCancel(ctx)
	var wwg sync.WaitGroup
	wwg.Add(1)
	go func() { defer wwg.Done(); watcher.Run(wctx) }()
	defer func() { stopWatch(); wwg.Wait() }()

	// Warm-up: every table's link connected and shown on the dashboard
	// before the first press, so the figures are the hall's steady state,
	// not 100 connections made at once.
	warm := time.Now().Add(60 * time.Second)
	for tr.Shown() < len(sims) {
		if time.Now().After(warm) {
			return nil, fmt.Errorf("after 60 s the dashboard shows %d of the %d tables", tr.Shown(), len(sims))
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	progress("every table is on the dashboard")

	cpu0, _ := SelfCPU()
	rep.LoadAvg[0] = loadAvg()
	busy0, busyErr := MachineBusy()
	hub0, _, _, _ := hs.usage()
	var probe stallProbe
	pctx, stopProbe := context.WithCancel(ctx)
	var pwg sync.WaitGroup
	pwg.Add(1)
	go func() { defer pwg.Done(); probe.run(pctx) }()
	defer stopProbe()
	start := time.Now()
	rep.Start = start
	for _, s := range sims {
		s.Play()
	}
	progress("%d tables pressing for %v (a press every %v on average each)", o.Tables, o.Duration, o.Period)

	killAt := start.Add(o.KillAt)
	killed := o.KillAt < 0
	tick := time.NewTicker(time.Second)
	for now := range tick.C {
		if ctx.Err() != nil {
			tick.Stop()
			return nil, ctx.Err()
		}
		hs.sample()
		el := now.Sub(start)
		if !killed && !now.Before(killAt) {
			killed = true
			victim := hs[0]
			if o.Cluster {
				if i := recordsLeader(ctx, hs, "nats://"+watched.NATS); i >= 0 && hs[i] != watched {
					victim = hs[i]
				}
			}
			err := victim.Kill(syscall.SIGKILL, func() {
				rep.Killed = time.Now()
				if !o.Cluster {
					// The watched dashboard goes with the hub: the
					// presses it held are counted apart.
					tr.Killed(rep.Killed)
				} else {
					// A cluster's watched node stays: every press
					// counts, before and after the kill.
					tr.NodeKilled(rep.Killed)
				}
			})
			if err != nil {
				tick.Stop()
				return nil, fmt.Errorf("killing the hub: %w", err)
			}
			rep.KilledNode = victim.Node
			progress("%5.1fs  hub %s killed (SIGKILL); restart in %v", el.Seconds(), victim.Dir, o.Down)
			time.Sleep(o.Down)
			if err := victim.Start(ctx); err != nil {
				tick.Stop()
				return nil, fmt.Errorf("restarting the hub: %w", err)
			}
			progress("%5.1fs  hub restarted: pid %d, same store and ports", time.Since(start).Seconds(), victim.PID())
			continue
		}
		if int(el.Seconds())%10 == 0 {
			f := tr.Figures()
			progress("%5.1fs  presses %d, dashboard states %d, p50 %v p99 %v so far", el.Seconds(), pressesOf(sims), f.States,
				f.Steady.P50.Round(100*time.Microsecond), f.Steady.P99.Round(100*time.Microsecond))
		}
		if el >= o.Duration {
			break
		}
	}
	tick.Stop()
	for _, s := range sims {
		s.Stop()
	}
	rep.Elapsed = time.Since(start)
	stopProbe()
	pwg.Wait()
	rep.Wake, rep.Stalls, rep.Worst = latencyOf(probe.late), probe.stalls, probe.worst
	rep.LoadAvg[1] = loadAvg()
	if busy1, err := MachineBusy(); err == nil && busyErr == nil {
		rep.MachineCPU = busy1 - busy0
	}
	cpu1, _ := SelfCPU()
	rep.LoadCPU = cpu1 - cpu0
	rep.HubCPU, rep.HubUp, rep.HubHWM, rep.HubRuns = hs.usage()
	rep.HubPresses = rep.HubCPU - hub0

	// The last presses reach the dashboard.
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && unseen(sims, tr) > 0 {
		time.Sleep(100 * time.Millisecond)
	}
	rep.Unseen = unseen(sims, tr)
	rep.Figures = tr.Figures()
	rep.Conns, rep.Messages, rep.Bad = watcher.Counts()
	for _, s := range sims {
		p, m := s.Counts()
		rep.Presses += p
		rep.Matches += m
		rep.Events += len(s.Events())
		if err := s.Err(); err != nil {
			rep.TableErrs = append(rep.TableErrs, err.Error())
		}
	}

	// Every record on the tables' disks, then on the hub.
	progress("presses stopped after %v; waiting for every record to reach the hub", rep.Elapsed.Round(time.Millisecond))
	last := map[string]uint64{}
	for _, s := range sims {
		fctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		_, err := s.Flush(fctx)
		cancel()
		if err != nil {
			return nil, fmt.Errorf("table %s: flushing its record: %w", s.ID(), err)
		}
		j, err := ReadJournal(s.ID(), s.Path())
		if err != nil {
			return nil, err
		}
		if n := len(j.Records); n > 0 {
			last[s.ID()] = j.Records[n-1].Seq
		}
	}
	cctx, cancel := context.WithTimeout(ctx, o.CatchUp)
	rep.Behind, err = WaitCaughtUp(cctx, url, last)
	cancel()
	if err != nil {
		return nil, err
	}
	for _, s := range sims {
		s.Close()
	}
	journals := make([]Journal, 0, len(sims))
	for _, s := range sims {
		j, err := ReadJournal(s.ID(), s.Path())
		if err != nil {
			return nil, err
		}
		journals = append(journals, j)
	}
	sims = nil
	// Read the streams, asking again while a cluster settles after its
	// fault (a request unanswered or without responders for a moment).
	rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	records, results, err := ReadStreams(rctx, url)
	for err != nil && rctx.Err() == nil {
		progress("reading the streams: %v; again", err)
		time.Sleep(time.Second)
		records, results, err = ReadStreams(rctx, url)
	}
	cancel()
	if err != nil {
		return nil, err
	}
	rep.Verdict = Check(journals, records, results)
	if err := hs.stop(); err != nil {
		return nil, fmt.Errorf("stopping the hub: %w", err)
	}
	return rep, nil
}

// MachineBusy returns the CPU time all the machine's cores have spent
// busy since boot (/proc/stat's first line: user, nice, system, irq,
// softirq and steal; idle and iowait are not busy).
func MachineBusy() (time.Duration, error) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, err
	}
	line, _, _ := strings.Cut(string(data), "\n")
	return parseMachineStat(line)
}

// parseMachineStat reads /proc/stat's "cpu" line (clock ticks, 100 a
// second on Linux).
func parseMachineStat(line string) (time.Duration, error) {
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0, fmt.Errorf("/proc/stat: %q is not the cpu line", line)
	}
	var ticks uint64
	for _, i := range []int{1, 2, 3, 6, 7, 8} { // user nice system (idle iowait) irq softirq steal
		n, err := strconv.ParseUint(f[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/stat: field %d: %w", i, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond, nil
}

// loadAvg returns the machine's load average over the last minute ("?"
// when /proc/loadavg cannot be read).
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

func pressesOf(sims []*Sim) int {
	n := 0
	for _, s := range sims {
		p, _ := s.Counts()
		n += p
	}
	return n
}

// unseen counts the presses the dashboard has not shown yet.
func unseen(sims []*Sim, tr *Tracker) int {
	n := 0
	for _, s := range sims {
		seen := tr.Seen(s.ID())
		for k, e := range s.Events() {
			if e.Press && uint64(k+1) > seen {
				n++
			}
		}
	}
	return n
}
