package webauth

import (
	"time"

	"golang.org/x/time/rate"
)

// This file holds the one-time codes' global budget: how many wrong
// codes every address together may have compared. A per-address limit
// alone let 2 000 addresses compare 1 218 codes a second (docs/console.md, Security);
// with it, any number of addresses compare at most CodeBound.
//
// A budget anyone can spend could keep the arbiter out, which the codes
// exist to prevent. So it is two budgets of the same size: one for the
// first NewTries attempts of an address not seen trying codes for
// CodeForget (a newcomer: the arbiter's phone), one for every other
// attempt. A flood's addresses leave the newcomers' budget after their
// first few attempts; to keep it spent an attacker needs a fresh address
// for every NewTries of its attempts, CodeEvery*NewTries apart, for as
// long as the siege lasts: 12 000 an hour with the defaults, each
// remembered half an hour to an hour (and the last maxCodeAddrs/2 at
// least), so 6 000 or more addresses in turn.
// The arbiter's phone, new to the page, is then compared within a second
// (Retry-After), however many addresses flood the known ones' budget.

// Code budget defaults (Opts zero values).
const (
	// DefaultCodeEvery and DefaultCodeBurst size each of the two global
	// budgets: CodeBurst at once, then one per CodeEvery (10 a second).
	DefaultCodeEvery = 100 * time.Millisecond
	DefaultCodeBurst = 20
	// DefaultNewTries is how many code attempts of an address are a
	// newcomer's.
	DefaultNewTries = 3
	// DefaultCodeForget is how long an address is remembered as having
	// tried codes.
	DefaultCodeForget = time.Hour
)

// maxCodeAddrs bounds the addresses remembered as having tried codes
// (two generations of half as many; about 100 bytes each). Past it the
// oldest are forgotten and become newcomers again: the attempts they
// take are still within the budget, so this bounds memory, not safety.
const maxCodeAddrs = 16384

// codeBudget is the global budget of code comparisons. Its owner (Auth)
// holds the lock.
type codeBudget struct {
	newcomers, known *rate.Limiter
	tries            int           // a newcomer's attempts
	forget           time.Duration // a generation's age at most
	cur, prev        map[string]int
	since            time.Time // cur's start
}

func newCodeBudget(o *Opts) codeBudget {
	every := rate.Every(o.CodeEvery)
	return codeBudget{
		newcomers: rate.NewLimiter(every, o.CodeBurst),
		known:     rate.NewLimiter(every, o.CodeBurst),
		tries:     o.NewTries, forget: o.CodeForget,
		cur: map[string]int{}, prev: map[string]int{},
	}
}

// allow counts an attempt of addr at now and reports whether its code
// may be compared: from the newcomers' budget for one of addr's first
// tries (or the known ones' when that is spent), else from the known
// ones'.
func (b *codeBudget) allow(addr string, now time.Time) bool {
	if len(b.cur) >= maxCodeAddrs/2 || now.Sub(b.since) >= b.forget/2 {
		// A new generation: what is in prev is at least forget/2 old,
		// so an address is remembered forget/2 to forget.
		b.prev, b.cur, b.since = b.cur, make(map[string]int, len(b.cur)), now
	}
	n, ok := b.cur[addr]
	if !ok {
		n = b.prev[addr]
	}
	n++
	b.cur[addr] = n
	if n <= b.tries && b.newcomers.AllowN(now, 1) {
		return true
	}
	return b.known.AllowN(now, 1)
}

// forgive forgets addr's attempts: it gave the right code, so it is the
// arbiter's, who stays a newcomer for the next time.
func (b *codeBudget) forgive(addr string) {
	delete(b.cur, addr)
	delete(b.prev, addr)
}

// CodeBound returns the most codes a code budget of opts can compare in a
// span of d from a fresh start, whatever the number of addresses: each of
// the two budgets its burst, then one per CodeEvery. The attack tests
// compare their counts with it; docs/console.md gives its figures for the
// defaults.
func CodeBound(opts *Opts, d time.Duration) int {
	var o Opts
	if opts != nil {
		o = *opts
	}
	o.defaults()
	return 2 * (o.CodeBurst + int(d/o.CodeEvery) + 1)
}
