package bughouse

import "testing"

func TestSeats_BoardColorTeam(t *testing.T) {
	for _, c := range []struct {
		s            Seat
		name         string
		b            Board
		c            Color
		team         Team
		opp, partner Seat
	}{
		{AWhite, "A-white", BoardA, White, Team1, ABlack, BBlack},
		{ABlack, "A-black", BoardA, Black, Team2, AWhite, BWhite},
		{BWhite, "B-white", BoardB, White, Team2, BBlack, ABlack},
		{BBlack, "B-black", BoardB, Black, Team1, BWhite, AWhite},
	} {
		if c.s.String() != c.name || c.s.Board() != c.b || c.s.Color() != c.c || c.s.Team() != c.team ||
			c.s.Opponent() != c.opp || c.s.Partner() != c.partner || SeatOf(c.b, c.c) != c.s || Seats[c.s] != c.s {
			t.Errorf("%v: board %v colour %v team %v opponent %v partner %v", c.s, c.s.Board(), c.s.Color(), c.s.Team(), c.s.Opponent(), c.s.Partner())
		}
		if c.s.Team().Other() == c.s.Team() || c.s.Opponent().Team() != c.s.Team().Other() {
			t.Errorf("%v: the opponent is on the other team", c.s)
		}
	}
}

func TestParseSeat(t *testing.T) {
	for in, want := range map[string]Seat{"A-white": AWhite, "a-w": AWhite, "B-BLACK": BBlack, "b-b": BBlack, "A-black": ABlack, "B-w": BWhite} {
		if got, err := ParseSeat(in); err != nil || got != want {
			t.Errorf("ParseSeat(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "A", "C-white", "A-red", "white", "A_white"} {
		if _, err := ParseSeat(in); err == nil {
			t.Errorf("ParseSeat(%q) accepted", in)
		}
	}
	if _, err := ParseBoard("c"); err == nil {
		t.Error("board C accepted")
	}
	if b, err := ParseBoard("b"); err != nil || b != BoardB || b.Other() != BoardA || b.String() != "B" {
		t.Errorf("ParseBoard(b) = %v, %v", b, err)
	}
	if White.Other() != Black || Black.String() != "black" || White.String() != "white" {
		t.Error("colours")
	}
}
