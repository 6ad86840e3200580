package board

import "tandem/bughouse"

// Variant says where captured pieces go.
type Variant uint8

const (
	// Bughouse: a captured piece goes to the capturer's partner, on the
	// other board (Art 10). A lone Position hands it to its Game, or drops
	// it when it has none (a bughouse perft).
	Bughouse Variant = iota
	// Crazyhouse: a captured piece changes color and goes to the
	// capturer's own reserve (the zh-perft.txt reference counts).
	Crazyhouse
)

// String returns "bughouse" or "crazyhouse".
func (v Variant) String() string {
	if v == Crazyhouse {
		return "crazyhouse"
	}
	return "bughouse"
}

// Rules are the board options of docs/rules.md ("Board rules"), as the board
// engine needs them: a preset's are its rules.Options' (which embed them);
// the zero Rules are not playable (their drop ranks are empty).
type Rules struct {
	// Variant says where captures go (bughouse: the partner; crazyhouse:
	// the own hand).
	Variant Variant
	// DropCheck: may a drop give check (allowed, no-mate, forbidden).
	DropCheck DropCheck
	// PawnDropRanks and PieceDropRanks: inclusive ranks, counted from the
	// dropper's side, where pawns and other pieces may be dropped. A pawn
	// is never dropped on the 8th rank whatever the range says: it could
	// never move (FIDE Art 3.7 has no pawn on its last rank).
	PawnDropRanks, PieceDropRanks Ranks
	// Mate: which interpositions count when judging mate (Art 23).
	Mate MateRule
	// Promotion: upgrade, or steal from the partner's opponent (seed 003).
	// A lone Position promotes in both cases; Game carries out the steal.
	Promotion Promotion
	// CastleDroppedRook: a rook dropped on its original square may castle
	// while the king has not moved (FICS, seed 004).
	CastleDroppedRook bool
	// DroppedPawnDoubleStep: a pawn dropped on its 2nd rank may advance two
	// squares (Art 19).
	DroppedPawnDoubleStep bool
	// Stalemate: what a player with no legal move and no check means.
	Stalemate StalemateRule
}

// CrazyhouseRules are the rules of the crazyhouse reference counts
// (docs/rules.md "Test data"): drops may check and mate, pawns on ranks 2-7,
// mate and stalemate as in chess, captures to the own hand, castling only
// with the original rook.
var CrazyhouseRules = Rules{
	Variant: Crazyhouse, DropCheck: DropCheckAllowed,
	PawnDropRanks: Ranks{2, 7}, PieceDropRanks: Ranks{1, 8},
	Mate: MateReserve, Promotion: PromotionUpgrade,
	CastleDroppedRook: false, DroppedPawnDoubleStep: true, Stalemate: StalemateDraw,
}

// dropMasks returns where each kind may be dropped by each color.
func (r *Rules) dropMasks() (m [2][7]uint64) {
	for c := bughouse.White; c <= bughouse.Black; c++ {
		var pawns, pieces uint64
		for rk := 1; rk <= 8; rk++ {
			if r.PawnDropRanks[0] <= rk && rk <= r.PawnDropRanks[1] && rk < 8 {
				pawns |= rankMask[c][rk]
			}
			if r.PieceDropRanks[0] <= rk && rk <= r.PieceDropRanks[1] {
				pieces |= rankMask[c][rk]
			}
		}
		m[c][Pawn] = pawns
		for k := Knight; k <= Queen; k++ {
			m[c][k] = pieces
		}
	}
	return m
}
