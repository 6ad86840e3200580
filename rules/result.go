package rules

import (
	"fmt"

	"tandem/bughouse"
)

// Outcome is one board's game result.
type Outcome uint8

// Board outcomes.
const (
	Undecided Outcome = iota // the game goes on
	WhiteWins
	BlackWins
	Drawn
)

// String returns "1-0", "0-1", "1/2-1/2" or "*".
func (o Outcome) String() string {
	switch o {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Drawn:
		return "1/2-1/2"
	}
	return "*"
}

// ParseOutcome reads "1-0", "0-1" or "1/2-1/2" (also "½-½", "=").
func ParseOutcome(s string) (Outcome, error) {
	switch s {
	case "1-0":
		return WhiteWins, nil
	case "0-1":
		return BlackWins, nil
	case "1/2-1/2", "½-½", "=":
		return Drawn, nil
	}
	return Undecided, fmt.Errorf("unknown result %q; write 1-0, 0-1 or 1/2-1/2", s)
}

// Result is the match result from team 1's point of view, as BPGN writes it.
type Result uint8

const (
	NoResult  Result = iota // "*": not decided
	Team1Wins               // "1-0"
	Team2Wins               // "0-1"
	MatchDraw               // "1/2-1/2"
	// DoubleForfeit "0-0": both teams lost by forfeit, neither having
	// come within the no-show tolerance (Art 44).
	DoubleForfeit
)

// String returns "1-0", "0-1", "1/2-1/2", "0-0" (a double forfeit) or
// "*".
func (r Result) String() string {
	switch r {
	case Team1Wins:
		return "1-0"
	case Team2Wins:
		return "0-1"
	case MatchDraw:
		return "1/2-1/2"
	case DoubleForfeit:
		return "0-0"
	}
	return "*"
}

// WinFor returns the result in which team t wins.
func WinFor(t bughouse.Team) Result {
	if t == bughouse.Team1 {
		return Team1Wins
	}
	return Team2Wins
}

// LossFor returns the result in which team t loses.
func LossFor(t bughouse.Team) Result { return WinFor(3 - t) }

// matchResult maps a decisive board outcome to the match result
// (docs/rules.md: White A or Black B winning is "1-0").
func matchResult(b bughouse.Board, o Outcome) Result {
	switch o {
	case WhiteWins:
		return WinFor(bughouse.SeatOf(b, bughouse.White).Team())
	case BlackWins:
		return WinFor(bughouse.SeatOf(b, bughouse.Black).Team())
	case Drawn:
		return MatchDraw
	}
	return NoResult
}
