package board

import (
	"fmt"
	"strings"
	"tandem/bughouse"
)

// Game is a bughouse match's two boards, A and B, with the four reserves
// (each Position holds its two players' reserves). Captures go to the
// capturer's partner (Art 10), promoted pieces as pawns (Art 14); under
// promotion = steal the promoted piece is taken from the partner's
// opponent, who receives the pawn (seed 003). The zero Game is not
// playable: use NewGame or ParseGameFEN.
type Game struct {
	Boards [2]Position
	// Over marks the boards whose game is over while the other plays on
	// (match_format = both-boards, or a drawn board under Art 34): no
	// piece passes to or from an Over board any more (seed 003: "las
	// piezas de la mano pueden seguir usándose, pero no se pasan nuevas
	// piezas"), and a steal promotion next to one is an upgrade, as
	// nothing crosses between the boards.
	Over [2]bool
}

// passes reports whether pieces still cross between the boards: neither
// is Over.
func (g *Game) passes() bool { return !g.Over[0] && !g.Over[1] }

// NewGame returns two boards in the initial position, empty reserves,
// under rules r (r.Variant is taken as Bughouse).
func NewGame(r Rules) *Game {
	r.Variant = Bughouse
	g := &Game{}
	for i := range g.Boards {
		g.Boards[i] = *NewPosition(r)
	}
	return g
}

// ParseGameFEN reads "FEN-A | FEN-B" (the chess.com BPGN FEN tag's form),
// or one FEN used for both boards. Errors are *FENError.
func ParseGameFEN(s string, r Rules) (*Game, error) {
	r.Variant = Bughouse
	parts := strings.Split(s, "|")
	if len(parts) == 1 {
		parts = append(parts, parts[0])
	}
	if len(parts) != 2 {
		return nil, &FENError{FEN: s, Field: "board", Msg: "a bughouse FEN is FEN-A | FEN-B"}
	}
	g := &Game{}
	for i, f := range parts {
		p, err := ParseFEN(strings.TrimSpace(f), r)
		if err != nil {
			return nil, err
		}
		g.Boards[i] = *p
	}
	return g, nil
}

// FEN returns "FEN-A | FEN-B".
func (g *Game) FEN() string { return g.Boards[0].FEN() + " | " + g.Boards[1].FEN() }

// Board returns board b (a pointer into the game: read it, do not play on
// it directly, or captures will not reach the partner).
func (g *Game) Board(b bughouse.Board) *Position { return &g.Boards[b&1] }

// Reserve returns the reserve of seat s as letters, queen first ("QNp"
// style: White upper case, Black lower case).
func (g *Game) Reserve(s bughouse.Seat) string {
	return g.Boards[s.Board()].Reserve(bughouse.Color(s.Color()))
}

// Play reads text (as Position.ParseMove) as the move of seat s and plays
// it: a capture goes to the partner's reserve and a steal promotion takes
// its piece from the other board. Errors are *IllegalError: not s's turn,
// not a legal move, or a steal with no piece to take; the game is then
// unchanged.
func (g *Game) Play(s bughouse.Seat, text string) (Move, error) {
	if s > bughouse.BBlack {
		return NoMove, &IllegalError{Move: text, Reason: fmt.Sprintf("no seat %d; seats are A-white, A-black, B-white, B-black", s)}
	}
	p := &g.Boards[s.Board()]
	us := bughouse.Color(s.Color())
	if p.side != us {
		return NoMove, &IllegalError{Move: text, Reason: fmt.Sprintf("it is %s's turn on board %s, not %s's", p.side, s.Board(), us), Rule: ruleTurn}
	}
	m, err := p.ParseMove(text)
	if err != nil {
		return NoMove, err
	}
	if err := g.Make(s.Board(), m, text); err != nil {
		return NoMove, err
	}
	return m, nil
}

// Make plays legal move m (from Position.ParseMove or LegalMoves of that
// board) on board b and routes its capture to the partner, unless a board
// is Over (then the capture passes to no one). text is only used in an
// error. Under promotion = steal it fails, changing nothing, when the
// partner's opponent has no such piece that may be taken.
func (g *Game) Make(b bughouse.Board, m Move, text string) error {
	p := &g.Boards[b&1]
	o := &g.Boards[(b&1)^1]
	us := p.side
	if k := m.Promotion(); k != NoKind && p.rules.Promotion == PromotionSteal && g.passes() {
		from, ok := o.stealable(us, k)
		if !ok {
			return &IllegalError{Move: text, Reason: fmt.Sprintf("%s on board %s has no %s that may be taken", us, bughouse.Board(b^1), k), Rule: "promotion = steal, seed 003"}
		}
		o.remove(from)
		o.promoted &^= bit(from)
		o.dropped &^= bit(from)
		o.hand[us][Pawn]++
	}
	u := p.Make(m)
	if pc := u.Gained(); pc != 0 && p.rules.Variant == Bughouse && g.passes() {
		if o.hand[pc.Color()][pc.Kind()] < MaxHand {
			o.hand[pc.Color()][pc.Kind()]++
		}
	}
	return nil
}

// stealable returns the square of a piece of kind k and color c on this
// board that a steal promotion may take: the lowest square whose removal
// gives the king of c's opponent (the promoter's partner) no new
// attacker, and, when c is not to move here, does not leave c's own king
// in check.
//
// A steal may not expose either king of the promoting team (docs/rules.md
// notes on seed 003): the promoter's own king is guarded by the
// promotion's legality on its board, the partner's here, also when the
// partner is already in check (a second checker is an exposure too). A
// piece shielding the victim's own king may not be taken while the
// partner is to move: he could take the king, and no legal play reaches a
// position whose side not to move is in check (FIDE Art 3.9, by Art 2);
// with the victim to move the steal only checks him.
func (p *Position) stealable(c bughouse.Color, k Kind) (Square, bool) {
	victimOpp := c.Other()
	if p.bb[victimOpp][King] == 0 || p.bb[c][King] == 0 {
		return NoSquare, false
	}
	ksq, own := p.kingSq(victimOpp), p.kingSq(c)
	before := p.attackers(ksq, c, p.occ())
	for b := p.bb[c][k]; b != 0; b &= b - 1 {
		s := lsb(b)
		q := *p
		q.remove(s)
		if q.attackers(ksq, c, q.occ())&^before != 0 {
			continue
		}
		if p.side != c && q.attackers(own, victimOpp, q.occ()) != 0 {
			continue
		}
		return s, true
	}
	return NoSquare, false
}

// Status judges the player to move on board b as Position.Status does,
// within the game: under promotion = steal, a promotion whose piece
// cannot be taken from the other board (Make refuses it: seed 003,
// "another must be named") is not a move, so a player whose only moves
// are such promotions has none.
func (g *Game) Status(b bughouse.Board) Status {
	if g.canMove(b) {
		return Ongoing
	}
	return g.Boards[b&1].stuck()
}

// canMove reports whether the player to move on board b has a move or
// drop that Make carries out.
func (g *Game) canMove(b bughouse.Board) bool {
	p := &g.Boards[b&1]
	if p.rules.Promotion != PromotionSteal || !g.passes() {
		return p.CountLegal() > 0
	}
	var l MoveList
	p.LegalMoves(&l)
	o := &g.Boards[(b&1)^1]
	for _, m := range l.Slice() {
		k := m.Promotion()
		if k == NoKind {
			return true
		}
		if _, ok := o.stealable(p.side, k); ok {
			return true
		}
	}
	return false
}

// Deadlock reports whether neither board can ever move again: on both
// boards the player to move has no move or drop that Make carries out.
// Pieces reach a reserve only through captures on the other board, whose
// player to move is stuck too, so nothing can change. Each board's Status
// says why its player is stuck: MustWait in check (a check that a drop
// could block, mate = bughouse), MustWait or Stalemate out of check, or
// Checkmate.
//
// The board engine only states the fact; what it means for the match is
// the rules': the online preset's safety rule draws the match when no
// player to move on either board can ever move again (seed 002, docs/rules.md
// notes); FatICS (rule-cases.txt, bughouse-stalemate) instead makes a
// blockable mate decisive when the other board is stalemated, which no
// preset of docs/rules.md adopts.
func (g *Game) Deadlock() bool {
	return !g.canMove(bughouse.BoardA) && !g.canMove(bughouse.BoardB)
}
