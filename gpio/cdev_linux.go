//go:build linux

package gpio

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/warthog618/go-gpiocdev"
)

// cdevLines is a line set of the GPIO character device: go-gpiocdev calls
// handle for each edge the kernel reports, in the kernel's order, from its
// own goroutine; WaitForEdge takes them from a channel. The edge's instant
// is the kernel's timestamp, mapped by clock: the time the handler and the
// reader took to wake is never charged to the player.
type cdevLines struct {
	req   *gpiocdev.Lines
	clock *KernelClock

	edges    chan Edge
	halt     chan struct{}
	closed   chan struct{}
	haltOnce sync.Once
	closeMu  sync.Mutex
	isClosed bool
}

var _ Lines = (*cdevLines)(nil)

func newCdevLines(clock *KernelClock) *cdevLines {
	return &cdevLines{
		clock: clock,
		// As deep as the kernel's buffer: a storm read in full waits here,
		// never in the kernel, where the oldest edge would be dropped.
		edges:  make(chan Edge, eventBuffer),
		halt:   make(chan struct{}),
		closed: make(chan struct{}),
	}
}

// handle turns a kernel event into an Edge. The lines are requested active
// high, so the event's rising edge is the line's.
func (l *cdevLines) handle(ev gpiocdev.LineEvent) {
	e := Edge{
		Offset: ev.Offset,
		Rising: ev.Type == gpiocdev.LineEventRisingEdge,
		At:     l.clock.Time(int64(ev.Timestamp)),
		Kernel: int64(ev.Timestamp),
		Seqno:  ev.Seqno,
	}
	select {
	case l.edges <- e:
	case <-l.closed:
	}
}

// WaitForEdge returns the next edge; see Lines.
func (l *cdevLines) WaitForEdge(timeout time.Duration) (Edge, error) {
	select {
	case e := <-l.edges:
		return e, nil
	default:
	}
	if timeout < 0 {
		return Edge{}, os.ErrDeadlineExceeded
	}
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		deadline = t.C
	}
	select {
	case e := <-l.edges:
		return e, nil
	case <-l.halt:
		return Edge{}, fmt.Errorf("gpio: halted: %w", os.ErrDeadlineExceeded)
	case <-deadline:
		return Edge{}, os.ErrDeadlineExceeded
	}
}

// Levels reads the lines' levels (bit i: set line i high).
func (l *cdevLines) Levels() (uint64, error) {
	vals := make([]int, len(l.req.Offsets()))
	if err := l.req.Values(vals); err != nil {
		return 0, fmt.Errorf("gpio: reading the lines: %w", err)
	}
	var v uint64
	for i, x := range vals {
		if x != 0 {
			v |= 1 << i
		}
	}
	return v, nil
}

// Info returns the kernel's view of the set's lines (their bias, edges,
// consumer): for tests and tandem probe.
func (l *cdevLines) Info() ([]*gpiocdev.LineInfo, error) { return l.req.Info() }

// Halt interrupts a WaitForEdge in progress and every later one.
func (l *cdevLines) Halt() error {
	l.haltOnce.Do(func() { close(l.halt) })
	return nil
}

// Close releases the lines (it waits for go-gpiocdev's goroutine to end).
func (l *cdevLines) Close() error {
	l.closeMu.Lock()
	defer l.closeMu.Unlock()
	if l.isClosed {
		return nil
	}
	l.isClosed = true
	close(l.closed) // a handler blocked on a full channel returns
	return l.req.Close()
}

// LineInfo is what the kernel says about one requested line: its name, its
// bias and whether edges are detected. Kernel bias values: "up", "down",
// "disabled" (no bias) or "as-is".
type LineInfo struct {
	Offset   int
	Name     string
	Consumer string
	Bias     string
}

// LinesInfo returns the kernel's view of the lines of a set OpenLines
// returned (ok false for another Lines, such as a fake).
func LinesInfo(ls Lines) ([]LineInfo, bool, error) {
	cl, ok := ls.(*cdevLines)
	if !ok {
		return nil, false, nil
	}
	infos, err := cl.Info()
	if err != nil {
		return nil, true, err
	}
	out := make([]LineInfo, len(infos))
	for i, in := range infos {
		b := "as-is"
		switch in.Config.Bias {
		case gpiocdev.LineBiasDisabled:
			b = "disabled"
		case gpiocdev.LineBiasPullUp:
			b = "up"
		case gpiocdev.LineBiasPullDown:
			b = "down"
		}
		out[i] = LineInfo{Offset: in.Offset, Name: in.Name, Consumer: in.Consumer, Bias: b}
	}
	return out, true, nil
}
