package board_test

import (
	"tandem/board"
	"tandem/bughouse"
	"testing"
)

// The fool's-mate board of rule-cases.txt (blockable-mate-empty-hand)
// and the stalemated board of bughouse-stalemate, after their moves.
const (
	blockableMateA = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3"
	stalematedB    = "7k/P4Q2/8/8/3KP3/8/1PPP1PPP/RNB2BNR[] b - - 2 25"
)

// Deadlock: on both boards the player to move has no move or drop, so no
// piece can ever arrive (the fact behind the online preset's safety rule
// and FatICS's cross-board verdict); each board's Status says why.
func TestGame_Deadlock(t *testing.T) {
	r := rulesFor(t, "fics")
	for _, tc := range []struct {
		name, fen string
		deadlock  bool
		st        [2]board.Status
		check     [2]bool
	}{
		{"blockable mate + stalemate", blockableMateA + " | " + stalematedB, true, [2]board.Status{board.MustWait, board.MustWait}, [2]bool{true, false}},
		{"both stalemated", "7k/P4Q2/8/8/3KP3/8/1PPP1PPP/RNB2BNR[] b - - 2 25 | " + stalematedB, true, [2]board.Status{board.MustWait, board.MustWait}, [2]bool{false, false}},
		// A piece in the stalemated player's reserve: he can drop it.
		{"a piece to drop", blockableMateA + " | 7k/P4Q2/8/8/3KP3/8/1PPP1PPP/RNB2BNR[n] b - - 2 25", false, [2]board.Status{board.MustWait, board.Ongoing}, [2]bool{true, false}},
		{"the other board plays on", blockableMateA + " | " + board.Start, false, [2]board.Status{board.MustWait, board.Ongoing}, [2]bool{true, false}},
	} {
		g, err := board.ParseGameFEN(tc.fen, r)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := g.Deadlock(); got != tc.deadlock {
			t.Errorf("%s: Deadlock %v, want %v", tc.name, got, tc.deadlock)
		}
		for b := bughouse.BoardA; b <= bughouse.BoardB; b++ {
			if got := g.Status(b); got != tc.st[b] || g.Board(b).InCheck() != tc.check[b] {
				t.Errorf("%s: board %s %v (in check %v), want %v (%v)", tc.name, b, got, g.Board(b).InCheck(), tc.st[b], tc.check[b])
			}
		}
	}
	// Under reglamento (mate = reserve, stalemate = draw) the same boards
	// are decided, and stuck all the same.
	g, err := board.ParseGameFEN(blockableMateA+" | "+stalematedB, rulesFor(t, "reglamento"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.Deadlock() || g.Status(bughouse.BoardA) != board.Checkmate || g.Status(bughouse.BoardB) != board.Stalemate {
		t.Errorf("reglamento: deadlock %v, A %v, B %v", g.Deadlock(), g.Status(bughouse.BoardA), g.Status(bughouse.BoardB))
	}
}

// Under promotion = steal a promotion with nothing to take is no move
// (seed 003: another piece must be named): A-white's only moves are
// b8=Q/R/B/N, and B-white holds only its king, so A-white is stuck
// although the lone board lists four moves.
func TestGame_StatusCountsOnlyStealsThatCanBeMade(t *testing.T) {
	r := rulesFor(t, "uscf-fics") // steal, stalemate = wait
	const a = "7k/1P6/8/8/8/8/2q5/K7[] w - - 0 1"
	g, err := board.ParseGameFEN(a+" | 7k/8/8/8/8/6q1/8/7K[] w - - 0 1", r)
	if err != nil {
		t.Fatal(err)
	}
	if n := g.Board(bughouse.BoardA).CountLegal(); n != 4 {
		t.Fatalf("board A lists %d moves, want the 4 promotions", n)
	}
	if got := g.Status(bughouse.BoardA); got != board.MustWait {
		t.Errorf("board A: %v, want must-wait", got)
	}
	if !g.Deadlock() {
		t.Errorf("no deadlock: B-white is stalemated and A-white cannot steal")
	}
	// Give B-white a knight: b8=N may take it.
	g, err = board.ParseGameFEN(a+" | 7k/8/8/8/8/6q1/8/N6K[] w - - 0 1", r)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Status(bughouse.BoardA); got != board.Ongoing || g.Deadlock() {
		t.Errorf("with a knight to steal: %v, deadlock %v", got, g.Deadlock())
	}
	// Under upgrade nothing is taken: the promotions are moves.
	g, err = board.ParseGameFEN(a+" | 7k/8/8/8/8/6q1/8/7K[] w - - 0 1", rulesFor(t, "fics"))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Status(bughouse.BoardA); got != board.Ongoing {
		t.Errorf("upgrade: %v", got)
	}
}

// Once a board is over (Game.Over) nothing crosses between the boards
// (seed 003's both-boards format: "las piezas de la mano pueden seguir
// usándose, pero no se pasan nuevas piezas"): a capture on the board in
// play reaches no reserve, the pieces in hand are still dropped, and a
// steal promotion is an upgrade.
func TestGame_OverBoardPassesNothing(t *testing.T) {
	r := rulesFor(t, "uscf-fics")
	g, err := board.ParseGameFEN("4k3/8/8/8/8/8/8/4K2R[] w - - 0 1 | 4k3/1P6/8/3p4/4P3/8/8/4K3[N] w - - 0 1", r)
	if err != nil {
		t.Fatal(err)
	}
	g.Over[bughouse.BoardA] = true
	if _, err := g.Play(bughouse.BWhite, "exd5"); err != nil {
		t.Fatal(err)
	}
	if res := g.Reserve(bughouse.AWhite) + g.Reserve(bughouse.ABlack); res != "" {
		t.Errorf("board A's reserves %q after a capture on B: nothing may pass to an Over board", res)
	}
	if _, err := g.Play(bughouse.BBlack, "Kd7"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(bughouse.BWhite, "b8=Q"); err != nil {
		t.Errorf("a promotion next to an Over board: %v (an upgrade: nothing to steal)", err)
	}
	if _, err := g.Play(bughouse.BBlack, "Ke7"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(bughouse.BWhite, "N@c3"); err != nil {
		t.Errorf("the piece in hand: %v; it may still be dropped", err)
	}
	// With both boards in play the same capture passes (Art 10).
	g2, _ := board.ParseGameFEN("4k3/8/8/8/8/8/8/4K2R[] w - - 0 1 | 4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1", r)
	if _, err := g2.Play(bughouse.BWhite, "exd5"); err != nil || g2.Reserve(bughouse.ABlack) != "p" {
		t.Errorf("both boards in play: A-black's reserve %q (%v), want the pawn", g2.Reserve(bughouse.ABlack), err)
	}
}
