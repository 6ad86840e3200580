// Package latest is the one latest-value broadcaster of the project: a
// value that one owner replaces and any number of readers follow, each
// getting the newest value without ever blocking the owner (a slow reader
// skips the values it had no time for). The match loop publishes its
// snapshots through it, the web console and the dashboard their views,
// the daemon its own state.
package latest

import "sync"

// Value holds the newest T. The zero Value is not usable; make one with
// New. Its methods are safe for concurrent use.
type Value[T any] struct {
	mu     sync.Mutex
	cur    T
	subs   map[chan T]struct{}
	closed bool
}

// New returns a Value holding v.
func New[T any](v T) *Value[T] {
	return &Value[T]{cur: v, subs: map[chan T]struct{}{}}
}

// Load returns the newest value.
func (l *Value[T]) Load() T {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.cur
}

// Store makes v the newest value and hands it to every subscriber: one
// that has not taken the previous value yet finds v in its place. It
// never blocks. After Close it only changes what Load returns.
func (l *Value[T]) Store(v T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.store(v)
}

// store does Store's work; l.mu is held.
func (l *Value[T]) store(v T) {
	l.cur = v
	for ch := range l.subs {
		select {
		case ch <- v:
		default:
			// Replace the value the reader has not taken yet.
			select {
			case <-ch:
			default:
			}
			ch <- v
		}
	}
}

// Update replaces the newest value with f of it, atomically with respect
// to other Updates and Stores, and hands the result to the subscribers.
func (l *Value[T]) Update(f func(T) T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.store(f(l.cur))
}

// Subscribe returns a channel that receives the newest value at once and
// then every value stored (or the newest of them, for a slow reader), and
// a cancel function that closes it. The channel is closed by Close too.
func (l *Value[T]) Subscribe() (values <-chan T, cancel func()) {
	ch := make(chan T, 1)
	l.mu.Lock()
	ch <- l.cur
	if l.closed {
		close(ch)
	} else {
		l.subs[ch] = struct{}{}
	}
	l.mu.Unlock()
	return ch, func() {
		l.mu.Lock()
		if _, ok := l.subs[ch]; ok {
			delete(l.subs, ch)
			close(ch)
		}
		l.mu.Unlock()
	}
}

// Close closes every subscription; later ones get the newest value and
// are closed at once. It is safe to call more than once.
func (l *Value[T]) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	l.closed = true
	for ch := range l.subs {
		close(ch)
	}
	clear(l.subs)
}
