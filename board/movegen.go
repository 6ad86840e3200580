package board

import "tandem/bughouse"

// MaxMoves bounds the legal moves and drops of any position: at most 218
// board moves and 5 kinds x 64 squares of drops.
const MaxMoves = 218 + 5*64

// MoveList is a fixed-size list of moves, kept on the caller's stack so
// that move generation allocates nothing.
type MoveList struct {
	// N is the number of moves in the list.
	N int
	// Moves[:N] are the moves, in generation order.
	Moves [MaxMoves]Move
}

// Slice returns the moves in the list (a view of the list's array).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}

// genState is what every generator needs about the side to move.
type genState struct {
	us, them bughouse.Color
	ksq      Square
	occ      uint64
	checkers uint64
	pinned   uint64
	target   uint64 // where a non-king board move may go
	dropTo   uint64 // where a drop may go (before the kind's rank mask)
}

func (p *Position) state() (g genState, ok bool) {
	g.us, g.them = p.side, p.side.Other()
	if p.bb[g.us][King] == 0 {
		return g, false
	}
	g.ksq = p.kingSq(g.us)
	g.occ = p.occ()
	g.checkers = p.attackers(g.ksq, g.them, g.occ)
	g.target = ^p.bb[g.us][NoKind]
	g.dropTo = ^g.occ
	if g.checkers != 0 {
		c := lsb(g.checkers)
		g.target = between[g.ksq][c] | bit(c)
		g.dropTo = between[g.ksq][c]
		if g.checkers&(g.checkers-1) != 0 {
			g.target, g.dropTo = 0, 0
		}
	}
	// Pinned pieces: own pieces alone between the king and an enemy slider.
	them := &p.bb[g.them]
	snipers := (rookAtt(g.ksq, 0) & (them[Rook] | them[Queen])) | (bishopAtt(g.ksq, 0) & (them[Bishop] | them[Queen]))
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[g.ksq][lsb(snipers)] & g.occ
		if b != 0 && b&(b-1) == 0 && b&p.bb[g.us][NoKind] != 0 {
			g.pinned |= b
		}
	}
	return g, true
}

// genBoard appends the legal board moves (not drops) to l.
func (p *Position) genBoard(g *genState, l *MoveList) {
	us, them := g.us, g.them
	own := &p.bb[us]
	// King moves: the king must not step onto an attacked square; it is
	// taken off the board first so that it does not shield itself.
	occK := g.occ &^ bit(g.ksq)
	for b := kingAtt[g.ksq] &^ own[NoKind]; b != 0; b &= b - 1 {
		to := lsb(b)
		if p.attackers(to, them, occK) == 0 {
			l.add(mkMove(g.ksq, to, NoKind, flagNormal))
		}
	}
	if g.target == 0 {
		return // double check: only the king moves
	}
	for b := own[Knight] &^ g.pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		for t := knightAtt[from] & g.target; t != 0; t &= t - 1 {
			l.add(mkMove(from, lsb(t), NoKind, flagNormal))
		}
	}
	for b := own[Bishop] | own[Queen]; b != 0; b &= b - 1 {
		from := lsb(b)
		t := bishopAtt(from, g.occ) & g.target
		if g.pinned&bit(from) != 0 {
			t &= line[g.ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			l.add(mkMove(from, lsb(t), NoKind, flagNormal))
		}
	}
	for b := own[Rook] | own[Queen]; b != 0; b &= b - 1 {
		from := lsb(b)
		t := rookAtt(from, g.occ) & g.target
		if g.pinned&bit(from) != 0 {
			t &= line[g.ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			l.add(mkMove(from, lsb(t), NoKind, flagNormal))
		}
	}
	p.genPawns(g, l)
	if g.checkers == 0 {
		p.genCastles(g, l)
	}
}

func (p *Position) genPawns(g *genState, l *MoveList) {
	us, them := g.us, g.them
	fwd := 8
	last := 7
	if us == bughouse.Black {
		fwd, last = -8, 0
	}
	enemy := p.bb[them][NoKind]
	for b := p.bb[us][Pawn]; b != 0; b &= b - 1 {
		from := lsb(b)
		mask := g.target
		if g.pinned&bit(from) != 0 {
			mask &= line[g.ksq][from]
		}
		one := Square(int(from) + fwd)
		if g.occ&bit(one) == 0 {
			if mask&bit(one) != 0 {
				addPawn(l, from, one, last)
			}
			// Two squares from the 2nd rank: not for a pawn dropped there
			// when dropped_pawn_double_step is off (Art 19).
			if relRank(us, from) == 2 && (p.rules.DroppedPawnDoubleStep || p.dropped&bit(from) == 0) {
				two := Square(int(one) + fwd)
				if g.occ&bit(two) == 0 && mask&bit(two) != 0 {
					l.add(mkMove(from, two, NoKind, flagDouble))
				}
			}
		}
		for t := pawnAtt[us][from] & enemy & mask; t != 0; t &= t - 1 {
			addPawn(l, from, lsb(t), last)
		}
		if p.ep != NoSquare && pawnAtt[us][from]&bit(p.ep) != 0 && p.epLegal(g, from) {
			l.add(mkMove(from, p.ep, NoKind, flagEnPassant))
		}
	}
}

// epLegal checks an en-passant capture by the pawn on from by playing it
// on the occupancy: two pawns leave a rank at once, which pin tables miss.
func (p *Position) epLegal(g *genState, from Square) bool {
	capSq := p.ep ^ 8
	occ := g.occ&^bit(from)&^bit(capSq) | bit(p.ep)
	them := &p.bb[g.them]
	att := (pawnAtt[g.us][g.ksq] & them[Pawn] &^ bit(capSq)) | (knightAtt[g.ksq] & them[Knight]) |
		(bishopAtt(g.ksq, occ) & (them[Bishop] | them[Queen])) | (rookAtt(g.ksq, occ) & (them[Rook] | them[Queen]))
	return att == 0
}

func addPawn(l *MoveList, from, to Square, last int) {
	if to.Rank() == last {
		for k := Queen; k >= Knight; k-- {
			l.add(mkMove(from, to, k, flagPromotion))
		}
		return
	}
	l.add(mkMove(from, to, NoKind, flagNormal))
}

func (p *Position) genCastles(g *genState, l *MoveList) {
	rights := p.castleRights()
	base := Square(0)
	kb, qb := uint8(castleWK), uint8(castleWQ)
	if g.us == bughouse.Black {
		base, kb, qb = 56, castleBK, castleBQ
	}
	if g.ksq != base+4 || rights&(kb|qb) == 0 {
		return
	}
	rook := MakePiece(g.us, Rook)
	if rights&kb != 0 && p.sq[base+7] == rook && g.occ&(bit(base+5)|bit(base+6)) == 0 &&
		p.attackers(base+5, g.them, g.occ) == 0 && p.attackers(base+6, g.them, g.occ) == 0 {
		l.add(mkMove(base+4, base+6, NoKind, flagCastle))
	}
	if rights&qb != 0 && p.sq[base] == rook && g.occ&(bit(base+1)|bit(base+2)|bit(base+3)) == 0 &&
		p.attackers(base+3, g.them, g.occ) == 0 && p.attackers(base+2, g.them, g.occ) == 0 {
		l.add(mkMove(base+4, base+2, NoKind, flagCastle))
	}
}

// dropSquares returns where a piece of kind k may be dropped now, given
// that the reserve holds one, under the rank and drop_check options. The
// no-mate option is not applied here (it needs a search: noMateOK).
func (p *Position) dropSquares(g *genState, k Kind) uint64 {
	m := g.dropTo & p.drop[g.us][k]
	if m != 0 && p.rules.DropCheck == DropCheckForbidden {
		m &^= p.checkSquares(g, k)
	}
	return m
}

// checkSquares returns the squares from which a piece of kind k of the
// side to move would attack the enemy king.
func (p *Position) checkSquares(g *genState, k Kind) uint64 {
	ek := p.bb[g.them][King]
	if ek == 0 {
		return 0
	}
	return attacksOf(g.them, k, lsb(ek), g.occ)
}

func (p *Position) genDrops(g *genState, l *MoveList) {
	if g.dropTo == 0 {
		return
	}
	for k := Pawn; k <= Queen; k++ {
		if p.hand[g.us][k] == 0 {
			continue
		}
		for t := p.dropSquares(g, k); t != 0; t &= t - 1 {
			m := NewDrop(k, lsb(t))
			if p.rules.DropCheck == DropCheckNoMate && !p.noMateOK(g, m) {
				continue
			}
			l.add(m)
		}
	}
}

// noMateOK reports whether drop m is allowed under drop_check = no-mate:
// it may check but must not mate (judged with Status under the rules).
func (p *Position) noMateOK(g *genState, m Move) bool {
	if p.checkSquares(g, m.Dropped())&bit(m.To()) == 0 {
		return true
	}
	// A mate test may meet more checking drops (a drop that blocks by
	// giving check back); past noMateDepth such a drop is taken as not
	// mating, so that the search stays bounded.
	if p.nested >= noMateDepth {
		return true
	}
	p.nested++
	u := p.Make(m)
	st := p.Status()
	p.Unmake(m, &u)
	p.nested--
	return st != Checkmate
}

// noMateDepth bounds the nested mate tests of drop_check = no-mate.
const noMateDepth = 3

// LegalMoves fills l with every legal move and drop of the side to move
// under the position's rules: board moves first, then drops by kind
// (pawn to queen) and square. It allocates nothing. A position without a
// king for the side to move has no legal move.
func (p *Position) LegalMoves(l *MoveList) {
	l.N = 0
	g, ok := p.state()
	if !ok {
		return
	}
	p.genBoard(&g, l)
	p.genDrops(&g, l)
}

// CountLegal returns the number of legal moves and drops, as
// len(LegalMoves) would, without listing the drops when the options allow
// counting them (perft's leaves).
func (p *Position) CountLegal() int {
	var l MoveList
	g, ok := p.state()
	if !ok {
		return 0
	}
	p.genBoard(&g, &l)
	if p.rules.DropCheck == DropCheckNoMate {
		p.genDrops(&g, &l)
		return l.N
	}
	n := l.N
	if g.dropTo != 0 {
		for k := Pawn; k <= Queen; k++ {
			if p.hand[g.us][k] != 0 {
				n += popcount(p.dropSquares(&g, k))
			}
		}
	}
	return n
}

// IsLegal reports whether m is legal for the side to move.
func (p *Position) IsLegal(m Move) bool {
	g, ok := p.state()
	if !ok {
		return false
	}
	if m.IsDrop() {
		k := m.Dropped()
		if k < Pawn || k > Queen || p.hand[g.us][k] == 0 || p.dropSquares(&g, k)&bit(m.To()) == 0 {
			return false
		}
		return p.rules.DropCheck != DropCheckNoMate || p.noMateOK(&g, m)
	}
	pc := p.sq[m.From()]
	if pc == 0 || pc.Color() != g.us {
		return false
	}
	var l MoveList
	p.genPieceMoves(&g, m.From(), m.To(), &l)
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

// genPieceMoves appends the legal moves of the piece on from that could
// be to: only moves to that square are generated, unless to is the
// en-passant square or a castling destination (generated apart).
func (p *Position) genPieceMoves(g *genState, from, to Square, l *MoveList) {
	var all MoveList
	gt := *g
	if to != p.ep && p.sq[from].Kind() != King {
		gt.target &= bit(to)
	}
	p.genBoard(&gt, &all)
	for _, m := range all.Slice() {
		if m.From() == from {
			l.add(m)
		}
	}
}
