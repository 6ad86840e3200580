// Package gpiotest provides a scripted fake of the GPIO line set that
// gpio.Reader reads, for tests in real or virtual time (testing/synctest).
package gpiotest

import (
	"fmt"
	"os"
	"sync"
	"time"

	"tandem/gpio"
)

// Edge is one scripted edge.
type Edge struct {
	// After is when the edge happens, from the Lines' creation (New).
	After time.Duration
	// Number is the chip line number it happens on.
	Number int
	// Rising: the line goes high; else it goes low.
	Rising bool
}

// Lines is a fake line set: WaitForEdge returns the scripted edges at their
// instants (sleeping until each on the clock time.Now reads, and stamping
// it with time.Now then, so under synctest an edge's At is exactly its
// scripted instant, as the kernel stamps a real one), then edges sent with
// Inject, and times out as the real line set does.
// It is safe for concurrent use.
type Lines struct {
	start  time.Time
	script []Edge
	inject chan Edge

	mu      sync.Mutex
	levels  uint64 // bit i: set line i
	numbers []int  // chip number of set line i
	next    int    // first script edge not yet returned
	halt    chan struct{}
	halts   int
	closed  int
	// ReadErr, WaitErr: errors to return from Levels and from the next
	// WaitForEdge (once), set before use.
	ReadErr, WaitErr error
}

var _ gpio.Lines = (*Lines)(nil)

// New returns a fake line set of the chip lines numbers (set line i is
// numbers[i]) at levels (bit i: line i high), that will produce script,
// whose After values must not decrease.
func New(numbers []int, levels uint64, script []Edge) *Lines {
	for i := 1; i < len(script); i++ {
		if script[i].After < script[i-1].After {
			panic(fmt.Sprintf("gpiotest: edge %d at %v is before edge %d at %v", i, script[i].After, i-1, script[i-1].After))
		}
	}
	return &Lines{
		start: time.Now(), script: script, inject: make(chan Edge, 1024),
		levels: levels, numbers: numbers, halt: make(chan struct{}),
	}
}

// Inject queues an edge to be returned at once by WaitForEdge after the
// script (its After is ignored).
func (l *Lines) Inject(number int, rising bool) { l.inject <- Edge{Number: number, Rising: rising} }

// Remaining returns how many scripted edges WaitForEdge has not returned.
func (l *Lines) Remaining() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.script) - l.next
}

// Halts counts the calls of Halt.
func (l *Lines) Halts() int { l.mu.Lock(); defer l.mu.Unlock(); return l.halts }

// Closes counts the calls of Close.
func (l *Lines) Closes() int { l.mu.Lock(); defer l.mu.Unlock(); return l.closed }

// WaitForEdge returns the next edge, waiting for its instant; with timeout
// 0 it waits forever, a negative timeout has expired at once. A timeout or
// a Halt (which stays in force: the fake never resumes) returns
// os.ErrDeadlineExceeded.
func (l *Lines) WaitForEdge(timeout time.Duration) (gpio.Edge, error) {
	l.mu.Lock()
	if err := l.WaitErr; err != nil {
		l.WaitErr = nil
		l.mu.Unlock()
		return gpio.Edge{}, err
	}
	halt := l.halt
	var e *Edge
	if l.next < len(l.script) {
		e = &l.script[l.next]
	}
	l.mu.Unlock()
	if timeout < 0 {
		return gpio.Edge{}, os.ErrDeadlineExceeded
	}
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		deadline = t.C
	}
	var due <-chan time.Time
	inject := l.inject
	if e != nil {
		inject = nil // the script first
		if !time.Now().Before(l.start.Add(e.After)) {
			l.mu.Lock()
			l.next++
			l.mu.Unlock()
			return l.apply(*e)
		}
		t := time.NewTimer(time.Until(l.start.Add(e.After)))
		defer t.Stop()
		due = t.C
	}
	select {
	case <-halt:
		return gpio.Edge{}, os.ErrDeadlineExceeded
	case <-deadline:
		return gpio.Edge{}, os.ErrDeadlineExceeded
	case <-due:
		l.mu.Lock()
		l.next++
		l.mu.Unlock()
		return l.apply(*e)
	case in := <-inject:
		return l.apply(in)
	}
}

// apply sets the level the edge leaves and returns it as WaitForEdge does,
// stamped now.
func (l *Lines) apply(e Edge) (gpio.Edge, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, n := range l.numbers {
		if n == e.Number {
			if e.Rising {
				l.levels |= 1 << i
			} else {
				l.levels &^= 1 << i
			}
		}
	}
	return gpio.Edge{Offset: e.Number, Rising: e.Rising, At: time.Now()}, nil
}

// Levels returns the levels the edges returned so far left.
func (l *Lines) Levels() (uint64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ReadErr != nil {
		return 0, l.ReadErr
	}
	return l.levels, nil
}

// Halt interrupts a WaitForEdge in progress and every later one.
func (l *Lines) Halt() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.halts++
	if l.halts == 1 {
		close(l.halt)
	}
	return nil
}

// Close counts the call; the fake holds nothing.
func (l *Lines) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed++
	return nil
}
