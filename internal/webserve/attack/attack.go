// Package attack is the attacker's side of the tests and flood trials of
// package webserve's limits (docs/performance.md, "Connections"):
// connections from chosen loopback addresses that send request heads that
// never end, ask once and stay idle, or send their bodies a byte at a
// time, and the test of whether the server has closed them. It only sends
// to the address it is given; the tests give loopback ones (Linux routes
// all of 127.0.0.0/8 to the machine itself, so each 127.x.y.z is another
// client address).
package attack

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Wait bounds each dial, handshake and write of this package.
const Wait = 10 * time.Second

// Dial opens a connection to addr ("127.0.0.1:8080") from the local
// address ip ("127.0.0.7"); with tc, it completes a TLS handshake over
// it. A refused handshake (the server closed the connection) is an
// error, with the connection closed.
func Dial(addr, ip string, tc *tls.Config) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: Wait}
	c, err := d.Dial("tcp", addr)
	if err != nil || tc == nil {
		return c, err
	}
	t := tls.Client(c, tc)
	t.SetDeadline(time.Now().Add(Wait))
	if err := t.Handshake(); err != nil {
		c.Close()
		return nil, err
	}
	t.SetDeadline(time.Time{})
	return t, nil
}

// Heads opens n connections to addr from ip, each sending the start of a
// request head (start bytes of one header field) that never ends. It
// returns the connections (nil where the dial or the handshake failed)
// and how many failed.
func Heads(addr, ip string, n, start int, tc *tls.Config) (conns []net.Conn, failed int) {
	conns = make([]net.Conn, n)
	for i := range conns {
		c, err := Dial(addr, ip, tc)
		if err != nil {
			failed++
			continue
		}
		c.SetWriteDeadline(time.Now().Add(Wait))
		c.Write([]byte("GET / HTTP/1.1\r\nHost: table\r\nX-Flood: " + strings.Repeat("a", start)))
		conns[i] = c
	}
	return conns, failed
}

// More writes about n more bytes of head on each open connection at once,
// as header fields of 64 bytes each (a net/http server without a small
// MaxHeaderBytes keeps each one it reads, in its map of the request's
// fields), never the blank line that would end the head. It ignores the
// errors of the connections the server closes.
func More(conns []net.Conn, n int) {
	const field = "\r\nX-Flood: " + "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" // 64 bytes
	more := []byte(strings.Repeat(field, max(n/len(field), 1)))
	var wg sync.WaitGroup
	for _, c := range conns {
		if c == nil {
			continue
		}
		wg.Go(func() {
			c.SetWriteDeadline(time.Now().Add(Wait))
			c.Write(more)
		})
	}
	wg.Wait()
}

// KeepAlive opens n connections to addr from ip, each asking GET path
// once with keep-alive: it returns the answered ones, left open and idle,
// and how many were closed (or failed) without an answer.
func KeepAlive(addr, ip, path string, n int, tc *tls.Config) (kept []net.Conn, unanswered int) {
	for range n {
		c, err := Dial(addr, ip, tc)
		if err != nil {
			unanswered++
			continue
		}
		c.SetDeadline(time.Now().Add(Wait))
		c.Write([]byte("GET " + path + " HTTP/1.1\r\nHost: table\r\n\r\n"))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		c.SetDeadline(time.Time{})
		if err != nil {
			c.Close()
			unanswered++
			continue
		}
		resp.Body.Close()
		kept = append(kept, c)
	}
	return kept, unanswered
}

// SlowBodies opens n connections to addr from ip, each POSTing to path a
// body announced as size bytes and sending its first byte; Drip sends
// the rest a byte at a time. It returns the connections (nil where the
// dial failed).
func SlowBodies(addr, ip, path string, n, size int, tc *tls.Config) []net.Conn {
	conns := make([]net.Conn, n)
	for i := range conns {
		c, err := Dial(addr, ip, tc)
		if err != nil {
			continue
		}
		c.SetWriteDeadline(time.Now().Add(Wait))
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: table\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{", path, size)
		conns[i] = c
	}
	return conns
}

// Drip writes one byte on each open connection every interval until
// stop is closed, then returns; a connection whose write fails (the
// server closed it) is left.
func Drip(conns []net.Conn, every time.Duration, stop <-chan struct{}) {
	var wg sync.WaitGroup
	for _, c := range conns {
		if c == nil {
			continue
		}
		wg.Go(func() {
			tick := time.NewTicker(every)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					c.SetWriteDeadline(time.Now().Add(Wait))
					if _, err := c.Write([]byte(" ")); err != nil {
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// ClosedBy reads c for up to wait: true when the server closed it (end
// of stream or reset, after whatever it answered), false when it is
// still open at the end.
func ClosedBy(c net.Conn, wait time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(wait))
	defer c.SetReadDeadline(time.Time{})
	buf := make([]byte, 4096)
	for {
		if _, err := c.Read(buf); err != nil {
			var ne net.Error
			return !errors.As(err, &ne) || !ne.Timeout()
		}
	}
}

// Closed waits up to wait until want of conns (nil ones count as closed)
// have been closed by the server, polling each without blocking (at
// least once, however short wait); it returns how many it saw closed. A
// poll that starts late (a busy machine) can take a closed connection
// for an open one, never the reverse: the count is a lower bound.
func Closed(conns []net.Conn, want int, wait time.Duration) int {
	closed := make([]bool, len(conns))
	n := 0
	for i, c := range conns {
		if c == nil {
			closed[i] = true
			n++
		}
	}
	deadline := time.Now().Add(wait)
	for {
		for i, c := range conns {
			if !closed[i] && ClosedBy(c, time.Millisecond) {
				closed[i] = true
				n++
			}
		}
		if n >= want || time.Now().After(deadline) {
			return n
		}
	}
}

// CloseAll closes every open connection of conns.
func CloseAll(conns []net.Conn) {
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
}
