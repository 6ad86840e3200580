package session_test

import (
	"fmt"
	"os"
	"strings"

	"tandem/board"
	"tandem/eboard/session"
)

// Board A comes up in the start position; White plays e4 and presses.
func ExampleReplay() {
	src := "0 A 86004308090A0C0B0A09080707070707070707" + strings.Repeat("00", 32) + "01010101010101010203040605040302\n" +
		"1.0 A 8E00053400  # e2 lifted\n" +
		"1.2 A 8E00052401  # a white pawn on e4\n" +
		"1.5 press A-white\n"
	s, err := session.Read("e4.session", strings.NewReader(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := session.Replay("e4.session", s, board.CrazyhouseRules)
	fmt.Println(res.Moves(0))
	res.WriteJSON(os.Stdout)
	// Output:
	// [e4]
	// {"A":{"moves":["e4"],"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"},"B":{"moves":[],"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},"reserves":{"A-black":"","A-white":"","B-black":"","B-white":""},"alerts":[],"presses":1,"ignored":0}
}
