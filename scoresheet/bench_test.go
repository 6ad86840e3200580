package scoresheet

import (
	"tandem/bughouse"
	"testing"
)

// benchSheet returns a sheet with n moves on each board (random legal
// moves, the same each time).
func benchSheet(b *testing.B, n int) *Sheet {
	s := newSheet(b, "fics", "")
	seed := uint32(1)
	for i := 0; i < 2*n; i++ {
		bd := bughouse.Board(i & 1)
		p, _ := s.Position(bd, s.Len(bd))
		if len(p.Legal) == 0 {
			break
		}
		seed = seed*1664525 + 1013904223
		s.Enter(bd, p.Legal[int(seed>>8)%len(p.Legal)], 0)
	}
	return s
}

// Entering one move (parse, check, SAN, play): what the console does per
// POST /api/move.
func BenchmarkEnter(b *testing.B) {
	s := benchSheet(b, 30)
	p, _ := s.Position(bughouse.BoardA, s.Len(bughouse.BoardA))
	if len(p.Legal) == 0 {
		b.Skip("no legal move in the benchmark position")
	}
	u := p.Legal[0]
	b.ResetTimer()
	for b.Loop() {
		s.Enter(bughouse.BoardA, u, 0)
		s.TakeBack(bughouse.BoardA)
	}
}

// The claim view's position at the first move of a 60-move sheet: a
// replay of every entry before it.
func BenchmarkPositionEarly(b *testing.B) {
	s := benchSheet(b, 30)
	b.ResetTimer()
	for b.Loop() {
		s.Position(bughouse.BoardA, 1)
	}
}
