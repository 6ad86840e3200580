package rules

import (
	"strconv"
	"time"

	"tandem/bughouse"
)

// This file holds match_format = both-boards (seed 003's other format):
// when a board ends the other goes on, and the match is the sum of the
// two boards' points once both are over.

// endBoard ends board b with outcome o for reason why at instant at under
// match_format = both-boards: its clocks stop and the other board goes on;
// once both boards are over the match is decided by their points. A
// result settles any claim still pending, as under first-decision.
func (m *Match) endBoard(b bughouse.Board, o Outcome, why Reason, at time.Duration) Effect {
	bs := &m.boards[b]
	bs.outcome, bs.reason, bs.at = o, why, at
	bs.clk.Stop(at)
	bs.halted = true
	m.claim = PendingClaim{}
	if m.boards[b.Other()].outcome == Undecided {
		return Effect{}
	}
	return m.finishBoth(at)
}

// flagBoards ends the boards of the seats fallen at f1 under
// match_format = both-boards, and the match once both boards are over; it
// reports whether the match is decided.
func (m *Match) flagBoards(fallen []bughouse.Seat, f1 time.Duration) bool {
	for _, s := range fallen {
		bs := &m.boards[s.Board()]
		bs.clk.Stop(f1)
		bs.clk.Flag(s.Color())
		bs.halted = true
		bs.outcome, bs.reason, bs.at = winFor(s.Opponent()), Flag, f1
	}
	for b := range m.boards {
		if m.boards[b].outcome == Undecided {
			return false
		}
	}
	m.finishBoth(f1)
	if len(fallen) == 2 {
		m.reason = SimultaneousFlag
	}
	return true
}

// finishBoth decides the match at instant at, both boards over, by the sum
// of their points (seed 003): more points wins, equal points draw. Its
// reason is the boards' when both ended at once for one reason (a
// deadlock, an agreement of all four), else BoardSum; the decisive
// seats are the losers of the decisive boards, board A first.
func (m *Match) finishBoth(at time.Duration) Effect {
	m.halt(at)
	m.claim = PendingClaim{}
	var views [2]BoardView
	for b := range m.boards {
		views[b] = BoardView{Outcome: m.boards[b].outcome}
	}
	p1, p2 := GamePoints(views)
	switch {
	case p1 > p2:
		m.result = Team1Wins
	case p2 > p1:
		m.result = Team2Wins
	default:
		m.result = MatchDraw
	}
	a, b := &m.boards[0], &m.boards[1]
	m.reason = BoardSum
	if a.at == b.at && a.reason == b.reason {
		m.reason = a.reason
	}
	m.status, m.decidedAt, m.ndecisive = Decided, at, 0
	for i := range m.boards {
		if o := m.boards[i].outcome; o == WhiteWins || o == BlackWins {
			m.decisive[m.ndecisive] = loserOf(bughouse.Board(i), o)
			m.ndecisive++
		}
	}
	return Effect{Decided: true}
}

// loserOf returns the seat that lost board b's decisive outcome o.
func loserOf(b bughouse.Board, o Outcome) bughouse.Seat {
	if o == WhiteWins {
		return bughouse.SeatOf(b, bughouse.Black)
	}
	return bughouse.SeatOf(b, bughouse.White)
}

// GamePoints returns the teams' game points from the two boards'
// outcomes (indexed by bughouse.Board): a won game 1 to the winner's team,
// a drawn game 1/2 to each, an undecided one nothing. It is the match
// result under match_format = both-boards (seed 003: "sumando el puntaje
// de los dos tableros") and the game points of the standings. The values
// are halves, exact in a float64.
func GamePoints(boards [2]BoardView) (team1, team2 float64) {
	for b, v := range boards {
		switch v.Outcome {
		case WhiteWins, BlackWins:
			w := bughouse.SeatOf(bughouse.Board(b), bughouse.Black)
			if v.Outcome == WhiteWins {
				w = bughouse.SeatOf(bughouse.Board(b), bughouse.White)
			}
			if w.Team() == bughouse.Team1 {
				team1++
			} else {
				team2++
			}
		case Drawn:
			team1 += 0.5
			team2 += 0.5
		}
	}
	return team1, team2
}

// Points returns the teams' game points of s's boards (GamePoints).
func (s Snapshot) Points() (team1, team2 float64) { return GamePoints(s.Boards) }

// PointsText writes game points as "1.5-0.5", team 1 first: the
// decision record's, the BPGN Points tag's and the screens' form.
func PointsText(team1, team2 float64) string {
	return strconv.FormatFloat(team1, 'f', -1, 64) + "-" + strconv.FormatFloat(team2, 'f', -1, 64)
}
