package guest

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"tandem/journal"
)

// The power-cut trials chain on one ext4 disk (/dev/vda, mounted on
// /data): each boot first restarts the table on the record of the trial
// the last boot's cut interrupted (Check), then plays the next trial's
// match until the host cuts the power (Match). The host puts the files of
// both in /trial through the boot's initramfs:
//
//	/trial/check.toml      the interrupted trial's configuration (its record)
//	/trial/match.toml      the next trial's configuration
//	/trial/match.timeline  the next trial's scripted match
//
// and reads the checked record back from /dev/vdb (an 8-byte little-endian
// length, then the record's bytes).
const (
	dataDev   = "/dev/vda"
	dumpDev   = "/dev/vdb"
	tandemBin = "/bin/tandem"
)

// Cut runs one boot of the chain; it returns only when there is no match
// to play (the chain's last boot), or on a failure.
func Cut(out io.Writer) int {
	lw := &lockedWriter{w: out}
	phase(lw, "init")
	if err := os.MkdirAll("/data", 0o755); err != nil {
		fmt.Fprintf(lw, "CUT-ERROR %v\n", err)
		return 1
	}
	if b, err := exec.Command("mount", "-t", "ext4", dataDev, "/data").CombinedOutput(); err != nil {
		fmt.Fprintf(lw, "CUT-ERROR mount %s: %v %s\n", dataDev, err, b)
		return 1
	}
	phase(lw, "mounted")
	if _, err := os.Stat("/trial/check.toml"); err == nil {
		if err := check(lw, "/trial/check.toml"); err != nil {
			fmt.Fprintf(lw, "CUT-ERROR check: %v\n", err)
			return 1
		}
	}
	if _, err := os.Stat("/trial/match.timeline"); err != nil {
		exec.Command("umount", "/data").Run()
		fmt.Fprintln(lw, "GUEST-DONE")
		return 0
	}
	match(lw, "/trial/match.toml", "/trial/match.timeline")
	return 1 // the host cuts the power first
}

// recordOf reads the record path out of a configuration file this package
// wrote (the host writes `file = "PATH"` in [journal]).
func recordOf(cfg string) (string, error) {
	b, err := os.ReadFile(cfg)
	if err != nil {
		return "", err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "file = "); ok {
			return strings.Trim(v, `"`), nil
		}
	}
	return "", fmt.Errorf("%s names no record file", cfg)
}

// check restarts the table on the interrupted record: tandem run recovers
// the match (or begins a new one when the cut fell between a reset and the
// next start) and is stopped with SIGTERM; tandem verify-record checks
// the file; the file goes to the dump disk for the host's judge. Lines:
// "CHECK-BEFORE records=N torn=T", "CHECK-RUN ...", "CHECK-VERIFY exit=N
// ...", "DUMPED bytes=N".
func check(out io.Writer, cfg string) error {
	db, err := recordOf(cfg)
	if err != nil {
		return err
	}
	before, err := journal.LoadFile(db)
	if err != nil {
		return fmt.Errorf("the record after the cut: %w", err)
	}
	fmt.Fprintf(out, "CHECK-BEFORE records=%d torn=%q damage=%v\n", len(before.Records), before.Torn, before.Damage != nil)
	cmd := exec.Command(tandemBin, "run", "--config", cfg)
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return err
	}
	recovered := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stdout)
		once := false
		for sc.Scan() {
			fmt.Fprintf(out, "CHECK-RUN %s\n", sc.Text())
			if !once && strings.Contains(sc.Text(), "recovered match") {
				once = true
				close(recovered)
			}
		}
	}()
	deadline := time.After(60 * time.Second)
	n := len(before.Records)
wait:
	for {
		select {
		case <-recovered:
			break wait
		case <-deadline:
			cmd.Process.Kill()
			return fmt.Errorf("the restart neither recovered nor began a match in 60 s")
		case <-time.After(20 * time.Millisecond):
			if l, err := journal.LoadFile(db); err == nil && len(l.Records) > n {
				for _, r := range l.Records[n:] {
					if r.Kind == journal.KindMatch {
						break wait
					}
				}
			}
		}
	}
	phase(out, "restored")
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		fmt.Fprintf(out, "CHECK-EXIT %v\n", err)
	} else {
		fmt.Fprintln(out, "CHECK-EXIT 0")
	}
	v := exec.Command(tandemBin, "verify-record", db)
	vb, verr := v.CombinedOutput()
	code := 0
	if ee, ok := verr.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if verr != nil {
		code = -1
	}
	fmt.Fprintf(out, "CHECK-VERIFY exit=%d %s\n", code, strings.ReplaceAll(strings.TrimSpace(string(vb)), "\n", " | "))
	data, err := os.ReadFile(db)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(dumpDev, os.O_WRONLY|os.O_SYNC, 0)
	if err != nil {
		return err
	}
	var hdr [8]byte
	binary.LittleEndian.PutUint64(hdr[:], uint64(len(data)))
	if _, err := f.Write(append(hdr[:], data...)); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	f.Close()
	phase(out, "verified")
	fmt.Fprintf(out, "DUMPED bytes=%d\n", len(data))
	return nil
}

// match plays the scripted match on the real binary (tandem run --script)
// and relays its lines ("T> script: start wall=W instant=I", "T> final
// ..."), with a heartbeat ("BEAT wall=NS", the guest's wall clock every
// 10 ms) from which the host dates its cut; it never returns: the host
// cuts the power.
func match(out io.Writer, cfg, script string) {
	cmd := exec.Command(tandemBin, "run", "--config", cfg, "--script", script)
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(out, "CUT-ERROR %v\n", err)
		return
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			fmt.Fprintf(out, "T> %s\n", sc.Text())
		}
	}()
	for {
		fmt.Fprintf(out, "BEAT wall=%d\n", time.Now().UnixNano())
		time.Sleep(10 * time.Millisecond)
	}
}

// phase writes "PHASE name UPTIME" (the guest kernel's uptime, s): where
// a boot's time goes.
func phase(out io.Writer, name string) {
	b, _ := os.ReadFile("/proc/uptime")
	up, _, _ := strings.Cut(string(b), " ")
	fmt.Fprintf(out, "PHASE %s %s\n", name, up)
}

// lockedWriter keeps the console's lines whole.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
