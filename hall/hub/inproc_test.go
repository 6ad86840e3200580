package hub

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/arbiter"
	"tandem/hall"
)

// The packaged configuration: NATS on every interface (listen ":4222",
// here a free port), TLS on. The hub's own client used to dial
// tls://0.0.0.0:PORT, a name its certificate does not hold, and nats.go
// hung: New never returned. Its client is in-process now: New returns,
// the tables are shown a loopback URL the certificate names, a table
// joins over TLS and the hub's commands reach it.
func TestHub_TLSOnEveryInterfaceInProcessClient(t *testing.T) {
	tc, caFile := hallTLS(t, t.TempDir())
	done := make(chan *Hub, 1)
	errc := make(chan error, 1)
	go func() {
		h, err := New(&Opts{TLS: tc, Listen: ":0", StoreDir: t.TempDir()})
		if err != nil {
			errc <- err
			return
		}
		done <- h
	}()
	var h *Hub
	select {
	case h = <-done:
		t.Cleanup(func() { h.Close() })
	case err := <-errc:
		t.Fatalf("New with listen \":0\" and TLS: %v", err)
	case <-time.After(2 * connectWait):
		t.Fatalf("New with listen \":0\" and TLS did not return within %v (the hub's own client hangs)", 2*connectWait)
	}
	if !strings.HasPrefix(h.URL(), "tls://127.0.0.1:") {
		t.Fatalf("URL %s: want the loopback address the certificate names", h.URL())
	}
	l := newTestLink(t, h.URL(), "t1", "", &hall.LinkOpts{CAFile: caFile, Handle: func(context.Context, hall.Command) hall.Reply {
		return hall.Reply{OK: true}
	}})
	l.Publish(hall.Snap{Status: "ready"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.WaitSnap(ctx, "t1", l.Boot(), 1); err != nil {
		t.Fatal(err)
	}
	if r, err := h.Command(ctx, "t1", arbiter.Request{Action: "pause"}); err != nil || !r.OK {
		t.Fatalf("a command over the in-process client: %+v %v", r, err)
	}
}

// silentConn is an in-process "server" that never says anything: a
// connection to it waits for the server's INFO, until stop.
type silentConn struct {
	mu      sync.Mutex
	far     []net.Conn
	stopped bool
}

func (s *silentConn) InProcessConn() (net.Conn, error) {
	near, far := net.Pipe()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		far.Close()
	}
	s.far = append(s.far, far)
	return near, nil
}

// stop ends every connection to it, as stopping the embedded server does.
func (s *silentConn) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopped = true
	for _, c := range s.far {
		c.Close()
	}
}

// connectWithin bounds the hub's own connection whatever nats.go does:
// past the wait it aborts (the embedded server stopped) and fails, where
// nats.go alone would wait (here its own timeout is an hour).
func TestConnectWithin_FailsInsteadOfHanging(t *testing.T) {
	s := &silentConn{}
	aborted := make(chan struct{})
	_, err := connectWithin("nats://"+hubInProcess, 100*time.Millisecond,
		[]nats.Option{nats.InProcessServer(s), nats.Timeout(time.Hour)},
		func() { close(aborted); s.stop() })
	if err == nil || !strings.Contains(err.Error(), "no connection within") {
		t.Fatalf("err %v, want no connection within the wait", err)
	}
	select {
	case <-aborted:
	default:
		t.Fatal("abort not called")
	}
}
