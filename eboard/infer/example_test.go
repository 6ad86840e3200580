package infer_test

import (
	"fmt"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard/infer"
)

// The knight on f3 takes on e5: lifted, the pawn taken off, set down.
// The press commits it.
func ExampleTracker() {
	g, _ := board.ParseGameFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3 | "+board.Start, board.CrazyhouseRules)
	tr := infer.NewTracker(bughouse.BoardA)
	s := infer.SquaresOf(g.Board(bughouse.BoardA))
	tr.Set(0, &s)
	f3, _ := board.ParseSquare("f3")
	e5, _ := board.ParseSquare("e5")
	tr.Put(1e9, f3, 0)
	tr.Put(2e9, e5, 0)
	tr.Put(3e9, e5, board.MakePiece(bughouse.White, board.Knight))
	out := tr.Press(4e9, bughouse.AWhite, g)
	fmt.Println(out.Enter.SAN, out.Enter.UCI, out.Enter.At)
	// Output: Nxe5 f3e5 4s
}

// A drop of a piece the player does not hold is an alert with the square.
func ExampleExplain() {
	g := board.NewGame(board.CrazyhouseRules)
	seen := infer.StartSquares
	e4, _ := board.ParseSquare("e4")
	seen[e4] = board.MakePiece(bughouse.White, board.Knight)
	f := infer.Explain(g, bughouse.BoardA, &seen)
	fmt.Println(f.Verdict, f.Differ)
	fmt.Println(f.Reason)
	// Output:
	// unexplained [e4 (sheet -, board N)]
	// a white knight put on e4 with nothing lifted, a drop, but white holds no knight in reserve (Art 16)
}
