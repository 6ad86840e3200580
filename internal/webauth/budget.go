package webauth

import "time"

// This file holds the PIN's guess budget: one for every address together.

// Budget defaults (Opts zero values).
const (
	// DefaultFree is how many wrong PINs are compared before the delays.
	DefaultFree = 5
	// DefaultDelay is the first lock; each further wrong PIN doubles it
	// up to DefaultMaxDelay.
	DefaultDelay    = time.Second
	DefaultMaxDelay = 5 * time.Minute
	// DefaultForget is how long without a wrong PIN forgets one.
	DefaultForget = 10 * time.Minute
)

// budget counts wrong PINs from every address together and locks PIN
// logins after them. Its owner (Auth) holds the lock.
type budget struct {
	free              int
	delay, max, decay time.Duration

	fails int       // wrong PINs counted now
	last  time.Time // the last wrong PIN, or the last forgetting
	until time.Time // PIN logins locked until then
}

// forget drops one counted failure per decay period since the last.
func (b *budget) forget(now time.Time) {
	if b.fails == 0 || b.decay <= 0 {
		return
	}
	n := int(now.Sub(b.last) / b.decay)
	if n <= 0 {
		return
	}
	b.fails = max(0, b.fails-n)
	b.last = b.last.Add(time.Duration(n) * b.decay)
}

// locked reports whether PIN logins are locked at now, and until when.
func (b *budget) locked(now time.Time) (bool, time.Time) {
	b.forget(now)
	return now.Before(b.until), b.until
}

// fail counts a wrong PIN at now and sets the lock it earns: none while
// within free, then delay, doubled at each further one, at most max.
func (b *budget) fail(now time.Time) {
	b.forget(now)
	b.fails++
	b.last = now
	if over := b.fails - b.free; over > 0 {
		d := b.max
		if over <= 32 {
			d = min(b.delay<<(over-1), b.max)
		}
		if d <= 0 { // the shift overflowed
			d = b.max
		}
		b.until = now.Add(d)
	}
}

// Bound returns the most wrong PINs a budget of opts can compare in a
// span of d from a fresh start, whatever the number of addresses: the free
// ones, then one per lock, each lock twice the last up to the cap (the
// forgetting only lowers it). The attack tests compare their counts with
// it; docs/console.md gives its figures for the defaults.
func Bound(opts *Opts, d time.Duration) int {
	var o Opts
	if opts != nil {
		o = *opts
	}
	o.defaults()
	n := o.Free + 1 // the free ones, and the one that sets the first lock
	lock := o.Delay
	for d >= lock {
		d -= lock
		n++
		lock = min(lock*2, o.MaxDelay)
	}
	return n
}
