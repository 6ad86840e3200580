package main

import (
	"context"
	"net"
	"strings"
	"testing"
)

// A signal while the hub starts stops tandem-hall then, with exit 0:
// here the hub's first connection is to a NATS address that takes the
// connection and never answers (nats.go waits for its greeting), and
// the signal comes meanwhile. It used to wait for the start to fail
// first (and, with the hub's own client hung, for ever).
func TestHall_SignalWhileStartingStops(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			accepted <- c
		}
	}()
	opts := hubOpts(hubConfig(t), "nats://"+ln.Addr().String(), "", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() { done <- serveHall(ctx, opts, nil, "", &out, &errb) }()
	var c net.Conn
	select {
	case c = <-accepted: // the hub is in its first connection
	case code := <-done:
		t.Fatalf("serveHall returned %d before connecting: %s", code, errb.String())
	}
	defer c.Close()
	cancel() // the signal
	if code := <-done; code != 0 || !strings.Contains(out.String(), "hall: stopping (a signal while starting)") {
		t.Fatalf("exit %d, out %q, err %q: want 0 and the stopping line", code, out.String(), errb.String())
	}
}
