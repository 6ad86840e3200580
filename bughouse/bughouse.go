package bughouse

import (
	"fmt"
	"strings"
)

// Color is a side of one board: White or Black.
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

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

// Seat is one player's place: a board and a colour.
type Seat uint8

// The four seats, in the order used by every [4] array indexed by seat.
const (
	AWhite Seat = 0
	ABlack Seat = 1
	BWhite Seat = 2
	BBlack Seat = 3
)

// Seats lists the four seats in order.
var Seats = [4]Seat{AWhite, ABlack, BWhite, BBlack}

// SeatOf returns the seat of colour c on board b.
func SeatOf(b Board, c Color) Seat { return Seat(uint8(b)*2 + uint8(c)) }

// Board returns the seat's board.
func (s Seat) Board() Board { return Board(s >> 1) }

// Color returns the seat's colour.
func (s Seat) Color() Color { return Color(s & 1) }

// Opponent returns the seat across the same board.
func (s Seat) Opponent() Seat { return s ^ 1 }

// Partner returns the team mate's seat on the other board.
func (s Seat) Partner() Seat { return s ^ 3 }

// Team returns the seat's team: Team1 = White A + Black B, Team2 = Black A +
// White B (docs/rules.md: seats, teams and results).
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

// ParseSeat reads a seat name as String writes it (case-insensitive; "w"
// and "b" are accepted for the colours, e.g. "A-w").
func ParseSeat(s string) (Seat, error) {
	b, c, ok := strings.Cut(strings.ToLower(s), "-")
	if ok {
		board, err := ParseBoard(b)
		if err == nil {
			switch c {
			case "white", "w":
				return SeatOf(board, White), nil
			case "black", "b":
				return SeatOf(board, Black), nil
			}
		}
	}
	return 0, fmt.Errorf("unknown seat %q; seats are A-white, A-black, B-white, B-black", s)
}

// Team is one of the two teams.
type Team uint8

// The two teams.
const (
	Team1 Team = 1 // White on A and Black on B
	Team2 Team = 2 // Black on A and White on B
)

// String returns "team 1" or "team 2".
func (t Team) String() string { return fmt.Sprintf("team %d", uint8(t)) }

// Other returns the opposing team.
func (t Team) Other() Team { return 3 - t }
