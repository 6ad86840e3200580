package webapi

import (
	"fmt"
	"net"
	"net/http"
	"sync"
)

// Stream caps (NewConns' zero values). A stream costs the server about
// 30 kB (docs/performance.md, "Connections"): 200 are 6 MB of a Pi's
// 512 MB.
const (
	DefaultMaxStreams        = 200
	DefaultMaxStreamsPerAddr = 8
)

// Conns counts the open streams, per client address and in total, and
// refuses one past either cap (Stream's StreamOpts.Conns). A privileged
// stream (the arbiter's page, StreamOpts.Privileged) is never refused
// for the total, so that a crowd, or an attacker with many addresses,
// cannot keep the arbiter's page out; it still counts per address.
// Its methods are safe for concurrent use.
type Conns struct {
	perAddr, total int

	mu     sync.Mutex
	open   int
	byAddr map[string]int
	refuse int // refused so far
}

// NewConns returns the caps: at most perAddr streams from one client
// address and total in all (zero or less: DefaultMaxStreamsPerAddr and
// DefaultMaxStreams).
func NewConns(perAddr, total int) *Conns {
	if perAddr <= 0 {
		perAddr = DefaultMaxStreamsPerAddr
	}
	if total <= 0 {
		total = DefaultMaxStreams
	}
	return &Conns{perAddr: perAddr, total: total, byAddr: map[string]int{}}
}

// Open returns the streams open now, and how many were refused so far.
func (c *Conns) Open() (open, refused int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.open, c.refuse
}

// admit takes a place for a stream from addr, or answers the refusal on
// w (429 past the address's cap, 503 past the total; JSON with
// Retry-After) and returns false. release gives the place back.
func (c *Conns) admit(w http.ResponseWriter, addr string, privileged bool) (release func(), ok bool) {
	c.mu.Lock()
	code, msg := 0, ""
	switch {
	case c.byAddr[addr] >= c.perAddr:
		code, msg = http.StatusTooManyRequests, fmt.Sprintf("too many live pages from this address (%d at most): close one", c.perAddr)
	case c.open >= c.total && !privileged:
		code, msg = http.StatusServiceUnavailable, fmt.Sprintf("this server shows %d live pages already, its most: try again later", c.total)
	}
	if code != 0 {
		c.refuse++
		c.mu.Unlock()
		w.Header().Set("Retry-After", "5")
		// The connection goes with the answer: a flood of refused
		// upgrades keeps no idle connection open on the server.
		w.Header().Set("Connection", "close")
		Error(w, code, msg)
		return nil, false
	}
	c.open++
	c.byAddr[addr]++
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.open--
		if c.byAddr[addr]--; c.byAddr[addr] <= 0 {
			delete(c.byAddr, addr)
		}
	}, true
}

// clientAddr is r's client IP address (webauth.ClientAddr's rule: no
// header is trusted).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
