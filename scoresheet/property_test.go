package scoresheet

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/rules"
)

// Random games on both boards under every preset: every earlier position
// reads back as it was when its next move was entered, Test of a recorded
// move gives the recorded move, a refused entry or take back changes
// nothing, and a take back leaves the sheet a fresh sheet of the remaining
// moves would be.
func TestProperty_SheetHistory(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(rules.PresetNames()).Draw(t, "preset")
		s := newSheet(t, name, "")
		before := map[[2]int]string{} // (board, ply) -> game FEN when it was entered
		for step := 0; step < 60; step++ {
			b := bughouse.Board(rapid.IntRange(0, 1).Draw(t, "board"))
			if rapid.IntRange(0, 9).Draw(t, "takeback") == 0 {
				checkTakeBack(t, s, b, name)
				for k := range before {
					delete(before, k) // plies renumber: start the history again
				}
				continue
			}
			p, err := s.Position(b, s.Len(b))
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Legal) == 0 {
				continue
			}
			u := rapid.SampledFrom(p.Legal).Draw(t, "move")
			fen := s.FEN()
			m, err := s.Enter(b, u, 0)
			if err != nil {
				// Only a steal promotion with nothing to take may fail.
				if s.FEN() != fen {
					t.Fatalf("refused %s changed the sheet", u)
				}
				continue
			}
			if m.UCI != u || m.Ply != s.Len(b) {
				t.Fatalf("entered %s, got %+v", u, m)
			}
			before[[2]int{int(b), m.Ply}] = fen
		}
		for _, m := range s.Moves() {
			fen, ok := before[[2]int{int(m.Board), m.Ply}]
			if !ok {
				continue
			}
			p, err := s.Position(m.Board, m.Ply-1)
			if err != nil {
				t.Fatal(err)
			}
			if p.GameFEN != fen {
				t.Fatalf("%s: position before it %s, was %s", m.String(), p.GameFEN, fen)
			}
			if p.Next == nil || *p.Next != m {
				t.Fatalf("%s: next %+v", m.String(), p.Next)
			}
			got, err := s.Test(m.Board, m.Ply-1, m.UCI)
			if err != nil || got.SAN != m.SAN || got.Seat != m.Seat {
				t.Fatalf("%s: Test gives %+v %v", m.String(), got, err)
			}
		}
	})
}

func checkTakeBack(t *rapid.T, s *Sheet, b bughouse.Board, name string) {
	fen, moves := s.FEN(), s.Moves()
	taken, err := s.TakeBack(b)
	var tb *TakeBackError
	switch {
	case errors.Is(err, ErrNoMove):
		if s.Len(b) != 0 {
			t.Fatalf("ErrNoMove with %d moves", s.Len(b))
		}
		return
	case errors.As(err, &tb):
		if s.FEN() != fen || len(s.Moves()) != len(moves) {
			t.Fatal("a refused take back changed the sheet")
		}
		if tb.Later.Board == b {
			t.Fatalf("refused for a move of the same board: %v", tb)
		}
		return
	case err != nil:
		t.Fatal(err)
	}
	if n := len(moves); moves[n-1].Board == b {
		// The last entry: the sheet is back where it was before it.
		p, _ := s.Position(b, s.Len(b))
		if taken != moves[n-1] || p.Next != nil {
			t.Fatalf("took %+v, last was %+v", taken, moves[n-1])
		}
	}
	fresh := newSheet(t, name, "")
	for _, m := range s.Moves() {
		if _, err := fresh.Enter(m.Board, m.SAN, m.At); err != nil {
			t.Fatalf("the remaining moves do not replay: %v", err)
		}
	}
	if fresh.FEN() != s.FEN() {
		t.Fatalf("after take back %s, the remaining moves give %s", s.FEN(), fresh.FEN())
	}
}
