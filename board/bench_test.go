package board

import "testing"

const benchFEN = "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[NPp] b KQkq - 0 1"

// BenchmarkParseMove: the legality check of one move as an arbiter's
// console does it: text in, legal move or reason out (goal <= 2 us).
func BenchmarkParseMove(b *testing.B) {
	p, err := ParseFEN(benchFEN, rulesFor(b, "fics"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.ParseMove("Nxc3"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIsLegal: the legality check of one encoded move.
func BenchmarkIsLegal(b *testing.B) {
	p, _ := ParseFEN(benchFEN, rulesFor(b, "fics"))
	m, _ := p.ParseMove("Nxc3")
	b.ReportAllocs()
	for b.Loop() {
		if !p.IsLegal(m) {
			b.Fatal("Nxc3 refused")
		}
	}
}

// BenchmarkLegalMoves: every legal move and drop of a middlegame.
func BenchmarkLegalMoves(b *testing.B) {
	p, _ := ParseFEN(benchFEN, rulesFor(b, "fics"))
	var l MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.LegalMoves(&l)
	}
}

// BenchmarkPerft: nodes per second of a crazyhouse perft (zh-middlegame,
// depth 4: 2 083 382 nodes).
func BenchmarkPerft(b *testing.B) {
	p, _ := ParseFEN("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", CrazyhouseRules)
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n += p.Perft(4)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
}
