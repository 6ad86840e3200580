package board

import "tandem/bughouse"

// Castling right bits.
const (
	castleWK = 1 << iota // White, king side (h1 rook)
	castleWQ             // White, queen side (a1 rook)
	castleBK             // Black, king side (h8 rook)
	castleBQ             // Black, queen side (a8 rook)
)

// castleStrong[s]: the rights lost when a piece leaves or arrives on s
// (the FIDE rule: a right dies when the king or that rook moves, or the
// rook is captured).
var castleStrong [64]uint8

func init() {
	for s := range castleStrong {
		castleStrong[s] = 0xF
	}
	castleStrong[4] &^= castleWK | castleWQ
	castleStrong[7] &^= castleWK
	castleStrong[0] &^= castleWQ
	castleStrong[60] &^= castleBK | castleBQ
	castleStrong[63] &^= castleBK
	castleStrong[56] &^= castleBQ
}

// Position is one board: the pieces, the two reserves of its players, the
// side to move, castling and en-passant rights, and the rules it is
// played under. The zero Position is empty and not playable: use
// ParseFEN or NewPosition. Copying a Position copies it entirely (it
// holds no pointers), which is how callers keep a snapshot.
type Position struct {
	bb       [2][7]uint64 // [color][kind]; [color][NoKind] = all of that color
	sq       [64]Piece
	promoted uint64 // pieces that are promoted pawns (Art 14: they return as pawns)
	dropped  uint64 // pawns dropped anywhere, and rooks dropped on a corner, that have not moved since (Art 19, 25)
	hand     [2][7]uint8
	side     bughouse.Color
	castle   uint8 // FIDE rights: die when king or rook moves or the rook is captured
	weak     uint8 // castle_dropped_rook rights: die only when the king moves or a rook leaves its corner
	ep       Square
	halfmove int
	fullmove int
	rules    Rules
	drop     [2][7]uint64 // where each color may drop each kind
	nested   uint8        // depth of no-mate tests in progress (noMateOK)
}

// Start is the FEN of the initial position with empty reserves.
const Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

// NewPosition returns the initial position under rules r.
func NewPosition(r Rules) *Position {
	p, err := ParseFEN(Start, r)
	if err != nil {
		panic("board: the start FEN does not parse: " + err.Error())
	}
	return p
}

// Rules returns the rules the position is played under.
func (p *Position) Rules() Rules { return p.rules }

// SetRules changes the rules (e.g. to judge one position under every
// preset). Castling rights follow the new CastleDroppedRook setting.
func (p *Position) SetRules(r Rules) {
	p.rules = r
	p.drop = r.dropMasks()
}

// Side returns the side to move.
func (p *Position) Side() bughouse.Color { return p.side }

// At returns the piece on s (0 when empty).
func (p *Position) At(s Square) Piece { return p.sq[s] }

// IsPromoted reports whether the piece on s is a promoted pawn.
func (p *Position) IsPromoted(s Square) bool { return p.promoted&bit(s) != 0 }

// Hand returns how many pieces of kind k (Pawn..Queen) color c holds in
// reserve.
func (p *Position) Hand(c bughouse.Color, k Kind) int {
	if k < Pawn || k > Queen {
		return 0
	}
	return int(p.hand[c][k])
}

// MaxHand is the most pieces of one kind a reserve holds (a bughouse
// reserve can gain pieces from both boards: 16 pawns at most, counting
// promoted pieces returned as pawns).
const MaxHand = 16

// AddHand adds n (may be negative) pieces of kind k to c's reserve. It
// reports false, changing nothing, when the count would leave 0..MaxHand
// or k is not Pawn..Queen.
func (p *Position) AddHand(c bughouse.Color, k Kind, n int) bool {
	if k < Pawn || k > Queen {
		return false
	}
	v := int(p.hand[c][k]) + n
	if v < 0 || v > MaxHand {
		return false
	}
	p.hand[c][k] = uint8(v)
	return true
}

// EnPassant returns the en-passant target square, or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// FullMove returns the full-move number (starts at 1, counts after Black).
func (p *Position) FullMove() int { return p.fullmove }

// HalfMoves returns the halfmove clock: the moves made on this board
// since the last capture, pawn move or pawn drop (FEN's fifth field), as
// the fifty-move rule counts them (FIDE Laws 9.3: 100 for fifty moves by
// each player).
func (p *Position) HalfMoves() int { return p.halfmove }

func (p *Position) put(pc Piece, s Square) {
	p.sq[s] = pc
	p.bb[pc.Color()][pc.Kind()] |= bit(s)
	p.bb[pc.Color()][NoKind] |= bit(s)
}

func (p *Position) remove(s Square) Piece {
	pc := p.sq[s]
	p.sq[s] = 0
	p.bb[pc.Color()][pc.Kind()] &^= bit(s)
	p.bb[pc.Color()][NoKind] &^= bit(s)
	return pc
}

func (p *Position) occ() uint64 { return p.bb[bughouse.White][NoKind] | p.bb[bughouse.Black][NoKind] }

func (p *Position) kingSq(c bughouse.Color) Square { return lsb(p.bb[c][King]) }

// attackers returns c's pieces that attack s, given occupancy occ.
func (p *Position) attackers(s Square, c bughouse.Color, occ uint64) uint64 {
	b := &p.bb[c]
	return (pawnAtt[c.Other()][s] & b[Pawn]) | (knightAtt[s] & b[Knight]) | (kingAtt[s] & b[King]) |
		(bishopAtt(s, occ) & (b[Bishop] | b[Queen])) | (rookAtt(s, occ) & (b[Rook] | b[Queen]))
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	k := p.bb[p.side][King]
	return k != 0 && p.attackers(lsb(k), p.side.Other(), p.occ()) != 0
}

// Undo holds what Unmake needs to take a move back, and what the move
// captured.
type Undo struct {
	// Captured is the piece the move took off the board (0 if none).
	Captured Piece
	// CapturedPromoted: the captured piece was a promoted pawn, so it goes
	// to a reserve as a pawn (Art 14).
	CapturedPromoted bool
	castle, weak     uint8
	ep               Square
	halfmove         int
	promoted         uint64
	dropped          uint64
}

// Gained returns the piece the capture puts into a reserve, in the color
// of the captured piece (a bughouse partner plays that color; crazyhouse
// flips it), or 0: a promoted pawn returns as a pawn (Art 14).
func (u *Undo) Gained() Piece {
	if u.Captured == 0 {
		return 0
	}
	if u.CapturedPromoted {
		return MakePiece(u.Captured.Color(), Pawn)
	}
	return u.Captured
}

// Make plays m, which must be legal (from Legal, LegalMoves or ParseSAN;
// anything else may corrupt the position), and returns what Unmake needs.
// In Crazyhouse a capture goes to the mover's reserve; in Bughouse it
// leaves this Position (Game passes it to the partner). A steal promotion
// is played as an upgrade that is not marked promoted; Game takes the
// piece from the other board.
func (p *Position) Make(m Move) (u Undo) {
	u.castle, u.weak, u.ep, u.halfmove, u.promoted, u.dropped = p.castle, p.weak, p.ep, p.halfmove, p.promoted, p.dropped
	us := p.side
	to := m.To()
	p.ep = NoSquare
	p.halfmove++
	if m.IsDrop() {
		k := m.Dropped()
		p.hand[us][k]--
		p.put(MakePiece(us, k), to)
		if k == Pawn {
			p.dropped |= bit(to)
			p.halfmove = 0
		}
		if k == Rook && bit(to)&corners != 0 {
			p.dropped |= bit(to) // only to explain a refused castling (Art 25)
		}
	} else {
		from := m.From()
		pc := p.sq[from]
		capSq := to
		if m.IsEnPassant() {
			capSq = to ^ 8
		}
		if cp := p.sq[capSq]; cp != 0 && m.flag() != flagCastle {
			u.Captured = cp
			u.CapturedPromoted = p.promoted&bit(capSq) != 0
			p.remove(capSq)
			p.promoted &^= bit(capSq)
			p.dropped &^= bit(capSq)
			p.halfmove = 0
			if p.rules.Variant == Crazyhouse {
				p.hand[us][u.Gained().Kind()]++
			}
		}
		p.remove(from)
		if p.promoted&bit(from) != 0 {
			p.promoted = p.promoted&^bit(from) | bit(to)
		}
		p.dropped &^= bit(from)
		switch m.flag() {
		case flagPromotion:
			p.put(MakePiece(us, m.Promotion()), to)
			if p.rules.Promotion == PromotionUpgrade { // marked: Art 14
				p.promoted |= bit(to)
			}
		case flagCastle:
			p.put(pc, to)
			rf, rt := castleRook(to)
			p.put(p.remove(rf), rt)
			p.dropped &^= bit(rf)
		default:
			p.put(pc, to)
		}
		if pc.Kind() == Pawn {
			p.halfmove = 0
			if m.flag() == flagDouble && pawnAtt[us][to^8]&p.bb[us.Other()][Pawn] != 0 {
				p.ep = to ^ 8
			}
		}
		p.castle &= castleStrong[from] & castleStrong[to]
		switch {
		case pc.Kind() == King:
			p.weak &= castleStrong[from]
		case pc.Kind() == Rook:
			p.weak &= castleStrong[from]
		}
	}
	if us == bughouse.Black {
		p.fullmove++
	}
	p.side = us.Other()
	return u
}

// Unmake takes back m, the last move made, with u from its Make.
func (p *Position) Unmake(m Move, u *Undo) {
	p.side = p.side.Other()
	us := p.side
	if us == bughouse.Black {
		p.fullmove--
	}
	to := m.To()
	if m.IsDrop() {
		k := m.Dropped()
		p.remove(to)
		p.hand[us][k]++
	} else {
		from := m.From()
		pc := p.remove(to)
		switch m.flag() {
		case flagPromotion:
			pc = MakePiece(us, Pawn)
		case flagCastle:
			rf, rt := castleRook(to)
			p.put(p.remove(rt), rf)
		}
		p.put(pc, from)
		if u.Captured != 0 {
			capSq := to
			if m.IsEnPassant() {
				capSq = to ^ 8
			}
			p.put(u.Captured, capSq)
			if p.rules.Variant == Crazyhouse {
				p.hand[us][u.Gained().Kind()]--
			}
		}
	}
	p.castle, p.weak, p.ep, p.halfmove, p.promoted, p.dropped = u.castle, u.weak, u.ep, u.halfmove, u.promoted, u.dropped
}

// corners are the rooks' original squares (a1, h1, a8, h8).
const corners = 1<<0 | 1<<7 | 1<<56 | 1<<63

// castleRook returns the rook's from and to squares for a castling king
// arriving on kingTo.
func castleRook(kingTo Square) (from, to Square) {
	switch kingTo {
	case 6:
		return 7, 5
	case 2:
		return 0, 3
	case 62:
		return 63, 61
	default: // 58
		return 56, 59
	}
}

// castleRights returns the rights in force under the position's rules.
func (p *Position) castleRights() uint8 {
	if p.rules.CastleDroppedRook {
		return p.weak
	}
	return p.castle
}
