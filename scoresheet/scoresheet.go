package scoresheet

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/internal/printable"
)

// Opts configures New. The zero value starts both boards from the
// initial position.
type Opts struct {
	// FEN starts the boards from "FEN-A | FEN-B" (board.ParseGameFEN; one
	// FEN is used for both boards). "" is the initial position with empty
	// reserves.
	FEN string
}

// Move is one entered move or drop.
type Move struct {
	// Board is the board it was played on; Ply counts that board's moves
	// from 1 (White's first move is ply 1, Black's reply ply 2).
	Board bughouse.Board `json:"board"`
	Ply   int            `json:"ply"`
	// Seat is the mover.
	Seat bughouse.Seat `json:"seat"`
	// SAN is the move as the engine writes it, with "+" or "#"
	// ("Nxe5+", "N@f7#", "e8=Q"); UCI the same move in UCI ("g1f3",
	// "e7e8q", "N@f3").
	SAN string `json:"san"`
	UCI string `json:"uci"`
	// At is the instant it was entered (ns since the table's epoch), as
	// given to Enter; the sheet only keeps it.
	At time.Duration `json:"at_ns"`
}

// Number returns the move's number and mark as a BPGN record writes
// them: "12a" for Black's 12th move on board A, "3B" for White's 3rd on
// board B.
func (m *Move) Number() string {
	letter := byte('A' + m.Board)
	if m.Seat.Color() == bughouse.Black {
		letter += 'a' - 'A'
	}
	return strconv.Itoa((m.Ply+1)/2) + string(letter)
}

// String returns "12a. Nxe5 (A-black)".
func (m *Move) String() string { return fmt.Sprintf("%s. %s (%s)", m.Number(), m.SAN, m.Seat) }

// Error is an entry or test the board engine refuses: the move Text
// typed for Seat as Board's ply Ply, Reason in words and Rule, the rule
// option or article it breaks ("" when the text is not a move at all).
// Err is the engine's *board.IllegalError.
type Error struct {
	Board  bughouse.Board
	Ply    int
	Seat   bughouse.Seat
	Text   string
	Reason string
	Rule   string
	Err    error
}

// Error returns "board A, 12a (A-black) N@f7: reason (rule)", the move's
// text with its control characters escaped (printable.Escape).
func (e *Error) Error() string {
	m := Move{Board: e.Board, Ply: e.Ply, Seat: e.Seat}
	s := fmt.Sprintf("board %s, %s (%s) %s: %s", e.Board, m.Number(), e.Seat, printable.Escape(e.Text), e.Reason)
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	return s
}

// Unwrap returns the engine's error.
func (e *Error) Unwrap() error { return e.Err }

// ErrNoMove is TakeBack's error for a board with no move entered.
var ErrNoMove = errors.New("scoresheet: no move on that board to take back")

// ErrPly is wrapped by Position's and Test's error for a ply the board
// has not reached.
var ErrPly = errors.New("scoresheet: no such ply")

// TakeBackError is TakeBack's refusal: Move cannot be taken back because
// Later, entered after it on the other board, needs it (it dropped the
// piece Move captured, or a piece it fed): Later is taken back first.
type TakeBackError struct {
	Move, Later Move
	// Reason is the engine's reason why Later is illegal without Move.
	Reason string
}

// Error says which move to take back first.
func (e *TakeBackError) Error() string {
	return fmt.Sprintf("cannot take back board %s's %s: board %s's %s was played with what it gave (%s); take that back first",
		e.Move.Board, e.Move.String(), e.Later.Board, e.Later.String(), e.Reason)
}

// Sheet is the scoresheet of one match. Make it with New.
type Sheet struct {
	r     board.Rules
	start board.Game
	moves []Move
	game  board.Game // after every move
	plies [2]int
	// ends[b] is 1 + the number of moves entered when board b ended while
	// the other played on (End); 0 while it is in play.
	ends [2]int
}

// New returns an empty sheet for a match under the board rules r (a
// match's rules.Options.Rules). Errors are board.ParseGameFEN's for a bad
// opts.FEN.
func New(r board.Rules, opts *Opts) (*Sheet, error) {
	s := &Sheet{r: r}
	if opts != nil && opts.FEN != "" {
		g, err := board.ParseGameFEN(opts.FEN, r)
		if err != nil {
			return nil, err
		}
		s.start = *g
	} else {
		s.start = *board.NewGame(r)
	}
	s.game = s.start
	return s, nil
}

// Clone returns a copy of s that shares nothing with it: the match loop
// publishes a clone with every snapshot and never changes it, so readers
// on other goroutines may call its read methods (Moves, Len, ToMove,
// Position, Test, Reserves, FEN, Game) while the loop enters moves on s.
func (s *Sheet) Clone() *Sheet {
	c := *s
	c.moves = append([]Move(nil), s.moves...)
	return &c
}

// Game returns both boards now, with the four reserves (a copy).
func (s *Sheet) Game() board.Game { return s.game }

// Rules returns the board rules the sheet checks moves under.
func (s *Sheet) Rules() board.Rules { return s.r }

// Moves returns a copy of the entered moves in entry order.
func (s *Sheet) Moves() []Move { return append([]Move(nil), s.moves...) }

// Len returns how many moves board b has.
func (s *Sheet) Len(b bughouse.Board) int { return s.plies[b&1] }

// ToMove returns the seat to move on board b now.
func (s *Sheet) ToMove(b bughouse.Board) bughouse.Seat {
	return bughouse.SeatOf(b&1, bughouse.Color(s.game.Board(b).Side()))
}

// Enter plays text (SAN or UCI) as the next move on board b, by the
// player to move there, entered at instant at (ns, kept in the Move). It
// returns the Move as recorded, or an *Error with the engine's reason
// and rule; the sheet is then unchanged.
func (s *Sheet) Enter(b bughouse.Board, text string, at time.Duration) (Move, error) {
	b &= 1
	s.game.Over = s.overAt(len(s.moves))
	m, g, err := try(&s.game, b, text, s.plies[b]+1)
	if err != nil {
		return Move{}, err
	}
	m.At = at
	s.game = g
	s.plies[b]++
	s.moves = append(s.moves, m)
	return m, nil
}

// try plays text on a copy of g for the player to move on board b, as
// that board's ply ply, and returns the move and the game after it.
func try(g *board.Game, b bughouse.Board, text string, ply int) (Move, board.Game, error) {
	seat := bughouse.SeatOf(b, bughouse.Color(g.Board(b).Side()))
	san := ""
	next := *g
	mv, err := next.Board(b).ParseMove(text)
	if err == nil {
		san = g.Board(b).SAN(mv)
		err = next.Make(b, mv, text)
	}
	if err != nil {
		e := &Error{Board: b, Ply: ply, Seat: seat, Text: text, Reason: err.Error(), Err: err}
		var ie *board.IllegalError
		if errors.As(err, &ie) {
			e.Reason, e.Rule = ie.Reason, ie.Rule
		}
		return Move{}, *g, e
	}
	return Move{Board: b, Ply: ply, Seat: seat, SAN: san, UCI: mv.UCI()}, next, nil
}

// Test tries text as the move that follows ply ply on board b (0: the
// board's first move), in the position that move was (or will be) played
// in (Position), without entering it. It returns the move as it would be
// recorded, or the engine's *Error; an *Error wrapping ErrPly when the
// board has fewer than ply moves.
func (s *Sheet) Test(b bughouse.Board, ply int, text string) (Move, error) {
	b &= 1
	g, err := s.gameAt(b, ply)
	if err != nil {
		return Move{}, err
	}
	m, _, err := try(&g, b, text, ply+1)
	return m, err
}

// gameAt returns the game in which board b's move ply+1 was or will be
// played: every move entered before it.
func (s *Sheet) gameAt(b bughouse.Board, ply int) (board.Game, error) {
	if ply < 0 || ply > s.plies[b] {
		return board.Game{}, fmt.Errorf("%w: board %s has %d moves, not %d", ErrPly, b, s.plies[b], ply)
	}
	if ply == s.plies[b] {
		return s.game, nil
	}
	end := s.index(b, ply+1)
	g, _, err := replay(&s.start, s.moves[:end], -1, s.ends)
	if err != nil {
		// Every entered move was legal in this order: a replay cannot fail.
		return board.Game{}, fmt.Errorf("scoresheet: replaying the sheet: %w", err)
	}
	return g, nil
}

// index returns the index in s.moves of board b's ply-th move.
func (s *Sheet) index(b bughouse.Board, ply int) int {
	for i := range s.moves {
		if s.moves[i].Board == b && s.moves[i].Ply == ply {
			return i
		}
	}
	return len(s.moves)
}

// replay plays moves (skipping index skip) from start and returns the
// game, the moves as replayed (SAN marks recomputed, plies renumbered),
// and the first move that fails with its reason. ends are the sheet's
// (End): a board is Over from its end on.
func replay(start *board.Game, moves []Move, skip int, ends [2]int) (board.Game, []Move, error) {
	g := *start
	out := make([]Move, 0, len(moves))
	var plies [2]int
	for i := range moves {
		g.Over = overAt(ends, i)
		if i == skip {
			continue
		}
		m := moves[i]
		got, next, err := try(&g, m.Board, m.UCI, plies[m.Board]+1)
		if err != nil {
			return g, out, &replayError{i: i, err: err}
		}
		got.At = m.At
		g = next
		plies[m.Board]++
		out = append(out, got)
	}
	g.Over = overAt(ends, len(moves))
	return g, out, nil
}

type replayError struct {
	i   int
	err error
}

func (e *replayError) Error() string { return e.err.Error() }

// TakeBack removes board b's last move (the arbiter corrects a typing
// slip) and returns it. It refuses with *TakeBackError, changing nothing,
// when a later move on the other board cannot be played without it (a
// drop of the piece it captured), and with ErrNoMove when b has none.
func (s *Sheet) TakeBack(b bughouse.Board) (Move, error) {
	b &= 1
	if s.plies[b] == 0 {
		return Move{}, fmt.Errorf("%w (board %s)", ErrNoMove, b)
	}
	k := s.index(b, s.plies[b])
	g, moves, err := replay(&s.start, s.moves, k, s.ends)
	if err != nil {
		var re *replayError
		errors.As(err, &re)
		reason := re.err.Error()
		var e *Error
		if errors.As(re.err, &e) {
			reason = e.Reason
			if e.Rule != "" {
				reason += " (" + e.Rule + ")"
			}
		}
		return Move{}, &TakeBackError{Move: s.moves[k], Later: s.moves[re.i], Reason: reason}
	}
	taken := s.moves[k]
	s.moves, s.game = moves, g
	s.plies[b]--
	for i := range s.ends {
		// An end after the move taken back came one move earlier.
		if s.ends[i] > k+1 {
			s.ends[i]--
		}
	}
	s.game.Over = s.overAt(len(s.moves))
	return taken, nil
}

// End marks board b over from now on while the other board plays on
// (match_format = both-boards, or a drawn board under Art 34): from the
// next move entered, no piece passes to or from it (board.Game.Over; seed
// 003: "no se pasan nuevas piezas"). A second End of the same board
// changes nothing.
func (s *Sheet) End(b bughouse.Board) {
	b &= 1
	if s.ends[b] == 0 {
		s.ends[b] = len(s.moves) + 1
		s.game.Over[b] = true
	}
}

// Ended reports whether board b was marked over (End).
func (s *Sheet) Ended(b bughouse.Board) bool { return s.ends[b&1] != 0 }

// overAt returns which boards are over before move index i.
func (s *Sheet) overAt(i int) [2]bool { return overAt(s.ends, i) }

func overAt(ends [2]int, i int) [2]bool {
	var o [2]bool
	for b, e := range ends {
		o[b] = e != 0 && e-1 <= i
	}
	return o
}

// Reserve is one player's reserve: how many pieces of each kind, by
// upper-case letter ("Q", "R", "B", "N", "P"); kinds not held are left
// out.
type Reserve map[string]int

// Position is a board at a ply, with the four reserves then.
type Position struct {
	// Board and Ply: board Board after Ply of its moves (and the other
	// board's moves entered before its next one).
	Board bughouse.Board `json:"board"`
	Ply   int            `json:"ply"`
	// FEN is the board's FEN with its reserves in [...] ; GameFEN both
	// boards, "FEN-A | FEN-B".
	FEN     string `json:"fen"`
	GameFEN string `json:"game_fen"`
	// ToMove is the seat to move; InCheck whether he is in check; Status
	// his status under the rules (board.Status words: "ongoing",
	// "checkmate", "stalemate", "must-wait").
	ToMove  bughouse.Seat `json:"to_move"`
	InCheck bool          `json:"in_check"`
	Status  string        `json:"status"`
	// Last is the move of ply Ply (nil at ply 0); Next the move entered
	// after it on this board (nil when Ply is the last).
	Last *Move `json:"last"`
	Next *Move `json:"next"`
	// Reserves are the four players' reserves, indexed by bughouse.Seat.
	Reserves [4]Reserve `json:"reserves"`
	// Legal lists the legal moves and drops of the player to move, in UCI
	// ("e2e4", "e7e8q", "N@f3"), for a page's click-to-move.
	Legal []string `json:"legal"`
}

// Position returns board b at ply ply (0..Len(b)): the position its move
// ply+1 was or will be played in. The error wraps ErrPly for a ply the
// board has not reached.
func (s *Sheet) Position(b bughouse.Board, ply int) (*Position, error) {
	b &= 1
	g, err := s.gameAt(b, ply)
	if err != nil {
		return nil, err
	}
	p := g.Board(b)
	pos := &Position{Board: b, Ply: ply, FEN: p.FEN(), GameFEN: g.FEN(),
		ToMove: bughouse.SeatOf(b, bughouse.Color(p.Side())), InCheck: p.InCheck(), Status: g.Status(b).String(),
		Reserves: reserves(&g), Legal: []string{}}
	if ply > 0 {
		m := s.moves[s.index(b, ply)]
		pos.Last = &m
	}
	if ply < s.plies[b] {
		m := s.moves[s.index(b, ply+1)]
		pos.Next = &m
	}
	var l board.MoveList
	p.LegalMoves(&l)
	for _, m := range l.Slice() {
		pos.Legal = append(pos.Legal, m.UCI())
	}
	return pos, nil
}

// Reserves returns the four reserves now, indexed by bughouse.Seat.
func (s *Sheet) Reserves() [4]Reserve { return reserves(&s.game) }

// FEN returns both boards now, "FEN-A | FEN-B".
func (s *Sheet) FEN() string { return s.game.FEN() }

func reserves(g *board.Game) [4]Reserve {
	var r [4]Reserve
	for _, seat := range bughouse.Seats {
		r[seat] = Reserve{}
		p := g.Board(seat.Board())
		for k := board.Pawn; k <= board.Queen; k++ {
			if n := p.Hand(bughouse.Color(seat.Color()), k); n > 0 {
				r[seat][string(k.Letter())] = n
			}
		}
	}
	return r
}
