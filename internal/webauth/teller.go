package webauth

import (
	"fmt"
	"sync"
	"time"
)

// Teller writes failed logins as lines for a program's log, at most
// Lines of them per Every and then one line summing up the rest, so that
// a crowd hammering the login (75 118 lines in 60 s before: docs/console.md, Security)
// fills no disk and hides nothing: the counts stay. The package prints
// nothing itself: Print, the program's, is given each line. Its methods
// are safe for concurrent use.
type Teller struct {
	// Page names the page in the lines ("console", "hall: dashboard").
	Page string
	// Every is the window (zero: DefaultTellEvery); Lines how many
	// failures a window tells one by one (zero: DefaultTellLines).
	Every time.Duration
	Lines int
	// Print is given each line, without a newline: on the goroutine of
	// the failure, or of the timer that sums up a window's last ones.
	// It is called with the Teller's lock held (so lines keep their
	// order) and must not call the Teller.
	Print func(line string)

	mu      sync.Mutex
	start   time.Time // the window's start (zero: none yet)
	said    int       // failures told one by one in it
	held    tally     // the others, for the summing-up line
	timer   *time.Timer
	stopped bool
}

// Teller defaults (zero values).
const (
	DefaultTellEvery = time.Minute
	DefaultTellLines = 10
)

// maxTallyAddrs bounds the distinct addresses a summing-up line counts
// ("1000 or more addresses").
const maxTallyAddrs = 1000

// tally is a window's failures not told one by one.
type tally struct {
	n, pins, codes, refused int
	addrs                   map[string]struct{}
	last                    Failure
}

func (t *Teller) every() time.Duration {
	if t.Every <= 0 {
		return DefaultTellEvery
	}
	return t.Every
}

// Tell takes a failed login: a line for it while the window (Every from
// its first failure) has told fewer than Lines, else counted for the
// line that sums the window up, printed when the window ends (a timer),
// or at the next failure after it, or by Flush or Stop.
func (t *Teller) Tell(f Failure) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return
	}
	every := t.every()
	if t.start.IsZero() || f.At.Sub(t.start) >= every || f.At.Before(t.start) {
		t.flush()
		t.start, t.said = f.At, 0
	}
	lines := t.Lines
	if lines <= 0 {
		lines = DefaultTellLines
	}
	if t.said < lines {
		t.said++
		t.print(t.line(f))
		return
	}
	h := &t.held
	h.n++
	switch {
	case f.Refused:
		h.refused++
	case f.Code:
		h.codes++
	default:
		h.pins++
	}
	if h.addrs == nil {
		h.addrs = map[string]struct{}{}
	}
	if len(h.addrs) < maxTallyAddrs {
		h.addrs[f.Addr] = struct{}{}
	}
	h.last = f
	if t.timer == nil {
		t.timer = time.AfterFunc(max(every-f.At.Sub(t.start), 0), t.Flush)
	}
}

// Flush prints the line summing up the failures held, if any.
func (t *Teller) Flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.flush()
}

// Stop prints the line summing up the failures held and ends the
// Teller: later failures are not told.
func (t *Teller) Stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.flush()
	t.stopped = true
}

// flush prints and clears the held failures (t.mu held).
func (t *Teller) flush() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	h := t.held
	if h.n == 0 {
		return
	}
	t.held = tally{}
	addrs := fmt.Sprintf("%d addresses", len(h.addrs))
	switch {
	case len(h.addrs) >= maxTallyAddrs:
		addrs = fmt.Sprintf("%d or more addresses", maxTallyAddrs)
	case len(h.addrs) == 1:
		addrs = "1 address"
	}
	t.print(fmt.Sprintf("%s: %d more failed logins since %s (%d wrong PINs, %d wrong codes, %d refused unchecked) from %s, the last from %s%s",
		t.Page, h.n, t.start.Local().Format("15:04:05"), h.pins, h.codes, h.refused, addrs, h.last.Addr, lockText(h.last)))
}

func (t *Teller) print(line string) {
	if t.Print != nil {
		t.Print(line)
	}
}

// line is the line of one failure.
func (t *Teller) line(f Failure) string {
	switch {
	case f.Busy:
		return fmt.Sprintf("%s: one-time code from %s refused unchecked (too many codes tried on the page just now)", t.Page, f.Addr)
	case f.Refused:
		return fmt.Sprintf("%s: login attempt from %s refused unchecked (too many wrong PINs or codes)%s", t.Page, f.Addr, lockText(f))
	case f.Code:
		return fmt.Sprintf("%s: wrong one-time code from %s", t.Page, f.Addr)
	}
	return fmt.Sprintf("%s: wrong PIN from %s (%d wrong PINs counted%s)", t.Page, f.Addr, f.Failures, lockText(f))
}

// lockText says until when PIN logins are locked after f, "" when not.
func lockText(f Failure) string {
	if f.Until.IsZero() {
		return ""
	}
	return "; PIN logins locked until " + f.Until.Local().Format("15:04:05")
}
