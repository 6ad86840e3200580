package daemon

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"tandem/arbiter"
	"tandem/board"
	"tandem/bughouse"
	"tandem/config"
	"tandem/eboard/eboardtest"
	"tandem/rules"
)

// waitFor polls cond until it holds (10 s at most).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Logf("the e-boards then: %v", debugInfo())
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func playUCI(t *testing.T, eb *eboardtest.Board, d *Daemon, b bughouse.Board, uci string) {
	t.Helper()
	g := d.Table.Snapshot().Sheet.Game()
	p := g.Board(b)
	m, err := p.ParseMove(uci)
	if err != nil {
		t.Fatal(err)
	}
	if err := eb.Play(eboardtest.Motions(p, m, eboardtest.LiftOrder, nil)); err != nil {
		t.Fatal(err)
	}
}

// TestEBoard_MovesIntoTheMatch: two emulated e-boards (board A turned
// round) on the serial library: moves played on them and committed by
// the clock presses enter the scoresheet stamped with their press; an
// illegal move is shown to the arbiter with its squares and clears when
// the board is restored; a board unplugged and plugged in again is
// re-synchronised, and a move made while it was away enters at its press
// once it is back.
func TestEBoard_MovesIntoTheMatch(t *testing.T) {
	ebA, err := eboardtest.NewBoard(&eboardtest.Opts{Rotated: true, Serial: "A0001"})
	if err != nil {
		t.Fatal(err)
	}
	defer ebA.Close()
	ebB, err := eboardtest.NewBoard(&eboardtest.Opts{Serial: "B0002"})
	if err != nil {
		t.Fatal(err)
	}
	defer ebB.Close()
	cfg := config.Default()
	cfg.Console.Disabled = true
	cfg.EBoard.Device = [2]string{ebA.Path(), ebB.Path()}
	cfg.EBoard.AlertAfter = 50 * time.Millisecond
	d, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	debugInfo = func() any { return fmt.Sprintf("%+v; the table's log %+v", d.Info().EBoard, d.Table.Snapshot().Log) }
	defer func() { debugInfo = func() any { return nil } }()
	status := func(b bughouse.Board) EBoardStatus {
		for _, s := range d.Info().EBoard {
			if s.Board == b {
				return s
			}
		}
		return EBoardStatus{}
	}
	waitFor(t, "both e-boards connected", func() bool {
		return status(0).Connected && status(1).Connected && status(0).Orientation == "rotated" && status(1).Orientation == "normal"
	})
	if s := status(0); s.Serial != "A0001" || s.Version != "1.7" || !strings.Contains(s.Text(), "A0001 1.7, rotated") {
		t.Fatalf("board A: %+v", s)
	}
	ctx := context.Background()
	if r, err := d.Table.Command(ctx, arbiter.Command{Kind: arbiter.Start}, time.Now()); err != nil || !r.OK {
		t.Fatalf("start: %+v %v", r, err)
	}
	moves := func() int { return d.Table.Snapshot().Moves() }
	press := func(s bughouse.Seat) time.Duration {
		at := time.Now()
		d.Table.Post(rules.Event{Kind: rules.Press, Seat: s}, at)
		return d.Table.Since(at)
	}
	sheetAt := func(i int) (string, time.Duration) {
		m := d.Table.Snapshot().Sheet.Moves()[i]
		return m.SAN, m.At
	}

	playUCI(t, ebA, d, bughouse.BoardA, "e2e4")
	at := press(bughouse.AWhite)
	waitFor(t, "e4 on board A", func() bool { return moves() == 1 })
	if san, got := sheetAt(0); san != "e4" || got != at {
		t.Fatalf("%s at %v, want e4 at the press %v", san, got, at)
	}
	for _, mv := range []struct {
		b    bughouse.Board
		eb   *eboardtest.Board
		seat bughouse.Seat
		uci  string
	}{
		{1, ebB, bughouse.BWhite, "d2d4"}, {0, ebA, bughouse.ABlack, "d7d5"}, {0, ebA, bughouse.AWhite, "e4d5"},
		{1, ebB, bughouse.BBlack, "P@e5"}, // the pawn A-white took, in his partner B-black's reserve
	} {
		n := moves()
		playUCI(t, mv.eb, d, mv.b, mv.uci)
		press(mv.seat)
		waitFor(t, mv.uci, func() bool { return moves() == n+1 })
	}
	if r := d.Table.Snapshot().Sheet.Reserves(); len(r[bughouse.BBlack]) != 0 {
		t.Fatalf("B-black's reserve after the drop: %v", r[bughouse.BBlack])
	}

	// An illegal move: a bishop through its own pawn.
	f1, _ := board.ParseSquare("f1")
	b5, _ := board.ParseSquare("b5")
	wb := board.MakePiece(bughouse.White, board.Bishop)
	ebB.Play([]eboardtest.Change{{Square: f1}, {Square: b5, Piece: wb}})
	press(bughouse.BWhite)
	waitFor(t, "the alert", func() bool { return status(1).Alert != "" })
	if s := status(1); !strings.Contains(s.Alert, "f1b5") || strings.Join(s.Squares, " ") != "f1 b5" {
		t.Fatalf("alert %+v", s)
	}
	if n := d.hallSnap(d.Table.Snapshot()); len(n.EBoard) != 1 || !strings.Contains(n.EBoard[0], "f1b5") {
		t.Fatalf("the hall's snapshot: %v", n.EBoard)
	}
	if c := consoleEBoards(d.Info().EBoard); len(c) != 2 || c[1].Board != "B" || c[1].Alert == "" || c[0].Alert != "" {
		t.Fatalf("the console's: %+v", c)
	}
	ebB.Play([]eboardtest.Change{{Square: b5}, {Square: f1, Piece: wb}})
	waitFor(t, "the alert cleared", func() bool { return status(1).Alert == "" })

	// Board A unplugged; A-black moves meanwhile and presses.
	if err := ebA.Unplug(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "board A lost", func() bool { return !status(0).Connected })
	n := moves()
	playUCI(t, ebA, d, bughouse.BoardA, "g8f6")
	at = press(bughouse.ABlack)
	if err := ebA.Plug(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "Nf6 after the board came back", func() bool { return moves() == n+1 })
	if san, got := sheetAt(n); san != "Nf6" || got != at {
		t.Fatalf("%s at %v, want Nf6 at %v", san, got, at)
	}
}

// debugInfo is what a test that times out logs about the e-boards.
var debugInfo = func() any { return nil }
