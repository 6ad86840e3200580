package eboard_test

import (
	"testing"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard"
	"tandem/eboard/infer"
)

// TestOrientation_Fields: field 0 is a8 and 63 h1 the right way round,
// h1 and a8 turned; f3 is field 45 (the protocol's example).
func TestOrientation_Fields(t *testing.T) {
	for _, c := range []struct {
		o     eboard.Orientation
		field byte
		sq    string
	}{
		{eboard.Normal, 0, "a8"}, {eboard.Normal, 7, "h8"}, {eboard.Normal, 8, "a7"}, {eboard.Normal, 63, "h1"},
		{eboard.Normal, 45, "f3"}, {eboard.Unknown, 45, "f3"},
		{eboard.Rotated, 0, "h1"}, {eboard.Rotated, 63, "a8"}, {eboard.Rotated, 45, "c6"},
	} {
		if got := c.o.Square(c.field).String(); got != c.sq {
			t.Errorf("%s field %d = %s, want %s", c.o, c.field, got, c.sq)
		}
	}
	for _, o := range []eboard.Orientation{eboard.Normal, eboard.Rotated} {
		for f := range byte(64) {
			if back := o.Field(o.Square(f)); back != f {
				t.Fatalf("%s: field %d -> %s -> %d", o, f, o.Square(f), back)
			}
		}
	}
	if eboard.Normal.Square(64) != board.NoSquare {
		t.Error("field 64 is a square")
	}
}

// TestPiece_Codes: the protocol's codes both ways.
func TestPiece_Codes(t *testing.T) {
	want := []string{"-", "P", "R", "N", "B", "K", "Q", "p", "r", "n", "b", "k", "q"}
	for code, l := range want {
		p, ok := eboard.Piece(byte(code))
		if !ok {
			t.Fatalf("code %d refused", code)
		}
		got := "-"
		if p != 0 {
			got = string(p.Letter())
		}
		if got != l || eboard.Code(p) != byte(code) {
			t.Errorf("code %d = %s (back %d), want %s", code, got, eboard.Code(p), l)
		}
	}
	if _, ok := eboard.Piece(13); ok {
		t.Error("code 13 is a piece")
	}
}

func fieldsOf(s *infer.Squares, o eboard.Orientation) [64]byte {
	var f [64]byte
	for sq := board.Square(0); sq < 64; sq++ {
		f[o.Field(sq)] = eboard.Code(s[sq])
	}
	return f
}

// TestDetect: the start position either way round is found; any other
// position is not, and Guess takes the nearer one to the sheet.
func TestDetect(t *testing.T) {
	for _, o := range []eboard.Orientation{eboard.Normal, eboard.Rotated} {
		f := fieldsOf(&infer.StartSquares, o)
		if got := eboard.Detect(&f); got != o {
			t.Errorf("start %s detected %s", o, got)
		}
		s := infer.StartSquares
		s[12], s[28] = 0, board.MakePiece(bughouse.White, board.Pawn) // e4 played
		f = fieldsOf(&s, o)
		if got := eboard.Detect(&f); got != eboard.Unknown {
			t.Errorf("after e4 %s detected %s", o, got)
		}
		if got := eboard.Guess(&f, &infer.StartSquares); got != o {
			t.Errorf("guess %s, want %s", got, o)
		}
	}
}
