package board

import (
	"fmt"
	"strings"
	"tandem/bughouse"

	"tandem/internal/printable"
)

// IllegalError is a move that cannot be played here: Move is the text as
// given, Reason says why in words, Rule names the rule option or article
// it breaks (e.g. "pawn_drop_ranks [2, 6] (Art 18.1)"), "" when the text
// is not a move at all.
type IllegalError struct {
	Move, Reason, Rule string
}

// Compile-time checks: both error types are errors.
var (
	_ error = (*IllegalError)(nil)
	_ error = (*FENError)(nil)
)

// Error returns "MOVE: reason (rule)", MOVE with its control characters
// escaped (printable.Escape): it is the text as typed or read.
func (e *IllegalError) Error() string {
	mv := printable.Escape(e.Move)
	if e.Rule == "" {
		return fmt.Sprintf("%s: %s", mv, e.Reason)
	}
	return fmt.Sprintf("%s: %s (%s)", mv, e.Reason, e.Rule)
}

// Article citations (seed 000; Art 2 defers the rest to the FIDE Laws).
const (
	ruleKingInCheck = "Art 26, 28: the own king may not be left in check"
	ruleNoSuchMove  = "Art 2: the FIDE Laws, Art 3"
	ruleDropEmpty   = "Art 16: a drop goes on an empty square"
	ruleInReserve   = "Art 16, 26: only a piece in the reserve"
	ruleTurn        = "FIDE Art 1.1, by Art 2: the players move alternately"
)

// parsed is a move text taken apart.
type parsed struct {
	kind     Kind // moving or dropped kind
	drop     bool
	castle   int // 1 king side, 2 queen side
	to       Square
	fromFile int // -1 when not given
	fromRank int // -1 when not given
	promo    Kind
	uci      bool
	from     Square
}

// cleanMove strips what a record adds to a move: check and mate marks,
// annotation glyphs, a leading NAG (chess.com writes "$146@g4"), "e.p.".
func cleanMove(s string) string {
	s = strings.TrimSpace(s)
	// chess.com writes a knight drop as "$146@g4": its figurine knight
	// exported as a glyph number (the sample's reserves confirm it: at
	// 10a. $146@h3+ Black on A holds only a knight).
	if strings.HasPrefix(s, "$146@") {
		return "N" + strings.TrimRight(s[4:], "+#!?")
	}
	for strings.HasPrefix(s, "$") {
		i := 1
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		s = s[i:]
	}
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimSuffix(s, "ep")
	return strings.TrimRight(s, "+#!?")
}

func parseText(text string) (parsed, bool) {
	s := cleanMove(text)
	p := parsed{fromFile: -1, fromRank: -1}
	switch strings.ReplaceAll(s, "0", "O") {
	case "O-O", "OO":
		p.castle, p.kind = 1, King
		return p, true
	case "O-O-O", "OOO":
		p.castle, p.kind = 2, King
		return p, true
	}
	if i := strings.IndexByte(s, '@'); i >= 0 {
		// Drop: "N@f3", "P@e4", "@e3" (a pawn, chess.com).
		p.drop, p.kind = true, Pawn
		if i == 1 {
			p.kind = kindOf(s[0])
			if p.kind == NoKind || p.kind == King {
				return p, false
			}
		} else if i != 0 {
			return p, false
		}
		to, ok := ParseSquare(s[i+1:])
		p.to = to
		return p, ok
	}
	// UCI: "e2e4", "e7e8q".
	if len(s) == 4 || len(s) == 5 {
		f, ok1 := ParseSquare(s[:2])
		t, ok2 := ParseSquare(s[2:4])
		if ok1 && ok2 {
			p.uci, p.from, p.to = true, f, t
			if len(s) == 5 {
				p.promo = kindOf(s[4])
				if p.promo < Knight || p.promo > Queen {
					return p, false
				}
			}
			return p, true
		}
	}
	// SAN: drop the separators records write ("e8=Q", "e8(Q)", "Ng1-f3",
	// "exd5", "e:d5") into a buffer on the stack.
	var buf [16]byte
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '=', '(', ')', '-', ':', 'x':
		default:
			if n == len(buf) {
				return p, false
			}
			buf[n] = c
			n++
		}
	}
	b := buf[:n]
	// Promotion: "e8Q" once the separators are gone.
	if n >= 3 && b[n-2] >= '1' && b[n-2] <= '8' {
		if k := kindOf(b[n-1]); k >= Knight && k <= Queen && b[n-1] != 'b' {
			p.promo = k
			b = b[:n-1]
		}
	}
	p.kind = Pawn
	if len(b) > 0 && b[0] >= 'A' && b[0] <= 'Z' {
		p.kind = kindOf(b[0])
		if p.kind == NoKind {
			return p, false
		}
		b = b[1:]
	}
	if len(b) < 2 {
		return p, false
	}
	to, ok := squareOf(b[len(b)-2:])
	if !ok {
		return p, false
	}
	p.to = to
	for _, c := range b[:len(b)-2] {
		switch {
		case c >= 'a' && c <= 'h' && p.fromFile < 0:
			p.fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && p.fromRank < 0:
			p.fromRank = int(c - '1')
		default:
			return p, false
		}
	}
	return p, true
}

// squareOf reads a square name from two bytes.
func squareOf(b []byte) (Square, bool) {
	if len(b) != 2 || b[0] < 'a' || b[0] > 'h' || b[1] < '1' || b[1] > '8' {
		return NoSquare, false
	}
	return Sq(int(b[0]-'a'), int(b[1]-'1')), true
}

// ParseMove reads a move in SAN ("Nf3", "exd5", "e8=Q", "O-O", "N@f3",
// "P@e4"), in UCI ("g1f3", "e7e8q", "e1g1" castles) or in the dialects of
// recorded games ("xe6" for a pawn capture with its file left out,
// bughouse.pro; "@e3" for a pawn drop and "$146@g4" for a knight drop,
// chess.com; other leading "$N" glyphs are ignored) and returns it if it is legal for the side to move. Check
// and mate marks are ignored. Errors are *IllegalError saying why, with
// the rule option or article broken. It allocates nothing on success.
func (p *Position) ParseMove(text string) (Move, error) {
	pm, ok := parseText(text)
	if !ok {
		return NoMove, &IllegalError{Move: text, Reason: "not a move (SAN such as Nf3, exd5, e8=Q, O-O, N@f3, or UCI such as g1f3)"}
	}
	g, ok := p.state()
	if !ok {
		return NoMove, &IllegalError{Move: text, Reason: fmt.Sprintf("%s has no king on this board", p.side)}
	}
	if pm.drop {
		m := NewDrop(pm.kind, pm.to)
		if p.hand[g.us][pm.kind] > 0 && p.dropSquares(&g, pm.kind)&bit(pm.to) != 0 &&
			(p.rules.DropCheck != DropCheckNoMate || p.noMateOK(&g, m)) {
			return m, nil
		}
		return NoMove, p.explainDrop(text, &g, m)
	}
	var l MoveList
	gt := g
	if !pm.uci && pm.castle == 0 && pm.to != p.ep {
		// Only moves to that square can match: generate just those (the
		// king's moves and an en-passant capture are generated apart).
		gt.target &= bit(pm.to)
	}
	p.genBoard(&gt, &l)
	found, n := NoMove, 0
	for _, m := range l.Slice() {
		if pm.match(p, m) {
			found = m
			n++
		}
	}
	switch {
	case n == 1:
		return found, nil
	case n > 1:
		if !pm.uci && pm.kind == Pawn && pm.promo == NoKind && found.Promotion() != NoKind {
			return NoMove, &IllegalError{Move: text, Reason: "a promotion needs the piece, e.g. e8=Q", Rule: ruleNoSuchMove}
		}
		return NoMove, &IllegalError{Move: text, Reason: "ambiguous: more than one piece can make it; name the file or rank, e.g. Nbd2", Rule: "SAN"}
	}
	return NoMove, p.explainBoard(text, &g, &pm)
}

// match reports whether legal move m is the parsed text.
func (pm *parsed) match(p *Position, m Move) bool {
	if m.IsDrop() {
		return false
	}
	if pm.uci {
		if m.From() != pm.from || m.Promotion() != pm.promo {
			return false
		}
		if m.IsCastle() {
			rf, _ := castleRook(m.To())
			return pm.to == m.To() || pm.to == rf
		}
		return pm.to == m.To()
	}
	if pm.castle != 0 {
		return m.IsCastle() && (pm.castle == 1) == (m.To().File() == 6)
	}
	if m.To() != pm.to || p.sq[m.From()].Kind() != pm.kind || m.IsCastle() {
		return false
	}
	if pm.fromFile >= 0 && m.From().File() != pm.fromFile || pm.fromRank >= 0 && m.From().Rank() != pm.fromRank {
		return false
	}
	return pm.promo == NoKind || m.Promotion() == pm.promo
}

func ranksRule(name string, r Ranks, art string) string {
	return fmt.Sprintf("%s %v%s", name, r, art)
}

// explainDrop says why drop m is illegal.
func (p *Position) explainDrop(text string, g *genState, m Move) error {
	k, to := m.Dropped(), m.To()
	e := &IllegalError{Move: text}
	switch {
	case p.hand[g.us][k] == 0:
		e.Reason, e.Rule = fmt.Sprintf("%s has no %s in reserve", g.us, k), ruleInReserve
	case g.occ&bit(to) != 0:
		e.Reason, e.Rule = fmt.Sprintf("%s is occupied", to), ruleDropEmpty
	case k == Pawn && p.drop[g.us][Pawn]&bit(to) == 0:
		e.Reason = fmt.Sprintf("a pawn may not be dropped on rank %d (counted from %s)", relRank(g.us, to), g.us)
		e.Rule = ranksRule("pawn_drop_ranks", p.rules.PawnDropRanks, ", Art 18.1")
	case k != Pawn && p.drop[g.us][k]&bit(to) == 0:
		e.Reason = fmt.Sprintf("a %s may not be dropped on rank %d (counted from %s)", k, relRank(g.us, to), g.us)
		e.Rule = ranksRule("piece_drop_ranks", p.rules.PieceDropRanks, "")
	case g.dropTo&bit(to) == 0:
		e.Reason, e.Rule = "the king is in check and the drop does not block it", ruleKingInCheck
		if g.checkers&(g.checkers-1) == 0 && between[g.ksq][lsb(g.checkers)] == 0 {
			e.Reason = "the king is in check by a knight, pawn or adjacent piece, which no drop can block"
			e.Rule = "Art 24"
		}
	case p.rules.DropCheck == DropCheckForbidden:
		e.Reason, e.Rule = "the drop gives check", "drop_check = forbidden, Art 18.2"
	default:
		e.Reason, e.Rule = "the drop gives mate", "drop_check = no-mate, Art 21"
	}
	return e
}

// explainBoard says why no legal board move matches pm.
func (p *Position) explainBoard(text string, g *genState, pm *parsed) error {
	e := &IllegalError{Move: text, Rule: ruleNoSuchMove}
	if pm.castle != 0 || pm.uci && p.sq[pm.from] == MakePiece(g.us, King) && pm.from.File() == 4 && (pm.to.File() >= 6 || pm.to.File() <= 2) && pm.from.Rank() == pm.to.Rank() {
		e.Reason = "castling king side is not possible here"
		corner := Square(7)
		right := uint8(castleWK)
		if pm.castle == 2 || pm.uci && pm.to.File() <= 2 {
			e.Reason, corner, right = "castling queen side is not possible here", 0, castleWQ
		}
		if g.us == bughouse.Black {
			corner += 56
			right <<= 2
		}
		switch {
		case g.checkers != 0:
			e.Reason = "castling out of check"
		case p.sq[corner] == MakePiece(g.us, Rook) && p.weak&right != 0 && p.castle&right == 0 && !p.rules.CastleDroppedRook:
			if p.dropped&bit(corner) != 0 {
				e.Reason, e.Rule = fmt.Sprintf("the rook on %s was dropped there (the original rook was captured there)", corner), "castle_dropped_rook = false, Art 25"
			} else {
				e.Reason, e.Rule = fmt.Sprintf("the rook on %s moved there after the original rook was captured there: it has moved", corner), "Art 25: castling follows the FIDE Laws, Art 3.8"
			}
		case p.castleRights()&right == 0 && p.sq[corner] == MakePiece(g.us, Rook) && p.dropped&bit(corner) != 0:
			e.Reason = fmt.Sprintf("the rook on %s was dropped there after the king or the original rook had moved: the castling right is gone", corner)
		case p.castleRights()&right == 0:
			e.Reason = "the king or that rook has moved (or the rook was captured): the castling right is gone"
		}
		return e
	}
	// Is there a piece of that kind that reaches the square, ignoring
	// checks? Then the move leaves the own king in check.
	own := p.bb[g.us][p.pieceKindFor(pm)]
	if pm.uci {
		own &= bit(pm.from)
	}
	var to = pm.to
	for b := own; b != 0; b &= b - 1 {
		from := lsb(b)
		if pm.fromFile >= 0 && from.File() != pm.fromFile || pm.fromRank >= 0 && from.Rank() != pm.fromRank {
			continue
		}
		if p.reaches(g, from, to) {
			if k := p.sq[from].Kind(); k == Pawn && relRank(g.us, from) == 2 && to.File() == from.File() && abs(int(to)-int(from)) == 16 && p.dropped&bit(from) != 0 && !p.rules.DroppedPawnDoubleStep {
				e.Reason, e.Rule = "a dropped pawn may not advance two squares", "dropped_pawn_double_step = false, Art 19"
				return e
			}
			e.Reason, e.Rule = "it leaves the own king in check", ruleKingInCheck
			return e
		}
	}
	if pm.uci && p.sq[pm.from] == 0 {
		e.Reason = fmt.Sprintf("no piece on %s", pm.from)
		return e
	}
	e.Reason = fmt.Sprintf("no %s of %s can move to %s", p.pieceKindFor(pm), g.us, pm.to)
	return e
}

func (p *Position) pieceKindFor(pm *parsed) Kind {
	if pm.uci {
		return p.sq[pm.from].Kind()
	}
	return pm.kind
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// reaches reports whether the piece on from could move to to if its own
// king's safety did not count (a pseudo-legal move).
func (p *Position) reaches(g *genState, from, to Square) bool {
	pc := p.sq[from]
	if p.bb[g.us][NoKind]&bit(to) != 0 {
		return false
	}
	if pc.Kind() != Pawn {
		return attacksOf(g.us, pc.Kind(), from, g.occ)&bit(to) != 0
	}
	fwd := 8
	if g.us == bughouse.Black {
		fwd = -8
	}
	switch {
	case pawnAtt[g.us][from]&bit(to) != 0:
		return p.bb[g.them][NoKind]&bit(to) != 0 || to == p.ep
	case int(to) == int(from)+fwd:
		return g.occ&bit(to) == 0
	case int(to) == int(from)+2*fwd && relRank(g.us, from) == 2:
		return g.occ&(bit(to)|bit(Square(int(from)+fwd))) == 0
	}
	return false
}

// SAN returns legal move m in standard algebraic notation, with "+" for
// check and "#" for checkmate (Status Checkmate after the move, so a
// blockable check under mate = bughouse is "+"). Drops are "N@f3", pawn
// drops "P@e4".
func (p *Position) SAN(m Move) string {
	var b []byte
	switch {
	case m.IsDrop():
		b = append(b, m.Dropped().Letter(), '@')
		b = append(b, m.To().String()...)
	case m.IsCastle():
		if m.To().File() == 6 {
			b = append(b, "O-O"...)
		} else {
			b = append(b, "O-O-O"...)
		}
	default:
		from, to := m.From(), m.To()
		k := p.sq[from].Kind()
		capture := p.sq[to] != 0 || m.IsEnPassant()
		if k == Pawn {
			if capture {
				b = append(b, byte('a'+from.File()))
			}
		} else {
			b = append(b, k.Letter())
			// Disambiguation: other legal moves of the same kind to to.
			var l MoveList
			g, _ := p.state()
			p.genBoard(&g, &l)
			sameFile, sameRank, other := false, false, false
			for _, x := range l.Slice() {
				if x.To() == to && x.From() != from && p.sq[x.From()].Kind() == k && !x.IsCastle() {
					other = true
					sameFile = sameFile || x.From().File() == from.File()
					sameRank = sameRank || x.From().Rank() == from.Rank()
				}
			}
			switch {
			case other && !sameFile:
				b = append(b, byte('a'+from.File()))
			case other && !sameRank:
				b = append(b, byte('1'+from.Rank()))
			case other:
				b = append(b, from.String()...)
			}
		}
		if capture {
			b = append(b, 'x')
		}
		b = append(b, to.String()...)
		if pr := m.Promotion(); pr != NoKind {
			b = append(b, '=', pr.Letter())
		}
	}
	q := *p
	q.Make(m)
	if q.InCheck() {
		if q.Status() == Checkmate {
			b = append(b, '#')
		} else {
			b = append(b, '+')
		}
	}
	return string(b)
}
