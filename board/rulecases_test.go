package board_test

import (
	"errors"
	"os"
	"strings"
	"tandem/board"
	"tandem/bughouse"
	"tandem/rules"
	"testing"
)

// The cases of testdata/rule-cases.txt (a copy of
// the design's rule cases), each with the verdict of every preset
// and of crazyhouse. "zh" below is crazyhouse.

var presetNames = []string{"reglamento", "pasapiezas", "online", "uscf-fics", "panoriental", "fics"}

// rulesFor returns the board rules of a preset (bughouse) or "zh".
func rulesFor(t interface {
	Helper()
	Fatal(...any)
}, name string) board.Rules {
	t.Helper()
	if name == "zh" {
		return board.CrazyhouseRules
	}
	p, err := rules.LookupPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	return p.Options.Rules
}

// after parses fen under r and plays moves, failing the test on any error.
func after(t testing.TB, fen string, r board.Rules, moves ...string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v (position %s)", s, err, p.FEN())
		}
		p.Make(m)
	}
	return p
}

func TestRuleCases_FileHasTheCasesTested(t *testing.T) {
	src, err := os.ReadFile("testdata/rule-cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	tested := map[string]bool{
		"blockable-mate-empty-hand": true, "blockable-check-piece-in-hand": true,
		"board-stalemate-but-drops": true, "bughouse-stalemate": true,
		"dropped-pawn-double-step-ep": true, "promoted-piece-returns-as-pawn": true,
		"pawn-drop-ranks": true, "no-castling-with-dropped-rook": true, "crash-fen-perft": true,
		// Clock and result cases: replay/rulecases_test.go.
		"spurious-flag": false, "result-mapping-by-board": false,
	}
	for _, l := range strings.Split(string(src), "\n") {
		if id, ok := strings.CutPrefix(l, "id"); ok {
			id = strings.TrimSpace(id)
			if _, known := tested[id]; !known {
				t.Errorf("rule-cases.txt has a new case %q: add its test", id)
			}
		}
	}
}

func TestRuleCase_BlockableMateEmptyHand(t *testing.T) {
	const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	want := map[string]board.Status{"zh": board.Checkmate, "reglamento": board.Checkmate, "panoriental": board.Checkmate,
		"pasapiezas": board.MustWait, "online": board.MustWait, "uscf-fics": board.MustWait, "fics": board.MustWait}
	for name, st := range want {
		r := rulesFor(t, name)
		p := after(t, fen, r, "f3", "e5", "g4")
		m, err := p.ParseMove("Qh4")
		if err != nil {
			t.Fatal(err)
		}
		san := p.SAN(m)
		p.Make(m)
		if got := p.Status(); got != st {
			t.Errorf("%s: status %v, want %v", name, got, st)
		}
		wantSAN := "Qh4+"
		if st == board.Checkmate {
			wantSAN = "Qh4#"
		}
		if san != wantSAN {
			t.Errorf("%s: SAN %q, want %q", name, san, wantSAN)
		}
		if got := p.FEN(); got != "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3" {
			t.Errorf("%s: FEN %s", name, got)
		}
	}
}

func TestRuleCase_BlockableCheckPieceInHand(t *testing.T) {
	for _, name := range append([]string{"zh"}, presetNames...) {
		r := rulesFor(t, name)
		p := after(t, "7k/8/8/8/8/8/5PPP/r5K1[N] w - - 0 1", r)
		if got := sanList(p); got != "N@b1 N@c1 N@d1 N@e1 N@f1" {
			t.Errorf("%s: legal %s, want N@b1 N@c1 N@d1 N@e1 N@f1", name, got)
		}
		empty := after(t, "7k/8/8/8/8/8/5PPP/r5K1[] w - - 0 1", r)
		want := board.MustWait
		if r.Variant == board.Crazyhouse || r.Mate == board.MateReserve {
			want = board.Checkmate
		}
		if got := empty.Status(); got != want {
			t.Errorf("%s: empty reserve: %v, want %v", name, got, want)
		}
	}
}

func sanList(p *board.Position) string {
	var l board.MoveList
	p.LegalMoves(&l)
	var out []string
	for _, m := range l.Slice() {
		out = append(out, p.SAN(m))
	}
	return strings.Join(out, " ")
}

// naiveAttacks reports whether a piece of kind k on from attacks to on
// the board of p, walking the rays square by square: a second, simple
// implementation for the tests.
func naiveAttacks(p *board.Position, k board.Kind, from, to board.Square) bool {
	var dirs [][2]int
	if k == board.Rook || k == board.Queen {
		dirs = append(dirs, [2]int{1, 0}, [2]int{-1, 0}, [2]int{0, 1}, [2]int{0, -1})
	}
	if k == board.Bishop || k == board.Queen {
		dirs = append(dirs, [2]int{1, 1}, [2]int{-1, 1}, [2]int{1, -1}, [2]int{-1, -1})
	}
	for _, d := range dirs {
		f, r := from.File()+d[0], from.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := board.Sq(f, r)
			if s == to {
				return true
			}
			if p.At(s) != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return false
}

func TestRuleCase_BoardStalemateButDrops(t *testing.T) {
	for _, name := range append([]string{"zh"}, presetNames...) {
		r := rulesFor(t, name)
		p := after(t, "k7/8/6Q1/8/8/8/8/6K1[qrr] w - - 0 1", r, "Qb6")
		if st := p.Status(); st != board.Ongoing {
			t.Errorf("%s: %v, want ongoing (Black can drop)", name, st)
		}
		// Expected count, by the naive rules: q or r on an empty square of
		// the piece ranks, not checking g1 when drop_check forbids it.
		want := 0
		for s := board.Square(0); s < 64; s++ {
			if p.At(s) != 0 {
				continue
			}
			rk := board.RelRank(bughouse.Black, s)
			if rk < r.PieceDropRanks[0] || rk > r.PieceDropRanks[1] {
				continue
			}
			for _, k := range []board.Kind{board.Queen, board.Rook} {
				if r.DropCheck == board.DropCheckForbidden && naiveAttacks(p, k, s, 6) {
					continue
				}
				want++
			}
		}
		if name == "zh" || name == "online" || name == "fics" || name == "uscf-fics" {
			if want != 122 {
				t.Fatalf("%s: the naive count is %d, the case says 122", name, want)
			}
		}
		if got := p.CountLegal(); got != want {
			t.Errorf("%s: %d legal drops, want %d", name, got, want)
		}
	}
}

func TestRuleCase_BughouseStalemate(t *testing.T) {
	want := map[string]board.Status{"zh": board.Stalemate, "reglamento": board.Stalemate, "panoriental": board.Stalemate,
		"pasapiezas": board.MustWait, "online": board.MustWait, "uscf-fics": board.MustWait, "fics": board.MustWait}
	for _, move := range []string{"Qf7", "f1c4"} {
		for name, st := range want {
			p := after(t, "7k/P1Q5/8/8/3KP3/8/1PPP1PPP/RNB2BNR[] w - - 1 25", rulesFor(t, name), move)
			if p.InCheck() || p.CountLegal() != 0 {
				t.Fatalf("%s after %s: Black should have no move and no check", name, move)
			}
			if got := p.Status(); got != st {
				t.Errorf("%s after %s: %v, want %v", name, move, got, st)
			}
		}
	}
}

func TestRuleCase_DroppedPawnDoubleStep(t *testing.T) {
	const fen = "4k3/8/8/8/3p4/8/8/4K3[P] b - - 0 1"
	for _, name := range append([]string{"zh"}, presetNames...) {
		p := after(t, fen, rulesFor(t, name), "Kd7", "P@e2", "Kc7", "e4")
		if p.EnPassant().String() != "e3" {
			t.Errorf("%s: en passant %v, want e3", name, p.EnPassant())
		}
		if _, err := p.ParseMove("dxe3"); err != nil {
			t.Errorf("%s: dxe3 e.p.: %v", name, err)
		}
		v := after(t, "4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1", rulesFor(t, name), "P@e4")
		if _, err := v.ParseMove("dxe3"); err == nil {
			t.Errorf("%s: P@e4 gave an en-passant right (Art 20)", name)
		}
	}
	// The option off: the dropped pawn steps once.
	r := rulesFor(t, "fics")
	r.DroppedPawnDoubleStep = false
	p := after(t, fen, r, "Kd7", "P@e2", "Kc7")
	_, err := p.ParseMove("e4")
	var ie *board.IllegalError
	if !errors.As(err, &ie) || !strings.Contains(ie.Rule, "dropped_pawn_double_step") {
		t.Errorf("e4 with dropped_pawn_double_step = false: %v, want the option named", err)
	}
	after(t, p.FEN(), r, "e3") // one step is fine
	// A pawn that never was dropped still steps twice.
	after(t, "4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1", r, "e4")
}

func TestRuleCase_PromotedPieceReturnsAsPawn(t *testing.T) {
	const fen = "3k4/8/8/8/8/8/1q6/Q~3K3[] b - - 0 1"
	p := after(t, fen, board.CrazyhouseRules, "Qxa1+")
	if got := p.FEN(); got != "3k4/8/8/8/8/8/8/q3K3[p] w - - 0 2" {
		t.Errorf("crazyhouse: %s", got)
	}
	for _, name := range presetNames {
		g, err := board.ParseGameFEN(fen+" | "+board.Start, rulesFor(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Play(bughouse.ABlack, "Qxa1+"); err != nil {
			t.Fatal(err)
		}
		if got := g.Reserve(bughouse.BWhite); got != "P" {
			t.Errorf("%s: B-white's reserve %q, want P (the partner of A-black gets a pawn)", name, got)
		}
		if got := g.Reserve(bughouse.ABlack); got != "" {
			t.Errorf("%s: A-black's own reserve %q, want empty", name, got)
		}
	}
}

func TestRuleCase_PawnDropRanks(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"
	legal := map[string]string{ // of P@a1 P@a2 P@a7 P@a8
		"zh": "-++-", "reglamento": "-+--", "pasapiezas": "-+--", "online": "-++-",
		"uscf-fics": "-+--", "panoriental": "++--", "fics": "-++-",
	}
	for name, want := range legal {
		p := after(t, fen, rulesFor(t, name))
		for i, sq := range []string{"a1", "a2", "a7", "a8"} {
			_, err := p.ParseMove("P@" + sq)
			if (err == nil) != (want[i] == '+') {
				t.Errorf("%s: P@%s: %v, want legal=%v", name, sq, err, want[i] == '+')
			}
			var ie *board.IllegalError
			if err != nil && (!errors.As(err, &ie) || !strings.Contains(ie.Rule, "pawn_drop_ranks")) {
				t.Errorf("%s: P@%s: %v does not name pawn_drop_ranks", name, sq, err)
			}
		}
	}
}

func TestRuleCase_NoCastlingWithDroppedRook(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/6b1/4K2R[RR] b K - 0 1"
	for _, name := range append([]string{"zh"}, presetNames...) {
		r := rulesFor(t, name)
		p := after(t, fen, r, "Bxh1", "R@a2", "Bd5", "R@h1", "Ke7")
		for _, text := range []string{"O-O", "e1g1"} {
			_, err := p.ParseMove(text)
			if r.CastleDroppedRook {
				if err != nil {
					t.Errorf("%s: %s: %v, want legal (castle_dropped_rook = true)", name, text, err)
				}
				continue
			}
			var ie *board.IllegalError
			if !errors.As(err, &ie) || !strings.Contains(ie.Rule, "castle_dropped_rook") {
				t.Errorf("%s: %s: %v, want illegal by castle_dropped_rook", name, text, err)
			}
		}
	}
}

func TestRuleCase_CrashFENPerft(t *testing.T) {
	p := after(t, "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 1 31", board.CrazyhouseRules)
	for d, want := range []uint64{1, 99, 3932, 314782} {
		if got := p.Perft(d); got != want {
			t.Errorf("perft %d = %d, want %d", d, got, want)
		}
	}
}
