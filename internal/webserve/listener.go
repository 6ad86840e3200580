package webserve

import (
	"net"
	"net/netip"
	"sync"
)

// Listener is a net.Listener whose Accept caps the connections open at
// once per remote address and in total. It is checked as a connection is
// accepted, before anything reads from it:
//
//   - an address at its own cap: the new connection is closed at once;
//   - the total reached: the oldest connection of the address holding
//     the most is closed to make room, when that address holds at least
//     two more than the new one's (a fair share of the total: a crowd of
//     connections from a few addresses cannot keep another address out);
//     else the new connection is closed at once.
//
// Accept then waits for the next connection. A connection it returns
// gives its place back when it is first closed. Create it with Limit.
type Listener struct {
	net.Listener
	perAddr, total int

	mu      sync.Mutex
	open    int
	byAddr  map[netip.Addr][]*conn // each address's open connections, oldest first
	refused int64
	evicted int64
}

// Limit wraps ln: at most perAddr connections open at once from one
// remote IP address and total in all. A cap below 1 is no cap. Addresses
// that are not TCP (a Unix socket) all count as one address.
func Limit(ln net.Listener, perAddr, total int) *Listener {
	return &Listener{Listener: ln, perAddr: perAddr, total: total, byAddr: map[netip.Addr][]*conn{}}
}

// Accept returns the next connection within the caps, closing at once
// each one past them (and the connection it evicts, if any); its error
// is the wrapped listener's.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		raw, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		c := &conn{Conn: raw, l: l, addr: remoteAddr(raw)}
		ok, victim := l.admit(c)
		if victim != nil {
			victim.Conn.Close() // its place is already given to c
		}
		if ok {
			return c, nil
		}
		raw.Close()
	}
}

// admit takes a place for c: false past a cap; a victim to close when c
// takes the place of another address's connection.
func (l *Listener) admit(c *conn) (ok bool, victim *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	mine := len(l.byAddr[c.addr])
	if l.perAddr > 0 && mine >= l.perAddr {
		l.refused++
		return false, nil
	}
	if l.total > 0 && l.open >= l.total {
		var heaviest []*conn
		for _, cs := range l.byAddr {
			if len(cs) > len(heaviest) {
				heaviest = cs
			}
		}
		if len(heaviest) < mine+2 {
			l.refused++
			return false, nil
		}
		victim = heaviest[0]
		l.releaseLocked(victim)
		l.evicted++
	}
	l.open++
	l.byAddr[c.addr] = append(l.byAddr[c.addr], c)
	return true, victim
}

// release gives back c's place, once.
func (l *Listener) release(c *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.releaseLocked(c)
}

func (l *Listener) releaseLocked(c *conn) {
	if c.released {
		return
	}
	c.released = true
	l.open--
	cs := l.byAddr[c.addr]
	for i, o := range cs {
		if o == c {
			cs = append(cs[:i:i], cs[i+1:]...)
			break
		}
	}
	if len(cs) == 0 {
		delete(l.byAddr, c.addr)
	} else {
		l.byAddr[c.addr] = cs
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
	return len(l.byAddr[a.Unmap()])
}

// Refused is the number of connections closed at accept, past a cap,
// since Limit.
func (l *Listener) Refused() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refused
}

// Evicted is the number of open connections closed to make room for
// another address's, since Limit.
func (l *Listener) Evicted() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.evicted
}

// remoteAddr is c's remote IP address, IPv4-mapped IPv6 as IPv4; the
// zero Addr for a connection that is not TCP.
func remoteAddr(c net.Conn) netip.Addr {
	if ta, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		return ta.AddrPort().Addr().Unmap()
	}
	return netip.Addr{}
}

// conn is an admitted connection: its first Close, or its eviction,
// gives its place back (released, under the listener's lock).
type conn struct {
	net.Conn
	l        *Listener
	addr     netip.Addr
	released bool
}

// Close closes the connection; the first call gives its place back.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.l.release(c)
	return err
}
