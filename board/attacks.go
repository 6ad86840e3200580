package board

import (
	"math/bits"
	"tandem/bughouse"
)

// Attack tables, built once at package initialisation (about 70 KiB, a
// fraction of a millisecond). Sliders use the classical ray method: the
// ray from a square in one direction, cut at the first blocker found
// with a bit scan. It needs no large tables (magic bitboards would need
// ~800 KiB and a search at start-up) and is fast enough for the goals in
// docs/board.md.

const (
	rankMask1 = 0x00000000000000FF
	fileA     = 0x0101010101010101
	fileH     = fileA << 7
)

var (
	knightAtt [64]uint64
	kingAtt   [64]uint64
	pawnAtt   [2][64]uint64 // squares a pawn of that color on s attacks
	// rays[d][s]: squares from s in direction d, s excluded. Directions
	// 0-3 increase the index (N, E, NE, NW), 4-7 decrease it (S, W, SW, SE).
	rays [8][64]uint64
	// between[a][b]: squares strictly between a and b on a line, else 0.
	between [64][64]uint64
	// line[a][b]: the whole line through a and b (both included), else 0.
	line [64][64]uint64
	// rankMask[c][r]: the squares on rank r (1-8) counted from c's side.
	rankMask [2][9]uint64
)

var dirs = [8][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if on(f+d[0], r+d[1]) {
				knightAtt[s] |= bit(Sq(f+d[0], r+d[1]))
			}
		}
		for _, d := range dirs {
			if on(f+d[0], r+d[1]) {
				kingAtt[s] |= bit(Sq(f+d[0], r+d[1]))
			}
		}
		for _, df := range []int{-1, 1} {
			if on(f+df, r+1) {
				pawnAtt[bughouse.White][s] |= bit(Sq(f+df, r+1))
			}
			if on(f+df, r-1) {
				pawnAtt[bughouse.Black][s] |= bit(Sq(f+df, r-1))
			}
		}
		for i, d := range dirs {
			for ff, rr := f+d[0], r+d[1]; on(ff, rr); ff, rr = ff+d[0], rr+d[1] {
				rays[i][s] |= bit(Sq(ff, rr))
			}
		}
	}
	for a := Square(0); a < 64; a++ {
		for i := range dirs {
			for b := rays[i][a]; b != 0; b &= b - 1 {
				t := lsb(b)
				between[a][t] = rays[i][a] &^ rays[i][t] &^ bit(t)
				opp := (i + 4) % 8
				line[a][t] = rays[i][a] | rays[opp][a] | bit(a)
			}
		}
	}
	for r := 1; r <= 8; r++ {
		rankMask[bughouse.White][r] = rankMask1 << (8 * (r - 1))
		rankMask[bughouse.Black][r] = rankMask1 << (8 * (8 - r))
	}
}

func on(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// rayAtt returns the squares attacked from s along direction d given the
// occupancy occ: the ray up to and including the first blocker.
func rayAtt(d int, s Square, occ uint64) uint64 {
	r := rays[d][s]
	b := r & occ
	if b == 0 {
		return r
	}
	var t int
	if d < 4 {
		t = bits.TrailingZeros64(b)
	} else {
		t = 63 - bits.LeadingZeros64(b)
	}
	return r &^ rays[d][t]
}

func rookAtt(s Square, occ uint64) uint64 {
	return rayAtt(0, s, occ) | rayAtt(1, s, occ) | rayAtt(4, s, occ) | rayAtt(5, s, occ)
}

func bishopAtt(s Square, occ uint64) uint64 {
	return rayAtt(2, s, occ) | rayAtt(3, s, occ) | rayAtt(6, s, occ) | rayAtt(7, s, occ)
}

// attacksOf returns the squares a piece of kind k and color c on s attacks.
func attacksOf(c bughouse.Color, k Kind, s Square, occ uint64) uint64 {
	switch k {
	case Pawn:
		return pawnAtt[c][s]
	case Knight:
		return knightAtt[s]
	case Bishop:
		return bishopAtt(s, occ)
	case Rook:
		return rookAtt(s, occ)
	case Queen:
		return bishopAtt(s, occ) | rookAtt(s, occ)
	case King:
		return kingAtt[s]
	}
	return 0
}
