package board

import (
	"fmt"
	"strings"

	"tandem/rules"
)

// Game is a bughouse match's two boards, A and B, with the four reserves
// (each Position holds its two players' reserves). Captures go to the
// capturer's partner (Art 10), promoted pieces as pawns (Art 14); under
// promotion = steal the promoted piece is taken from the partner's
// opponent, who receives the pawn (seed 003). The zero Game is not
// playable: use NewGame or ParseGameFEN.
type Game struct {
	Boards [2]Position
}

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
func (g *Game) Board(b rules.Board) *Position { return &g.Boards[b&1] }

// Reserve returns the reserve of seat s as letters, queen first ("QNp"
// style: White upper case, Black lower case).
func (g *Game) Reserve(s rules.Seat) string {
	return g.Boards[s.Board()].Reserve(Color(s.Color()))
}

// Play reads text (as Position.ParseMove) as the move of seat s and plays
// it: a capture goes to the partner's reserve and a steal promotion takes
// its piece from the other board. Errors are *IllegalError: not s's turn,
// not a legal move, or a steal with no piece to take; the game is then
// unchanged.
func (g *Game) Play(s rules.Seat, text string) (Move, error) {
	if s > rules.BBlack {
		return NoMove, &IllegalError{Move: text, Reason: fmt.Sprintf("no seat %d; seats are A-white, A-black, B-white, B-black", s)}
	}
	p := &g.Boards[s.Board()]
	us := Color(s.Color())
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
// board) on board b and routes its capture to the partner. text is only
// used in an error. Under promotion = steal it fails, changing nothing,
// when the partner's opponent has no such piece that may be taken.
func (g *Game) Make(b rules.Board, m Move, text string) error {
	p := &g.Boards[b&1]
	o := &g.Boards[(b&1)^1]
	us := p.side
	if k := m.Promotion(); k != NoKind && p.rules.Promotion == rules.PromotionSteal {
		from, ok := o.stealable(us, k)
		if !ok {
			return &IllegalError{Move: text, Reason: fmt.Sprintf("%s on board %s has no %s that may be taken", us, rules.Board(b^1), k), Rule: "promotion = steal, seed 003"}
		}
		o.remove(from)
		o.promoted &^= bit(from)
		o.dropped &^= bit(from)
		o.hand[us][Pawn]++
	}
	u := p.Make(m)
	if pc := u.Gained(); pc != 0 && p.rules.Variant == Bughouse {
		if o.hand[pc.Color()][pc.Kind()] < MaxHand {
			o.hand[pc.Color()][pc.Kind()]++
		}
	}
	return nil
}

// stealable returns the square of a piece of kind k and color c on this
// board that a steal promotion may take: the lowest square whose removal
// does not put the king of c's opponent (the promoter's partner) in
// check.
func (p *Position) stealable(c Color, k Kind) (Square, bool) {
	victimOpp := c.Other()
	ksq := p.kingSq(victimOpp)
	before := p.attackers(ksq, c, p.occ()) != 0
	for b := p.bb[c][k]; b != 0; b &= b - 1 {
		s := lsb(b)
		q := *p
		q.remove(s)
		if before || q.attackers(ksq, c, q.occ()) == 0 {
			return s, true
		}
	}
	return NoSquare, false
}
