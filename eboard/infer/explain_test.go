package infer_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard/eboardtest"
	"tandem/eboard/infer"
	"tandem/rules"
)

// rulesOf returns preset name's board rules.
func rulesOf(t testing.TB, name string) board.Rules {
	t.Helper()
	p, err := rules.LookupPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	return p.Options.Rules
}

// gameOf returns a game whose board A is fen (board B the start).
func gameOf(t testing.TB, fen, preset string) *board.Game {
	t.Helper()
	g, err := board.ParseGameFEN(fen+" | "+board.Start, rulesOf(t, preset))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// positions are the boards every legal move of which is tried: the
// start, a middlegame with reserves, castling both ways for both sides,
// en passant, promotions with and without capture, and drops.
var positions = []struct{ name, fen, preset string }{
	{"start", board.Start, "reglamento"},
	{"middlegame", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[NPpb] b KQkq - 0 1", "fics"},
	{"white-castles", "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R[] w KQkq - 0 1", "reglamento"},
	{"black-castles", "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R[] b KQkq - 0 1", "reglamento"},
	{"en-passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3", "reglamento"},
	{"promotion", "r1b1k3/1P4P1/8/8/8/8/5ppp/4K3[QRBNPqrbnp] w - - 0 1", "uscf-fics"},
	{"black-promotes", "4k3/8/8/8/8/8/p5p1/1N2K2R[] b - - 0 1", "reglamento"},
	{"drops", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[QRBNPqn] w KQkq - 4 4", "online"},
	{"check-drops", "4k3/8/8/8/8/8/8/4K2R[QNP] b K - 0 1", "reglamento"},
}

// TestExplain_EveryLegalMove: in each position, the board after each
// legal move and drop is explained as exactly that move.
func TestExplain_EveryLegalMove(t *testing.T) {
	total := 0
	for _, pc := range positions {
		t.Run(pc.name, func(t *testing.T) {
			g := gameOf(t, pc.fen, pc.preset)
			p := g.Board(bughouse.BoardA)
			var l board.MoveList
			p.LegalMoves(&l)
			if l.N == 0 {
				t.Fatal("no legal move: the position tests nothing")
			}
			for _, m := range l.Slice() {
				seen := infer.SquaresOf(p)
				eboardtest.Apply(&seen, eboardtest.Motions(p, m, 0, nil))
				f := infer.Explain(g, bughouse.BoardA, &seen)
				if f.Verdict != infer.Found || f.Move != m || f.UCI != m.UCI() || f.SAN != p.SAN(m) {
					t.Errorf("%s: %s %s %s (%s), want %s", m.UCI(), f.Verdict, f.UCI, f.SAN, f.Reason, p.SAN(m))
				}
				total++
			}
		})
	}
	t.Logf("%d legal moves and drops explained", total)
}

// TestExplain_Same: the sheet's own position is Same, with no squares.
func TestExplain_Same(t *testing.T) {
	g := board.NewGame(rulesOf(t, "reglamento"))
	seen := infer.StartSquares
	if f := infer.Explain(g, bughouse.BoardB, &seen); f.Verdict != infer.Same || f.Differ != nil {
		t.Fatalf("start: %+v", f)
	}
}

// TestExplain_Unexplained: boards no legal move or drop explains, each
// with the reason the arbiter reads and the squares that differ.
func TestExplain_Unexplained(t *testing.T) {
	cases := []struct {
		name, fen, preset string
		changes           []eboardtest.Change
		reason, rule      string
		squares           string
	}{
		{name: "two moves", fen: board.Start, preset: "reglamento",
			changes: chg("e2:-", "e4:P", "e7:-", "e5:p"),
			reason:  "pieces of both sides changed (e2, e4, e5, e7): more than one move", squares: "e2 e4 e5 e7"},
		{name: "illegal knight jump", fen: board.Start, preset: "reglamento",
			changes: chg("g1:-", "g3:N"), reason: "g1g3: ", rule: "Art 2: the FIDE Laws, Art 3", squares: "g1 g3"},
		{name: "lifted and not set down", fen: board.Start, preset: "reglamento",
			changes: chg("g1:-"), reason: "lifted from g1 and not set down", squares: "g1"},
		{name: "drop not held", fen: board.Start, preset: "reglamento",
			changes: chg("e2:-", "e4:P", "e3:N"), reason: "the board changed e2, e3, e4: not one move of white", squares: "e2 e3 e4"},
		{name: "drop of a piece not in the reserve", fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2", preset: "reglamento",
			changes: chg("f3:N"), reason: "white holds no knight in reserve (Art 16)", squares: "f3"},
		{name: "opponent piece lifted", fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 2", preset: "reglamento",
			changes: chg("f7:-"), reason: "pieces of white's opponent gone", squares: "f7"},
		{name: "drop check forbidden", fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 2", preset: "reglamento",
			changes: chg("d6:N"), reason: "N@d6: ", rule: "drop_check = forbidden, Art 18.2", squares: "d6"},
		{name: "pawn dropped on the first rank", fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PP1/RNBQKBN1[P] w Qkq - 0 2", preset: "reglamento",
			changes: chg("h1:P"), reason: "P@h1: ", rule: "pawn_drop_ranks [2, 6], Art 18.1", squares: "h1"},
		{name: "en passant leaves the pawn", fen: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3", preset: "reglamento",
			changes: chg("e5:-", "f6:P"), reason: "exf6 would change e5, f5, f6; the board changed e5, f6", squares: "e5 f6"},
		{name: "king put down twice", fen: board.Start, preset: "reglamento",
			changes: chg("e4:K"), reason: "a king is never dropped", squares: "e4"},
		{name: "wrong piece arrives", fen: board.Start, preset: "reglamento",
			changes: chg("g1:-", "f3:B"), reason: "a white knight left g1 and a white bishop arrived on f3", squares: "f3 g1"},
		{name: "black piece moved on white's turn", fen: board.Start, preset: "reglamento",
			changes: chg("e7:-", "e5:p"), reason: "e5 shows a black pawn where the sheet has nothing: not a move of white", squares: "e5 e7"},
		{name: "a piece changed", fen: board.Start, preset: "reglamento",
			changes: chg("d1:K"), reason: "d1 shows", squares: "d1"},
		{name: "five squares", fen: board.Start, preset: "reglamento",
			changes: chg("a2:-", "b2:-", "c2:-", "d2:-", "e2:-"), reason: "5 squares differ", squares: "a2 b2 c2 d2 e2"},
		{name: "pinned piece", fen: "4k3/8/8/8/1b6/8/3N4/4K3[] w - - 0 1", preset: "reglamento",
			changes: chg("d2:-", "f3:N"), reason: "d2f3: ", rule: "Art 26, 28: the own king may not be left in check", squares: "d2 f3"},
		{name: "steal with nothing to take", fen: "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", preset: "uscf-fics",
			changes: chg("b7:-", "b8:Q"), reason: "has no queen that may be taken", rule: "promotion = steal, seed 003", squares: "b7 b8"},
		{name: "castling through check", fen: "4k3/8/8/8/8/8/5r2/4K2R[] w K - 0 1", preset: "reglamento",
			changes: chg("e1:-", "g1:K", "h1:-", "f1:R"), reason: "e1g1: ", rule: "Art 2: the FIDE Laws, Art 3", squares: "e1 f1 g1 h1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := gameOf(t, c.fen, c.preset)
			if c.preset == "uscf-fics" {
				// No queen on board B to steal.
				var err error
				g, err = board.ParseGameFEN(c.fen+" | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1", rulesOf(t, c.preset))
				if err != nil {
					t.Fatal(err)
				}
			}
			seen := infer.SquaresOf(g.Board(bughouse.BoardA))
			eboardtest.Apply(&seen, c.changes)
			f := infer.Explain(g, bughouse.BoardA, &seen)
			if f.Verdict != infer.Unexplained {
				t.Fatalf("%s %s, want unexplained", f.Verdict, f.UCI)
			}
			t.Logf("%s (%s)", f.Reason, f.Rule)
			if !strings.Contains(f.Reason, c.reason) {
				t.Errorf("reason %q, want it to say %q", f.Reason, c.reason)
			}
			if f.Rule != c.rule {
				t.Errorf("rule %q, want %q", f.Rule, c.rule)
			}
			var sq []string
			for _, d := range f.Differ {
				sq = append(sq, d.Square.String())
			}
			if got := strings.Join(sq, " "); got != sortSquares(c.squares) {
				t.Errorf("squares %q, want %q", got, sortSquares(c.squares))
			}
		})
	}
}

// sortSquares writes names in board.Square order (a1 first).
func sortSquares(names string) string {
	var mask uint64
	for n := range strings.FieldsSeq(names) {
		s, _ := board.ParseSquare(n)
		mask |= 1 << s
	}
	var out []string
	for s := board.Square(0); s < 64; s++ {
		if mask&(1<<s) != 0 {
			out = append(out, s.String())
		}
	}
	return strings.Join(out, " ")
}

// chg reads changes written "e4:P" (a piece as a FEN letter, "-" empty).
func chg(items ...string) []eboardtest.Change {
	var out []eboardtest.Change
	for _, it := range items {
		name, l, _ := strings.Cut(it, ":")
		s, ok := board.ParseSquare(name)
		if !ok {
			panic("bad square " + name)
		}
		out = append(out, eboardtest.Change{Square: s, Piece: pieceOf(l)})
	}
	return out
}

func pieceOf(l string) board.Piece {
	if l == "-" {
		return 0
	}
	c := bughouse.White
	if strings.ToLower(l) == l {
		c = bughouse.Black
	}
	k := strings.IndexByte(" PNBRQK", strings.ToUpper(l)[0])
	if k <= 0 {
		panic("bad piece " + l)
	}
	return board.MakePiece(c, board.Kind(k))
}

// TestExplain_NoiseEveryKind: every legal move of every position, made
// with each kind of noise alone and with all of them, many times with
// different random choices, is explained as itself.
func TestExplain_NoiseEveryKind(t *testing.T) {
	kinds := []eboardtest.Noise{eboardtest.LiftOrder, eboardtest.Replace, eboardtest.PutBack, eboardtest.Slide,
		eboardtest.Wrong, eboardtest.PawnFirst, eboardtest.AllNoise}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, pc := range positions {
		g := gameOf(t, pc.fen, pc.preset)
		p := g.Board(bughouse.BoardA)
		var l board.MoveList
		p.LegalMoves(&l)
		for _, k := range kinds {
			for _, m := range l.Slice() {
				for range 8 {
					tr := infer.NewTracker(bughouse.BoardA)
					start := infer.SquaresOf(p)
					tr.Set(0, &start)
					for i, c := range eboardtest.Motions(p, m, k, rng) {
						tr.Put(dur(i+1), c.Square, c.Piece)
					}
					out := tr.Press(dur(1000), bughouse.SeatOf(bughouse.BoardA, p.Side()), g)
					if out.Enter == nil || out.Enter.UCI != m.UCI() {
						t.Fatalf("%s, noise %s, %s: %+v %v", pc.name, noiseName(k), m.UCI(), out.Enter, out.Alert)
					}
				}
			}
		}
	}
}

func noiseName(k eboardtest.Noise) string {
	if k == eboardtest.AllNoise {
		return "all"
	}
	return eboardtest.NoiseNames[k]
}

func dur(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }
