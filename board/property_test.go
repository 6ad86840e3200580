package board_test

import (
	"tandem/board"
	"tandem/bughouse"
	"testing"

	"pgregory.net/rapid"
)

var propFENs = []string{
	board.Start,
	"r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R[QRBNPqrbnp] w KQkq e6 0 1",
	"2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 1 31",
	"4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
}

// A random game: Make then Unmake restores the position exactly, the FEN
// reads back to the same FEN, and IsLegal agrees with LegalMoves.
func TestProperty_MakeUnmakeAndFEN(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom([]string{"zh", "reglamento", "pasapiezas", "online", "uscf-fics", "panoriental", "fics", "no-mate"}).Draw(t, "rules")
		var r board.Rules
		if name == "no-mate" {
			// No preset uses drop_check = no-mate: exercise it here.
			r = rulesFor(t, "fics")
			r.DropCheck, r.Mate = board.DropCheckNoMate, board.MateReserve
		} else {
			r = rulesFor(t, name)
		}
		fen := rapid.SampledFrom(propFENs).Draw(t, "fen")
		p, err := board.ParseFEN(fen, r)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 40; ply++ {
			var l board.MoveList
			p.LegalMoves(&l)
			if l.N == 0 {
				return
			}
			for _, m := range l.Slice() {
				if !p.IsLegal(m) {
					t.Fatalf("%s: %s listed but IsLegal refuses it", p.FEN(), m.UCI())
				}
			}
			m := l.Moves[rapid.IntRange(0, l.N-1).Draw(t, "move")]
			before := *p
			u := p.Make(m)
			if p.LeftInCheck() {
				t.Fatalf("%s: %s leaves the mover's king in check", before.FEN(), m.UCI())
			}
			q := *p
			p.Unmake(m, &u)
			if *p != before {
				t.Fatalf("%s: unmake of %s gives %s", before.FEN(), m.UCI(), p.FEN())
			}
			*p = q
			back, err := board.ParseFEN(p.FEN(), r)
			if err != nil || back.FEN() != p.FEN() {
				t.Fatalf("FEN %s reads back as %v, %v", p.FEN(), back, err)
			}
		}
	})
}

// material counts each color's pieces on both boards and in the four
// reserves, a promoted piece as the pawn it was.
func material(g *board.Game) (n [2][7]int) {
	for i := range g.Boards {
		p := &g.Boards[i]
		for s := board.Square(0); s < 64; s++ {
			pc := p.At(s)
			if pc == 0 {
				continue
			}
			k := pc.Kind()
			if p.IsPromoted(s) {
				k = board.Pawn
			}
			n[pc.Color()][k]++
		}
		for c := bughouse.White; c <= bughouse.Black; c++ {
			for k := board.Pawn; k <= board.Queen; k++ {
				n[c][k] += p.Hand(c, k)
			}
		}
	}
	return n
}

// In a bughouse game every capture passes a piece to the partner and no
// piece is made or lost: each color keeps 2 x 16 pieces, counted by kind
// (promoted pieces as pawns), whatever is played on either board. A steal
// promotion trades a pawn for the stolen piece between the two boards of
// one color, so the counts by kind hold under it too.
func TestProperty_BughouseConservesMaterial(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom([]string{"reglamento", "pasapiezas", "online", "uscf-fics", "panoriental", "fics"}).Draw(t, "preset")
		r := rulesFor(t, name)
		g := board.NewGame(r)
		start := material(g)
		for ply := 0; ply < 120; ply++ {
			b := bughouse.Board(rapid.IntRange(0, 1).Draw(t, "board"))
			p := g.Board(b)
			var l board.MoveList
			p.LegalMoves(&l)
			if l.N == 0 {
				continue
			}
			m := l.Moves[rapid.IntRange(0, l.N-1).Draw(t, "move")]
			if err := g.Make(b, m, m.UCI()); err != nil {
				continue // a steal with nothing to take
			}
			now := material(g)
			for c := bughouse.White; c <= bughouse.Black; c++ {
				total := 0
				for k := board.Pawn; k <= board.King; k++ {
					total += now[c][k]
				}
				if total != 32 {
					t.Fatalf("%s has %d pieces after %s: %s", c, total, m.UCI(), g.FEN())
				}
				if now[c] != start[c] {
					t.Fatalf("%s's material by kind changed after %s: %v, was %v; %s", c, m.UCI(), now[c], start[c], g.FEN())
				}
			}
		}
	})
}
