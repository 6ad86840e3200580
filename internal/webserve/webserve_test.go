package webserve

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tandem/internal/webserve/attack"
)

// waitLimit bounds every wait for a condition in these tests.
const waitLimit = 10 * time.Second

// serve starts a server of a handler answering "ok" (and reading the
// body of a POST) with opts, on 127.0.0.1.
func serve(t *testing.T, opts *Opts) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			if _, err := io.ReadAll(r.Body); err != nil {
				var mb *http.MaxBytesError
				if errors.As(err, &mb) {
					http.Error(w, "too large", http.StatusRequestEntityTooLarge)
					return
				}
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
		}
		fmt.Fprint(w, "ok")
	})
	s := New(ln, h, opts)
	go s.Serve()
	t.Cleanup(func() { s.Close() })
	return s
}

// dialFrom opens a TCP connection to s from the loopback address ip
// (Linux routes all of 127.0.0.0/8 to this machine).
func dialFrom(t *testing.T, s *Server, ip string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: waitLimit}
	c, err := d.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatalf("dial from %s: %v", ip, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// waitFor polls cond until it holds, failing the test after waitLimit.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(waitLimit); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// get is a legitimate client's request from ip: its status and body.
func get(t *testing.T, s *Server, ip string, tc *tls.Config) (int, string) {
	t.Helper()
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext, TLSClientConfig: tc}
	defer tr.CloseIdleConnections()
	scheme := "http"
	if tc != nil {
		scheme = "https"
	}
	c := &http.Client{Transport: tr, Timeout: waitLimit}
	resp, err := c.Get(scheme + "://" + s.Addr().String() + "/")
	if err != nil {
		t.Fatalf("legitimate GET from %s: %v", ip, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// testTLS returns a server certificate's configuration and a client's
// that trusts it (httptest's own certificate, for 127.0.0.1).
func testTLS(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	hs := httptest.NewUnstartedServer(nil)
	hs.StartTLS()
	defer hs.Close()
	server = &tls.Config{Certificates: hs.TLS.Certificates}
	client = hs.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	client.ServerName = "127.0.0.1"
	return server, client
}

// An attack of docs/performance.md ("Connections"): many connections from one address, each
// sending a request head that never ends, on the way to 1 MB. The
// connections past the address's cap are closed at accept (before TLS);
// the others are answered 431 and closed once their head passes
// MaxHeaderBytes; every place is given back; another address is answered
// during the attack and the attacker's own after it.
func TestAttack_UnfinishedHeadersOneAddress(t *testing.T) {
	for _, useTLS := range []bool{false, true} {
		name := map[bool]string{false: "HTTP", true: "HTTPS"}[useTLS]
		t.Run(name, func(t *testing.T) {
			opts := &Opts{PerAddr: 8, Total: 64, ReadHeaderTimeout: time.Minute}
			var client *tls.Config
			if useTLS {
				opts.TLS, client = testTLS(t)
			}
			s := serve(t, opts)
			const n = 40
			conns := make([]net.Conn, n)
			handshakeFailed := 0
			for i := range conns {
				c := dialFrom(t, s, "127.0.0.1")
				if useTLS {
					tc := tls.Client(c, client)
					tc.SetDeadline(time.Now().Add(waitLimit))
					if tc.Handshake() != nil {
						handshakeFailed++
					}
					tc.SetDeadline(time.Time{})
					c = tc
				}
				// The head's start: small, within every limit.
				c.Write([]byte("GET / HTTP/1.1\r\nHost: table\r\nX-Flood: " + strings.Repeat("a", 1024)))
				conns[i] = c
			}
			waitFor(t, "40 connections accepted or refused", func() bool { return int64(s.Conns().Open())+s.Conns().Refused() == n })
			if open, refused := s.Conns().Open(), s.Conns().Refused(); open != 8 || refused != n-8 {
				t.Fatalf("open %d, refused %d: want 8 and %d", open, refused, n-8)
			}
			if got := attack.Closed(conns, n-8, waitLimit); got != n-8 {
				t.Fatalf("%d connections closed by the server, want the %d refused", got, n-8)
			}
			if useTLS && handshakeFailed != n-8 {
				t.Errorf("%d TLS handshakes failed, want the %d refused before TLS", handshakeFailed, n-8)
			}
			if code, body := get(t, s, "127.0.0.2", client); code != 200 || body != "ok" {
				t.Fatalf("another address during the attack: %d %q", code, body)
			}
			// The rest of the head, past MaxHeaderBytes (16 KiB), on
			// its way to 1 MB: each admitted connection is answered
			// 431 and closed.
			more := []byte(strings.Repeat("a", 64<<10))
			var wg sync.WaitGroup
			for _, c := range conns {
				wg.Go(func() {
					c.SetWriteDeadline(time.Now().Add(waitLimit))
					c.Write(more) // fails once the server has closed it
				})
			}
			wg.Wait()
			if got := attack.Closed(conns, n, waitLimit); got != n {
				t.Fatalf("%d of %d connections closed by the server", got, n)
			}
			waitFor(t, "every place given back", func() bool { return s.Conns().Open() == 0 })
			if code, body := get(t, s, "127.0.0.1", client); code != 200 || body != "ok" {
				t.Fatalf("the attacker's address after the attack: %d %q", code, body)
			}
		})
	}
}

// Thousands of keep-alive connections from a few addresses, each asking
// once and then idle: each address is held to PerAddr and all of them to
// Total, shared fairly (the heaviest address's oldest connection makes
// room for another address's); the others are closed at accept without
// an answer. A new address is answered during the attack; closing some
// gives their places back.
func TestAttack_IdleKeepAliveThousands(t *testing.T) {
	if testing.Short() {
		t.Skip("1 500 connections: run without -short (the native pass runs it)")
	}
	s := serve(t, &Opts{PerAddr: 16, Total: 100, IdleTimeout: time.Minute})
	const addrs, each = 10, 150
	var kept []net.Conn
	unanswered := 0
	for a := range addrs {
		k, u := attack.KeepAlive(s.Addr().String(), fmt.Sprintf("127.0.1.%d", a+1), "/", each, nil)
		kept = append(kept, k...)
		unanswered += u
	}
	t.Cleanup(func() { attack.CloseAll(kept) })
	evicted := len(kept) - 100
	if got := attack.Closed(kept, evicted, waitLimit); got != evicted {
		t.Fatalf("%d of %d answered connections closed, want %d evicted", got, len(kept), evicted)
	}
	if open, refused, ev := s.Conns().Open(), s.Conns().Refused(), s.Conns().Evicted(); open != 100 || refused != int64(unanswered) || ev != int64(evicted) {
		t.Fatalf("open %d, refused %d, evicted %d; want 100, %d, %d", open, refused, ev, unanswered, evicted)
	}
	least, most := 100, 0
	for a := range addrs {
		n := s.Conns().OpenFrom(fmt.Sprintf("127.0.1.%d", a+1))
		least, most = min(least, n), max(most, n)
	}
	if most > 16 || most-least > 2 {
		t.Errorf("open per address from %d to %d: not a fair share of 100 among 10", least, most)
	}
	if code, body := get(t, s, "127.0.0.200", nil); code != 200 || body != "ok" {
		t.Fatalf("a new address during the attack: %d %q", code, body)
	}
	attack.CloseAll(kept)
	waitFor(t, "every place given back", func() bool { return s.Conns().Open() == 0 })
}

// A keep-alive connection with no second request is closed after
// IdleTimeout, and its place given back.
func TestAttack_IdleKeepAliveClosed(t *testing.T) {
	s := serve(t, &Opts{IdleTimeout: 200 * time.Millisecond})
	var conns []net.Conn
	for range 5 {
		c := dialFrom(t, s, "127.0.0.1")
		c.Write([]byte("GET / HTTP/1.1\r\nHost: table\r\n\r\n"))
		conns = append(conns, c)
	}
	if got := attack.Closed(conns, 5, waitLimit); got != 5 {
		t.Fatalf("%d of 5 idle connections closed", got)
	}
	waitFor(t, "every place given back", func() bool { return s.Conns().Open() == 0 })
}

// Bodies sent one byte at a time: the admitted connections are closed at
// ReadTimeout, the others at accept, and their places given back; a body
// announced larger than MaxBodyBytes is refused unread, and a chunked
// one stops at the limit.
func TestAttack_SlowBodies(t *testing.T) {
	s := serve(t, &Opts{PerAddr: 8, ReadTimeout: 500 * time.Millisecond, MaxBodyBytes: 1000})
	const n = 20
	conns := make([]net.Conn, n)
	for i := range conns {
		conns[i] = dialFrom(t, s, "127.0.0.1")
		conns[i].Write([]byte("POST / HTTP/1.1\r\nHost: table\r\nContent-Length: 1000\r\n\r\nx"))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() { // one byte each 100 ms, until the server closes it
			tick := time.NewTicker(100 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					c.SetWriteDeadline(time.Now().Add(time.Second))
					if _, err := c.Write([]byte("x")); err != nil {
						return
					}
				}
			}
		})
	}
	got := attack.Closed(conns, n, waitLimit)
	close(stop)
	wg.Wait()
	if got != n {
		t.Fatalf("%d of %d slow bodies closed by the server", got, n)
	}
	if r := s.Conns().Refused(); r != n-8 {
		t.Errorf("%d refused at accept, want %d", r, n-8)
	}
	waitFor(t, "every place given back", func() bool { return s.Conns().Open() == 0 })

	c := dialFrom(t, s, "127.0.0.1")
	c.Write([]byte("POST / HTTP/1.1\r\nHost: table\r\nContent-Length: 1000000\r\n\r\n"))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("a body announced larger: %v %v", resp, err)
	}
	if !attack.ClosedBy(c, waitLimit) {
		t.Error("the connection of a body announced larger stays open")
	}
	c = dialFrom(t, s, "127.0.0.1")
	c.Write([]byte("POST / HTTP/1.1\r\nHost: table\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n" + strings.Repeat("x", 0x800) + "\r\n0\r\n\r\n"))
	resp, err = http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("a chunked body past the limit: %v %v", resp, err)
	}
	if code, body := get(t, s, "127.0.0.1", nil); code != 200 || body != "ok" {
		t.Fatalf("the attacker's address after the attack: %d %q", code, body)
	}
}

// Many addresses, each within its own cap, fill the total with heads
// that never end: the total is shared among them, and a new address
// still gets in (the heaviest address's oldest connection makes room).
// Once the attack ends every place comes back.
func TestAttack_ManyAddressesTotal(t *testing.T) {
	s := serve(t, &Opts{PerAddr: 8, Total: 100, ReadHeaderTimeout: time.Minute})
	var conns []net.Conn
	for a := range 30 {
		c, failed := attack.Heads(s.Addr().String(), fmt.Sprintf("127.0.2.%d", a+1), 8, 16, nil)
		if failed > 0 {
			t.Fatalf("%d dials failed", failed)
		}
		conns = append(conns, c...)
	}
	t.Cleanup(func() { attack.CloseAll(conns) })
	l := s.Conns()
	waitFor(t, "240 connections accepted or refused", func() bool { return int64(l.Open())+l.Evicted()+l.Refused() == 240 })
	if l.Open() != 100 {
		t.Fatalf("open %d, want the total 100", l.Open())
	}
	closed := int(l.Evicted() + l.Refused())
	if got := attack.Closed(conns, closed, waitLimit); got != closed {
		t.Fatalf("%d closed, want %d (evicted and refused)", got, closed)
	}
	if code, body := get(t, s, "127.0.0.200", nil); code != 200 || body != "ok" {
		t.Fatalf("a new address during the attack: %d %q", code, body)
	}
	attack.CloseAll(conns)
	waitFor(t, "every place given back", func() bool { return l.Open() == 0 })
	if code, body := get(t, s, "127.0.0.201", nil); code != 200 || body != "ok" {
		t.Fatalf("a legitimate client after the attack: %d %q", code, body)
	}
}

// When every address holds one connection and the total is reached, a
// new address is refused: no address holds two more than it.
func TestListener_TotalOfSingletonsRefuses(t *testing.T) {
	s := serve(t, &Opts{Total: 10, ReadHeaderTimeout: time.Minute})
	var conns []net.Conn
	for a := range 12 {
		c, _ := attack.Heads(s.Addr().String(), fmt.Sprintf("127.0.4.%d", a+1), 1, 16, nil)
		conns = append(conns, c...)
	}
	t.Cleanup(func() { attack.CloseAll(conns) })
	l := s.Conns()
	waitFor(t, "12 connections accepted or refused", func() bool { return int64(l.Open())+l.Refused() == 12 })
	if l.Open() != 10 || l.Refused() != 2 || l.Evicted() != 0 {
		t.Fatalf("open %d, refused %d, evicted %d; want 10, 2, 0", l.Open(), l.Refused(), l.Evicted())
	}
	if got := attack.Closed(conns[10:], 2, waitLimit); got != 2 {
		t.Fatalf("%d of the 2 past the total closed", got)
	}
}

// A WebSocket (github.com/coder/websocket, hijacked from net/http) lives
// well past every timeout: net/http clears the deadlines it set when it
// hands the connection over. It keeps its place until it is closed.
func TestWebSocket_OutlivesTimeouts(t *testing.T) {
	const to = 100 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		for { // echo
			typ, msg, err := c.Read(r.Context())
			if err != nil {
				return
			}
			if c.Write(r.Context(), typ, msg) != nil {
				return
			}
		}
	}), &Opts{ReadHeaderTimeout: to, ReadTimeout: to, WriteTimeout: to, IdleTimeout: to})
	go s.Serve()
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws://"+s.Addr().String()+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	start := time.Now()
	for i := 0; time.Since(start) < 8*to; i++ {
		// Silences longer than every timeout between messages.
		time.Sleep(3 * to / 2)
		want := fmt.Sprint("move ", i)
		if err := c.Write(ctx, websocket.MessageText, []byte(want)); err != nil {
			t.Fatalf("write after %v: %v", time.Since(start), err)
		}
		_, got, err := c.Read(ctx)
		if err != nil || string(got) != want {
			t.Fatalf("read after %v: %q %v", time.Since(start), got, err)
		}
	}
	if n := s.Conns().Open(); n != 1 {
		t.Fatalf("open %d with the WebSocket, want 1", n)
	}
	c.Close(websocket.StatusNormalClosure, "")
	waitFor(t, "the WebSocket's place given back", func() bool { return s.Conns().Open() == 0 })
}

// A connection's place is given back once, however often it is closed.
func TestListener_CloseTwiceReleasesOnce(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := Limit(inner, 2, 0)
	defer l.Close()
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	for range 2 {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	a, b := <-accepted, <-accepted
	if l.OpenFrom("127.0.0.1") != 2 {
		t.Fatalf("open from 127.0.0.1: %d", l.OpenFrom("127.0.0.1"))
	}
	a.Close()
	a.Close()
	if got := l.Open(); got != 1 {
		t.Fatalf("open %d after closing one twice, want 1", got)
	}
	b.Close()
	if got := l.Open(); got != 0 {
		t.Fatalf("open %d, want 0", got)
	}
}
