package faulttest

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tandem/journal"
	"tandem/rules"
	"tandem/timeline"
)

// interval is the checkpoint interval the trials run with: the default
// of the product ([journal] checkpoint_interval).
const interval = time.Second

// Tolerances of the restored times (see checkTimes): a restored clock
// may show up to interval (plus slack for the fsync and a loaded
// machine) more than it had at the cut, and a few ms less (a press posted
// at its instant but not yet on disk at the cut).
const (
	slackOver  = 300 * time.Millisecond
	slackUnder = 50 * time.Millisecond
)

// TestKill runs the real binary on a scripted timeline, kills it with
// SIGKILL at a random instant (often mid-write: a checkpoint or press is
// written every few ms), restarts it and checks the record (see trial).
// TANDEM_KILL_TRIALS sets the number of trials (default 3; CI's
// .ci/steps/record.sh runs 30, scripts/kill-trials.sh 200+);
// TANDEM_KILL_SEED the first seed.
func TestKill(t *testing.T) {
	trials := 3
	if s := os.Getenv("TANDEM_KILL_TRIALS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("TANDEM_KILL_TRIALS=%q: want a positive number", s)
		}
		trials = n
	}
	if testing.Short() && os.Getenv("TANDEM_KILL_TRIALS") == "" {
		t.Skip("-short: the kill trials run real processes for seconds")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("TANDEM_KILL_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	bin := build(t)
	var mu sync.Mutex
	var stats []result
	t.Run("trials", func(t *testing.T) {
		for i := range trials {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				r := trial(t, bin, seed+uint64(i))
				mu.Lock()
				stats = append(stats, r)
				mu.Unlock()
			})
		}
	})
	var torn, finals, decided int
	var worst time.Duration
	for _, r := range stats {
		torn += b2i(r.torn)
		finals += r.finals
		decided += b2i(r.restoredDecided)
		worst = max(worst, r.worstOver)
	}
	t.Logf("kill trials: %d (seeds %d..%d), torn tails dropped %d, final results checked %d, restored decided %d, worst restored time over the true one %v (interval %v)",
		len(stats), seed, seed+uint64(trials)-1, torn, finals, decided, worst.Round(time.Millisecond), interval)
	fmt.Printf("KILL-TRIALS trials=%d torn=%d finals=%d decided=%d worst_over_ms=%.1f interval_ms=%d\n",
		len(stats), torn, finals, decided, float64(worst)/float64(time.Millisecond), interval.Milliseconds())
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// build compiles tandem for this machine (also when the tests run under
// qemu for another CPU: the harness drives a native binary).
func build(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		if p := filepath.Join(os.Getenv("GOROOT"), "bin", "go"); fileExists(p) {
			goBin = p
		} else if fileExists("/usr/local/go/bin/go") {
			goBin = "/usr/local/go/bin/go"
		} else {
			t.Fatalf("the kill trials build tandem with the go command: %v", err)
		}
	}
	host := func(v string) string {
		out, err := exec.Command(goBin, "env", v).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", v, err)
		}
		return strings.TrimSpace(string(out))
	}
	goos, goarch := host("GOHOSTOS"), host("GOHOSTARCH")
	bin := filepath.Join(t.TempDir(), "tandem")
	cmd := exec.Command(goBin, "build", "-o", bin, "tandem/cmd/tandem")
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// result is what one trial saw.
type result struct {
	torn            bool
	finals          int
	restoredDecided bool
	worstOver       time.Duration
}

// script returns a random timeline of about five seconds: presses mostly
// in turn, pauses, declared results followed by a reset and a new start.
func script(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("control 1m\n0 start\n")
	turn := [2]rules.Seat{rules.AWhite, rules.BWhite}
	at := 0.0
	paused := false
	for at < 5 {
		at += 0.02 + r.Float64()*0.15
		switch x := r.Float64(); {
		case paused:
			fmt.Fprintf(&b, "%.3f resume\n", at)
			paused = false
		case x < 0.04:
			fmt.Fprintf(&b, "%.3f pause\n", at)
			paused = true
		case x < 0.08:
			fmt.Fprintf(&b, "%.3f result %s 1-0 resignation\n", at, []string{"A", "B"}[r.IntN(2)])
			at += 0.05 + r.Float64()*0.3
			fmt.Fprintf(&b, "%.3f reset\n", at)
			at += 0.05
			fmt.Fprintf(&b, "%.3f start\n", at)
			turn = [2]rules.Seat{rules.AWhite, rules.BWhite}
		default:
			bd := r.IntN(2)
			s := turn[bd]
			if r.Float64() < 0.1 {
				s = s.Opponent() // a press out of turn: ignored, still recorded
			} else {
				turn[bd] = s.Opponent()
			}
			fmt.Fprintf(&b, "%.3f press %s\n", at, s)
		}
	}
	return b.String()
}

var (
	startLine = regexp.MustCompile(`^script: start wall=(\d+) instant=(-?\d+)$`)
	finalLine = regexp.MustCompile(`^final (\S+) (\S+) at=(\d+)$`)
)

// trial runs one kill and restart and checks: the record reads (a torn
// tail is dropped, nothing else is wrong: journal.Verify), every result
// the first run reported final is in it, and the restored match is paused
// with each time within the checkpoint interval of its true value at the
// cut (decided when it was decided).
func trial(t *testing.T, bin string, seed uint64) result {
	r := rand.New(rand.NewPCG(seed, 5))
	dir := t.TempDir()
	db := filepath.Join(dir, "tandem.db")
	cfg := filepath.Join(dir, "tandem.toml")
	src := script(r)
	tl := filepath.Join(dir, "match.timeline")
	os.WriteFile(tl, []byte(src), 0o644)
	os.WriteFile(cfg, []byte(fmt.Sprintf("[journal]\nfile = %q\ncheckpoint_interval = %q\n[console]\nenabled = false\n", db, interval)), 0o644)
	sc, err := timeline.Parse([]byte(src))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}

	// First run: killed.
	cmd := exec.Command(bin, "run", "--config", cfg, "--script", tl)
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var lines []string
	started := make(chan struct{})
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		sc := bufio.NewScanner(stdout)
		once := false
		for sc.Scan() {
			mu.Lock()
			lines = append(lines, sc.Text())
			mu.Unlock()
			if !once && strings.HasPrefix(sc.Text(), "script: start") {
				once = true
				close(started)
			}
		}
	}()
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("seed %d: the script never started: %s", seed, stderr.String())
	}
	time.Sleep(time.Duration(200+r.IntN(3800)) * time.Millisecond)
	killWall := time.Now()
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	<-readDone

	var wall int64
	var finals []string
	for _, l := range lines {
		if m := startLine.FindStringSubmatch(l); m != nil {
			wall, _ = strconv.ParseInt(m[1], 10, 64)
		}
		if finalLine.MatchString(l) {
			finals = append(finals, l)
		}
	}
	cutScript := killWall.Sub(time.Unix(0, wall)) // the cut, in script seconds

	before, err := journal.LoadFile(db)
	if err != nil {
		t.Fatalf("seed %d: the record after the kill: %v", seed, err)
	}
	res := result{torn: before.Torn != ""}

	// Second run: restores; stopped with SIGTERM once it wrote its first
	// records (the recovery, or a new match when the cut fell between a
	// reset and the next start).
	cmd2 := exec.Command(bin, "run", "--config", cfg)
	var out2, err2 strings.Builder
	cmd2.Stdout, cmd2.Stderr = &out2, &err2
	if err := cmd2.Start(); err != nil {
		t.Fatal(err)
	}
	n := len(before.Records)
	deadline := time.Now().Add(20 * time.Second)
	for {
		l, err := journal.LoadFile(db)
		if err == nil && len(l.Records) > n && restartWritten(l.Records[n:]) {
			break
		}
		if time.Now().After(deadline) {
			cmd2.Process.Kill()
			t.Fatalf("seed %d: the restart wrote nothing: %v %s", seed, err, err2.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd2.Process.Signal(syscall.SIGTERM)
	if err := cmd2.Wait(); err != nil {
		t.Errorf("seed %d: the restart exited %v: %s", seed, err, err2.String())
	}

	// The store reads, its chain holds.
	data, _ := os.ReadFile(db)
	l, p, err := journal.Verify(data)
	if err != nil || p != nil || l.Damage != nil || l.Torn != "" {
		t.Fatalf("seed %d: after the restart: %v %v torn %q", seed, err, p, l.Torn)
	}

	// No result reported final is lost.
	for _, f := range finals {
		m := finalLine.FindStringSubmatch(f)
		at, _ := strconv.ParseInt(m[3], 10, 64)
		found := false
		for _, rec := range l.Records {
			if rec.Kind == journal.KindDecision && int64(rec.At) == at && rec.Result == m[1] && rec.Reason == m[2] {
				found = true
			}
		}
		if !found {
			t.Errorf("seed %d: %q was reported final but is not in the record", seed, f)
		}
	}
	res.finals = len(finals)

	// The restored times.
	over, decided, ok := checkTimes(t, seed, sc, l, before, cutScript)
	res.worstOver, res.restoredDecided = over, decided
	if !ok {
		t.Logf("seed %d script:\n%s", seed, src)
	}
	return res
}

// restartWritten reports whether the second run's records are all there:
// a recovery (its record and, for a running match, the recovery pause),
// or a new match record.
func restartWritten(rs []journal.Record) bool {
	for i, r := range rs {
		switch r.Kind {
		case journal.KindMatch:
			return true
		case journal.KindRecovered:
			// A running or paused match: the pause (when running) is
			// queued right after; wait for one more record or accept a
			// paused or decided match after a short while.
			if len(rs) > i+1 {
				return true
			}
		}
	}
	return false
}

// checkTimes compares the restored match with the truth at the cut: the
// script replayed through rules.Match up to the cut instant. It returns the
// largest amount a restored time exceeds the true one, whether the match
// came back decided, and false on failure.
func checkTimes(t *testing.T, seed uint64, sc *timeline.Script, l, before *journal.Log, cut time.Duration) (time.Duration, bool, bool) {
	ms, err := before.Matches()
	if err != nil || len(ms) == 0 {
		t.Errorf("seed %d: matches: %v", seed, err)
		return 0, false, false
	}
	last := ms[len(ms)-1]
	if !last.Started() {
		return 0, false, true // cut between a reset and the next start: nothing to restore
	}
	p, _ := rules.LookupPreset(rules.DefaultPreset)
	o, err := sc.Options(p)
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := rules.New(o)
	for _, e := range sc.Entries {
		if e.Event.At > cut {
			break
		}
		truth.Apply(e.Event)
	}
	truth.Advance(cut)

	var pause *journal.Record
	recovered := false
	for i := len(before.Records); i < len(l.Records); i++ {
		r := l.Records[i]
		if r.Kind == journal.KindRecovered {
			recovered = true
		}
		if r.Kind == journal.KindEvent && r.Recovered {
			pause = &l.Records[i]
		}
	}
	if !recovered {
		t.Errorf("seed %d: a started match was not recovered", seed)
		return 0, false, false
	}
	rm, err := last.Replay()
	if err != nil {
		t.Errorf("seed %d: %v", seed, err)
		return 0, false, false
	}
	if rm.Status() == rules.Decided {
		// Restored decided: the truth is decided too, the same way.
		r1, why1, _, _ := rm.Result()
		r2, why2, _, _ := truth.Result()
		if truth.Status() != rules.Decided || r1 != r2 || why1 != why2 {
			t.Errorf("seed %d: restored decided %v %v, truth %v %v (%v)", seed, r1, why1, r2, why2, truth.Status())
			return 0, true, false
		}
		return 0, true, true
	}
	if pause == nil && rm.Status() == rules.Running {
		t.Errorf("seed %d: a running match came back without its recovery pause", seed)
		return 0, false, false
	}
	// The restored times: the record's replay at its Until (what the
	// restart shows).
	until := last.Until()
	var worst time.Duration
	ok := true
	for _, s := range rules.Seats {
		got := rm.Remaining(s, until)
		want := truth.Remaining(s, cut)
		d := got - want
		worst = max(worst, d)
		if d > interval+slackOver || d < -slackUnder {
			t.Errorf("seed %d: %v restored %v, true at the cut %v: off by %v (interval %v)", seed, s, got, want, d, interval)
			ok = false
		}
	}
	if pause != nil && pause.Clocks != nil {
		for _, s := range rules.Seats {
			if pause.Clocks[s] != rm.Remaining(s, until) {
				t.Errorf("seed %d: the recovery pause shows %v %v, the record's replay %v", seed, s, pause.Clocks[s], rm.Remaining(s, until))
				ok = false
			}
		}
	}
	return worst, false, ok
}
