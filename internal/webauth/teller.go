package webauth

import (
	"fmt"
	"sync"
	"time"
)

// Teller writes failed logins as lines for a program's log: each wrong
// PIN or code compared, and the attempts refused without comparison
// (PIN logins locked, an address's codes spent) counted, one line per
// Every at most, so that a spectator hammering the login fills no disk.
// The package prints nothing: the program prints what Line returns. Its
// methods are safe for concurrent use.
type Teller struct {
	// Page names the page in the lines ("console", "dashboard").
	Page string
	// Every is the least time between two lines about refused attempts
	// (zero: a minute).
	Every time.Duration

	mu      sync.Mutex
	refused int
	said    time.Time
}

// Line returns the line to print for f, "" when none is due (a refused
// attempt counted for a later line). Lines end without a newline.
func (t *Teller) Line(f Failure) string {
	lock := ""
	if !f.Until.IsZero() {
		lock = "; PIN logins locked until " + f.Until.Local().Format("15:04:05")
	}
	switch {
	case f.Refused:
		every := t.Every
		if every <= 0 {
			every = time.Minute
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		t.refused++
		if f.At.Sub(t.said) < every {
			return ""
		}
		n := t.refused
		t.refused, t.said = 0, f.At
		return fmt.Sprintf("%s: %d login attempts refused (too many wrong PINs or codes), the last from %s%s", t.Page, n, f.Addr, lock)
	case f.Code:
		return fmt.Sprintf("%s: wrong one-time code from %s", t.Page, f.Addr)
	}
	return fmt.Sprintf("%s: wrong PIN from %s (%d wrong PINs counted%s)", t.Page, f.Addr, f.Failures, lock)
}

// Flush returns the line about the refused attempts not yet told, ""
// when there are none.
func (t *Teller) Flush() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.refused == 0 {
		return ""
	}
	n := t.refused
	t.refused = 0
	return fmt.Sprintf("%s: %d more login attempts refused", t.Page, n)
}
