package board

// Status is where the side to move stands.
type Status uint8

const (
	// Ongoing: the side to move has a legal move or drop.
	Ongoing Status = iota
	// Checkmate: in check with no legal move or drop, and (under mate =
	// bughouse) no drop of any piece could ever block the check (Art 22-24).
	Checkmate
	// Stalemate: not in check and no legal move or drop, under a stalemate
	// option other than wait (its meaning is the option's: Art 34, seed
	// 004), or when no drop could ever be made.
	Stalemate
	// MustWait: no legal move or drop now, but a piece that may still
	// arrive in the reserve could be dropped: in check under mate =
	// bughouse (a blockable check), or not in check under stalemate = wait.
	// The player waits; his clock runs (Art 39).
	MustWait
)

// String returns "ongoing", "checkmate", "stalemate" or "must-wait".
func (s Status) String() string {
	return [...]string{"ongoing", "checkmate", "stalemate", "must-wait"}[s&3]
}

// Status judges the side to move under the position's rules.
func (p *Position) Status() Status {
	if p.CountLegal() > 0 {
		return Ongoing
	}
	return p.stuck()
}

// stuck judges a side to move that has no legal move or drop.
func (p *Position) stuck() Status {
	g, ok := p.state()
	if !ok {
		return Stalemate
	}
	if g.checkers != 0 {
		if p.rules.Variant == Bughouse && p.rules.Mate == MateBughouse && p.couldDrop(&g) {
			return MustWait
		}
		return Checkmate
	}
	if p.rules.Variant == Bughouse && p.rules.Stalemate == StalemateWait && p.couldDrop(&g) {
		return MustWait
	}
	return Stalemate
}

// couldDrop reports whether some drop would be legal if the reserve held
// every kind: the position is not final while a piece may still come.
func (p *Position) couldDrop(g *genState) bool {
	if g.dropTo == 0 {
		return false
	}
	for k := Pawn; k <= Queen; k++ {
		sq := p.dropSquares(g, k)
		if p.rules.DropCheck != DropCheckNoMate && sq != 0 {
			return true
		}
		for ; sq != 0; sq &= sq - 1 {
			// no-mate: a drop that would mate is not an escape. Judge it
			// with the piece lent to the reserve for the test.
			m := NewDrop(k, lsb(sq))
			p.hand[g.us][k]++
			ok := p.noMateOK(g, m)
			p.hand[g.us][k]--
			if ok {
				return true
			}
		}
	}
	return false
}
