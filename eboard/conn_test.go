package eboard_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard"
	"tandem/eboard/eboardtest"
	"tandem/eboard/infer"
)

// run runs a connection to b and returns its reports.
func run(t *testing.T, path string, opts *eboard.Opts) (<-chan eboard.Report, *eboard.Conn) {
	t.Helper()
	c := eboard.New(path, opts)
	ctx, cancel := context.WithCancel(context.Background())
	reports := make(chan eboard.Report, 1024)
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.Run(ctx, func(r eboard.Report) { reports <- r })
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return reports, c
}

// next waits for the next report of kind k, skipping others.
func next(t *testing.T, reports <-chan eboard.Report, k eboard.Kind) eboard.Report {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case r := <-reports:
			if r.Kind == k {
				return r
			}
		case <-timeout:
			t.Fatalf("no %s report within 10 s", k)
		}
	}
}

func newBoard(t *testing.T, opts *eboardtest.Opts) *eboardtest.Board {
	t.Helper()
	b, err := eboardtest.NewBoard(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// waitUpdating waits until the driver put the board in update mode.
func waitUpdating(t *testing.T, b *eboardtest.Board) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !b.Updating() {
		if time.Now().After(deadline) {
			t.Fatal("the driver never asked for update mode")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestConn_ConnectsOverTheSerialLibrary: over a pseudo-terminal opened
// with go.bug.st/serial, the driver resets the board, asks who it is and
// for the board, then for field updates; it reports the serial number,
// the version, the board, and each change.
func TestConn_ConnectsOverTheSerialLibrary(t *testing.T) {
	b := newBoard(t, &eboardtest.Opts{Serial: "24601"})
	reports, c := run(t, b.Path(), nil)
	r := next(t, reports, eboard.Connected)
	if r.Serial != "24601" || r.Version != "1.7" {
		t.Errorf("connected %+v", r)
	}
	d := next(t, reports, eboard.BoardDump)
	if d.Squares != infer.StartSquares || d.Orientation != eboard.Normal || c.Orientation() != eboard.Normal {
		t.Errorf("board %s %s", d.Squares.String(), d.Orientation)
	}
	waitUpdating(t, b)
	if got := b.Commands(); string(got) != string([]byte{eboard.CmdReset, eboard.CmdSerial, eboard.CmdVersion, eboard.CmdBoard, eboard.CmdUpdateBoard}) {
		t.Errorf("commands % X", got)
	}
	e2, _ := board.ParseSquare("e2")
	e4, _ := board.ParseSquare("e4")
	b.Play([]eboardtest.Change{{Square: e2}, {Square: e4, Piece: board.MakePiece(bughouse.White, board.Pawn)}})
	u := next(t, reports, eboard.Update)
	if u.Square != e2 || u.Piece != 0 || u.Field != 52 {
		t.Errorf("lift %+v", u)
	}
	u = next(t, reports, eboard.Update)
	if u.Square != e4 || u.Piece != board.MakePiece(bughouse.White, board.Pawn) || u.Field != 36 || u.Code != 1 {
		t.Errorf("put %+v", u)
	}
}

// TestConn_RotatedFromTheStart: a board turned round in the start
// position is found rotated and its squares are the board engine's.
func TestConn_RotatedFromTheStart(t *testing.T) {
	b := newBoard(t, &eboardtest.Opts{Rotated: true})
	reports, _ := run(t, b.Path(), nil)
	d := next(t, reports, eboard.BoardDump)
	if d.Orientation != eboard.Rotated || d.Squares != infer.StartSquares {
		t.Fatalf("%s %s", d.Orientation, d.Squares.String())
	}
	waitUpdating(t, b)
	g1, _ := board.ParseSquare("g1")
	b.Put(g1, 0)
	if u := next(t, reports, eboard.Update); u.Square != g1 {
		t.Errorf("lift from g1 reported on %s", u.Square)
	}
}

// TestConn_OrientationFoundWhenSetUp: a board that comes up empty is
// found rotated once its pieces are set up; the board is reported again
// the right way round.
func TestConn_OrientationFoundWhenSetUp(t *testing.T) {
	empty := infer.Squares{}
	b := newBoard(t, &eboardtest.Opts{Rotated: true, Squares: &empty})
	reports, c := run(t, b.Path(), nil)
	if d := next(t, reports, eboard.BoardDump); d.Orientation != eboard.Unknown {
		t.Fatalf("empty board: %s", d.Orientation)
	}
	waitUpdating(t, b)
	for sq := board.Square(0); sq < 64; sq++ {
		if p := infer.StartSquares[sq]; p != 0 {
			b.Put(sq, p)
		}
	}
	d := next(t, reports, eboard.BoardDump)
	if d.Orientation != eboard.Rotated || d.Squares != infer.StartSquares || c.Orientation() != eboard.Rotated {
		t.Fatalf("set up: %s %s", d.Orientation, d.Squares.String())
	}
}

// TestConn_UnpluggedAndBack: a board unplugged is reported lost; changes
// made meanwhile are in the board dump when it comes back.
func TestConn_UnpluggedAndBack(t *testing.T) {
	b := newBoard(t, nil)
	reports, _ := run(t, b.Path(), &eboard.Opts{Retry: 20 * time.Millisecond})
	next(t, reports, eboard.BoardDump)
	waitUpdating(t, b)
	if err := b.Unplug(); err != nil {
		t.Fatal(err)
	}
	if r := next(t, reports, eboard.Lost); r.Err == nil {
		t.Error("lost with no reason")
	}
	e2, _ := board.ParseSquare("e2")
	e4, _ := board.ParseSquare("e4")
	b.Play([]eboardtest.Change{{Square: e2}, {Square: e4, Piece: board.MakePiece(bughouse.White, board.Pawn)}})
	if err := b.Plug(); err != nil {
		t.Fatal(err)
	}
	next(t, reports, eboard.Connected)
	d := next(t, reports, eboard.BoardDump)
	want := infer.StartSquares
	want[e2], want[e4] = 0, board.MakePiece(bughouse.White, board.Pawn)
	if d.Squares != want {
		t.Fatalf("after replug %s", d.Squares.String())
	}
}

// TestConn_NoBoardOnThePort: a port with no DGT board on it (nothing
// answers) is lost after Opts.Reply, and a missing path at once.
func TestConn_NoBoardOnThePort(t *testing.T) {
	reports, _ := run(t, "/nonexistent/ttyACM9", &eboard.Opts{Retry: time.Hour})
	if r := next(t, reports, eboard.Lost); !strings.Contains(r.Err.Error(), "/nonexistent/ttyACM9") {
		t.Errorf("missing device: %v", r.Err)
	}
	b := newBoard(t, &eboardtest.Opts{Silent: true})
	start := time.Now()
	reports, _ = run(t, b.Path(), &eboard.Opts{Retry: time.Hour, Reply: 100 * time.Millisecond})
	r := next(t, reports, eboard.Lost)
	if !strings.Contains(r.Err.Error(), "no DGT board answers") || time.Since(start) < 100*time.Millisecond {
		t.Errorf("silent port: %v after %v", r.Err, time.Since(start))
	}
}
