package eboard

import (
	"fmt"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard/infer"
)

// Orientation says which way round a board stands.
type Orientation uint8

const (
	// Unknown: not yet found (no start position seen).
	Unknown Orientation = iota
	// Normal: field 0 is a8, as seen by White (the protocol's numbering).
	Normal
	// Rotated: the board stands turned 180 degrees: field 0 is h1.
	Rotated
)

// String returns "unknown", "normal" or "rotated".
func (o Orientation) String() string {
	switch o {
	case Normal:
		return "normal"
	case Rotated:
		return "rotated"
	}
	return "unknown"
}

// ParseOrientation reads "auto" (Unknown: found from the start
// position), "normal" or "rotated".
func ParseOrientation(s string) (Orientation, error) {
	switch s {
	case "auto", "":
		return Unknown, nil
	case "normal":
		return Normal, nil
	case "rotated":
		return Rotated, nil
	}
	return Unknown, fmt.Errorf("orientation %q: write auto, normal or rotated", s)
}

// Square returns the square of field f (0-63) on a board standing o
// (Unknown counts as Normal), or board.NoSquare for a field out of range.
func (o Orientation) Square(f byte) board.Square {
	if f >= 64 {
		return board.NoSquare
	}
	file, rank := int(f%8), 7-int(f/8)
	if o == Rotated {
		file, rank = 7-file, 7-rank
	}
	return board.Sq(file, rank)
}

// Field returns the field of square s on a board standing o: Square's
// inverse.
func (o Orientation) Field(s board.Square) byte {
	file, rank := s.File(), s.Rank()
	if o == Rotated {
		file, rank = 7-file, 7-rank
	}
	return byte((7-rank)*8 + file)
}

// Piece returns the piece of a protocol piece code (0 empty; white 1
// pawn, 2 rook, 3 knight, 4 bishop, 5 king, 6 queen; black 7-12 the same),
// and false for a code that names no piece.
func Piece(code byte) (board.Piece, bool) {
	if code == 0 {
		return 0, true
	}
	if code > 12 {
		return 0, false
	}
	c := bughouse.White
	if code > 6 {
		c, code = bughouse.Black, code-6
	}
	k := [...]board.Kind{0, board.Pawn, board.Rook, board.Knight, board.Bishop, board.King, board.Queen}[code]
	return board.MakePiece(c, k), true
}

// Code returns the protocol's code of piece p (0 for no piece).
func Code(p board.Piece) byte {
	if p == 0 {
		return 0
	}
	c := [...]byte{0, 1, 3, 4, 2, 6, 5}[p.Kind()]
	if p.Color() == bughouse.Black {
		c += 6
	}
	return c
}

// Squares returns the pieces of a board dump on a board standing o, and
// false when a code names no piece (the square is then left empty).
func Squares(fields *[64]byte, o Orientation) (infer.Squares, bool) {
	var s infer.Squares
	ok := true
	for f, code := range fields {
		p, good := Piece(code)
		ok = ok && good
		s[o.Square(byte(f))] = p
	}
	return s, ok
}

// Detect returns the orientation a board dump shows the start position
// in (the white pieces on fields 48-63: Normal; on 0-15: Rotated), and
// Unknown when it is not the start position either way.
func Detect(fields *[64]byte) Orientation {
	for _, o := range []Orientation{Normal, Rotated} {
		if s, ok := Squares(fields, o); ok && s == infer.StartSquares {
			return o
		}
	}
	return Unknown
}

// Guess returns the orientation under which a board dump is nearer to
// position sheet (fewer squares differ), for a board whose start was not
// seen (it came up in the middle of a game): Normal on a tie.
func Guess(fields *[64]byte, sheet *infer.Squares) Orientation {
	n, _ := Squares(fields, Normal)
	r, _ := Squares(fields, Rotated)
	if len(infer.Diff(sheet, &r)) < len(infer.Diff(sheet, &n)) {
		return Rotated
	}
	return Normal
}
