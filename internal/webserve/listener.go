package webserve

import (
	"net"
	"net/netip"
	"sync"
)

// Listener is a net.Listener whose Accept caps the connections open at
// once per remote address and in total: a connection past a cap is closed
// as soon as it is accepted, before anything reads from it, and Accept
// waits for the next one. A connection it returns releases its place when
// it is first closed. Create it with Limit.
type Listener struct {
	net.Listener
	perAddr, total int

	mu      sync.Mutex
	open    int
	byAddr  map[netip.Addr]int
	refused int64
}

// Limit wraps ln: at most perAddr connections open at once from one
// remote IP address and total in all. A cap below 1 is no cap. Addresses
// that are not TCP (a Unix socket) all count as one address.
func Limit(ln net.Listener, perAddr, total int) *Listener {
	return &Listener{Listener: ln, perAddr: perAddr, total: total, byAddr: map[netip.Addr]int{}}
}

// Accept returns the next connection within the caps, closing at once
// each one past them; its error is the wrapped listener's.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		a := remoteAddr(c)
		if l.admit(a) {
			return &conn{Conn: c, l: l, addr: a}, nil
		}
		c.Close()
	}
}

// admit takes a place for a connection from a, false past a cap.
func (l *Listener) admit(a netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if (l.total > 0 && l.open >= l.total) || (l.perAddr > 0 && l.byAddr[a] >= l.perAddr) {
		l.refused++
		return false
	}
	l.open++
	l.byAddr[a]++
	return true
}

// release gives back a connection's place.
func (l *Listener) release(a netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddr[a]--; l.byAddr[a] <= 0 {
		delete(l.byAddr, a)
	}
}

// Open is the number of connections accepted and not yet closed.
func (l *Listener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// OpenFrom is the number of connections from ip ("127.0.0.1") accepted
// and not yet closed; 0 for a string that is not an IP address.
func (l *Listener) OpenFrom(ip string) int {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.byAddr[a.Unmap()]
}

// Refused is the number of connections closed at accept, past a cap,
// since Limit.
func (l *Listener) Refused() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refused
}

// remoteAddr is c's remote IP address, IPv4-mapped IPv6 as IPv4; the
// zero Addr for a connection that is not TCP.
func remoteAddr(c net.Conn) netip.Addr {
	if ta, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		return ta.AddrPort().Addr().Unmap()
	}
	return netip.Addr{}
}

// conn is an admitted connection: its first Close releases its place.
type conn struct {
	net.Conn
	l    *Listener
	addr netip.Addr
	once sync.Once
}

// Close closes the connection; the first call releases its place.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.addr) })
	return err
}
