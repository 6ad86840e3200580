package bughouse_test

import (
	"fmt"

	"tandem/bughouse"
)

func Example() {
	s, _ := bughouse.ParseSeat("B-white")
	fmt.Println(s, "plays", s.Color(), "on board", s.Board(), "for", s.Team())
	fmt.Println("partner:", s.Partner(), "opponent:", s.Opponent())
	// Output:
	// B-white plays white on board B for team 2
	// partner: A-black opponent: B-black
}
