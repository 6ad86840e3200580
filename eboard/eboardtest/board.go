package eboardtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"tandem/board"
	"tandem/eboard"
	"tandem/eboard/infer"
)

// Opts configures NewBoard. The zero value is a board standing the right
// way round, in the start position, serial number "E0001", version 1.7.
type Opts struct {
	// Dir is where the board's path is made (a symbolic link to its
	// pseudo-terminal that stays the same when it is unplugged and
	// plugged in again, like a /dev/serial/by-id/ name). "" makes a
	// temporary directory, removed by Close.
	Dir string
	// Rotated stands the board turned 180 degrees.
	Rotated bool
	// Serial is the 5-character serial number ("" for "E0001").
	Serial string
	// Squares are the pieces at the start (nil: the start position).
	Squares *infer.Squares
	// Silent makes a port with no DGT board on it: nothing answers.
	Silent bool
}

// Board is an emulated DGT board on a pseudo-terminal pair: the driver
// opens Path as a serial port; the board answers the protocol's
// commands (reset, board dump, update mode, serial number, version) and,
// in update mode, sends a field update for each change made with Put or
// Play. Safe for concurrent use.
type Board struct {
	path    string
	tmp     string
	orient  eboard.Orientation
	serial  string
	silent  bool
	mu      sync.Mutex
	master  *os.File
	slave   *os.File
	fields  [64]byte
	update  bool
	cmds    []byte
	plugged bool
	wg      sync.WaitGroup
}

// NewBoard plugs in an emulated board. Close it when done.
func NewBoard(opts *Opts) (*Board, error) {
	if opts == nil {
		opts = &Opts{}
	}
	b := &Board{orient: eboard.Normal, serial: opts.Serial, silent: opts.Silent}
	if opts.Rotated {
		b.orient = eboard.Rotated
	}
	if b.serial == "" {
		b.serial = "E0001"
	}
	if len(b.serial) != 5 {
		return nil, fmt.Errorf("eboardtest: serial %q is not 5 characters", b.serial)
	}
	dir := opts.Dir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "eboard"); err != nil {
			return nil, err
		}
		b.tmp = dir
	}
	b.path = filepath.Join(dir, "dgt-"+b.serial)
	sq := infer.StartSquares
	if opts.Squares != nil {
		sq = *opts.Squares
	}
	b.setSquares(&sq)
	if err := b.Plug(); err != nil {
		b.Close()
		return nil, err
	}
	return b, nil
}

// openPTY opens a pseudo-terminal pair whose master is in the runtime's
// poller, so that closing it ends a Read in progress (pty.Open's master
// was switched to blocking mode when its name was read).
func openPTY() (master, slave *os.File, err error) {
	m, s, err := pty.Open()
	if err != nil {
		return nil, nil, err
	}
	fd, err := unix.Dup(int(m.Fd()))
	m.Close()
	if err == nil {
		err = unix.SetNonblock(fd, true)
	}
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	return os.NewFile(uintptr(fd), "/dev/ptmx"), s, nil
}

// Path returns the board's device path.
func (b *Board) Path() string { return b.path }

func (b *Board) setSquares(s *infer.Squares) {
	for sq := board.Square(0); sq < 64; sq++ {
		b.fields[b.orient.Field(sq)] = eboard.Code(s[sq])
	}
}

// Squares returns the pieces on the board now.
func (b *Board) Squares() infer.Squares {
	b.mu.Lock()
	defer b.mu.Unlock()
	s, _ := eboard.Squares(&b.fields, b.orient)
	return s
}

// Plug plugs the board in (again): a new pseudo-terminal at Path. It is
// an error when it is plugged in.
func (b *Board) Plug() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.plugged {
		return errors.New("eboardtest: already plugged in")
	}
	master, slave, err := openPTY()
	if err != nil {
		return fmt.Errorf("eboardtest: a pseudo-terminal: %w", err)
	}
	// Raw from the start, so nothing the board sends before the driver
	// sets the line is echoed back to it.
	if _, err := term.MakeRaw(int(slave.Fd())); err != nil {
		master.Close()
		slave.Close()
		return err
	}
	os.Remove(b.path)
	if err := os.Symlink(slave.Name(), b.path); err != nil {
		master.Close()
		slave.Close()
		return err
	}
	b.master, b.slave, b.plugged, b.update = master, slave, true, false
	b.wg.Add(1)
	go b.serve(master)
	return nil
}

// Unplug pulls the board's cable: the driver's reads fail and Path is
// gone until Plug. Changes made while unplugged are not sent; the board
// dump after Plug shows them.
func (b *Board) Unplug() error {
	b.mu.Lock()
	if !b.plugged {
		b.mu.Unlock()
		return nil
	}
	b.plugged = false
	master, slave := b.master, b.slave
	err := errors.Join(os.Remove(b.path), master.Close(), slave.Close())
	b.mu.Unlock()
	b.wg.Wait()
	return err
}

// Close unplugs the board and removes its temporary directory.
func (b *Board) Close() error {
	err := b.Unplug()
	if b.tmp != "" {
		err = errors.Join(err, os.RemoveAll(b.tmp))
	}
	return err
}

// Commands returns the command bytes the board received, in order.
func (b *Board) Commands() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]byte(nil), b.cmds...)
}

// Updating reports whether the board is in update mode (it sends field
// updates).
func (b *Board) Updating() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.update && b.plugged
}

// serve answers the driver's commands until the master is closed.
func (b *Board) serve(master *os.File) {
	defer b.wg.Done()
	buf := make([]byte, 64)
	for {
		n, err := master.Read(buf)
		if err != nil {
			return
		}
		b.mu.Lock()
		for _, c := range buf[:n] {
			b.cmds = append(b.cmds, c)
			var reply []byte
			switch c {
			case eboard.CmdReset:
				b.update = false
			case eboard.CmdBoard:
				reply = eboard.Encode(eboard.MsgBoardDump, b.fields[:])
			case eboard.CmdUpdate, eboard.CmdUpdateBoard:
				b.update = true
			case eboard.CmdSerial:
				reply = eboard.Encode(eboard.MsgSerial, []byte(b.serial))
			case eboard.CmdVersion:
				reply = eboard.Encode(eboard.MsgVersion, []byte{1, 7})
			}
			if reply != nil && !b.silent {
				master.Write(reply)
			}
		}
		b.mu.Unlock()
	}
}

// Put sets square s to piece p (0: lifts the piece there), sending the
// field update when the board is in update mode and plugged in. A put
// that changes nothing sends nothing, as a real board does.
func (b *Board) Put(s board.Square, p board.Piece) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	f, code := b.orient.Field(s), eboard.Code(p)
	if b.fields[f] == code {
		return nil
	}
	b.fields[f] = code
	if !b.plugged || !b.update {
		return nil
	}
	_, err := b.master.Write(eboard.Encode(eboard.MsgFieldUpdate, []byte{f, code}))
	return err
}

// Play makes the changes cs one after another (Motions).
func (b *Board) Play(cs []Change) error {
	for _, c := range cs {
		if err := b.Put(c.Square, c.Piece); err != nil {
			return err
		}
	}
	return nil
}

// Send writes raw bytes to the driver (noise on the line, a message cut
// short).
func (b *Board) Send(raw []byte) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.plugged {
		return errors.New("eboardtest: unplugged")
	}
	_, err := b.master.Write(raw)
	return err
}
