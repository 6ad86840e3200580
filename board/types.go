package board

import (
	"math/bits"
	"tandem/bughouse"
)

// Kind is a kind of piece; NoKind marks an empty square.
type Kind uint8

// The piece kinds. Pawn..Queen are the kinds a reserve can hold.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// kindLetters maps a kind to its upper-case SAN letter.
const kindLetters = " PNBRQK"

// Letter returns the kind's upper-case letter ('P', 'N', ... 'K'), or ' '.
func (k Kind) Letter() byte {
	if k > King {
		return '?'
	}
	return kindLetters[k]
}

// String returns the kind's English name, e.g. "knight".
func (k Kind) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king", "?"}[min(int(k), 7)]
}

// kindOf maps a letter of either case to its kind (NoKind if none).
func kindOf(c byte) Kind {
	switch c | 0x20 {
	case 'p':
		return Pawn
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	}
	return NoKind
}

// Piece is a colored piece: Color<<3 | Kind. The zero Piece is no piece.
type Piece uint8

// MakePiece returns the piece of kind k and color c.
func MakePiece(c bughouse.Color, k Kind) Piece { return Piece(c)<<3 | Piece(k) }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the piece's color (meaningless for the zero Piece).
func (p Piece) Color() bughouse.Color { return bughouse.Color(p >> 3) }

// Letter returns the FEN letter: upper case White, lower case Black.
func (p Piece) Letter() byte {
	l := p.Kind().Letter()
	if p.Color() == bughouse.Black {
		l += 'a' - 'A'
	}
	return l
}

// Square is a square index: a1 = 0, b1 = 1, ... h8 = 63. NoSquare is
// outside the board.
type Square uint8

// NoSquare marks "no square" (e.g. no en-passant target).
const NoSquare Square = 64

// Sq returns the square of file f (0 = a) and rank r (0 = the first rank).
func Sq(f, r int) Square { return Square(r*8 + f) }

// File returns 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns 0 (the first rank) to 7 (the eighth).
func (s Square) Rank() int { return int(s >> 3) }

// String returns the square's name, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= 64 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4"; ok is false otherwise.
func ParseSquare(s string) (sq Square, ok bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return Sq(int(s[0]-'a'), int(s[1]-'1')), true
}

// relRank returns the rank of s (1-8) counted from c's side.
func relRank(c bughouse.Color, s Square) int {
	if c == bughouse.White {
		return s.Rank() + 1
	}
	return 8 - s.Rank()
}

// Move is one move or drop, packed in 32 bits so that move lists cost no
// allocation: from (6 bits), to (6), kind (3: the dropped piece or the
// promotion), flag (3).
type Move uint32

// Move flags.
const (
	flagNormal    = 0
	flagDrop      = 1
	flagPromotion = 2
	flagEnPassant = 3
	flagCastle    = 4
	flagDouble    = 5
)

// NoMove is the zero Move; no legal move or drop encodes to it (a normal
// move from a1 to a1 cannot exist).
const NoMove Move = 0

func mkMove(from, to Square, k Kind, flag uint32) Move {
	return Move(uint32(from) | uint32(to)<<6 | uint32(k)<<12 | flag<<15)
}

// NewDrop returns the drop of a piece of kind k on square to.
func NewDrop(k Kind, to Square) Move { return mkMove(0, to, k, flagDrop) }

// From returns the origin square (meaningless for a drop).
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// IsDrop reports whether m is a drop from the reserve.
func (m Move) IsDrop() bool { return m>>15&7 == flagDrop }

// Promotion returns the kind a promoting pawn becomes, or NoKind.
func (m Move) Promotion() Kind {
	if m>>15&7 == flagPromotion {
		return Kind(m >> 12 & 7)
	}
	return NoKind
}

// Dropped returns the kind a drop puts on the board, or NoKind.
func (m Move) Dropped() Kind {
	if m.IsDrop() {
		return Kind(m >> 12 & 7)
	}
	return NoKind
}

// IsCastle reports whether m is castling (From is the king's square, To
// its destination).
func (m Move) IsCastle() bool { return m>>15&7 == flagCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m>>15&7 == flagEnPassant }

func (m Move) flag() uint32 { return uint32(m >> 15 & 7) }

// UCI returns the move in UCI form: "e2e4", "e7e8q", "N@f3", "e1g1".
func (m Move) UCI() string {
	if m.IsDrop() {
		return string([]byte{m.Dropped().Letter(), '@'}) + m.To().String()
	}
	s := m.From().String() + m.To().String()
	if k := m.Promotion(); k != NoKind {
		s += string(rune(k.Letter() + 'a' - 'A'))
	}
	return s
}

// Bitboard helpers.

func bit(s Square) uint64 { return 1 << s }

func lsb(b uint64) Square { return Square(bits.TrailingZeros64(b)) }

func popcount(b uint64) int { return bits.OnesCount64(b) }
