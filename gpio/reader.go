package gpio

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"tandem/wiring"
	"time"
)

// Edge is one edge the kernel reported on a line.
type Edge struct {
	// Offset is the line's offset on its chip (not its index in the set).
	Offset int
	// Rising: the line went high; else it went low (physical levels: the
	// lines are requested active high, whatever the wiring says).
	Rising bool
	// At is the kernel's timestamp of the edge on Go's monotonic clock
	// (KernelClock.Time), the press instant: the time the reader took to
	// wake is not in it.
	At time.Time
	// Kernel is the kernel's timestamp as it came: CLOCK_MONOTONIC in ns
	// (0 from a fake line set).
	Kernel int64
	// Seqno is the kernel's sequence number of the edge among all the
	// set's edges, from 1 (0 from a fake): a gap means the kernel's event
	// buffer overflowed and dropped edges.
	Seqno uint32
}

// Lines is the line set a Reader reads: the five inputs requested together
// from the GPIO character device (OpenLines), or a fake (package gpiotest).
//
// WaitForEdge waits for the next edge on any line. Its timeout: 0 waits
// forever, a negative one has already expired; a wait that times out or is
// halted returns an error that wraps os.ErrDeadlineExceeded. Levels returns
// the lines' physical levels, bit i for the set's line i (1: high). Halt
// interrupts a WaitForEdge in progress and every later one; Close releases
// the lines.
type Lines interface {
	WaitForEdge(timeout time.Duration) (Edge, error)
	Levels() (uint64, error)
	Halt() error
	Close() error
}

// ReaderOpts configures NewReader. The zero value is usable.
type ReaderOpts struct {
	// Poll is the longest single wait for an edge; the reader checks for
	// Halt between waits, so a Halt that reaches the line set before its
	// wait began still stops it within Poll. Zero means 100 ms.
	Poll time.Duration
	// Buffer is the length of the Inputs channel. Zero means 64. The
	// reader blocks (it never drops an input) when it is full.
	Buffer int
	// Hold makes the reader report a clock button held down this long
	// after its press (Held) and its release after that (Released): the
	// button menu's gestures. Zero reports neither.
	Hold time.Duration
}

// Reader reads a line set's edges, debounces them and delivers Inputs. It
// implements Source. Create it with NewReader (or Open, on the hardware).
type Reader struct {
	lines   Lines
	numbers []int // chip line number of Wiring.Inputs()[i]
	deb     *Debouncer
	poll    time.Duration

	out    chan Input
	halt   chan struct{}
	halted atomic.Bool
	done   chan struct{}
	err    error // set before done is closed

	seqno uint32       // the last edge's Seqno (run's own)
	lost  atomic.Int64 // edges the kernel dropped (Seqno gaps)

	haltOnce, closeOnce sync.Once
	haltErr, closeErr   error

	pauseOn bool // the pause switch's position when the reader started
}

// PauseOn reports whether the pause switch was on (active) when the
// reader started: the position no input reports.
func (r *Reader) PauseOn() bool { return r.pauseOn }

var _ Source = (*Reader)(nil)

// NewReader starts reading lines, whose inputs are w's (Wiring.Inputs
// order) at chip line offsets numbers[i]. It reads the lines once to learn
// the pause switch's position (nothing is reported for it) and returns
// that read's error, closing nothing, if it fails. The reader runs in its
// own goroutine until Halt or until the line set fails (see Err).
func NewReader(lines Lines, w *wiring.Wiring, numbers []int, o *ReaderOpts) (*Reader, error) {
	if len(numbers) != len(w.Inputs()) {
		return nil, fmt.Errorf("gpio: %d line numbers for %d inputs", len(numbers), len(w.Inputs()))
	}
	levels, err := lines.Levels()
	if err != nil {
		return nil, fmt.Errorf("gpio: reading the lines: %w", err)
	}
	high := levels&(1<<pauseIndex) != 0
	r := &Reader{
		lines: lines, numbers: numbers,
		deb:  NewDebouncer(w, high == w.Pause.ActiveHigh),
		poll: 100 * time.Millisecond,
		halt: make(chan struct{}), done: make(chan struct{}),
		pauseOn: high == w.Pause.ActiveHigh,
	}
	var buf int
	if o != nil {
		if o.Poll > 0 {
			r.poll = o.Poll
		}
		r.deb.SetHold(o.Hold)
		buf = o.Buffer
	}
	if buf <= 0 {
		buf = 64
	}
	r.out = make(chan Input, buf)
	go r.run()
	return r, nil
}

// Inputs returns the inputs in the order of their edges; it is closed
// when the reader stops (Halt, or a failure of the line set: see Err).
func (r *Reader) Inputs() <-chan Input { return r.out }

// Err returns why the reader stopped on its own (the line set failed), or
// nil while it runs and after a Halt.
func (r *Reader) Err() error {
	select {
	case <-r.done:
		return r.err
	default:
		return nil
	}
}

// Lost returns how many edges the kernel dropped because its buffer was
// full (gaps in the edges' sequence numbers). The kernel drops the oldest
// edge then, so a press made in such a storm may be stamped at a later
// bounce; the buffer (1024 edges, the kernel's largest) and a reader that
// never waits on the loop make it rare.
func (r *Reader) Lost() int64 { return r.lost.Load() }

// Halt stops the reader: it interrupts a wait for an edge and returns once
// the reader's goroutine has ended. It returns the line set's Halt error.
func (r *Reader) Halt() error {
	r.haltOnce.Do(func() {
		r.halted.Store(true)
		close(r.halt)
		r.haltErr = r.lines.Halt()
		<-r.done
	})
	return r.haltErr
}

// Close halts the reader, then releases the lines. Later calls return the
// first call's error.
func (r *Reader) Close() error {
	r.closeOnce.Do(func() {
		herr := r.Halt()
		r.closeErr = errors.Join(herr, r.lines.Close())
	})
	return r.closeErr
}

func (r *Reader) run() {
	defer close(r.done)
	defer close(r.out)
	for !r.halted.Load() {
		now := time.Now()
		if in, ok := r.deb.Settle(now); ok {
			if !r.send(in) {
				return
			}
			continue
		}
		timeout := r.poll
		if due, ok := r.deb.Due(); ok {
			// Settle is due within the poll: wake for it. due is after now
			// (Settle above reported nothing), so timeout is positive.
			timeout = min(timeout, due.Sub(now))
		}
		e, err := r.lines.WaitForEdge(timeout)
		if r.halted.Load() {
			return
		}
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			r.err = fmt.Errorf("gpio: waiting for an edge: %w", err)
			return
		}
		if e.Seqno != 0 {
			// The kernel numbers a request's events from 1: a gap, the
			// first included, is events it dropped.
			if e.Seqno > r.seqno+1 {
				r.lost.Add(int64(e.Seqno - r.seqno - 1))
			}
			r.seqno = e.Seqno
		}
		i := r.index(e.Offset)
		if i < 0 {
			continue // a line we did not ask for: nothing to report
		}
		at := e.At // the kernel's instant of the edge: the press instant
		// A switch position that settled before this edge comes first.
		if in, ok := r.deb.Settle(at); ok && !r.send(in) {
			return
		}
		if in, ok := r.deb.Edge(i, e.Rising, at); ok && !r.send(in) {
			return
		}
	}
}

// index maps a chip line offset to its input (-1 if it is none of ours):
// WaitForEdge returns the offset, not the index in the set.
func (r *Reader) index(offset int) int {
	for i, n := range r.numbers {
		if n == offset {
			return i
		}
	}
	return -1
}

// send delivers in unless the reader is halted first.
func (r *Reader) send(in Input) bool {
	select {
	case r.out <- in:
		return true
	case <-r.halt:
		return false
	}
}
