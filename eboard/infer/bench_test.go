package infer_test

import (
	"testing"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard/eboardtest"
	"tandem/eboard/infer"
)

// benchGame is a middlegame with reserves under fics (drops may check),
// the board after Nxc3 as an e-board shows it.
func benchGame(b *testing.B) (*board.Game, infer.Squares, []eboardtest.Change) {
	g := gameOf(b, "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[NPpb] b KQkq - 0 1", "fics")
	p := g.Board(bughouse.BoardA)
	m, err := p.ParseMove("Nxc3")
	if err != nil {
		b.Fatal(err)
	}
	cs := eboardtest.Motions(p, m, 0, nil)
	seen := infer.SquaresOf(p)
	eboardtest.Apply(&seen, cs)
	return g, seen, cs
}

// BenchmarkExplain: the inference of one change, a capture in a
// middlegame with reserves: the board matched against the position
// (goal: well under a millisecond on a Pi; docs/performance.md).
func BenchmarkExplain(b *testing.B) {
	g, seen, _ := benchGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if f := infer.Explain(g, bughouse.BoardA, &seen); f.Verdict != infer.Found {
			b.Fatal(f.Reason)
		}
	}
}

// BenchmarkExplainUnexplained: a board no move explains (two moves), the
// alert's reason and squares included.
func BenchmarkExplainUnexplained(b *testing.B) {
	g, seen, _ := benchGame(b)
	seen[0], seen[16] = 0, seen[0] // the rook a1 to a3 as well
	b.ReportAllocs()
	for b.Loop() {
		if f := infer.Explain(g, bughouse.BoardA, &seen); f.Verdict != infer.Unexplained {
			b.Fatal("explained")
		}
	}
}

// BenchmarkTrackerMove: one move as the table handles it: its square
// changes reported, then the press that commits it.
func BenchmarkTrackerMove(b *testing.B) {
	g, _, cs := benchGame(b)
	start := infer.SquaresOf(g.Board(bughouse.BoardA))
	tr := infer.NewTracker(bughouse.BoardA)
	b.ReportAllocs()
	for b.Loop() {
		tr.Set(0, &start)
		for i, c := range cs {
			tr.Put(time.Duration(i+1), c.Square, c.Piece)
		}
		if out := tr.Press(time.Second, bughouse.ABlack, g); out.Enter == nil {
			b.Fatal("nothing entered")
		}
	}
}
