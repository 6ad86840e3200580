package hallload

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// HubProc runs the hub (`tandem-hall --config FILE`) as a separate
// process, and measures it: CPU time from /proc/PID/stat (utime + stime)
// and peak memory from /proc/PID/status (VmHWM), added up over every run
// (a restart starts a new process).
type HubProc struct {
	// Bin is the tandem-hall binary; Dir the hub's directory (its store and
	// configuration); NATS and Dashboard the loopback addresses it
	// listens on, kept across restarts.
	Bin, Dir        string
	NATS, Dashboard string
	// Node, Route and Routes make it a node of a cluster (Opts.Cluster):
	// its name, its routes' loopback address, the other nodes' route
	// URLs. Empty: a hub alone.
	Node, Route string
	Routes      []string

	mu      sync.Mutex
	cmd     *exec.Cmd
	started time.Time
	done    chan struct{}
	log     string        // the output file of the last run
	cpu     time.Duration // CPU time of the processes that ended
	up      time.Duration // their lifetimes
	hwm     int64         // the largest VmHWM seen (bytes)
	runs    int
}

// clockTick is the unit of /proc/PID/stat's utime and stime: USER_HZ,
// 100 on every Linux architecture tandem runs on (amd64, arm64, armv7).
const clockTick = 10 * time.Millisecond

// FreeAddr returns a loopback "127.0.0.1:port" free now: the hub listens
// there at each of its starts.
func FreeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// config returns the hub's configuration file (docs/hall.md, [hub]).
func (h *HubProc) config() string {
	c := fmt.Sprintf("[hub]\nlisten = %q\nstore = %q\ndashboard_listen = %q\n",
		h.NATS, filepath.Join(h.Dir, "store"), h.Dashboard)
	if h.Node != "" {
		q := make([]string, len(h.Routes))
		for i, r := range h.Routes {
			q[i] = fmt.Sprintf("%q", r)
		}
		c += fmt.Sprintf("node = %q\ncluster_listen = %q\nroutes = [%s]\n", h.Node, h.Route, strings.Join(q, ", "))
	}
	return c
}

// Start starts the hub and waits until both its NATS port and its
// dashboard accept connections (at most 30 s). It fails when the process
// exits first, with its error output.
func (h *HubProc) Start(ctx context.Context) error {
	cfg := filepath.Join(h.Dir, "hub.toml")
	if err := os.WriteFile(cfg, []byte(h.config()), 0o644); err != nil {
		return err
	}
	cmd := exec.Command(h.Bin, "--config", cfg)
	h.mu.Lock()
	h.log = filepath.Join(h.Dir, fmt.Sprintf("hub-%d.log", h.runs+1))
	h.mu.Unlock()
	// The hub's output, each run in its own file (kept with --dir).
	log, err := os.Create(h.log)
	if err != nil {
		return err
	}
	defer log.Close() // the child has its own descriptor
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the hub (%s): %w", h.Bin, err)
	}
	done := make(chan struct{})
	h.mu.Lock()
	h.cmd, h.started, h.done = cmd, time.Now(), done
	h.runs++
	h.mu.Unlock()
	go func() { cmd.Wait(); close(done) }()
	deadline := time.Now().Add(30 * time.Second)
	for _, addr := range []string{h.NATS, h.Dashboard} {
		for {
			c, err := net.DialTimeout("tcp", addr, time.Second)
			if err == nil {
				c.Close()
				break
			}
			select {
			case <-done:
				return fmt.Errorf("the hub exited at start: %s", h.Stderr())
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the hub does not listen on %s after 30 s: %s", addr, h.Stderr())
			}
		}
	}
	return nil
}

// Stderr returns the end of the hub's output (its last run), whose whole
// is in Dir/hub-N.log, N counting the runs from 1.
func (h *HubProc) Stderr() string {
	h.mu.Lock()
	path := h.log
	h.mu.Unlock()
	data, _ := os.ReadFile(path)
	if len(data) > 2000 {
		data = data[len(data)-2000:]
	}
	return strings.TrimSpace(string(data))
}

// PID returns the running hub's process id (0 when none).
func (h *HubProc) PID() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cmd == nil {
		return 0
	}
	return h.cmd.Process.Pid
}

// Sample reads the running hub's peak memory so far and keeps the
// largest; call it now and then (the value is lost with the process).
func (h *HubProc) Sample() {
	if pid := h.PID(); pid != 0 {
		if hwm, err := readHWM(pid); err == nil {
			h.mu.Lock()
			h.hwm = max(h.hwm, hwm)
			h.mu.Unlock()
		}
	}
}

// Kill ends the hub with sig (syscall.SIGKILL: a crash; SIGTERM: a clean
// stop), after reading its CPU time and peak memory, and waits for it.
// before, when set, is called just before the signal.
func (h *HubProc) Kill(sig syscall.Signal, before func()) error {
	h.mu.Lock()
	cmd, done, started := h.cmd, h.done, h.started
	h.mu.Unlock()
	if cmd == nil {
		return errors.New("the hub is not running")
	}
	h.Sample()
	cpu, err := readCPU(cmd.Process.Pid)
	if err != nil {
		return fmt.Errorf("reading the hub's CPU time: %w", err)
	}
	if before != nil {
		before()
	}
	if err := cmd.Process.Signal(sig); err != nil {
		return err
	}
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
	}
	h.mu.Lock()
	h.cpu += cpu
	h.up += time.Since(started)
	h.cmd = nil
	h.mu.Unlock()
	return nil
}

// Usage returns the hub's CPU time and lifetime over every run so far
// (the running one up to now), its largest peak memory (bytes) and how
// many times it started.
func (h *HubProc) Usage() (cpu, up time.Duration, hwm int64, runs int) {
	h.Sample()
	h.mu.Lock()
	defer h.mu.Unlock()
	cpu, up = h.cpu, h.up
	if h.cmd != nil {
		if c, err := readCPU(h.cmd.Process.Pid); err == nil {
			cpu += c
			up += time.Since(h.started)
		}
	}
	return cpu, up, h.hwm, h.runs
}

// SelfCPU returns this process's CPU time so far (user plus system).
func SelfCPU() (time.Duration, error) {
	data, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, err
	}
	return parseStat(string(data))
}

// readCPU returns a process's CPU time, user plus system
// (/proc/PID/stat fields 14 and 15, in clock ticks).
func readCPU(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	return parseStat(string(data))
}

// parseStat reads utime + stime from a /proc/PID/stat line. The command
// name (field 2) is in parentheses and may hold spaces: the fields are
// counted after its closing one.
func parseStat(line string) (time.Duration, error) {
	i := strings.LastIndexByte(line, ')')
	if i < 0 {
		return 0, errors.New("/proc stat: no command name")
	}
	f := strings.Fields(line[i+1:])
	// f[0] is field 3 (state): utime is field 14, stime field 15.
	if len(f) < 13 {
		return 0, errors.New("/proc stat: too few fields")
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, fmt.Errorf("/proc stat: %w", err)
	}
	return time.Duration(u+s) * clockTick, nil
}

// readHWM returns a process's peak resident memory (VmHWM, bytes).
func readHWM(pid int) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return parseHWM(f)
}

// parseHWM reads the "VmHWM:   1234 kB" line of /proc/PID/status.
func parseHWM(r io.Reader) (int64, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("/proc status: VmHWM %q", rest)
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc status: VmHWM %q", rest)
		}
		return kb << 10, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, errors.New("/proc status: no VmHWM line")
}
