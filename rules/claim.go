package rules

import (
	"errors"
	"fmt"
	"time"

	"tandem/bughouse"
)

// This file holds the claims (Art 26-30): who may claim, against whom,
// and what an upheld illegal-move claim does.

func (m *Match) claimEvent(e Event) (Effect, error) {
	switch m.status {
	case Ready:
		return Effect{}, errors.New("rules: the match has not started")
	case Decided:
		return Effect{}, errors.New("rules: the match is decided")
	}
	if m.claim.Active {
		return Effect{}, fmt.Errorf("rules: a claim by %s is already pending", m.claim.Claimant)
	}
	switch e.Reason {
	case IllegalMove, Flag, OtherClaim:
	default:
		return Effect{}, fmt.Errorf("rules: a claim is about illegal-move, flag or other, not %s", e.Reason)
	}
	off := e.Accuses()
	if e.AccusedSet && e.Reason != IllegalMove {
		return Effect{}, fmt.Errorf("rules: only an illegal-move claim names the accused, not a %s claim", e.Reason)
	}
	if e.Reason == IllegalMove {
		if err := m.mayAccuse(e.Seat, off); err != nil {
			return Effect{}, err
		}
	} else if m.boards[e.Seat.Board()].halted {
		return Effect{}, fmt.Errorf("rules: board %s is over", e.Seat.Board())
	}
	if m.status == Running {
		// Art 29: the claimant stops his board, the arbiter the other.
		m.stopAll(e.At)
		m.status = Paused
	}
	m.claim = PendingClaim{Active: true, Claimant: e.Seat, Reason: e.Reason, At: e.At, Accused: off}
	return Effect{}, nil
}

// mayAccuse checks that claimant may claim an illegal move by accused:
// a player of the other team whom illegal_move_claim lets claim, and the
// accused the last mover of his board, whose opponent has not moved since
// (Art 26-27: a move is complete when its clock is pressed, and the claim
// comes before the reply).
func (m *Match) mayAccuse(claimant, accused bughouse.Seat) error {
	if accused.Team() == claimant.Team() {
		return fmt.Errorf("rules: %s cannot accuse %s, a player of his own team", claimant, accused)
	}
	if m.opts.ClaimIllegal == ClaimBoardOpponent && accused != claimant.Opponent() {
		return refuse("illegal_move_claim = board-opponent", "only %s's board opponent %s may claim his illegal move (Art 29)", accused, accused.Opponent())
	}
	b := accused.Board()
	if m.boards[b].halted {
		return fmt.Errorf("rules: board %s is over", b)
	}
	clk := &m.boards[b].clk
	if turn, _ := clk.Turn(); turn != accused.Opponent().Color() || clk.Moves(accused.Color()) == 0 {
		return refuse("Art 26-27", "%s cannot claim an illegal move: %s has not moved since %s's last move (Art 26-27)", claimant, accused, accused.Opponent())
	}
	return nil
}

func (m *Match) resolve(e Event) (Effect, error) {
	if m.status == Decided {
		// A claim still pending when the arbiter declared a result cannot
		// be resolved afterwards: without this check Uphold counted a
		// strike and cleared the claim before declare refused, breaking
		// Apply's "an error changes nothing" (TestResultImmutable).
		return Effect{}, errors.New("rules: the match is decided")
	}
	if !m.claim.Active {
		return Effect{}, errors.New("rules: no claim is pending")
	}
	c := m.claim
	m.claim = PendingClaim{}
	if e.Kind == Reject || c.Reason != IllegalMove {
		// A rejected claim, or an upheld claim the arbiter settles by a
		// result or an adjustment: the match stays paused.
		return Effect{}, nil
	}
	offender := c.Accused
	bs := &m.boards[offender.Board()]
	bs.strikes[offender.Color()]++
	switch m.opts.IllegalMove {
	case IllegalLossOnClaim:
	case IllegalThreeStrikes:
		if bs.strikes[offender.Color()] < 3 {
			m.retract(offender, e.At)
			return Effect{}, nil
		}
	default:
		m.retract(offender, e.At)
		return Effect{}, nil
	}
	return m.declare(offender.Board(), winFor(offender.Opponent()), IllegalMove, e.At)
}

// retract gives the turn back to the offender of an upheld illegal move
// that does not lose: the move is taken back and he must move again (FIDE
// Laws 7.5, which apply where the regulation is silent, Art 2), so his
// clock is the one that runs on resume. The time used stays as it is: the
// arbiter adjusts it if he rules so.
func (m *Match) retract(offender bughouse.Seat, at time.Duration) {
	// claimEvent checked that the offender made the last press, so the
	// move can be taken back.
	m.boards[offender.Board()].clk.Retract(offender.Color(), at)
}

// winFor returns the board outcome in which seat s wins.
func winFor(s bughouse.Seat) Outcome {
	if s.Color() == bughouse.White {
		return WhiteWins
	}
	return BlackWins
}

// Strikes returns how many illegal moves by seat s were upheld.
func (m *Match) Strikes(s bughouse.Seat) int { return int(m.boards[s.Board()].strikes[s.Color()]) }

// Claim returns the pending claim (Active is false when none).
func (m *Match) Claim() PendingClaim { return m.claim }
