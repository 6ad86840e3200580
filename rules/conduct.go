package rules

import "tandem/bughouse"

// This file holds the arbiter's sanctions of Art 40: "El árbitro puede
// sancionar con advertencia, descuento de tiempo o pérdida del match,
// según la gravedad." The time deduction is an Adjust.

// warn records a warning of e.Seat (Art 40): counted per player,
// recorded, changing nothing else.
func (m *Match) warn(e Event) (Effect, error) {
	if m.status == Decided {
		return Effect{}, refuse("Art 31", "the match is decided (%s, %s); its record is closed", m.result, m.reason)
	}
	if m.warnings[e.Seat] < 255 {
		m.warnings[e.Seat]++
	}
	return Effect{}, nil
}

// Warnings returns how many warnings seat s received (Art 40).
func (m *Match) Warnings(s bughouse.Seat) int { return int(m.warnings[s&3]) }

// penalize decides the match against e.Seat's team at once (Art 40: the
// loss of the match): the offender loses his board by penalty, and under
// match_format = both-boards the other board too when it is still in
// play, so that the boards add up to the loss.
func (m *Match) penalize(e Event) (Effect, error) {
	if m.status == Decided {
		return Effect{}, refuse("Art 31", "the match was already decided (%s, %s); the result cannot change", m.result, m.reason)
	}
	s := e.Seat
	m.halt(e.At)
	m.claim = PendingClaim{}
	if bs := &m.boards[s.Board()]; bs.outcome == Undecided {
		bs.outcome, bs.reason, bs.at = winFor(s.Opponent()), Penalty, e.At
	}
	if m.opts.Format == FormatBothBoards {
		if bs := &m.boards[s.Board().Other()]; bs.outcome == Undecided {
			bs.outcome, bs.reason, bs.at = winFor(s.Partner().Opponent()), Penalty, e.At
		}
	}
	m.status, m.decidedAt, m.result, m.reason = Decided, e.At, LossFor(s.Team()), Penalty
	m.decisive, m.ndecisive = [2]bughouse.Seat{s}, 1
	return Effect{Decided: true}, nil
}
