package rules

import (
	"errors"
	"fmt"
	"time"

	"tandem/board"
	"tandem/bughouse"
)

// This file holds the draws of the whole match: the agreement of all four
// players, and seed 002's safety rules (a deadlock, the move limit).

// drawMatch draws every board still in play at instant at for reason why:
// under first-decision the match is drawn; under both-boards its result
// is the sum of the boards (a board already won keeps its point).
func (m *Match) drawMatch(at time.Duration, why Reason) Effect {
	for b := range m.boards {
		if bs := &m.boards[b]; bs.outcome == Undecided {
			bs.outcome, bs.reason, bs.at = Drawn, why, at
		}
	}
	if m.opts.Format == FormatBothBoards {
		return m.finishBoth(at)
	}
	m.halt(at)
	m.claim = PendingClaim{}
	m.status, m.decidedAt, m.result, m.reason, m.ndecisive = Decided, at, MatchDraw, why, 0
	return Effect{Decided: true}
}

// live refuses an event of the whole match before the start or after the
// decision.
func (m *Match) live(what string) error {
	switch m.status {
	case Ready:
		return fmt.Errorf("rules: the match has not started: no %s yet", what)
	case Decided:
		return refuse("Art 31", "the match was already decided (%s, %s); the result cannot change", m.result, m.reason)
	}
	return nil
}

// agreeAll draws the match by the agreement of all four players.
func (m *Match) agreeAll(e Event) (Effect, error) {
	if err := m.live("agreement"); err != nil {
		return Effect{}, err
	}
	return m.drawMatch(e.At, AllAgreed), nil
}

// deadlocked draws the match by seed 002's safety rule.
func (m *Match) deadlocked(e Event) (Effect, error) {
	if !m.opts.DeadlockDraw {
		return Effect{}, refuse("deadlock_draw = false", "a deadlock draws nothing under these rules (deadlock_draw = false): the players wait, their clocks running")
	}
	if err := m.live("deadlock"); err != nil {
		return Effect{}, err
	}
	return m.drawMatch(e.At, Deadlock), nil
}

// moves returns the moves completed on both boards: the presses that
// ended a turn (an upheld illegal move taken back does not count).
func (m *Match) moves() int {
	n := 0
	for b := range m.boards {
		n += m.boards[b].clk.Moves(bughouse.White) + m.boards[b].clk.Moves(bughouse.Black)
	}
	return n
}

// Moved judges g, both boards as the scoresheet shows them after a move
// was entered (or taken back), for the rules that depend on the position:
// under deadlock_draw, when no player to move on either board can ever
// move again (board.Game.Deadlock), it returns the Deadlocked event the
// loop must apply at the instant of that move, and the match is drawn then
// (seed 002: "cuando ningún jugador al que le toca mover, en ninguno de
// los dos tableros, puede volver a mover"). Otherwise ok is false. Moved
// changes nothing itself: the decision is the event's, so a record
// replays it without the positions.
func (m *Match) Moved(g *board.Game) (e Event, ok bool) {
	if !m.opts.DeadlockDraw || (m.status != Running && m.status != Paused) || g == nil {
		return Event{}, false
	}
	if !g.Deadlock() {
		return Event{}, false
	}
	return Event{Kind: Deadlocked}, true
}

// ErrFiftyMoves is wrapped by CheckFiftyMoves' refusal.
var ErrFiftyMoves = errors.New("rules: the fifty-move rule does not apply")

// CheckFiftyMoves checks board b of g, the position a scoresheet shows,
// for a fifty-move draw (FIDE Laws 9.3, which apply through Art 2): the
// last fifty moves of each player were made without a capture and
// without a pawn move or a pawn drop. Its error is a *Refusal wrapping
// ErrFiftyMoves, citing the law, when fewer were; a table that keeps no
// scoresheet has nothing to check and takes the arbiter's word.
func CheckFiftyMoves(g *board.Game, b bughouse.Board) error {
	n := g.Board(b).HalfMoves()
	if n >= 100 {
		return nil
	}
	return &fiftyRefusal{Refusal{Msg: fmt.Sprintf("rules: board %s has %d half-moves since the last capture or pawn move or drop; the fifty-move rule needs 100 (50 by each player)", b, n),
		Rule: "Art 2: FIDE Laws 9.3"}}
}

// fiftyRefusal is a Refusal that is also ErrFiftyMoves.
type fiftyRefusal struct{ Refusal }

func (r *fiftyRefusal) Unwrap() []error { return []error{&r.Refusal, ErrFiftyMoves} }
