package board_test

import (
	"fmt"
	"tandem/rules"

	"tandem/board"
	"tandem/bughouse"
)

// An arbiter checks a move and a drop under the reglamento preset.
func Example() {
	ps, _ := rules.LookupPreset("reglamento")
	r := ps.Options.Rules // the preset's board options
	p, _ := board.ParseFEN("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", r)
	if _, err := p.ParseMove("P@a7"); err != nil {
		fmt.Println(err)
	}
	m, _ := p.ParseMove("P@e2")
	fmt.Println(p.SAN(m))
	p.Make(m)
	fmt.Println(p.FEN())
	// Output:
	// P@a7: a pawn may not be dropped on rank 7 (counted from white) (pawn_drop_ranks [2, 6], Art 18.1)
	// P@e2
	// 4k3/8/8/8/8/8/4P3/4K3[p] b - - 0 1
}

// Two boards: a capture on board A goes to the partner on board B.
func ExampleGame() {
	ps, _ := rules.LookupPreset("fics")
	r := ps.Options.Rules
	g := board.NewGame(r)
	for _, mv := range []struct {
		s    bughouse.Seat
		text string
	}{{bughouse.AWhite, "e4"}, {bughouse.ABlack, "d5"}, {bughouse.AWhite, "exd5"}} {
		if _, err := g.Play(mv.s, mv.text); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Printf("B-black's reserve: %q\n", g.Reserve(bughouse.BBlack))
	_, err := g.Play(bughouse.BBlack, "P@e5")
	fmt.Println(err)
	// Output:
	// B-black's reserve: "p"
	// P@e5: it is white's turn on board B, not black's (FIDE Art 1.1, by Art 2: the players move alternately)
}

// A perft count of the crazyhouse reference.
func ExamplePosition_Perft() {
	p, _ := board.ParseFEN("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", board.CrazyhouseRules)
	fmt.Println(p.Perft(2))
	// Output: 3083
}
