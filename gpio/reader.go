package gpio

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"tandem/wiring"
	"time"

	pgpio "periph.io/x/conn/v3/gpio"
)

// Lines is the part of a periph gpioioctl.LineSet that a Reader uses, so
// that a fake (package gpiotest) can stand in for the hardware.
//
// WaitForEdge waits for an edge on any line and returns the chip's line
// number (not the index in the set), the edge, and an error; a wait that
// times out or is halted returns an error that wraps os.ErrDeadlineExceeded
// and pgpio.NoEdge. Its timeout: 0 waits forever, a negative one has
// already expired (gpioioctl's behaviour, contrary to the conn docs).
// Read returns the lines' levels, bit i for the set's line i (mask 0: all).
// Halt interrupts a WaitForEdge in progress; Close releases the lines.
type Lines interface {
	WaitForEdge(timeout time.Duration) (number int, edge pgpio.Edge, err error)
	Read(mask pgpio.GPIOValue) (pgpio.GPIOValue, error)
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

	haltOnce, closeOnce sync.Once
	haltErr, closeErr   error

	pauseOn bool // the pause switch's position when the reader started
}

// PauseOn reports whether the pause switch was on (active) when the
// reader started: the position no input reports.
func (r *Reader) PauseOn() bool { return r.pauseOn }

var _ Source = (*Reader)(nil)

// NewReader starts reading lines, whose inputs are w's (Wiring.Inputs
// order) at chip line numbers numbers[i]. It reads the lines once to learn
// the pause switch's position (nothing is reported for it) and returns
// that read's error, closing nothing, if it fails. The reader runs in its
// own goroutine until Halt or until the line set fails (see Err).
func NewReader(lines Lines, w *wiring.Wiring, numbers []int, o *ReaderOpts) (*Reader, error) {
	if len(numbers) != len(w.Inputs()) {
		return nil, fmt.Errorf("gpio: %d line numbers for %d inputs", len(numbers), len(w.Inputs()))
	}
	levels, err := lines.Read(0)
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
		number, edge, err := r.lines.WaitForEdge(timeout)
		at := time.Now() // right after the wake-up: the press instant
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
		i := r.index(number)
		if i < 0 || (edge != pgpio.RisingEdge && edge != pgpio.FallingEdge) {
			continue // a line we did not ask for: nothing to report
		}
		// A switch position that settled before this edge comes first.
		if in, ok := r.deb.Settle(at); ok && !r.send(in) {
			return
		}
		if in, ok := r.deb.Edge(i, edge == pgpio.RisingEdge, at); ok && !r.send(in) {
			return
		}
	}
}

// index maps a chip line number to its input (-1 if it is none of ours):
// WaitForEdge returns the number, not the index in the set.
func (r *Reader) index(number int) int {
	for i, n := range r.numbers {
		if n == number {
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
