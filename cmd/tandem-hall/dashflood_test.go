package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"tandem/internal/webserve"
	"tandem/internal/webserve/attack"
)

// Issue #23's attack on the hall's dashboard: 100 unfinished request
// heads from one address (150 took the dashboard to 299 MB). Past the
// address's 32 each connection is closed at once; the 32 are answered 431
// and closed when their head passes 16 KiB; another address is answered
// during the attack. Before: all 100 held until the 10 s header timeout,
// each up to 1 MB of head.
func TestHall_Attack_DashboardUnfinishedHeads(t *testing.T) {
	dir := t.TempDir()
	opts := hubOpts(hubConfig(t), "", "127.0.0.1:0", filepath.Join(dir, "store"))
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int)
	go func() {
		done <- serveHall(ctx, opts, &hallDashboard{Listen: "127.0.0.1:0"}, "", &out, &errb)
	}()
	defer func() { cancel(); <-done }()
	re := regexp.MustCompile(`hall: dashboard http://(127\.0\.0\.1:\d+)/`)
	deadline := time.Now().Add(10 * time.Second)
	var m []string
	for m = re.FindStringSubmatch(out.String()); m == nil; m = re.FindStringSubmatch(out.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("no dashboard line: %q %q", out.String(), errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	addr := m[1]
	const n, per, wait = 100, webserve.DefaultPerAddr, 5 * time.Second // wait: below the old 10 s header timeout
	conns, _ := attack.Heads(addr, "127.0.0.1", n, 1024, nil)
	defer attack.CloseAll(conns)
	if got := attack.Closed(conns, n-per, wait); got != n-per {
		t.Fatalf("%d of %d connections from one address closed at once, want %d", got, n, n-per)
	}
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}).DialContext}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr, Timeout: wait}).Get("http://" + addr + "/api/state")
	if err != nil {
		t.Fatalf("another address during the attack: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("another address during the attack: %d", resp.StatusCode)
	}
	attack.More(conns, 64<<10)
	if got := attack.Closed(conns, n, wait); got != n {
		t.Fatalf("%d of %d connections closed after a 65 KiB head", got, n)
	}
}
