//go:build linux

package gpio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
	"unsafe"

	"github.com/warthog618/go-gpiocdev"
	"github.com/warthog618/go-gpiocdev/uapi"
	"golang.org/x/sys/unix"
)

// cdevLines is a line set of the GPIO character device, requested with
// go-gpiocdev's uapi layer (its Lines would do, but v0.9.1 never passes
// WithEventBufferSize to the kernel, which then keeps 128 events: found
// in the kernel VM, where a storm of more lost a press's first edge).
// One goroutine reads the request's file (through Go's poller, so Close
// ends a read in progress), up to 64 events a read, in the kernel's order;
// WaitForEdge takes them from a channel. An edge's instant is the
// kernel's timestamp, mapped by clock: the time the program took to wake
// is never charged to the player.
type cdevLines struct {
	f       *os.File
	fd      uintptr
	n       int // lines in the set
	chip    string
	offsets []int
	clock   *KernelClock

	edges     chan Edge
	halt      chan struct{}
	readDone  chan struct{}
	haltOnce  sync.Once
	closeOnce sync.Once
	closeErr  error
	readErr   error // why the read loop ended (set before readDone closes)
}

var _ Lines = (*cdevLines)(nil)

// requestLines requests offsets of chip, line i with flags[i], with the
// largest event buffer the kernel allows, and starts reading its events.
func requestLines(chip *gpiocdev.Chip, offsets []int, flags []uapi.LineFlagV2, clock *KernelClock) (*cdevLines, error) {
	f, err := os.Open("/dev/" + chip.Name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lr := uapi.LineRequest{Lines: uint32(len(offsets)), EventBufferSize: eventBuffer}
	copy(lr.Consumer[:len(lr.Consumer)-1], "tandem")
	for i, o := range offsets {
		lr.Offsets[i] = uint32(o)
	}
	// The first line's flags for all, the others' where they differ.
	lr.Config.Flags = flags[0]
	for i, fl := range flags {
		if fl != flags[0] {
			if lr.Config.NumAttrs == uint32(len(lr.Config.Attrs)) {
				return nil, errors.New("too many different line settings")
			}
			lr.Config.AddAttribute(uapi.LineConfigAttribute{Attr: fl.Encode(), Mask: 1 << i})
		}
	}
	if err := uapi.GetLine(f.Fd(), &lr); err != nil {
		return nil, err
	}
	// Non-blocking, so the file goes through Go's poller.
	if err := unix.SetNonblock(int(lr.Fd), true); err != nil {
		unix.Close(int(lr.Fd))
		return nil, err
	}
	l := &cdevLines{
		f: os.NewFile(uintptr(lr.Fd), "gpio-lines"), fd: uintptr(lr.Fd), n: len(offsets),
		chip: chip.Name, offsets: offsets, clock: clock,
		// As deep as the kernel's buffer: a storm waits here, not in the
		// kernel, which drops the oldest event when its buffer is full.
		edges: make(chan Edge, eventBuffer),
		halt:  make(chan struct{}), readDone: make(chan struct{}),
	}
	go l.read()
	return l, nil
}

// eventSize is the size of the kernel's struct gpio_v2_line_event.
const eventSize = int(unsafe.Sizeof(uapi.LineEvent{}))

// read turns the kernel's events into Edges until the file is closed.
func (l *cdevLines) read() {
	defer close(l.readDone)
	buf := make([]byte, 64*eventSize)
	for {
		n, err := l.f.Read(buf)
		if err != nil {
			if !errors.Is(err, os.ErrClosed) {
				l.readErr = err
			}
			return
		}
		for b := buf[:n]; len(b) >= eventSize; b = b[eventSize:] {
			ns := int64(binary.NativeEndian.Uint64(b[0:]))
			e := Edge{
				Rising: uapi.LineEventID(binary.NativeEndian.Uint32(b[8:])) == uapi.LineEventRisingEdge,
				Offset: int(binary.NativeEndian.Uint32(b[12:])),
				Seqno:  binary.NativeEndian.Uint32(b[16:]),
				At:     l.clock.Time(ns),
				Kernel: ns,
			}
			l.edges <- e // never full for long: the Reader takes them at once
		}
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
	case <-l.readDone:
		if l.readErr != nil {
			return Edge{}, fmt.Errorf("gpio: reading the lines' events: %w", l.readErr)
		}
		return Edge{}, fmt.Errorf("gpio: the lines are closed: %w", os.ErrDeadlineExceeded)
	case <-deadline:
		return Edge{}, os.ErrDeadlineExceeded
	}
}

// Levels reads the lines' levels (bit i: set line i high).
func (l *cdevLines) Levels() (uint64, error) {
	lv := uapi.LineValues{Mask: uapi.NewLineBitMask(l.n)}
	if err := uapi.GetLineValuesV2(l.fd, &lv); err != nil {
		return 0, fmt.Errorf("gpio: reading the lines: %w", err)
	}
	return uint64(lv.Bits), nil
}

// Halt interrupts a WaitForEdge in progress and every later one.
func (l *cdevLines) Halt() error {
	l.haltOnce.Do(func() { close(l.halt) })
	return nil
}

// Close releases the lines; the read loop ends.
func (l *cdevLines) Close() error {
	l.closeOnce.Do(func() {
		l.closeErr = l.f.Close()
		// Let a read loop blocked on a full channel end.
		go func() {
			for {
				select {
				case <-l.edges:
				case <-l.readDone:
					return
				}
			}
		}()
		<-l.readDone
	})
	return l.closeErr
}

// LineInfo is what the kernel says about one requested line: its name, its
// consumer and its bias ("up", "down", "disabled": no bias, or "as-is").
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
	c, err := gpiocdev.NewChip(cl.chip)
	if err != nil {
		return nil, true, err
	}
	defer c.Close()
	out := make([]LineInfo, len(cl.offsets))
	for i, o := range cl.offsets {
		in, err := c.LineInfo(o)
		if err != nil {
			return nil, true, err
		}
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
