// Command tandem-kernel-test runs tandem against a real Linux kernel in
// QEMU (package internal/kernelvm): the GPIO suite on a simulated chip, and
// power-cut trials of the record on an ext4 virtio disk. It is one static
// binary with two roles: on the host it prepares the kernel (cached),
// boots the VMs and judges; inside a VM (`tandem-kernel-test guest`, run
// by the VM's init) it is package kernelvm/guest.
//
//	tandem-kernel-test --tandem BIN [--power-cuts N] [--no-gpio] [--seed S] [--cache DIR] [-v]
//
// It prints each test's PASS or FAIL line, the measurements (FIGURE) and
// ends with "N passed, N failed"; exit status 1 when any failed.
// scripts/kernel-test.sh builds both binaries and runs it.
package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"tandem/internal/kernelvm"
	"tandem/internal/kernelvm/guest"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "guest" {
		os.Exit(guest.Main(os.Stdout))
	}
	os.Exit(host(os.Args[1:], os.Stdout, os.Stderr))
}

type run struct {
	kit     *kernelvm.Kit
	base    string // the initramfs every boot shares
	tmp     string
	keep    string // --keep
	log     io.Writer
	out     io.Writer
	mu      sync.Mutex // pass and fail from the chains
	passed  int
	failed  int
	figures []string
}

func (r *run) pass(name, detail string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.passed++
	fmt.Fprintf(r.out, "PASS %s %s\n", name, detail)
}

func (r *run) fail(name, detail string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed++
	fmt.Fprintf(r.out, "FAIL %s: %s\n", name, detail)
}

func host(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tandem-kernel-test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tandem := fs.String("tandem", "", "the tandem binary to run in the VM (static: CGO_ENABLED=0)")
	cuts := fs.Int("power-cuts", 0, "run `N` power-cut trials")
	par := fs.Int("parallel", 2, "run the power-cut trials in `P` chains side by side (one VM each)")
	noGPIO := fs.Bool("no-gpio", false, "skip the GPIO suite")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "the trials' first seed")
	cache := fs.String("cache", "", "the kit cache `DIR` (default ~/.cache/tandem-kernel-vm)")
	verbose := fs.Bool("v", false, "copy every console line to stderr")
	keep := fs.String("keep", "", "write each judged power-cut trial (script, cut, record) as JSON into `DIR`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *tandem == "" {
		fmt.Fprintln(stderr, "tandem-kernel-test: --tandem BIN is required")
		return 2
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, p := range []string{self, *tandem, kernelvm.Busybox} {
		if err := kernelvm.CheckStatic(p); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	// SIGINT, SIGTERM (CI's timeout): every QEMU started goes with us.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r := &run{out: stdout, log: io.Discard, keep: *keep}
	if *verbose {
		r.log = stderr
	}
	t0 := time.Now()
	r.kit, err = kernelvm.Prepare(ctx, &kernelvm.KitOpts{CacheDir: *cache, Log: stderr})
	if err != nil {
		fmt.Fprintln(stderr, err)
		r.fail("kit", err.Error())
		return r.end(stdout)
	}
	fmt.Fprintf(stdout, "kit: %s in %s (%s, %.1f s)\n", r.kit.Release, r.kit.Dir, word(r.kit.Cached, "cached", "built"), time.Since(t0).Seconds())
	r.tmp, _ = os.MkdirTemp("", "kernel-test-")
	defer os.RemoveAll(r.tmp)
	mods, err := r.kit.LoadOrder("configfs", "gpiosim", "virtio_pci", "virtio_blk", "crc32c_generic", "ext4")
	if err != nil {
		r.fail("kit", err.Error())
		return r.end(stdout)
	}
	files := []kernelvm.File{
		{Path: "/init", Data: kernelvm.InitScript(mods, "/bin/tandem-kernel-test guest"), Mode: 0o755},
		{Path: "/bin/busybox", From: kernelvm.Busybox, Mode: 0o755},
		{Path: "/bin/tandem-kernel-test", From: self, Mode: 0o755},
		{Path: "/bin/tandem", From: *tandem, Mode: 0o755},
		{Path: "/proc/.keep"}, {Path: "/sys/.keep"}, {Path: "/dev/.keep"}, {Path: "/tmp/.keep"},
	}
	for _, m := range mods {
		files = append(files, kernelvm.File{Path: "/lib/modules/" + m + ".ko", From: r.kit.Modules[m]})
	}
	r.base = filepath.Join(r.tmp, "base.gz")
	if err := kernelvm.Initramfs(ctx, r.base, files); err != nil {
		r.fail("initramfs", err.Error())
		return r.end(stdout)
	}
	if !*noGPIO {
		r.gpio(ctx)
	}
	if *cuts > 0 {
		r.powerCuts(ctx, *cuts, *par, *seed)
	}
	fmt.Fprintf(stdout, "kernel test: %.0f s\n", time.Since(t0).Seconds())
	return r.end(stdout)
}

func (r *run) end(w io.Writer) int {
	for _, f := range r.figures {
		fmt.Fprintln(w, f)
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", r.passed, r.failed)
	if r.failed > 0 || r.passed == 0 {
		return 1
	}
	return 0
}

// gpio boots the GPIO suite and takes its lines.
func (r *run) gpio(ctx context.Context) {
	t0 := time.Now()
	vm, err := kernelvm.Boot(ctx, &kernelvm.VMOpts{Kit: r.kit, Initrd: []string{r.base}, Append: "tandem.mode=gpio", Log: r.log})
	if err != nil {
		r.fail("gpio-boot", err.Error())
		return
	}
	lines, err := vm.Collect(10 * time.Minute)
	done := false
	for _, l := range lines {
		switch f := strings.SplitN(fromMarker(l.Text), " ", 2); {
		case f[0] == "PASS" && len(f) == 2:
			n, d, _ := strings.Cut(f[1], " ")
			r.pass("gpio/"+n, d)
		case f[0] == "FAIL" && len(f) == 2:
			n, d, _ := strings.Cut(f[1], ": ")
			r.fail("gpio/"+n, d)
		case f[0] == "FIGURE":
			r.figures = append(r.figures, fromMarker(l.Text))
		case f[0] == "INIT-FAIL":
			r.fail("gpio-init", l.Text)
		case f[0] == "GUEST-DONE":
			done = true
		}
	}
	if err != nil || !done {
		tailLines := lines[max(0, len(lines)-20):]
		var b strings.Builder
		for _, l := range tailLines {
			b.WriteString("\n  " + l.Text)
		}
		r.fail("gpio-suite", fmt.Sprintf("the guest did not finish (%v); its last lines:%s", err, b.String()))
	}
	r.figures = append(r.figures, fmt.Sprintf("FIGURE gpio-suite-wall %.1f s (boot included)", time.Since(t0).Seconds()))
}

var (
	// Unanchored: the firmware or a kernel message may share the line.
	startRe  = regexp.MustCompile(`T> script: start wall=(\d+) instant=(-?\d+)`)
	beatRe   = regexp.MustCompile(`BEAT wall=(\d+)`)
	beforeRe = regexp.MustCompile(`CHECK-BEFORE records=(\d+) torn="(.*)" damage=`)
	verifyRe = regexp.MustCompile(`CHECK-VERIFY exit=(-?\d+) (.*)$`)
)

// powerCuts runs n trials as chains (par of them, side by side): a chain
// of m trials is m+1 boots on one ext4 disk, boot k restarting trial k-1's
// record and checking it, then playing trial k's match until the host
// kills QEMU.
func (r *run) powerCuts(ctx context.Context, n, par int, seed uint64) {
	t0 := time.Now()
	par = max(1, min(par, n))
	var mu sync.Mutex
	var verdicts []kernelvm.Verdict
	hows := map[string]int{}
	boots := 0
	var wg sync.WaitGroup
	for c := range par {
		var idx []int
		for i := c; i < n; i += par {
			idx = append(idx, i)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.chain(ctx, c, idx, seed, func(i int, t *kernelvm.Trial, errs []string) {
				mu.Lock()
				defer mu.Unlock()
				name := fmt.Sprintf("power-cut/%d", i)
				if len(errs) > 0 {
					r.fail(name, fmt.Sprintf("seed %d: %s", t.Seed, strings.Join(errs, "; ")))
					return
				}
				v := kernelvm.Judge(t)
				if r.keep != "" {
					if b, err := json.MarshalIndent(t, "", "\t"); err == nil {
						os.MkdirAll(r.keep, 0o755)
						os.WriteFile(filepath.Join(r.keep, fmt.Sprintf("trial-%d.json", i)), b, 0o644)
					}
				}
				verdicts = append(verdicts, v)
				hows[t.How]++
				if len(v.Problems) > 0 {
					r.fail(name, fmt.Sprintf("seed %d (%s cut at %v): %s\nscript:\n%s", t.Seed, t.How, t.Cut, strings.Join(v.Problems, "; "), t.Script))
				} else {
					r.pass(name, fmt.Sprintf("seed %d, %s cut at %.3f s: %s", t.Seed, t.How, t.Cut.Seconds(), describe(v)))
				}
			})
			mu.Lock()
			boots += len(idx) + 1
			mu.Unlock()
		}()
	}
	wg.Wait()
	var worst time.Duration = -time.Hour
	finals, decided, recovered, lostResets, lostStarts := 0, 0, 0, 0, 0
	for _, v := range verdicts {
		finals += v.Finals
		lostResets += b2i(v.LostReset)
		lostStarts += b2i(v.LostStart)
		if v.Recovered && !v.Decided {
			worst = max(worst, v.Over)
		}
		decided += b2i(v.Decided)
		recovered += b2i(v.Recovered)
	}
	el := time.Since(t0)
	r.figures = append(r.figures, fmt.Sprintf("FIGURE power-cuts %d trials judged (%d random cuts, %d right after a declared result, %d right after a result went final), %d matches restored (%d decided, %d after a reset the disk never had), %d cut before the record's first write reached the disk, %d final results checked, worst restored time over the truth %v (interval %v); %.0f s in %d chains side by side (%d boots, %.1f s a trial)",
		len(verdicts), hows["random"], hows["after-result"], hows["after-final"], recovered, decided, lostResets, lostStarts, finals, worst.Round(time.Millisecond), kernelvm.Interval, el.Seconds(), par, boots, el.Seconds()/float64(max(n, 1))))
}

// chain runs the trials idx (their numbers; seeds seed+i) on one disk and
// calls judge for each once its record is back.
func (r *run) chain(ctx context.Context, id int, idx []int, seed uint64, judge func(i int, t *kernelvm.Trial, errs []string)) {
	disk := filepath.Join(r.tmp, fmt.Sprintf("data-%d.img", id))
	dump := filepath.Join(r.tmp, fmt.Sprintf("dump-%d.img", id))
	if err := mkDisks(disk, dump); err != nil {
		r.fail("power-cuts", err.Error())
		return
	}
	var prev *kernelvm.Trial
	var prevCfg string
	prevIdx := -1
	for k := 0; k <= len(idx); k++ {
		var files []kernelvm.File
		var cur *kernelvm.Trial
		var results []time.Duration
		var rng *rand.Rand
		if prev != nil {
			files = append(files, kernelvm.File{Path: "/trial/check.toml", Data: []byte(prevCfg)})
		}
		cfg := ""
		if k < len(idx) {
			i := idx[k]
			rng = rand.New(rand.NewPCG(seed+uint64(i), 15))
			cur = &kernelvm.Trial{Seed: seed + uint64(i)}
			cur.Script, results = kernelvm.Script(rng)
			cfg = fmt.Sprintf("[journal]\nfile = \"/data/trial-%d.db\"\ncheckpoint_interval = %q\n[console]\nenabled = false\n", i, kernelvm.Interval)
			files = append(files, kernelvm.File{Path: "/trial/match.toml", Data: []byte(cfg)},
				kernelvm.File{Path: "/trial/match.timeline", Data: []byte(cur.Script)})
		}
		per := filepath.Join(r.tmp, fmt.Sprintf("chain-%d-boot-%d.gz", id, k))
		var errs []string
		if err := kernelvm.Initramfs(ctx, per, append(files, kernelvm.File{Path: "/trial/.keep"})); err != nil {
			errs = append(errs, err.Error())
		} else {
			clearDump(dump)
			vm, err := kernelvm.Boot(ctx, &kernelvm.VMOpts{Kit: r.kit, Initrd: []string{r.base, per}, Disks: []string{disk, dump},
				Append: "tandem.mode=cut", Log: r.log})
			if err != nil {
				errs = append(errs, err.Error())
			} else {
				errs = r.boot(vm, prev, cur, results, rng)
			}
		}
		if prev != nil {
			data, derr := readDump(dump)
			if derr != nil {
				errs = append(errs, derr.Error())
			}
			prev.Data = data
			judge(prevIdx, prev, errs)
		} else if len(errs) > 0 && cur != nil {
			judge(idx[k], cur, errs)
			return // the chain's disk is in an unknown state
		}
		if k < len(idx) {
			prevIdx = idx[k]
		}
		prev, prevCfg = cur, cfg
	}
}

func describe(v kernelvm.Verdict) string {
	switch {
	case v.Decided:
		return fmt.Sprintf("came back decided as the truth; %d final(s) kept", v.Finals)
	case v.LostStart:
		return "cut before the record's first write reached the disk: a new match, nothing final lost"
	case v.Recovered && v.LostReset:
		return fmt.Sprintf("the reset never reached the disk: the match it ended came back paused, clocks at most %v over its truth at the reset; %d final(s) kept", v.Over.Round(time.Millisecond), v.Finals)
	case v.Recovered:
		return fmt.Sprintf("came back paused, clocks at most %v over the truth; %d final(s) kept", v.Over.Round(time.Millisecond), v.Finals)
	}
	return fmt.Sprintf("cut between a reset and the start: a new match; %d final(s) kept", v.Finals)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// boot reads one boot of the chain: the check of prev (when set), then the
// match of cur (when set), cut as rng chooses.
func (r *run) boot(vm *kernelvm.VM, prev, cur *kernelvm.Trial, results []time.Duration, rng *rand.Rand) []string {
	var errs []string
	lines := vm.Lines()
	timeout := time.After(3 * time.Minute)
	checked := prev == nil
	// The match phase.
	var startHost time.Time
	var startWall int64
	var beatWall int64
	var beatHost time.Time
	var kill <-chan time.Time
	how := ""
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				if err := vm.Wait(); err != nil {
					errs = append(errs, err.Error())
				}
				if cur != nil {
					errs = append(errs, "the VM ended before the cut")
				}
				if !checked {
					errs = append(errs, "the VM ended before the check was done")
				}
				return errs
			}
			t := l.Text
			switch {
			case strings.HasPrefix(t, "CUT-ERROR"), strings.HasPrefix(t, "INIT-FAIL"):
				errs = append(errs, t)
			case prev != nil && beforeRe.MatchString(t):
				m := beforeRe.FindStringSubmatch(t)
				prev.Before, _ = strconv.Atoi(m[1])
				prev.Torn = m[2] != ""
			case prev != nil && verifyRe.MatchString(t):
				m := verifyRe.FindStringSubmatch(t)
				prev.VerifyExit, _ = strconv.Atoi(m[1])
				prev.VerifyText = m[2]
			case strings.HasPrefix(t, "DUMPED"):
				checked = true
				if cur == nil {
					// The chain's last boot: it powers off by itself.
					continue
				}
			case cur != nil && startRe.MatchString(t):
				m := startRe.FindStringSubmatch(t)
				startWall, _ = strconv.ParseInt(m[1], 10, 64)
				inst, _ := strconv.ParseInt(m[2], 10, 64)
				cur.Start = time.Duration(inst)
				startHost = l.At
				beatWall, beatHost = startWall, l.At
				switch x := rng.IntN(3); {
				case x == 1 && len(results) > 0:
					how = "after-result"
					at := results[rng.IntN(len(results))] + time.Duration(rng.IntN(30))*time.Millisecond
					kill = time.After(time.Until(startHost.Add(at)))
				case x == 2 && len(results) > 0:
					how = "after-final" // when the first final line comes; else at the end
					kill = time.After(time.Until(startHost.Add(7 * time.Second)))
				default:
					how = "random"
					kill = time.After(time.Until(startHost.Add(300*time.Millisecond + time.Duration(rng.Int64N(int64(4500*time.Millisecond))))))
				}
			case cur != nil && beatRe.MatchString(t):
				m := beatRe.FindStringSubmatch(t)
				beatWall, _ = strconv.ParseInt(m[1], 10, 64)
				beatHost = l.At
			case cur != nil && strings.HasPrefix(t, "T> final "):
				cur.Finals = append(cur.Finals, strings.TrimPrefix(t, "T> "))
				if how == "after-final" && len(cur.Finals) == 1 {
					kill = time.After(time.Duration(rng.IntN(5)) * time.Millisecond)
				}
			}
		case <-kill:
			at := vm.Kill()
			cur.How = how
			cutWall := beatWall + int64(at.Sub(beatHost))
			cur.Cut = time.Duration(cutWall - startWall)
			if !checked {
				errs = append(errs, "cut before the check was done")
			}
			return errs
		case <-timeout:
			vm.Kill()
			return append(errs, "the boot did not finish in 3 minutes")
		}
	}
}

// mkDisks makes the ext4 data disk (mkfs.ext4 on the host) and the dump
// disk.
func mkDisks(disk, dump string) error {
	if err := os.WriteFile(disk, nil, 0o644); err != nil {
		return err
	}
	if err := os.Truncate(disk, 128<<20); err != nil {
		return err
	}
	if b, err := exec.Command("mkfs.ext4", "-q", "-F", disk).CombinedOutput(); err != nil {
		return fmt.Errorf("mkfs.ext4 (apt-get install e2fsprogs): %v %s", err, b)
	}
	if err := os.WriteFile(dump, nil, 0o644); err != nil {
		return err
	}
	return os.Truncate(dump, 16<<20)
}

func clearDump(dump string) {
	f, err := os.OpenFile(dump, os.O_WRONLY, 0)
	if err == nil {
		f.WriteAt(make([]byte, 8), 0)
		f.Close()
	}
}

func readDump(dump string) ([]byte, error) {
	b, err := os.ReadFile(dump)
	if err != nil {
		return nil, err
	}
	n := binary.LittleEndian.Uint64(b[:8])
	if n == 0 || n > uint64(len(b)-8) {
		return nil, fmt.Errorf("the dump disk holds no record (length %d)", n)
	}
	return b[8 : 8+n], nil
}

// fromMarker drops what precedes the guest's report on a console line
// (the firmware's "Booting from ROM.." shares the first one).
func fromMarker(t string) string {
	best := -1
	for _, m := range []string{"PASS ", "FAIL ", "FIGURE ", "INIT-FAIL", "GUEST-DONE"} {
		if i := strings.Index(t, m); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	if best < 0 {
		return t
	}
	return t[best:]
}

func word(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
