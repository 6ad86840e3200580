package board

// Internals the external tests (package board_test, which may import the
// presets of package rules) look at.

// LeftInCheck reports whether the side that just moved left its own king
// attacked: no legal move ever does.
func (p *Position) LeftInCheck() bool {
	return p.attackers(p.kingSq(p.side.Other()), p.side, p.occ()) != 0
}

// RelRank is relRank: square s's rank counted from colour c's side.
var RelRank = relRank
