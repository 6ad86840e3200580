package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tandem/internal/webserve"
	"tandem/internal/webserve/attack"
)

// TestConsole_HTTPFlood_RSS performs the floods of docs/performance.md ("Connections") on a real tandem
// run process (simulated table, console on loopback), one fresh process
// per flood, and reports its resident memory (VmRSS: before, the peak
// sampled during the flood, and after) in the log for docs/performance.md
// ("Connections"); it asserts the counts and that the table keeps
// answering, never the memory. Long (about a minute and a half): run by
// .ci/steps/flood.sh with TANDEM_FLOOD=1. TANDEM_FLOOD_BIN runs another
// tandem binary instead of building this one (the figures before the
// limits, from an older build: its counts then fail).
func TestConsole_HTTPFlood_RSS(t *testing.T) {
	if os.Getenv("TANDEM_FLOOD") == "" {
		t.Skip("long flood of a real tandem process: set TANDEM_FLOOD=1 (.ci/steps/flood.sh)")
	}
	bin := os.Getenv("TANDEM_FLOOD_BIN")
	if bin == "" {
		bin = buildSim(t)
	}
	total := webserve.DefaultTotal

	// 200 request heads from one address, each sent on its way to 1 MB
	// (never finished), over HTTP then HTTPS.
	for _, listen := range []string{"127.0.0.1:0", "0.0.0.0:0"} {
		name := map[bool]string{false: "heads-1MB-HTTP", true: "heads-1MB-HTTPS"}[listen == "0.0.0.0:0"]
		t.Run(name, func(t *testing.T) {
			tb := startFloodTable(t, bin, listen)
			conns, failed := attack.Heads(tb.addr, "127.0.0.1", 200, 1024, tb.tls)
			defer attack.CloseAll(conns)
			var closed int
			tb.during(t, func() {
				for range 16 { // 16 x 64 KiB: 1 MiB, written as the server takes it
					attack.More(conns, 64<<10)
				}
				// The server reads what the kernel kept for it meanwhile.
				closed = attack.Closed(conns, 200, 5*time.Second)
			})
			tb.answers(t, "127.0.0.2")
			t.Logf("%s: 200 heads of 1 MiB from one address: %d refused at the TLS handshake (HTTPS only), %d more closed by the server (at accept, or at 16 KiB), %d held", name, failed, closed-failed, 200-closed)
			tb.report(t, name)
			if closed != 200 {
				t.Errorf("%d of 200 connections still held", 200-closed)
			}
		})
	}

	// 8 000 keep-alive connections asking once, then idle: 32 from each
	// of 250 addresses.
	t.Run("idle-keepalive-8000", func(t *testing.T) {
		tb := startFloodTable(t, bin, "127.0.0.1:0")
		var mu sync.Mutex
		var kept []net.Conn
		unanswered := 0
		tb.during(t, func() {
			var wg sync.WaitGroup
			for a := range 250 {
				wg.Go(func() {
					k, u := attack.KeepAlive(tb.addr, fmt.Sprintf("127.5.%d.%d", a/200, a%200+1), "/api/session", 32, nil)
					mu.Lock()
					defer mu.Unlock()
					kept = append(kept, k...)
					unanswered += u
				})
			}
			wg.Wait()
		})
		defer attack.CloseAll(kept)
		closed := attack.Closed(kept, len(kept)-total, 5*time.Second) // the evicted ones, seen closed
		held := len(kept) - closed
		tb.answers(t, "127.0.0.2")
		t.Logf("idle-keepalive-8000: %d answered, %d closed unanswered; of the answered %d closed to make room, %d held", len(kept), unanswered, closed, held)
		tb.report(t, "idle-keepalive-8000")
		if held > total {
			t.Errorf("%d idle connections held, more than the total %d", held, total)
		}
	})

	// 1 000 bodies sent a byte every 5 s, 20 from each of 50 addresses,
	// for 40 s: past the read timeout (30 s) none may be held.
	t.Run("slow-bodies-1000", func(t *testing.T) {
		tb := startFloodTable(t, bin, "127.0.0.1:0")
		var conns []net.Conn
		for a := range 50 {
			conns = append(conns, attack.SlowBodies(tb.addr, fmt.Sprintf("127.6.0.%d", a+1), "/api/login", 20, 1000, nil)...)
		}
		defer attack.CloseAll(conns)
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() { attack.Drip(conns, 5*time.Second, stop); close(done) }()
		var atOnce, closed int
		tb.during(t, func() {
			atOnce = attack.Closed(conns, len(conns), time.Second)
			tb.answers(t, "127.0.0.2")
			// Wait for the read timeout to close them all, with a margin:
			// no fixed sleep, the wait ends when the last one is closed.
			closed = attack.Closed(conns, len(conns), webserve.DefaultReadTimeout+5*time.Second)
		})
		close(stop)
		<-done
		tb.answers(t, "127.6.0.1")
		t.Logf("slow-bodies-1000: %d closed at once, %d closed after %v, %d held", atOnce, closed, webserve.DefaultReadTimeout+5*time.Second, len(conns)-closed)
		tb.report(t, "slow-bodies-1000")
		if closed != len(conns) {
			t.Errorf("%d slow bodies still held past the read timeout", len(conns)-closed)
		}
	})

	// 1 MB heads from many addresses (8 from each of 100): the total, and
	// a new address answered during the flood.
	t.Run("heads-many-addresses", func(t *testing.T) {
		tb := startFloodTable(t, bin, "127.0.0.1:0")
		var conns []net.Conn
		for a := range 100 {
			c, _ := attack.Heads(tb.addr, fmt.Sprintf("127.7.0.%d", a+1), 8, 1024, nil)
			conns = append(conns, c...)
		}
		defer attack.CloseAll(conns)
		var closed int
		tb.during(t, func() {
			tb.answers(t, "127.0.0.2")
			for range 16 {
				attack.More(conns, 64<<10)
			}
			closed = attack.Closed(conns, len(conns), 5*time.Second)
		})
		t.Logf("heads-many-addresses: 800 heads of 1 MiB from 100 addresses: %d closed, %d held", closed, len(conns)-closed)
		tb.report(t, "heads-many-addresses")
		if closed != len(conns) {
			t.Errorf("%d connections still held", len(conns)-closed)
		}
	})
}

// floodTable is a running tandem process under a flood.
type floodTable struct {
	pid       int
	addr      string      // 127.0.0.1:port
	tls       *tls.Config // nil for plain HTTP
	rss0      int64       // before the flood
	peak, end int64
}

// startFloodTable starts bin (tandem run, simulated) with its console on
// listen, in a directory of its own (its TLS CA when beyond loopback).
func startFloodTable(t *testing.T, bin, listen string) *floodTable {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "flood.toml")
	os.WriteFile(cfg, []byte("mode = \"simulated\"\n[console]\nlisten = \""+listen+"\"\npin = \"482913\"\n"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "run", "--config", cfg)
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	re := regexp.MustCompile(`^console: (https?)://\S+:(\d+)/`)
	sc := bufio.NewScanner(out)
	var m []string
	for m == nil && sc.Scan() {
		m = re.FindStringSubmatch(sc.Text())
	}
	if m == nil {
		t.Fatal("no console line")
	}
	go func() { // the rest of the output, so that the table never blocks on it
		for sc.Scan() {
		}
	}()
	tb := &floodTable{pid: cmd.Process.Pid, addr: "127.0.0.1:" + m[2]}
	if m[1] == "https" {
		tb.tls = &tls.Config{InsecureSkipVerify: true} // the attacker's; the checks' too
	}
	tb.answers(t, "127.0.0.2")
	tb.rss0 = vmRSS(t, tb.pid)
	return tb
}

// during runs flood, sampling the process's VmRSS every 50 ms: the peak,
// and the figure after flood returns.
func (tb *floodTable) during(t *testing.T, flood func()) {
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", tb.pid)); err == nil {
				var kb int64
				if i := strings.Index(string(data), "VmRSS:"); i >= 0 {
					fmt.Sscan(string(data[i+len("VmRSS:"):]), &kb)
				}
				tb.peak = max(tb.peak, kb<<10)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	flood()
	close(stop)
	<-done
	tb.end = vmRSS(t, tb.pid)
	tb.peak = max(tb.peak, tb.end)
}

// answers fails the test unless GET /api/session from ip is answered 200
// within 10 s.
func (tb *floodTable) answers(t *testing.T, ip string) {
	t.Helper()
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext, TLSClientConfig: tb.tls}
	defer tr.CloseIdleConnections()
	scheme := "http"
	if tb.tls != nil {
		scheme = "https"
	}
	start := time.Now()
	resp, err := (&http.Client{Transport: tr, Timeout: 10 * time.Second}).Get(scheme + "://" + tb.addr + "/api/session")
	if err != nil {
		t.Errorf("the table does not answer %s: %v", ip, err)
		return
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("the table answers %s %d", ip, resp.StatusCode)
	}
	if d := time.Since(start); d > time.Second {
		t.Logf("the table answered %s in %v", ip, d.Round(time.Millisecond))
	}
}

// report logs the flood's memory figures.
func (tb *floodTable) report(t *testing.T, name string) {
	t.Helper()
	f := func(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
	t.Logf("%s: VmRSS %s before, %s peak, %s after", name, f(tb.rss0), f(tb.peak), f(tb.end))
}
