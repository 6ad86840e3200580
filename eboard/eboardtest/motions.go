package eboardtest

import (
	"math/rand/v2"

	"tandem/board"
	"tandem/eboard/infer"
)

// Change is one square change an e-board reports: Square now holds
// Piece (0: a piece was lifted).
type Change struct {
	Square board.Square
	Piece  board.Piece
}

// Noise is a set of the things players do with their hands besides the
// move itself, which a driver must see through (docs/eboard.md). The
// zero Noise makes a move as cleanly as it can be made: the piece lifted
// and set down, a captured piece lifted first, castling king first.
type Noise uint16

// The kinds of noise Motions adds.
const (
	// LiftOrder: a capture lifts the capturing piece first or the
	// captured one first, at random; castling and en passant make their
	// changes in a random order that pieces can physically make.
	LiftOrder Noise = 1 << iota
	// Replace: a capture sets the capturing piece straight onto the
	// captured piece's square, pushing it off: the square goes from one
	// piece to the other with no empty report between.
	Replace
	// PutBack: before the move, one of the mover's pieces (at random) is
	// lifted and put back on its square (touched, or knocked and set
	// up again).
	PutBack
	// Slide: a sliding piece is set down on the squares of its path, one
	// after another, before its destination.
	Slide
	// Wrong: the piece (or the dropped piece) is set down on a wrong empty
	// square first, then lifted and set down right.
	Wrong
	// PawnFirst: a promoting pawn is set down on the last rank first,
	// then replaced by the new piece.
	PawnFirst

	// AllNoise is every kind.
	AllNoise = LiftOrder | Replace | PutBack | Slide | Wrong | PawnFirst
)

// NoiseNames names the kinds of Noise, for test names and reports.
var NoiseNames = map[Noise]string{
	LiftOrder: "lift-order", Replace: "replace", PutBack: "put-back", Slide: "slide", Wrong: "wrong-square", PawnFirst: "pawn-first",
}

// Motions returns the square changes of a player's hands making legal
// move m in p, with the noise kinds of noise chosen at random by rng (each
// kind that applies to m is used with probability 1/2; nil rng: none).
// Applied in order to p's squares they leave the squares of the position
// after m. Reserves are off the board: a drop is a put-down with no lift,
// and a captured piece lifted goes to the partner's reserve.
func Motions(p *board.Position, m board.Move, noise Noise, rng *rand.Rand) []Change {
	use := func(k Noise) bool { return noise&k != 0 && rng != nil && rng.IntN(2) == 0 }
	sq := infer.SquaresOf(p)
	us := p.Side()
	var out []Change
	set := func(s board.Square, pc board.Piece) {
		if sq[s] != pc {
			out = append(out, Change{s, pc})
			sq[s] = pc
		}
	}
	if use(PutBack) {
		var own []board.Square
		for s := board.Square(0); s < 64; s++ {
			if sq[s] != 0 && sq[s].Color() == us {
				own = append(own, s)
			}
		}
		s := own[rng.IntN(len(own))]
		pc := sq[s]
		set(s, 0)
		set(s, pc)
	}
	to := m.To()
	wrong := func(pc board.Piece) {
		// A wrong empty square near the destination, then corrected.
		for _, d := range []int{1, -1, 8, -8, 9, -9, 7, -7} {
			w := int(to) + d
			if w < 0 || w >= 64 || sq[w] != 0 || abs(board.Square(w).File()-to.File()) > 1 {
				continue
			}
			set(board.Square(w), pc)
			set(board.Square(w), 0)
			return
		}
	}
	if m.IsDrop() {
		pc := board.MakePiece(us, m.Dropped())
		if use(Wrong) {
			wrong(pc)
		}
		set(to, pc)
		return out
	}
	from := m.From()
	pc := sq[from]
	final := pc
	if k := m.Promotion(); k != board.NoKind {
		final = board.MakePiece(us, k)
	}
	switch {
	case m.IsCastle():
		rf, rt := castleRook(to)
		steps := []Change{{from, 0}, {to, pc}, {rf, 0}, {rt, sq[rf]}}
		if use(LiftOrder) {
			rng.Shuffle(len(steps), func(i, j int) { steps[i], steps[j] = steps[j], steps[i] })
		}
		for _, c := range steps {
			set(c.Square, c.Piece)
		}
		return out
	case m.IsEnPassant():
		steps := []Change{{from, 0}, {to, pc}, {to ^ 8, 0}}
		if use(LiftOrder) {
			rng.Shuffle(len(steps), func(i, j int) { steps[i], steps[j] = steps[j], steps[i] })
		}
		for _, c := range steps {
			set(c.Square, c.Piece)
		}
		return out
	}
	capture := sq[to] != 0
	switch {
	case capture && use(Replace):
		set(from, 0)
	case capture && use(LiftOrder):
		set(from, 0)
		set(to, 0)
	case capture:
		set(to, 0)
		set(from, 0)
	default:
		set(from, 0)
	}
	if k := pc.Kind(); (k == board.Rook || k == board.Bishop || k == board.Queen) && use(Slide) {
		df, dr := sign(to.File()-from.File()), sign(to.Rank()-from.Rank())
		for s := board.Sq(from.File()+df, from.Rank()+dr); s != to; s = board.Sq(s.File()+df, s.Rank()+dr) {
			if sq[s] != 0 {
				break
			}
			set(s, pc)
			set(s, 0)
		}
	}
	if !capture && use(Wrong) {
		wrong(pc)
	}
	if final != pc && use(PawnFirst) {
		set(to, pc)
	}
	set(to, final)
	return out
}

// Apply applies cs to s.
func Apply(s *infer.Squares, cs []Change) {
	for _, c := range cs {
		s[c.Square] = c.Piece
	}
}

// castleRook returns the rook's squares of a castling whose king
// arrives on kingTo.
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

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
