package infer

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"tandem/board"
	"tandem/bughouse"
)

// Squares is a board as an electronic board sees it: the piece on each
// square, indexed by board.Square (a1 = 0, h8 = 63), 0 for an empty
// square. It says nothing of reserves, side to move or promoted pieces.
type Squares [64]board.Piece

// SquaresOf returns the pieces of position p.
func SquaresOf(p *board.Position) Squares {
	var s Squares
	for sq := board.Square(0); sq < 64; sq++ {
		s[sq] = p.At(sq)
	}
	return s
}

// StartSquares are the pieces of the initial position.
var StartSquares = SquaresOf(board.NewPosition(board.CrazyhouseRules))

// String returns the board as the piece-placement field of a FEN
// ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR").
func (s *Squares) String() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			pc := s[board.Sq(f, r)]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// Difference is one square where the board differs from the position on
// the scoresheet: Sheet is the piece the sheet has there, Seen the piece
// the board shows (0: empty).
type Difference struct {
	Square      board.Square
	Sheet, Seen board.Piece
}

// String returns e.g. "e4 (sheet -, board P)": pieces as FEN letters,
// "-" for an empty square.
func (d Difference) String() string {
	return fmt.Sprintf("%s (sheet %s, board %s)", d.Square, letter(d.Sheet), letter(d.Seen))
}

func letter(p board.Piece) string {
	if p == 0 {
		return "-"
	}
	return string(p.Letter())
}

// Diff returns the squares where seen differs from sheet, a1 first.
func Diff(sheet, seen *Squares) []Difference {
	var out []Difference
	for m := diffMask(sheet, seen); m != 0; m &= m - 1 {
		s := board.Square(bits.TrailingZeros64(m))
		out = append(out, Difference{Square: s, Sheet: sheet[s], Seen: seen[s]})
	}
	return out
}

func diffMask(a, b *Squares) uint64 {
	var m uint64
	for s := range a {
		if a[s] != b[s] {
			m |= 1 << s
		}
	}
	return m
}

// Verdict is what Explain found.
type Verdict uint8

const (
	// Same: the board is the sheet's position (nothing was played, or a
	// piece lifted was put back).
	Same Verdict = iota + 1
	// Found: exactly one legal move or drop of the player to move turns
	// the sheet's position into the board (Finding.Move).
	Found
	// Unexplained: no legal move or drop does (Finding.Reason says why).
	Unexplained
)

// String returns "same", "found" or "unexplained".
func (v Verdict) String() string {
	switch v {
	case Same:
		return "same"
	case Found:
		return "found"
	case Unexplained:
		return "unexplained"
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// Finding is Explain's answer.
type Finding struct {
	Verdict Verdict
	// Move is the move or drop found (Found); UCI and SAN write it
	// ("e7e8q", "N@f3"; "e8=Q+", "N@f3").
	Move     board.Move
	UCI, SAN string
	// Differ are the squares where the board differs from the sheet
	// (Found and Unexplained), a1 first.
	Differ []Difference
	// Reason says why the board is unexplained, for the arbiter: the
	// board engine's reason when the change looks like one move or drop
	// that is illegal ("the drop gives check (drop_check = forbidden, Art
	// 18.2)"), else what the change looks like.
	Reason string
	// Rule is the rule option or article behind Reason ("" when none).
	Rule string
}

// MaxChanged is the most squares one move changes (castling: the king's
// two and the rook's two).
const MaxChanged = 4

// Explain matches seen, the board an e-board shows, against the legal
// moves and drops of the player to move on board b of g under g's rules:
// Same when seen is that board's position, Found with the one move or
// drop that turns the position into seen (a capture goes to the
// partner's reserve and a steal promotion must find its piece: the move
// is played on a copy of g to check it), else Unexplained with the reason.
// It never changes g, and allocates only for the Finding's slices and
// strings.
func Explain(g *board.Game, b bughouse.Board, seen *Squares) Finding {
	p := g.Board(b)
	sheet := SquaresOf(p)
	mask := diffMask(&sheet, seen)
	if mask == 0 {
		return Finding{Verdict: Same}
	}
	f := Finding{Verdict: Unexplained, Differ: Diff(&sheet, seen)}
	if bits.OnesCount64(mask) > MaxChanged {
		f.Reason = fmt.Sprintf("%d squares differ: more than one move (at most %d squares change in one)", bits.OnesCount64(mask), MaxChanged)
		return f
	}
	text, why := candidate(p, &sheet, seen, mask)
	if text == "" {
		f.Reason = why
		return f
	}
	m, err := p.ParseMove(text)
	if err != nil {
		f.Reason, f.Rule = reasonOf(err)
		f.Reason = text + ": " + f.Reason
		return f
	}
	if got := changes(p, m); got != mask {
		// The move the squares suggest leaves other squares than those
		// that changed: an en-passant capture with the taken pawn still
		// on the board, a castling king without its rook.
		f.Reason = fmt.Sprintf("%s would change %s; the board changed %s", p.SAN(m), squareList(got), squareList(mask))
		return f
	}
	after := SquaresOf(p)
	applyMove(p, m, &after)
	if after != *seen {
		f.Reason = fmt.Sprintf("%s does not leave the pieces the board shows", p.SAN(m))
		return f
	}
	next := *g
	if err := next.Make(b, m, text); err != nil {
		f.Reason, f.Rule = reasonOf(err)
		return f
	}
	f.Verdict, f.Move, f.UCI, f.SAN = Found, m, m.UCI(), p.SAN(m)
	return f
}

// reasonOf returns the board engine's reason and rule for err.
func reasonOf(err error) (reason, rule string) {
	var ie *board.IllegalError
	if errors.As(err, &ie) {
		return ie.Reason, ie.Rule
	}
	return err.Error(), ""
}

// candidate returns the move text (UCI, or a drop "N@f3") that the
// changed squares (mask) suggest for the player to move in p, or "" and
// what the change looks like instead. Only the pieces decide: a piece of
// the mover's that left a square is the move's origin, one that arrived
// its destination.
func candidate(p *board.Position, sheet, seen *Squares, mask uint64) (string, string) {
	us := p.Side()
	var left, arrived, taken, other []board.Square
	for m := mask; m != 0; m &= m - 1 {
		s := board.Square(bits.TrailingZeros64(m))
		was, now := sheet[s], seen[s]
		switch {
		case was != 0 && was.Color() == us && now == 0:
			left = append(left, s)
		case now != 0 && now.Color() == us && (was == 0 || was.Color() != us):
			arrived = append(arrived, s)
		case was != 0 && was.Color() != us && now == 0:
			taken = append(taken, s)
		default:
			other = append(other, s)
		}
	}
	switch {
	case len(other) > 0 && len(left)+len(arrived) > 0:
		return "", fmt.Sprintf("pieces of both sides changed (%s): more than one move", squareList(mask))
	case len(other) > 0:
		s := other[0]
		return "", fmt.Sprintf("%s shows %s where the sheet has %s: not a move of %s", s, pieceName(seen[s]), pieceName(sheet[s]), us)
	case len(left) == 0 && len(arrived) == 1 && len(taken) == 0:
		s := arrived[0]
		if sheet[s] != 0 {
			return "", fmt.Sprintf("%s put on %s over %s with nothing lifted", pieceName(seen[s]), s, pieceName(sheet[s]))
		}
		k := seen[s].Kind()
		if k == board.King {
			return "", fmt.Sprintf("a %s king put on %s: a king is never dropped", us, s)
		}
		if p.Hand(us, k) == 0 {
			return "", fmt.Sprintf("%s put on %s with nothing lifted, a drop, but %s holds no %s in reserve (Art 16)", pieceName(seen[s]), s, us, k)
		}
		return string([]byte{k.Letter(), '@'}) + s.String(), ""
	case len(left) == 1 && len(arrived) == 1:
		from, to := left[0], arrived[0]
		text := from.String() + to.String()
		if was, now := sheet[from], seen[to]; now.Kind() != was.Kind() {
			if was.Kind() != board.Pawn {
				return "", fmt.Sprintf("%s left %s and %s arrived on %s", pieceName(was), from, pieceName(now), to)
			}
			text += string(rune(now.Kind().Letter() + 'a' - 'A'))
		}
		return text, ""
	case len(left) == 2 && len(arrived) == 2 && len(taken) == 0:
		// Castling: the king's squares are the move's.
		for _, from := range left {
			if sheet[from].Kind() != board.King {
				continue
			}
			for _, to := range arrived {
				if seen[to].Kind() == board.King {
					return from.String() + to.String(), ""
				}
			}
		}
		return "", fmt.Sprintf("two pieces of %s moved (%s): more than one move", us, squareList(mask))
	case len(left) == 0 && len(arrived) == 0:
		return "", fmt.Sprintf("pieces of %s's opponent gone (%s) and nothing of %s's moved", us, squareList(mask), us)
	case len(arrived) == 0:
		return "", fmt.Sprintf("%s lifted from %s and not set down", pieceName(sheet[left[0]]), left[0])
	}
	return "", fmt.Sprintf("the board changed %s: not one move of %s", squareList(mask), us)
}

// changes returns the squares legal move m changes in p.
func changes(p *board.Position, m board.Move) uint64 {
	to := m.To()
	if m.IsDrop() {
		return 1 << to
	}
	mask := uint64(1)<<m.From() | 1<<to
	switch {
	case m.IsEnPassant():
		mask |= 1 << (to ^ 8)
	case m.IsCastle():
		rf, rt := castleRook(to)
		mask |= 1<<rf | 1<<rt
	}
	return mask
}

// applyMove plays legal move m of p on the pieces s (s is p's before).
func applyMove(p *board.Position, m board.Move, s *Squares) {
	us, to := p.Side(), m.To()
	if m.IsDrop() {
		s[to] = board.MakePiece(us, m.Dropped())
		return
	}
	pc := s[m.From()]
	s[m.From()] = 0
	switch {
	case m.Promotion() != board.NoKind:
		pc = board.MakePiece(us, m.Promotion())
	case m.IsEnPassant():
		s[to^8] = 0
	case m.IsCastle():
		rf, rt := castleRook(to)
		s[rt], s[rf] = s[rf], 0
	}
	s[to] = pc
}

// castleRook returns the rook's squares of a castling whose king arrives
// on kingTo (g1, c1, g8 or c8).
func castleRook(kingTo board.Square) (from, to board.Square) {
	switch kingTo {
	case 6:
		return 7, 5
	case 2:
		return 0, 3
	case 62:
		return 63, 61
	default:
		return 56, 59
	}
}

// squareList writes the squares of mask, e.g. "e2, e4".
func squareList(mask uint64) string {
	var names []string
	for ; mask != 0; mask &= mask - 1 {
		names = append(names, board.Square(bits.TrailingZeros64(mask)).String())
	}
	return strings.Join(names, ", ")
}

// pieceName returns e.g. "a white knight", or "nothing".
func pieceName(p board.Piece) string {
	if p == 0 {
		return "nothing"
	}
	return "a " + p.Color().String() + " " + p.Kind().String()
}
