package daemon

import (
	"sync"
	"time"

	"tandem/hall"
	"tandem/internal/webauth"
)

// This file owns the console's login as the table shows it: the one-time
// code (Info.LoginCode: the terminal, and the displays at a pause while
// PIN logins are locked), and the failed logins, printed on Opts.Out and
// kept in Info.Logins, which the hall's snapshot carries to the hub's
// dashboard (an AlertLogin).

// Logins is the console's failed logins in Info: zero when there was
// none in the last hall.LoginWindow.
type Logins struct {
	// Failed counts them (wrong PINs, wrong codes, attempts refused
	// while PIN logins were locked); Since and Last are the first's and
	// the last's times, First and LastAddr their client addresses.
	Failed      int
	Since, Last time.Time
	First       string
	LastAddr    string
	// LockedUntil is when PIN logins unlock, as the last failure said
	// (zero: they were not locked).
	LockedUntil time.Time
}

// loginLog is the Daemon's failed-login bookkeeping (Daemon.logins).
type loginLog struct {
	tell   *webauth.Teller // the lines on Opts.Out (made at the first)
	mu     sync.Mutex
	quiet  *time.Timer
	closed bool
}

// loginCode shows the console's one-time code (webauth's OnCode): in
// Info, and a line on Opts.Out. first is true for the start's.
func (d *Daemon) loginCode(code string, first bool) {
	shown := webauth.FormatCode(code)
	d.setInfo(func(in *Info) { in.LoginCode = shown })
	if first {
		d.printf("arbiter one-time code: %s (logs in once even while wrong PINs lock PIN logins)\n", shown)
	} else {
		d.printf("console: the one-time code was used; the next one is %s\n", shown)
	}
}

// loginFailed takes a failed console login (webauth's OnFail): a line on
// Opts.Out (webauth.Teller's: ten a minute at most, then one summing up
// the rest) and Info.Logins.
func (d *Daemon) loginFailed(f webauth.Failure) {
	l := &d.logins
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	if l.tell == nil {
		l.tell = &webauth.Teller{Page: "console", Print: func(line string) { d.printf("%s\n", line) }}
	}
	l.tell.Tell(f)
	if l.quiet == nil {
		l.quiet = time.AfterFunc(hall.LoginWindow, d.loginsQuiet)
	} else {
		l.quiet.Reset(hall.LoginWindow)
	}
	l.mu.Unlock()
	d.setInfo(func(in *Info) {
		g := &in.Logins
		if g.Failed == 0 || f.At.Sub(g.Last) > hall.LoginWindow {
			*g = Logins{Since: f.At, First: f.Addr}
		}
		g.Failed++
		g.Last, g.LastAddr = f.At, f.Addr
		if !f.Until.IsZero() || !f.Refused {
			g.LockedUntil = f.Until
		}
	})
}

// loginsQuiet clears Info.Logins once hall.LoginWindow has passed without
// a failed login, printing the refused attempts not yet told.
func (d *Daemon) loginsQuiet() {
	l := &d.logins
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	if l.tell != nil {
		l.tell.Flush()
	}
	d.setInfo(func(in *Info) { in.Logins = Logins{} })
}

// stopLogins stops the timer (Close).
func (d *Daemon) stopLogins() error {
	l := &d.logins
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	if l.quiet != nil {
		l.quiet.Stop()
	}
	if l.tell != nil {
		l.tell.Stop()
	}
	return nil
}

// hallLogins is Info.Logins for the hall's snapshot (nil: none).
func hallLogins(g Logins) *hall.Logins {
	if g.Failed == 0 {
		return nil
	}
	h := &hall.Logins{Failed: g.Failed, SinceMs: g.Since.UnixMilli(), LastMs: g.Last.UnixMilli(), First: g.First, Last: g.LastAddr}
	if !g.LockedUntil.IsZero() {
		h.LockedUntilMs = g.LockedUntil.UnixMilli()
	}
	return h
}
