package board_test

import (
	"errors"
	"strings"
	"tandem/board"
	"tandem/bughouse"
	"testing"
)

// Each board option on each of its settings.

func wantRule(t *testing.T, err error, option string) {
	t.Helper()
	var ie *board.IllegalError
	if !errors.As(err, &ie) || !strings.Contains(ie.Rule, option) {
		t.Errorf("got %v, want an illegal move naming %s", err, option)
	}
}

func TestOption_DropCheck(t *testing.T) {
	// R@e1 checks the e8 king; R@a8 mates it (rank 8 behind the pawns).
	const fen = "4k3/3p1p2/8/8/8/8/8/K7[R] w - - 0 1"
	const mateFEN = "6k1/5ppp/8/8/8/8/8/K7[R] w - - 0 1"
	r := rulesFor(t, "fics")

	r.DropCheck = board.DropCheckAllowed
	after(t, fen, r, "R@e1")
	after(t, mateFEN, r, "R@a8")

	r.DropCheck = board.DropCheckForbidden
	p := after(t, fen, r)
	_, err := p.ParseMove("R@e1")
	wantRule(t, err, "drop_check = forbidden")
	after(t, fen, r, "R@d1") // no check: fine

	r.DropCheck = board.DropCheckNoMate
	r.Mate = board.MateReserve
	after(t, fen, r, "R@e1") // check, not mate
	p = after(t, mateFEN, r)
	_, err = p.ParseMove("R@a8")
	wantRule(t, err, "drop_check = no-mate")
	after(t, mateFEN, r, "R@d1") // no check: fine
	// Under mate = bughouse the back-rank check can be blocked by a drop
	// (b8-f8): it is not mate, so no-mate allows it.
	r.Mate = board.MateBughouse
	after(t, mateFEN, r, "R@a8")
}

func TestOption_PieceDropRanks(t *testing.T) {
	const fen = "k7/8/8/8/8/8/8/K7[Nn] w - - 0 1"
	r := rulesFor(t, "pasapiezas") // [1, 7]
	p := after(t, fen, r)
	_, err := p.ParseMove("N@e8")
	wantRule(t, err, "piece_drop_ranks [1, 7]")
	p = after(t, fen, r, "N@e7")
	_, err = p.ParseMove("N@e1") // Black's 8th rank
	wantRule(t, err, "piece_drop_ranks")
	r = rulesFor(t, "fics") // [1, 8]
	after(t, fen, r, "N@e8", "N@e1")
}

func TestOption_Stalemate(t *testing.T) {
	const fen = "7k/P1Q5/8/8/3KP3/8/1PPP1PPP/RNB2BNR[] w - - 1 25"
	r := rulesFor(t, "fics")
	for st, want := range map[board.StalemateRule]board.Status{
		board.StalemateDraw: board.Stalemate, board.StalemateWait: board.MustWait,
		board.StalemateWinForStalemated: board.Stalemate, board.StalemateLossForStalemated: board.Stalemate,
	} {
		r.Stalemate = st
		if got := after(t, fen, r, "Qf7").Status(); got != want {
			t.Errorf("stalemate = %v: %v, want %v", st, got, want)
		}
	}
}

func TestOption_Mate(t *testing.T) {
	// Back-rank rook mate: no square between a1 and the king can be
	// blocked on the 8th... the rook on a8 checks along the rank, b8-f8
	// are blockable, so bughouse waits and reserve mates.
	const fen = "R5k1/5ppp/8/8/8/8/8/K7[] b - - 0 1"
	r := rulesFor(t, "fics")
	r.Mate = board.MateBughouse
	if got := after(t, fen, r).Status(); got != board.MustWait {
		t.Errorf("mate = bughouse: %v, want must-wait", got)
	}
	r.Mate = board.MateReserve
	if got := after(t, fen, r).Status(); got != board.Checkmate {
		t.Errorf("mate = reserve: %v, want checkmate", got)
	}
	// A contact check cannot be blocked: mate under both (Art 24).
	const contact = "6k1/5pQp/8/8/8/8/8/K5R1[] b - - 0 1"
	for _, m := range []board.MateRule{board.MateBughouse, board.MateReserve} {
		r.Mate = m
		if got := after(t, contact, r).Status(); got != board.Checkmate {
			t.Errorf("contact mate, mate = %v: %v", m, got)
		}
	}
}

func TestOption_Promotion(t *testing.T) {
	// A-white promotes b8; B-white has a queen on d1 to lose.
	const a = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"
	const b = "4k3/8/8/8/8/8/8/3QK3[] w - - 0 1"
	up := rulesFor(t, "fics")
	g, err := board.ParseGameFEN(a+" | "+b, up)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(bughouse.AWhite, "b8=Q"); err != nil {
		t.Fatal(err)
	}
	if !g.Boards[0].IsPromoted(57) || g.Boards[1].At(3) != board.MakePiece(bughouse.White, board.Queen) {
		t.Errorf("upgrade: %s", g.FEN())
	}

	st := rulesFor(t, "uscf-fics")
	g, _ = board.ParseGameFEN(a+" | "+b, st)
	if _, err := g.Play(bughouse.AWhite, "b8=Q+"); err != nil {
		t.Fatal(err)
	}
	if g.Boards[0].IsPromoted(57) || g.Boards[0].At(57) != board.MakePiece(bughouse.White, board.Queen) {
		t.Errorf("steal: the queen on b8 should be a plain queen: %s", g.FEN())
	}
	if g.Boards[1].At(3) != 0 || g.Reserve(bughouse.BWhite) != "P" {
		t.Errorf("steal: B-white should lose the d1 queen and get the pawn: %s", g.FEN())
	}
	// A stolen queen keeps its type when captured (rule-cases.txt).
	if _, err := g.Play(bughouse.ABlack, "Kd7"); err != nil {
		t.Fatal(err)
	}
	g2, _ := board.ParseGameFEN("1Q2k3/8/8/8/8/8/8/4K3[] b - - 0 1 | "+b, st)
	if _, err := g2.Play(bughouse.ABlack, "Kd7"); err != nil {
		t.Fatal(err)
	}
	// No rook on board B: the steal of a rook is refused with the option.
	g, _ = board.ParseGameFEN(a+" | "+b, st)
	_, err = g.Play(bughouse.AWhite, "b8=R")
	wantRule(t, err, "promotion = steal")
	if g.Boards[0].At(49) != board.MakePiece(bughouse.White, board.Pawn) {
		t.Errorf("a refused steal changed the board: %s", g.FEN())
	}
}

func TestOption_StealKeepsType(t *testing.T) {
	st := rulesFor(t, "uscf-fics")
	g, err := board.ParseGameFEN("3rk3/1P6/8/8/8/8/8/4K3[] w - - 0 1 | 4k3/8/8/8/8/8/8/3QK3[] w - - 0 1", st)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []struct {
		s    bughouse.Seat
		text string
	}{{bughouse.AWhite, "b8=Q"}, {bughouse.ABlack, "Rxb8"}} {
		if _, err := g.Play(mv.s, mv.text); err != nil {
			t.Fatalf("%s: %v", mv.text, err)
		}
	}
	if got := g.Reserve(bughouse.BWhite); got != "QP" {
		t.Errorf("B-white's reserve %q, want QP (the pawn of the steal, the captured stolen queen)", got)
	}
}

func TestIllegal_Reasons(t *testing.T) {
	r := rulesFor(t, "reglamento")
	p := after(t, board.Start, r)
	for text, want := range map[string]string{
		"N@f3":  "Art 16, 26",
		"Ke2":   "Art 2",
		"e5":    "no pawn",
		"zz":    "not a move",
		"O-O":   "castling",
		"Qh5":   "no queen",
		"e2e5":  "no pawn",
		"P@e9":  "not a move",
		"Nd2":   "Art 2",
		"@e3":   "no pawn in reserve",
		"e1g1":  "castling",
		"a7a6":  "no pawn",
		"N@@f3": "not a move",
	} {
		_, err := p.ParseMove(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want it to say %q", text, err, want)
		}
	}
	// Pinned piece: leaves the king in check.
	p = after(t, "4k3/4r3/8/8/8/8/4N3/4K3[] w - - 0 1", r)
	_, err := p.ParseMove("Nc3")
	if err == nil || !strings.Contains(err.Error(), "Art 26, 28") {
		t.Errorf("pinned knight: %v", err)
	}
	// Knight check: no drop blocks it.
	p = after(t, "4k3/8/8/8/8/3n4/8/4K3[N] w - - 0 1", r)
	_, err = p.ParseMove("N@a5")
	if err == nil || !strings.Contains(err.Error(), "Art 24") {
		t.Errorf("drop against a knight check: %v", err)
	}
}

// A steal may not expose either king of the promoting team (docs/rules.md
// notes, seed 003): not even a king already in check may be given a
// second checker. B-black (A-white's partner) is in check from the e1
// rook; the knight on d7 shields e8 from the a4 queen, so taking it would
// add a check, and B-white has no other knight: the steal is refused
// ("another must be named"). A bishop that shields nothing may be taken.
func TestOption_StealNeverExposesThePartner(t *testing.T) {
	st := rulesFor(t, "uscf-fics")
	const a = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"
	const b = "4k3/3N4/8/8/Q7/8/7B/4RK2[] b - - 0 1"
	g, err := board.ParseGameFEN(a+" | "+b, st)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Play(bughouse.AWhite, "b8=N")
	wantRule(t, err, "promotion = steal")
	if g.Boards[1].At(51) != board.MakePiece(bughouse.White, board.Knight) || g.Boards[0].At(49) != board.MakePiece(bughouse.White, board.Pawn) {
		t.Errorf("a refused steal changed the boards: %s", g.FEN())
	}
	if _, err := g.Play(bughouse.AWhite, "b8=B"); err != nil {
		t.Fatalf("b8=B: %v", err)
	}
	if g.Boards[1].At(15) != 0 || g.Boards[1].At(51) != board.MakePiece(bughouse.White, board.Knight) || g.Reserve(bughouse.BWhite) != "P" {
		t.Errorf("the h2 bishop should be taken, the d7 knight kept: %s", g.FEN())
	}
}

// castle_dropped_rook on both settings, with the corner's rook replaced
// three ways: dropped after a capture on the corner (rule-cases.txt),
// moved in after such a capture, and dropped after the original rook
// left. Under false the refusal says why.
func TestOption_CastleDroppedRook(t *testing.T) {
	const captured = "4k3/8/8/8/8/8/6b1/4K2R[RR] b K - 0 1"
	const left = "4k3/8/8/8/8/8/8/4K2R[R] w K - 0 1"
	for _, tc := range []struct {
		name, fen string
		moves     []string
		ok        [2]bool // castling legal under false, true
		why       string  // the refusal under false
	}{
		{"dropped after a capture", captured, []string{"Bxh1", "R@a2", "Bd5", "R@h1", "Ke7"}, [2]bool{false, true}, "castle_dropped_rook = false, Art 25"},
		{"moved in after a capture", captured, []string{"Bxh1", "R@h2", "Bd5", "Rh1", "Ke7"}, [2]bool{false, true}, "moved there after the original rook was captured there: it has moved (Art 25"},
		{"dropped after the rook left", left, []string{"Rh2", "Kd7", "Rb2", "Ke7", "R@h1", "Kd7"}, [2]bool{false, false}, "was dropped there after the king or the original rook had moved: the castling right is gone"},
		{"the original rook", left, []string{"R@a2", "Kd7"}, [2]bool{true, true}, ""},
	} {
		for i, setting := range []bool{false, true} {
			r := rulesFor(t, "fics")
			r.CastleDroppedRook = setting
			p := after(t, tc.fen, r, tc.moves...)
			_, err := p.ParseMove("O-O")
			if (err == nil) != tc.ok[i] {
				t.Errorf("%s, castle_dropped_rook = %v: O-O gives %v, want legal %v", tc.name, setting, err, tc.ok[i])
			}
			if err != nil && !setting && !strings.Contains(err.Error(), tc.why) {
				t.Errorf("%s: %v, want it to say %q", tc.name, err, tc.why)
			}
		}
	}
	// The rook that moved in is not said to be dropped.
	p := after(t, captured, rulesFor(t, "reglamento"), "Bxh1", "R@h2", "Bd5", "Rh1", "Ke7")
	if _, err := p.ParseMove("O-O"); err == nil || strings.Contains(err.Error(), "was dropped there") {
		t.Errorf("moved-in rook: %v", err)
	}
}

// panoriental: pawns may be dropped on the 1st rank (pawn_drop_ranks
// [1, 6]) and advance two squares only from the 2nd (seed 004: "deberán
// llegar a la segunda fila para desde allí poder mover dos casillas");
// the preset's plain dropped_pawn_double_step = true is enough, since a
// double step starts only from the 2nd rank. For Black the ranks count
// from Black's side.
func TestOption_PanorientalFirstRankPawn(t *testing.T) {
	r := rulesFor(t, "panoriental")
	p := after(t, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", r, "P@a1", "Kd7")
	if _, err := p.ParseMove("a3"); err == nil {
		t.Errorf("a1-a3: two squares from the 1st rank")
	}
	after(t, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", r, "P@a1", "Kd7", "a2", "Kc7", "a4")
	after(t, "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1", r, "P@h8", "Kd2", "h7", "Kc2", "h5")
	p = after(t, "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1", r)
	_, err := p.ParseMove("P@h2") // Black's 7th rank
	wantRule(t, err, "pawn_drop_ranks [1, 6]")
	// Under reglamento ([2, 6]) the 1st rank is refused.
	p = after(t, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", rulesFor(t, "reglamento"))
	_, err = p.ParseMove("P@a1")
	wantRule(t, err, "pawn_drop_ranks [2, 6]")
}

// A steal may not take a piece that shields the victim's own king while
// the promoter's partner is to move on that board: the partner could then
// take the king (no position reached by legal moves has the side not to
// move in check, FIDE Art 3.9 by Art 2). With the victim to move, the
// steal only checks him.
func TestOption_StealNeverLeavesAKingToTake(t *testing.T) {
	st := rulesFor(t, "uscf-fics")
	const a = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"
	// B-white's e2 bishop shields e1 from the e8 rook; B-black to move.
	g, err := board.ParseGameFEN(a+" | 4r2k/8/8/8/8/8/4B3/4K3[] b - - 0 1", st)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Play(bughouse.AWhite, "b8=B")
	wantRule(t, err, "promotion = steal")
	if g.Boards[1].At(12) != board.MakePiece(bughouse.White, board.Bishop) {
		t.Errorf("the shielding bishop was taken: %s", g.FEN())
	}
	// A second bishop that shields nothing may be taken instead.
	g, err = board.ParseGameFEN(a+" | 4r2k/8/8/8/8/8/4B3/B3K3[] b - - 0 1", st)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(bughouse.AWhite, "b8=B"); err != nil {
		t.Fatal(err)
	}
	if g.Boards[1].At(12) != board.MakePiece(bughouse.White, board.Bishop) || g.Boards[1].At(0) != 0 {
		t.Errorf("want a1 taken, e2 kept: %s", g.FEN())
	}
	// B-white to move: the steal of the e2 bishop puts him in check.
	g, err = board.ParseGameFEN(a+" | 4r2k/8/8/8/8/8/4B3/4K3[] w - - 0 1", st)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(bughouse.AWhite, "b8=B"); err != nil {
		t.Fatal(err)
	}
	if !g.Boards[1].InCheck() || g.Boards[1].At(12) != 0 {
		t.Errorf("B-white should be in check without the bishop: %s", g.FEN())
	}
}
