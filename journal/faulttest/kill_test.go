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

	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
	"tandem/timeline"
)

// interval is the checkpoint interval the trials run with: the default
// of the product ([journal] checkpoint_interval).
const interval = time.Second

// Tolerances of the restored times (see checkTimes): a restored clock
// may show up to interval more than it had at the cut, plus slackOver for
// the fsync and the scheduler, and slackUnder less (a press posted at its
// instant but not yet on disk at the cut). slackOver is 300 ms when the
// trials run alone (TANDEM_KILL_TRIALS set: CI's step, the script) and
// 1 s in the plain go test run, where every other package's tests load the
// machine at the same time; TANDEM_KILL_SLACK overrides it.
var (
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
	if os.Getenv("TANDEM_KILL_TRIALS") == "" {
		slackOver = time.Second
	}
	if s := os.Getenv("TANDEM_KILL_SLACK"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			t.Fatalf("TANDEM_KILL_SLACK=%q: want a duration", s)
		}
		slackOver = d
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
	fmt.Printf("KILL-TRIALS trials=%d torn=%d finals=%d decided=%d worst_over_ms=%.1f interval_ms=%d slack_ms=%d\n",
		len(stats), torn, finals, decided, float64(worst)/float64(time.Millisecond), interval.Milliseconds(), slackOver.Milliseconds())
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
	if testing.Short() {
		// These tests drive a native binary (through tmux, or killing it):
		// under qemu (CI's -short passes for the Pi's CPUs) they would
		// test the same native binary again, only slower. The native
		// pass runs them.
		t.Skip("end-to-end test of a native tandem binary: run without -short")
	}
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
// in turn with some long thinks (when only checkpoints are written),
// pauses, declared results followed by a reset and a new start.
func script(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("control 1m\n0 start\n")
	turn := [2]bughouse.Seat{bughouse.AWhite, bughouse.BWhite}
	at := 0.0
	paused := false
	for at < 5 {
		at += 0.02 + r.Float64()*0.15
		if r.Float64() < 0.12 {
			at += 0.5 + 2*r.Float64() // a long think: only checkpoints are written
		}
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
			turn = [2]bughouse.Seat{bughouse.AWhite, bughouse.BWhite}
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
	time.Sleep(time.Duration(200+r.IntN(2800)) * time.Millisecond)
	killWall := time.Now()
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	<-readDone

	var wall, inst int64
	var finals []string
	for _, l := range lines {
		if m := startLine.FindStringSubmatch(l); m != nil {
			wall, _ = strconv.ParseInt(m[1], 10, 64)
			inst, _ = strconv.ParseInt(m[2], 10, 64)
		}
		if finalLine.MatchString(l) {
			finals = append(finals, l)
		}
	}
	cutScript := killWall.Sub(time.Unix(0, wall)) // the cut, in script seconds

	// A power cut also loses what the page cache held: in a third of the
	// trials, cut the last record short, as the disk may have it (unless
	// it was reported final: that one was synced before it was shown).
	// The cut then happened while that record was written: the truth is
	// taken at its instant.
	if r.IntN(3) == 0 {
		if at, ok := tearTail(t, db, finals, r); ok {
			cutScript = min(cutScript, at-time.Duration(inst))
		}
	}

	before, err := journal.LoadFile(db)
	if err != nil {
		t.Fatalf("seed %d: the record after the kill: %v", seed, err)
	}
	if before.Damage != nil {
		t.Fatalf("seed %d: the record after the kill is damaged: %v", seed, before.Damage)
	}
	res := result{torn: before.Torn != ""}
	// The child was alive at every instant its record shows: on a busy
	// machine SIGKILL can reach it a little after killWall was read (this
	// process descheduled in between), and the table records on until
	// then (a checkpoint after killWall). The cut is no earlier than the
	// record's last instant.
	if !res.torn {
		var last time.Duration
		for _, rec := range before.Records {
			last = max(last, rec.At)
		}
		cutScript = max(cutScript, last-time.Duration(inst))
	}

	// Second run: restores; stopped with SIGTERM (which flushes the
	// record) once it said it recovered the match, or wrote a new match
	// (the cut fell between a reset and the next start).
	cmd2 := exec.Command(bin, "run", "--config", cfg)
	var out2 syncBuilder
	var err2 strings.Builder
	cmd2.Stdout, cmd2.Stderr = &out2, &err2
	if err := cmd2.Start(); err != nil {
		t.Fatal(err)
	}
	n := len(before.Records)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out2.String(), "recovered match") && !newMatch(db, n) {
		if time.Now().After(deadline) {
			cmd2.Process.Kill()
			t.Fatalf("seed %d: the restart neither recovered nor began a match: %q %s", seed, out2.String(), err2.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd2.Process.Signal(syscall.SIGTERM)
	if err := cmd2.Wait(); err != nil {
		t.Errorf("seed %d: the restart exited %v: %s", seed, err, err2.String())
	}

	// The store reads, its chain holds, it holds what its witness says
	// was durable.
	data, _ := os.ReadFile(db)
	l, p, err := journal.Verify(data)
	if err != nil || p != nil || l.Damage != nil || l.Torn != "" {
		t.Fatalf("seed %d: after the restart: %v %v torn %q", seed, err, p, l.Torn)
	}
	if wl, p, err := journal.VerifyFile(db); err != nil || p != nil || wl.Witness == nil {
		t.Fatalf("seed %d: after the restart, against its witness: %v %v (witness %v)", seed, err, p, wl != nil && wl.Witness != nil)
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
		var b strings.Builder
		for _, rec := range l.Records {
			fmt.Fprintf(&b, "%d %s %s at=%v %s ign=%q ref=%q\n", rec.Seq, rec.Kind, rec.Match, rec.At, rec.Text, rec.Ignored, rec.Refused)
		}
		t.Logf("seed %d: cut at %v (script time); script:\n%s\nrecord:\n%s", seed, cutScript, src, b.String())
	}
	return res
}

// newMatch reports whether the record at db has a match record after its
// first n records.
func newMatch(db string, n int) bool {
	l, err := journal.LoadFile(db)
	if err != nil || len(l.Records) <= n {
		return false
	}
	for _, r := range l.Records[n:] {
		if r.Kind == journal.KindMatch {
			return true
		}
	}
	return false
}

// tearTail makes the record what a power cut during its last group commit
// leaves: that commit's witness never written (journal.CutWitness: the
// slot before it in force) and the last frame cut short at a random byte.
// It does nothing when the last frame is not past what the older witness
// says was durable (the cut could not tear it) or holds a result reported
// final (reported after its witness was written). It returns the torn
// record's instant.
func tearTail(t *testing.T, db string, finals []string, r *rand.Rand) (time.Duration, bool) {
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	l, err := journal.Load(data)
	if err != nil || len(l.Records) < 3 || l.Torn != "" {
		return 0, false
	}
	last := l.Records[len(l.Records)-1]
	for _, f := range finals {
		if m := finalLine.FindStringSubmatch(f); last.Kind == journal.KindDecision && m[3] == strconv.FormatInt(int64(last.At), 10) {
			return 0, false
		}
	}
	off := l.Offsets[len(l.Offsets)-1]
	head, err := os.ReadFile(journal.WitnessPath(db))
	if err != nil {
		t.Fatalf("the record's witness: %v", err)
	}
	wf, err := journal.ParseWitness(head)
	if err != nil {
		t.Fatalf("the record's witness: %v", err)
	}
	if older := 1 - wf.Newest; !wf.Valid[older] || wf.Slots[older].Size > off {
		return 0, false
	}
	if _, err := journal.CutWitness(db); err != nil {
		t.Fatal(err)
	}
	cut := off + 1 + r.Int64N(int64(len(data))-off-1)
	if err := os.Truncate(db, cut); err != nil {
		t.Fatal(err)
	}
	return last.At, true
}

// syncBuilder is a strings.Builder for a child's output read while written.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
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
	if !last.Started() || last.Ended() {
		// Cut between a reset and the next start (the new match's record
		// may not have reached the disk): nothing to restore, the table
		// starts a new match. It must not have brought the ended one back.
		for _, r := range l.Records[len(before.Records):] {
			if r.Kind == journal.KindRecovered {
				t.Errorf("seed %d: the match the arbiter ended (reset) was recovered", seed)
				return 0, false, false
			}
		}
		return 0, false, true
	}
	p, _ := rules.LookupPreset(rules.DefaultPreset)
	o, err := sc.Options(p)
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := rules.New(o)
	// The result the truth had when the last reset before the cut came:
	// a reset the disk never got (the cut within its interval) brings
	// that decided match back, as the record last had it.
	var resetFrom struct {
		at            time.Duration
		result        rules.Result
		reason        rules.Reason
		decided, seen bool
	}
	for _, e := range sc.Entries {
		if e.Event.At > cut {
			break
		}
		if e.Event.Kind == rules.Reset {
			r, why, _, _ := truth.Result()
			resetFrom.at, resetFrom.result, resetFrom.reason = e.Event.At, r, why
			resetFrom.decided, resetFrom.seen = truth.Status() == rules.Decided, true
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
		r1, why1, _, _ := rm.Result()
		if truth.Status() != rules.Decided && resetFrom.seen && resetFrom.decided {
			// The reset after the decision (and maybe the start after
			// it) did not reach the disk: the decided match comes back,
			// as the record has it, and the arbiter starts the new
			// match again.
			if r1 != resetFrom.result || why1 != resetFrom.reason {
				t.Errorf("seed %d: restored decided %v %v, the match before the lost reset at %v was %v %v", seed, r1, why1, resetFrom.at, resetFrom.result, resetFrom.reason)
				return 0, true, false
			}
			return 0, true, true
		}
		// Restored decided: the truth is decided too, the same way.
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
	for _, s := range bughouse.Seats {
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
		for _, s := range bughouse.Seats {
			if pause.Clocks[s] != rm.Remaining(s, until) {
				t.Errorf("seed %d: the recovery pause shows %v %v, the record's replay %v", seed, s, pause.Clocks[s], rm.Remaining(s, until))
				ok = false
			}
		}
	}
	return worst, false, ok
}
