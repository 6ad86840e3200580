package eboard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"tandem/board"
	"tandem/eboard/infer"
)

// Port is a line to a board: a serial port (OpenSerial) or, in tests, a
// pseudo-terminal. Close must interrupt a Read in progress.
type Port interface {
	io.ReadWriteCloser
}

// Opener opens the port at a path.
type Opener func(path string) (Port, error)

// Kind says what a Report reports.
type Kind uint8

const (
	// Connected: the board answered: Serial and Version say which it is.
	Connected Kind = iota + 1
	// BoardDump: the whole board (Squares), at the connection and after
	// the orientation was found.
	BoardDump
	// Update: one square changed (Square, Piece; Field and Code raw).
	Update
	// Lost: the board went away or never answered (Err says why); the
	// connection looks for it again every Opts.Retry.
	Lost
)

var kindNames = [...]string{"", "connected", "board", "update", "lost"}

// String returns "connected", "board", "update" or "lost".
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Report is one thing a board said, or its loss, with the wall instant
// the message was read (At).
type Report struct {
	Kind Kind
	At   time.Time
	// Serial (5 characters) and Version ("3.1") are Connected's; ""
	// when the board did not say.
	Serial, Version string
	// Squares is BoardDump's board, on Orientation.
	Squares infer.Squares
	// Orientation is the orientation the squares are given in: Unknown
	// until the start position was seen (then they are given Normal).
	Orientation Orientation
	// Square and Piece are Update's (Piece 0: lifted); Field and Code the
	// protocol's numbers.
	Square      board.Square
	Piece       board.Piece
	Field, Code byte
	// Err is Lost's reason.
	Err error
}

// Opts configures New. Every zero value has the documented default.
type Opts struct {
	// Open opens the port (nil: OpenSerial).
	Open Opener
	// Orientation is how the board stands: Unknown (the default) finds it
	// from the start position, in a board dump or once field updates
	// make it; until then squares are given as Normal.
	Orientation Orientation
	// Retry is how long after a loss the port is opened again (zero:
	// one second).
	Retry time.Duration
	// Reply is how long the board has to send its board dump after the
	// port opens (zero: two seconds): a port with no DGT board on it is
	// closed and tried again.
	Reply time.Duration
}

// Conn is the connection to one board at a path. Create it with New and
// run it with Run.
type Conn struct {
	path   string
	open   Opener
	fields *Fields
	retry  time.Duration
	reply  time.Duration
}

// New returns the connection to the board at path.
func New(path string, opts *Opts) *Conn {
	c := &Conn{path: path, open: OpenSerial, retry: time.Second, reply: 2 * time.Second, fields: NewFields(Unknown)}
	if opts != nil {
		if opts.Open != nil {
			c.open = opts.Open
		}
		if opts.Retry > 0 {
			c.retry = opts.Retry
		}
		if opts.Reply > 0 {
			c.reply = opts.Reply
		}
		c.fields = NewFields(opts.Orientation)
	}
	return c
}

// Path returns the board's path.
func (c *Conn) Path() string { return c.path }

// Orientation returns the orientation in force (Unknown until found).
func (c *Conn) Orientation() Orientation { return c.fields.Orientation() }

// SetOrientation sets the orientation when it is not known yet (the
// daemon guesses it from the scoresheet for a board that came up in the
// middle of a game: Guess); it takes effect from the next report.
func (c *Conn) SetOrientation(o Orientation) { c.fields.SetOrientation(o) }

// Run opens the board, reports what it says to report (called on Run's
// goroutine, one report at a time), and reopens it when it goes away,
// until ctx is done; then it closes the port and returns ctx.Err().
func (c *Conn) Run(ctx context.Context, report func(Report)) error {
	for {
		err := c.session(ctx, report)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		report(Report{Kind: Lost, At: time.Now(), Err: err})
		t := time.NewTimer(c.retry)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// errNoBoard is a session's error when the port opened but no board dump
// came.
var errNoBoard = errors.New("no DGT board answers (no board dump)")

// session opens the port once and reads it until it fails.
func (c *Conn) session(ctx context.Context, report func(Report)) error {
	port, err := c.open(c.path)
	if err != nil {
		return err
	}
	msgs := make(chan Message, 16)
	readErr := make(chan error, 1)
	quit, done := make(chan struct{}), make(chan struct{})
	defer func() {
		close(quit)
		port.Close() // interrupts the reader
		<-done
	}()
	go func() {
		defer close(done)
		d := NewDecoder(port)
		for {
			m, err := d.Next()
			if err != nil {
				readErr <- err
				return
			}
			select {
			case msgs <- m:
			case <-quit:
				return
			}
		}
	}()
	// Reset first (a board left in update mode by another program),
	// then who it is and the whole board; update mode once the board is
	// in hand, so no update comes before the dump it changes.
	if _, err := port.Write([]byte{CmdReset, CmdSerial, CmdVersion, CmdBoard}); err != nil {
		return fmt.Errorf("eboard: %s: %w", c.path, err)
	}
	c.fields.Lost()
	var serial, version string
	synced := false
	deadline := time.NewTimer(c.reply)
	defer deadline.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-readErr:
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return fmt.Errorf("eboard: %s: %w", c.path, err)
		case <-deadline.C:
			if !synced {
				return fmt.Errorf("eboard: %s: %w within %v", c.path, errNoBoard, c.reply)
			}
		case m := <-msgs:
			at := time.Now()
			switch m.ID {
			case MsgSerial:
				serial, _ = Serial(m)
				continue
			case MsgVersion:
				if a, b, err := Version(m); err == nil {
					version = fmt.Sprintf("%d.%d", a, b)
				}
				continue
			}
			reports, err := c.fields.Message(m)
			if err != nil {
				continue // a message garbled on the line: the next dump or update tells
			}
			if m.ID == MsgBoardDump && !synced {
				synced = true
				if _, err := port.Write([]byte{CmdUpdateBoard}); err != nil {
					return fmt.Errorf("eboard: %s: %w", c.path, err)
				}
				report(Report{Kind: Connected, At: at, Serial: serial, Version: version})
			}
			for _, r := range reports {
				r.At = at
				report(r)
			}
		}
	}
}
