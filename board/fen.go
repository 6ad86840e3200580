package board

import (
	"fmt"
	"strconv"
	"strings"
	"tandem/bughouse"
)

// FENError is a FEN that cannot be read: Field names the part (board,
// reserve, side, castling, en passant, halfmove, fullmove), Msg says what
// is wrong.
type FENError struct {
	FEN, Field, Msg string
}

// Error returns `FEN "...": field: what is wrong`.
func (e *FENError) Error() string { return fmt.Sprintf("FEN %q: %s: %s", e.FEN, e.Field, e.Msg) }

// ParseFEN reads a crazyhouse/bughouse FEN under rules r. The reserve
// (upper case White, lower case Black) is either in brackets right after
// the board ("RNBQKBNR[Qn]", "[-]" or "[]" empty) or a ninth '/'-separated
// rank ("RNBQKBNR/Qn", "RNBQKBNR/" empty), the two styles of
// zh-perft.txt. '~' after a piece letter marks a promoted pawn. The side,
// castling, en-passant, halfmove and fullmove fields may be left out
// (defaults w, -, -, 0, 1). Castling rights whose king or rook is not on
// its square are dropped. Errors are *FENError.
func ParseFEN(fen string, r Rules) (*Position, error) {
	p := &Position{ep: NoSquare, fullmove: 1}
	p.SetRules(r)
	bad := func(field, format string, args ...any) (*Position, error) {
		return nil, &FENError{FEN: fen, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return bad("board", "empty")
	}
	boardField := fields[0]
	var reserve string
	hasReserve := false
	if i := strings.IndexByte(boardField, '['); i >= 0 {
		if !strings.HasSuffix(boardField, "]") {
			return bad("reserve", "a [ without its closing ]")
		}
		reserve, hasReserve = boardField[i+1:len(boardField)-1], true
		boardField = boardField[:i]
	}
	ranks := strings.Split(boardField, "/")
	if len(ranks) == 9 && !hasReserve {
		reserve = ranks[8]
		ranks = ranks[:8]
	}
	switch len(ranks) {
	case 8:
	case 1:
		// A FEN with no '/' at all ("garbage"): "1 ranks" would misread.
		return bad("board", "1 rank; a board has 8 (a reserve may be a 9th)")
	default:
		return bad("board", "%d ranks; a board has 8 (a reserve may be a 9th)", len(ranks))
	}
	for i, rk := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(rk); j++ {
			c := rk[j]
			switch {
			case c >= '1' && c <= '8':
				f += int(c - '0')
			case c == '~':
				return bad("board", "rank %d: '~' must follow a piece letter", r+1)
			default:
				k := kindOf(c)
				if k == NoKind {
					return bad("board", "rank %d: unknown piece letter %q", r+1, c)
				}
				if f > 7 {
					return bad("board", "rank %d has more than 8 squares", r+1)
				}
				col := bughouse.White
				if c >= 'a' {
					col = bughouse.Black
				}
				s := Sq(f, r)
				p.put(MakePiece(col, k), s)
				if j+1 < len(rk) && rk[j+1] == '~' {
					if k == Pawn || k == King {
						return bad("board", "rank %d: a %s cannot be a promoted pawn", r+1, k)
					}
					p.promoted |= bit(s)
					j++
				}
				f++
			}
			if f > 8 {
				return bad("board", "rank %d has more than 8 squares", r+1)
			}
		}
		switch f {
		case 8:
		case 1:
			return bad("board", "rank %d has 1 square; it needs 8", r+1)
		default:
			return bad("board", "rank %d has %d squares; it needs 8", r+1, f)
		}
	}
	for c := bughouse.White; c <= bughouse.Black; c++ {
		if n := popcount(p.bb[c][King]); n != 1 {
			return bad("board", "%s has %d kings; it needs 1", c, n)
		}
		if p.bb[c][Pawn]&(rankMask[c][8]) != 0 {
			return bad("board", "a %s pawn on its last rank", c)
		}
	}
	if reserve != "-" {
		for i := 0; i < len(reserve); i++ {
			c := reserve[i]
			k := kindOf(c)
			if k == NoKind || k == King {
				return bad("reserve", "%q is not a piece a reserve can hold (PNBRQ, pnbrq)", c)
			}
			col := bughouse.White
			if c >= 'a' {
				col = bughouse.Black
			}
			if !p.AddHand(col, k, 1) {
				return bad("reserve", "more than %d of %q", MaxHand, c)
			}
		}
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w":
		case "b":
			p.side = bughouse.Black
		default:
			return bad("side", "%q; it is w or b", fields[1])
		}
	}
	if len(fields) > 2 && fields[2] != "-" {
		for _, c := range fields[2] {
			switch c {
			case 'K':
				p.castle |= castleWK
			case 'Q':
				p.castle |= castleWQ
			case 'k':
				p.castle |= castleBK
			case 'q':
				p.castle |= castleBQ
			default:
				return bad("castling", "%q; it is - or letters of KQkq", fields[2])
			}
		}
	}
	// Keep only rights whose king and rook stand on their squares.
	for i, n := range castleSquares {
		c := bughouse.Color(i / 2)
		if p.sq[n[0]] != MakePiece(c, King) || p.sq[n[1]] != MakePiece(c, Rook) {
			p.castle &^= 1 << i
		}
	}
	p.weak = p.castle
	if len(fields) > 3 && fields[3] != "-" {
		s, ok := ParseSquare(fields[3])
		want := 6
		if p.side == bughouse.Black {
			want = 3
		}
		if !ok || s.Rank()+1 != want {
			return bad("en passant", "%q; it is - or a square on rank %d", fields[3], want)
		}
		// Kept only when a pawn of the side to move can take there, as
		// the square is written after every double step by some tools.
		if pawnAtt[p.side.Other()][s]&p.bb[p.side][Pawn] != 0 && p.sq[s^8] == MakePiece(p.side.Other(), Pawn) {
			p.ep = s
		}
	}
	for i, name := range []string{"halfmove", "fullmove"} {
		if len(fields) > 4+i {
			n, err := strconv.Atoi(fields[4+i])
			if err != nil || n < 0 || n > 1<<20 {
				return bad(name, "%q is not a move count", fields[4+i])
			}
			if i == 0 {
				p.halfmove = n
			} else {
				p.fullmove = max(n, 1)
			}
		}
	}
	if len(fields) > 6 {
		return bad("fullmove", "text after the FEN: %q", strings.Join(fields[6:], " "))
	}
	// The side not to move may not be in check: that position cannot arise.
	if p.attackers(p.kingSq(p.side.Other()), p.side, p.occ()) != 0 {
		return bad("side", "%s is to move but %s's king is in check", p.side, p.side.Other())
	}
	return p, nil
}

// castleSquares are the king's and the rook's squares of each right.
var castleSquares = [4][2]Square{{4, 7}, {4, 0}, {60, 63}, {60, 56}}

// FEN returns the position in FEN with the reserve in brackets after the
// board ("...RNBQKBNR[Qn] w KQkq - 0 1"), White's reserve first, each by
// kind from queen to pawn; promoted pieces carry '~'. Castling shows the
// rights in force under the rules whose king and rook are in place.
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(96)
	p.appendBoard(&b)
	b.WriteByte('[')
	p.appendReserve(&b)
	b.WriteByte(']')
	b.WriteByte(' ')
	if p.side == bughouse.White {
		b.WriteByte('w')
	} else {
		b.WriteByte('b')
	}
	b.WriteByte(' ')
	// Only rights whose king and rook stand on their squares: the others
	// cannot be used now, and a FEN reader drops them anyway.
	rights := p.castleRights()
	for i, n := range castleSquares {
		c := bughouse.Color(i / 2)
		if p.sq[n[0]] != MakePiece(c, King) || p.sq[n[1]] != MakePiece(c, Rook) {
			rights &^= 1 << i
		}
	}
	if rights == 0 {
		b.WriteByte('-')
	}
	for i, c := range "KQkq" {
		if rights&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	fmt.Fprintf(&b, " %s %d %d", p.ep, p.halfmove, p.fullmove)
	return b.String()
}

func (p *Position) appendBoard(b *strings.Builder) {
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			s := Sq(f, r)
			pc := p.sq[s]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
			if p.promoted&bit(s) != 0 {
				b.WriteByte('~')
			}
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
}

func (p *Position) appendReserve(b *strings.Builder) {
	for c := bughouse.White; c <= bughouse.Black; c++ {
		for k := Queen; k >= Pawn; k-- {
			for i := 0; i < int(p.hand[c][k]); i++ {
				b.WriteByte(MakePiece(c, k).Letter())
			}
		}
	}
}

// Reserve returns color c's reserve as letters, queen first, e.g. "QNPP"
// (upper case for White, lower case for Black), or "" when empty.
func (p *Position) Reserve(c bughouse.Color) string {
	var b strings.Builder
	for k := Queen; k >= Pawn; k-- {
		for i := 0; i < int(p.hand[c][k]); i++ {
			b.WriteByte(MakePiece(c, k).Letter())
		}
	}
	return b.String()
}
