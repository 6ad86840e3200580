package rules

import (
	"fmt"
	"strings"

	"tandem/clock"
)

// Board is one of the match's two boards.
type Board uint8

// The two boards.
const (
	BoardA Board = 0
	BoardB Board = 1
)

// String returns "A" or "B".
func (b Board) String() string {
	if b == BoardB {
		return "B"
	}
	return "A"
}

// Other returns the partner board.
func (b Board) Other() Board { return b ^ 1 }

// ParseBoard reads "A" or "B" (either case).
func ParseBoard(s string) (Board, error) {
	switch strings.ToUpper(s) {
	case "A":
		return BoardA, nil
	case "B":
		return BoardB, nil
	}
	return 0, fmt.Errorf("unknown board %q; boards are A and B", s)
}

// Seat is one player's place: a board and a color.
type Seat uint8

// The four seats, in the order used by every [4] array in this package.
const (
	AWhite Seat = 0
	ABlack Seat = 1
	BWhite Seat = 2
	BBlack Seat = 3
)

// Seats lists the four seats in order.
var Seats = [4]Seat{AWhite, ABlack, BWhite, BBlack}

// SeatOf returns the seat of color c on board b.
func SeatOf(b Board, c clock.Color) Seat { return Seat(uint8(b)*2 + uint8(c)) }

// Board returns the seat's board.
func (s Seat) Board() Board { return Board(s >> 1) }

// Color returns the seat's color.
func (s Seat) Color() clock.Color { return clock.Color(s & 1) }

// Opponent returns the seat across the same board.
func (s Seat) Opponent() Seat { return s ^ 1 }

// Partner returns the team mate's seat on the other board.
func (s Seat) Partner() Seat { return s ^ 3 }

// Team returns the seat's team: Team1 = White A + Black B, Team2 = Black A +
// White B (RULES.md: seats, teams and results).
func (s Seat) Team() Team {
	if s == AWhite || s == BBlack {
		return Team1
	}
	return Team2
}

// String returns "A-white", "A-black", "B-white" or "B-black".
func (s Seat) String() string {
	if s > BBlack {
		return fmt.Sprintf("Seat(%d)", uint8(s))
	}
	return s.Board().String() + "-" + s.Color().String()
}

// ParseSeat reads a seat name as String writes it (case-insensitive; "w" and
// "b" are accepted for the colors, e.g. "A-w").
func ParseSeat(s string) (Seat, error) {
	b, c, ok := strings.Cut(strings.ToLower(s), "-")
	if ok {
		board, err := ParseBoard(b)
		if err == nil {
			switch c {
			case "white", "w":
				return SeatOf(board, clock.White), nil
			case "black", "b":
				return SeatOf(board, clock.Black), nil
			}
		}
	}
	return 0, fmt.Errorf("unknown seat %q; seats are A-white, A-black, B-white, B-black", s)
}

// Team is one of the two teams.
type Team uint8

const (
	Team1 Team = 1 // White on A and Black on B
	Team2 Team = 2 // Black on A and White on B
)

// String returns "team 1" or "team 2".
func (t Team) String() string { return fmt.Sprintf("team %d", uint8(t)) }

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
)

// String returns "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	switch r {
	case Team1Wins:
		return "1-0"
	case Team2Wins:
		return "0-1"
	case MatchDraw:
		return "1/2-1/2"
	}
	return "*"
}

// WinFor returns the result in which team t wins.
func WinFor(t Team) Result {
	if t == Team1 {
		return Team1Wins
	}
	return Team2Wins
}

// LossFor returns the result in which team t loses.
func LossFor(t Team) Result { return WinFor(3 - t) }

// matchResult maps a decisive board outcome to the match result
// (RULES.md: White A or Black B winning is "1-0").
func matchResult(b Board, o Outcome) Result {
	switch o {
	case WhiteWins:
		return WinFor(SeatOf(b, clock.White).Team())
	case BlackWins:
		return WinFor(SeatOf(b, clock.Black).Team())
	case Drawn:
		return MatchDraw
	}
	return NoResult
}
