package infer_test

import (
	"strings"
	"testing"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard/eboardtest"
	"tandem/eboard/infer"
	"tandem/scoresheet"
)

const ms = time.Millisecond

// tracked is a tracker of board A synchronised on g's board A.
func tracked(g *board.Game) *infer.Tracker {
	tr := infer.NewTracker(bughouse.BoardA)
	s := infer.SquaresOf(g.Board(bughouse.BoardA))
	tr.Set(0, &s)
	return tr
}

func feed(tr *infer.Tracker, at time.Duration, cs []eboardtest.Change) {
	for i, c := range cs {
		tr.Put(at+time.Duration(i)*ms, c.Square, c.Piece)
	}
}

func wantEnter(t *testing.T, out infer.Outcome, uci string, at time.Duration) {
	t.Helper()
	if out.Enter == nil {
		t.Fatalf("nothing entered, want %s (alert: %v)", uci, out.Alert)
	}
	if out.Enter.UCI != uci || out.Enter.At != at || out.Alert != nil {
		t.Fatalf("entered %+v alert %v, want %s at %v", *out.Enter, out.Alert, uci, at)
	}
}

// TestTracker_CaptureEitherLiftOrder: the capturing piece lifted first or
// the captured one first, or pushed off, is the same capture.
func TestTracker_CaptureEitherLiftOrder(t *testing.T) {
	fen := "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2"
	for name, cs := range map[string][]eboardtest.Change{
		"mover first":                   chg("e4:-", "d5:-", "d5:P"),
		"captured first":                chg("d5:-", "e4:-", "d5:P"),
		"pushed off":                    chg("e4:-", "d5:P"),
		"set on e4 again, then capture": chg("e4:-", "e4:P", "d5:-", "e4:-", "d5:P"),
	} {
		t.Run(name, func(t *testing.T) {
			g := gameOf(t, fen, "reglamento")
			tr := tracked(g)
			feed(tr, ms, cs)
			wantEnter(t, tr.Press(time.Second, bughouse.AWhite, g), "e4d5", time.Second)
		})
	}
}

// TestTracker_CastlingAnyOrder: all 24 orders of castling's four changes,
// both sides, both colours, are the castling.
func TestTracker_CastlingAnyOrder(t *testing.T) {
	cases := []struct {
		fen, uci string
		seat     bughouse.Seat
		steps    []eboardtest.Change
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", "e1g1", bughouse.AWhite, chg("e1:-", "g1:K", "h1:-", "f1:R")},
		{"r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", "e1c1", bughouse.AWhite, chg("e1:-", "c1:K", "a1:-", "d1:R")},
		{"r3k2r/8/8/8/8/8/8/R3K2R[] b KQkq - 0 1", "e8g8", bughouse.ABlack, chg("e8:-", "g8:k", "h8:-", "f8:r")},
		{"r3k2r/8/8/8/8/8/8/R3K2R[] b KQkq - 0 1", "e8c8", bughouse.ABlack, chg("e8:-", "c8:k", "a8:-", "d8:r")},
	}
	for _, c := range cases {
		n := 0
		permute(c.steps, func(order []eboardtest.Change) {
			n++
			g := gameOf(t, c.fen, "reglamento")
			tr := tracked(g)
			feed(tr, ms, order)
			wantEnter(t, tr.Press(time.Second, c.seat, g), c.uci, time.Second)
		})
		if n != 24 {
			t.Fatalf("%d orders, want 24", n)
		}
	}
}

// permute calls f with every order of cs.
func permute(cs []eboardtest.Change, f func([]eboardtest.Change)) {
	var rec func(k int)
	rec = func(k int) {
		if k == len(cs) {
			f(append([]eboardtest.Change(nil), cs...))
			return
		}
		for i := k; i < len(cs); i++ {
			cs[k], cs[i] = cs[i], cs[k]
			rec(k + 1)
			cs[k], cs[i] = cs[i], cs[k]
		}
	}
	rec(0)
}

// TestTracker_EnPassantAnyOrder: the taken pawn lifted before, between or
// after the capturing pawn's changes.
func TestTracker_EnPassantAnyOrder(t *testing.T) {
	permute(chg("e5:-", "f6:P", "f5:-"), func(order []eboardtest.Change) {
		g := gameOf(t, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3", "reglamento")
		tr := tracked(g)
		feed(tr, ms, order)
		wantEnter(t, tr.Press(time.Second, bughouse.AWhite, g), "e5f6", time.Second)
	})
}

// TestTracker_PromotionMarkedPromoted: a pawn on the last rank replaced by
// a queen (or a knight) is entered as the promotion, so the sheet marks
// the piece promoted and a capture of it gives the partner a pawn (Art 14).
func TestTracker_PromotionMarkedPromoted(t *testing.T) {
	for _, c := range []struct {
		cs  []eboardtest.Change
		uci string
	}{
		{chg("b7:-", "b8:Q"), "b7b8q"},
		{chg("b7:-", "b8:P", "b8:N"), "b7b8n"},
		{chg("b7:-", "a8:-", "a8:Q"), "b7a8q"},
	} {
		sheet, err := scoresheet.New(rulesOf(t, "reglamento"), &scoresheet.Opts{FEN: "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1 | " + board.Start})
		if err != nil {
			t.Fatal(err)
		}
		g := sheet.Game()
		tr := tracked(&g)
		feed(tr, ms, c.cs)
		out := tr.Press(time.Second, bughouse.AWhite, &g)
		wantEnter(t, out, c.uci, time.Second)
		m, err := sheet.Enter(bughouse.BoardA, out.Enter.UCI, out.Enter.At)
		if err != nil {
			t.Fatal(err)
		}
		g = sheet.Game()
		to, _ := board.ParseSquare(m.UCI[2:4])
		if !g.Board(bughouse.BoardA).IsPromoted(to) {
			t.Errorf("%s: %s is not marked promoted", m.SAN, to)
		}
	}
}

// TestTracker_DropFromReserve: a piece set down with no lift is a drop,
// entered when the reserve holds it; the partner's capture on the other
// board fills the reserve first.
func TestTracker_DropFromReserve(t *testing.T) {
	sheet, err := scoresheet.New(rulesOf(t, "reglamento"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []struct {
		b    bughouse.Board
		text string
	}{{0, "e4"}, {1, "e4"}, {1, "d5"}, {1, "exd5"}} {
		if _, err := sheet.Enter(mv.b, mv.text, 0); err != nil {
			t.Fatal(err)
		}
	}
	// Board A: black (A-black, partner of B-white) holds the pawn B-white took.
	g := sheet.Game()
	tr := tracked(&g)
	feed(tr, ms, chg("d6:p"))
	wantEnter(t, tr.Press(time.Second, bughouse.ABlack, &g), "P@d6", time.Second)

	// The same drop with an empty reserve is an alert naming the piece.
	g2 := board.NewGame(rulesOf(t, "reglamento"))
	if _, err := g2.Play(bughouse.AWhite, "e4"); err != nil {
		t.Fatal(err)
	}
	tr = tracked(g2)
	feed(tr, ms, chg("d6:p"))
	out := tr.Press(time.Second, bughouse.ABlack, g2)
	if out.Enter != nil || out.Alert == nil || !strings.Contains(out.Alert.Reason, "black holds no pawn in reserve") {
		t.Fatalf("drop not held: %+v", out)
	}
	if got := strings.Join(out.Alert.Squares(), " "); got != "d6" {
		t.Errorf("alert squares %q, want d6", got)
	}
}

// TestTracker_LiftedAndPutBack: a piece lifted and put back, then the
// real move, is the move; a press with the board unchanged by the player
// to move is a NoMove alert, and by the other player nothing.
func TestTracker_LiftedAndPutBack(t *testing.T) {
	g := board.NewGame(rulesOf(t, "reglamento"))
	tr := tracked(g)
	feed(tr, ms, chg("g1:-", "g1:N", "b1:-", "b1:N", "e2:-", "e4:P"))
	wantEnter(t, tr.Press(time.Second, bughouse.AWhite, g), "e2e4", time.Second)

	tr = tracked(g)
	feed(tr, ms, chg("g1:-", "g1:N"))
	if out := tr.Press(time.Second, bughouse.ABlack, g); out.Enter != nil || out.Alert != nil {
		t.Fatalf("press by the player not to move: %+v", out)
	}
	out := tr.Press(2*time.Second, bughouse.AWhite, g)
	if out.Alert == nil || out.Alert.Kind != infer.AlertNoMove || out.Alert.At != 2*time.Second {
		t.Fatalf("press with no move: %+v", out)
	}
	// The alert stays while the sheet's board stands still, and clears
	// once the arbiter enters the move by hand.
	if out := tr.Check(g); out.Alert == nil {
		t.Fatal("no-move alert cleared with nothing changed")
	}
	if _, err := g.Play(bughouse.AWhite, "d4"); err != nil {
		t.Fatal(err)
	}
	if out := tr.Check(g); out.Alert != nil {
		t.Fatalf("no-move alert not cleared by the sheet moving on: %v", out.Alert)
	}
}

// TestTracker_SlidAndCorrected: a piece slid over several squares, or set
// down on a wrong square and corrected, is its move.
func TestTracker_SlidAndCorrected(t *testing.T) {
	g := gameOf(t, "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1", "reglamento")
	tr := tracked(g)
	feed(tr, ms, chg("a1:-", "a2:R", "a2:-", "a3:R", "a3:-", "a4:R", "a4:-", "a5:R", "a5:-", "a6:R"))
	wantEnter(t, tr.Press(time.Second, bughouse.AWhite, g), "a1a6", time.Second)

	g = board.NewGame(rulesOf(t, "reglamento"))
	tr = tracked(g)
	feed(tr, ms, chg("g1:-", "h3:N", "h3:-", "e2:-", "e2:P", "f3:N"))
	wantEnter(t, tr.Press(time.Second, bughouse.AWhite, g), "g1f3", time.Second)
}

// TestTracker_PressInstant: only the reports up to the press count; the
// opponent's lift just after it belongs to the next move.
func TestTracker_PressInstant(t *testing.T) {
	g := board.NewGame(rulesOf(t, "reglamento"))
	tr := tracked(g)
	feed(tr, 100*ms, chg("e2:-", "e4:P"))
	tr.Put(1001*ms, 52, 0) // e7 lifted by Black after the press
	wantEnter(t, tr.Press(time.Second, bughouse.AWhite, g), "e2e4", time.Second)
	if _, err := g.Play(bughouse.AWhite, "e4"); err != nil {
		t.Fatal(err)
	}
	tr.Put(1500*ms, 36, board.MakePiece(bughouse.Black, board.Pawn)) // e5
	wantEnter(t, tr.Press(2*time.Second, bughouse.ABlack, g), "e7e5", 2*time.Second)
}

// TestTracker_SetDownAfterPress: a press that reached the clock before
// the piece was set down raises an alert, and the put-down enters the
// move stamped with that press.
func TestTracker_SetDownAfterPress(t *testing.T) {
	g := board.NewGame(rulesOf(t, "reglamento"))
	tr := tracked(g)
	tr.Put(900*ms, 12, 0) // e2 lifted
	out := tr.Press(time.Second, bughouse.AWhite, g)
	if out.Alert == nil || out.Alert.Kind != infer.AlertUnexplained {
		t.Fatalf("press mid-move: %+v", out)
	}
	tr.Put(1030*ms, 28, board.MakePiece(bughouse.White, board.Pawn)) // e4
	wantEnter(t, tr.Check(g), "e2e4", time.Second)
	if tr.Alert() != nil {
		t.Fatal("alert still open")
	}
}

// TestTracker_AlertClears: an unexplained board clears when the board is
// restored, or when the sheet is corrected to the board.
func TestTracker_AlertClears(t *testing.T) {
	g := board.NewGame(rulesOf(t, "reglamento"))
	tr := tracked(g)
	feed(tr, ms, chg("e2:-", "e4:P", "d2:-", "d4:P"))
	out := tr.Press(time.Second, bughouse.AWhite, g)
	if out.Alert == nil || len(out.Alert.Differ) != 4 {
		t.Fatalf("two moves: %+v", out)
	}
	if !strings.Contains(out.Alert.String(), "board A, after A-white's press: no legal move or drop explains the board") ||
		!strings.Contains(out.Alert.String(), "differs on d2 (sheet P, board -), e2 (sheet P, board -), d4 (sheet -, board P), e4 (sheet -, board P)") {
		t.Errorf("alert text %q", out.Alert.String())
	}
	// The arbiter has d2-d4 taken back on the board: e2e4 is entered.
	feed(tr, 2*time.Second, chg("d4:-", "d2:P"))
	wantEnter(t, tr.Check(g), "e2e4", time.Second)

	// Restored to the sheet's position: cleared, nothing entered.
	tr = tracked(g)
	feed(tr, ms, chg("e2:-", "e4:P", "d2:-", "d4:P"))
	tr.Press(time.Second, bughouse.AWhite, g)
	feed(tr, 2*time.Second, chg("e4:-", "e2:P", "d4:-", "d2:P"))
	if out := tr.Check(g); out.Enter != nil || out.Alert != nil {
		t.Fatalf("restored: %+v", out)
	}

	// The sheet corrected to the board (the arbiter entered both moves
	// as he rules): cleared.
	tr = tracked(g)
	feed(tr, ms, chg("e2:-", "e4:P", "e7:-", "e5:p"))
	tr.Press(time.Second, bughouse.AWhite, g)
	if _, err := g.Play(bughouse.AWhite, "e4"); err != nil {
		t.Fatal(err)
	}
	if out := tr.Check(g); out.Alert == nil || !strings.Contains(out.Alert.Reason, "the board shows A-black's e5, but A-white pressed") {
		t.Fatalf("half corrected: %+v", out)
	}
	if _, err := g.Play(bughouse.ABlack, "e5"); err != nil {
		t.Fatal(err)
	}
	if out := tr.Check(g); out.Enter != nil || out.Alert != nil {
		t.Fatalf("corrected: %+v", out)
	}
}

// TestTracker_NotSyncedThenBack: a press while the board is lost is a
// NotSynced alert; the board dump after it comes back enters the move.
func TestTracker_NotSyncedThenBack(t *testing.T) {
	g := board.NewGame(rulesOf(t, "reglamento"))
	if out := infer.NewTracker(bughouse.BoardA).Press(time.Second, bughouse.AWhite, g); out.Alert == nil || out.Alert.Kind != infer.AlertNotSynced {
		t.Fatalf("never synchronised: %+v", out)
	}
	tr := tracked(g)
	tr.Lost(500 * ms)
	out := tr.Press(time.Second, bughouse.AWhite, g)
	if out.Alert == nil || out.Alert.Kind != infer.AlertNotSynced {
		t.Fatalf("lost: %+v", out)
	}
	if out := tr.Check(g); out.Alert == nil {
		t.Fatal("cleared while still lost")
	}
	back := infer.StartSquares
	eboardtest.Apply(&back, chg("e2:-", "e4:P"))
	tr.Set(3*time.Second, &back)
	wantEnter(t, tr.Check(g), "e2e4", time.Second)
}

// TestTracker_QueueBounded: reports without a press are folded beyond
// MaxQueue, and the board stays right.
func TestTracker_QueueBounded(t *testing.T) {
	g := board.NewGame(rulesOf(t, "reglamento"))
	tr := tracked(g)
	for i := range 3 * infer.MaxQueue {
		tr.Put(time.Duration(i)*ms, 6, 0)
		tr.Put(time.Duration(i)*ms, 6, board.MakePiece(bughouse.White, board.Knight))
	}
	feed(tr, time.Hour, chg("e2:-", "e4:P"))
	wantEnter(t, tr.Press(2*time.Hour, bughouse.AWhite, g), "e2e4", 2*time.Hour)
}
