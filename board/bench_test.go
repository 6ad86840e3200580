package board_test

import (
	"os"
	"strconv"
	"strings"
	"tandem/board"
	"testing"
)

const benchFEN = "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[NPp] b KQkq - 0 1"

// BenchmarkParseMove: the legality check of one move as an arbiter's
// console does it: text in, legal move or reason out (goal <= 2 us).
func BenchmarkParseMove(b *testing.B) {
	p, err := board.ParseFEN(benchFEN, rulesFor(b, "fics"))
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
	p, _ := board.ParseFEN(benchFEN, rulesFor(b, "fics"))
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
	p, _ := board.ParseFEN(benchFEN, rulesFor(b, "fics"))
	var l board.MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.LegalMoves(&l)
	}
}

// BenchmarkPerft: nodes per second of a crazyhouse perft (zh-middlegame,
// depth 4: 2 083 382 nodes).
func BenchmarkPerft(b *testing.B) {
	p, _ := board.ParseFEN("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", board.CrazyhouseRules)
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n += p.Perft(4)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
}

// perftPlayed is Perft with every leaf played (Make, Unmake), the way a
// perft without leaf counting works: for comparing move generation alone.
func perftPlayed(p *board.Position, d int) uint64 {
	if d <= 0 {
		return 1
	}
	var l board.MoveList
	p.LegalMoves(&l)
	var n uint64
	for _, m := range l.Slice() {
		u := p.Make(m)
		n += perftPlayed(p, d-1)
		p.Unmake(m, &u)
	}
	return n
}

// BenchmarkPerftSuite: the positions of scripts/chessops/positions.txt
// (1 097 190 nodes), counted (Perft) and with every leaf played
// (perftPlayed); the ms/suite figure compares with chessops' total.
func BenchmarkPerftSuite(b *testing.B) {
	src, err := os.ReadFile("../scripts/chessops/positions.txt")
	if err != nil {
		b.Skip("scripts/chessops/positions.txt not found")
	}
	type pos struct {
		p *board.Position
		d int
	}
	var ps []pos
	for _, line := range strings.Split(string(src), "\n") {
		fen, depth, ok := strings.Cut(line, "|")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := board.ParseFEN(fen, board.CrazyhouseRules)
		if err != nil {
			b.Fatal(err)
		}
		d, _ := strconv.Atoi(strings.TrimSpace(depth))
		ps = append(ps, pos{p, d})
	}
	for _, c := range []struct {
		name string
		f    func(*board.Position, int) uint64
	}{{"counted", (*board.Position).Perft}, {"played", perftPlayed}} {
		b.Run(c.name, func(b *testing.B) {
			var n uint64
			for b.Loop() {
				for _, x := range ps {
					n += c.f(x.p, x.d)
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N), "ms/suite")
		})
	}
}
