package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestConsole_ConnectionFlood_RSS floods a table's console (a real tandem
// run process) with 1 000 WebSocket attempts without a session: 200 from
// 200 loopback addresses, all admitted (the total cap), then 800 from 200
// others, all refused: with 503, or closed at accept when the attempts in
// flight pass the server's total of connections (internal/webserve); then
// 1 000 more from one address: 8 admitted at most per address, the others
// refused with 429 or closed at accept (the address's connections). It reports the process's resident memory
// (VmRSS) before, with the 200 spectators' pages open, and after the
// refusals (docs/performance.md, "Connections"); it asserts the counts,
// not the memory.
func TestConsole_ConnectionFlood_RSS(t *testing.T) {
	bin := buildSim(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "flood.toml")
	os.WriteFile(cfg, []byte("mode = \"simulated\"\n[console]\nlisten = \"127.0.0.1:0\"\n"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "run", "--config", cfg)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); cmd.Wait() }()
	url := ""
	sc := bufio.NewScanner(out)
	re := regexp.MustCompile(`^console: (http://127\.0\.0\.1:\d+/)`)
	for url == "" && sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatal("no console line")
	}
	go func() { // the rest of the output, so that the table never blocks on it
		for sc.Scan() {
		}
	}()
	pid := cmd.Process.Pid
	rss0 := vmRSS(t, pid)

	var mu sync.Mutex
	var conns []*websocket.Conn
	counts := map[int]int{}
	flood := func(addrs, each int, base string) {
		var wg sync.WaitGroup
		for a := range addrs {
			ip := fmt.Sprintf(base, a/250, a%250+1)
			for range each {
				wg.Add(1)
				go func() {
					defer wg.Done()
					c, code := dialConsole(url, ip)
					mu.Lock()
					defer mu.Unlock()
					counts[code]++
					if c != nil {
						conns = append(conns, c)
					}
				}()
			}
		}
		wg.Wait()
	}
	// 200 spectators' pages first, the memory read with them open; then
	// 800 more attempts from 200 other addresses, all past the total.
	start := time.Now()
	flood(200, 1, "127.1.%d.%d")
	time.Sleep(500 * time.Millisecond) // only lets the admitted pages take their first views; nothing is asserted after it
	rss1 := vmRSS(t, pid)
	flood(200, 4, "127.4.%d.%d")
	took := time.Since(start)
	rss2 := vmRSS(t, pid)
	admitted, refused, closed := counts[101], counts[503], counts[0]
	mu.Lock()
	for _, c := range conns {
		c.CloseNow()
	}
	conns = nil
	delete(counts, 101)
	delete(counts, 503)
	delete(counts, 0)
	others := fmt.Sprint(counts)
	clear(counts)
	mu.Unlock()
	t.Logf("1000 attempts without a session from 400 addresses in %v: %d admitted, %d refused 503, %d closed at accept, others %v", took.Round(time.Millisecond), admitted, refused, closed, others)
	t.Logf("VmRSS: %.1f MB before, %.1f MB with 200 spectators' pages open (%.0f kB each), %.1f MB after 800 more refused",
		float64(rss0)/(1<<20), float64(rss1)/(1<<20), float64(rss1-rss0)/200/1024, float64(rss2)/(1<<20))
	if admitted != 200 || refused+closed != 800 || others != "map[]" {
		t.Fatalf("admitted %d, refused %d, closed %d, others %s; want 200 and 800 refused or closed", admitted, refused, closed, others)
	}
	// The closed pages' places come back: wait until a new page is admitted from one address.
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, code := dialConsole(url, "127.2.0.1")
		if c != nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no page admitted after the flood closed: %d", code)
		}
		time.Sleep(20 * time.Millisecond)
	}
	flood(1, 1000, "127.3.%d.%d")
	one, tooMany, closed := counts[101], counts[429], counts[0]
	mu.Lock()
	for _, c := range conns {
		c.CloseNow()
	}
	mu.Unlock()
	t.Logf("1000 attempts from one address: %d admitted, %d refused 429, %d closed at accept; VmRSS then %.1f MB", one, tooMany, closed, float64(vmRSS(t, pid))/(1<<20))
	if one > 8 || one+tooMany+closed != 1000 || one == 0 {
		t.Fatalf("one address: %d admitted, %d refused 429, %d closed at accept", one, tooMany, closed)
	}
}

// dialConsole opens the console's WebSocket from ip: the connection, or
// nil and the refusal's status.
func dialConsole(url, ip string) (*websocket.Conn, int) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"ws", &websocket.DialOptions{HTTPClient: hc})
	if err == nil {
		c.SetReadLimit(1 << 20)
		go func() { // a spectator's page reads what it is sent
			for {
				if _, _, err := c.Read(context.Background()); err != nil {
					return
				}
			}
		}()
		return c, 101
	}
	if resp == nil {
		return nil, 0
	}
	return nil, resp.StatusCode
}

// vmRSS returns process pid's resident memory (bytes).
func vmRSS(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			kb, _ := strconv.ParseInt(f[0], 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmRSS")
	return 0
}
