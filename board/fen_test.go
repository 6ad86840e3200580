package board_test

import (
	"testing"

	"tandem/board"
)

// A FEN that cannot be read names its field and counts in good English:
// one rank or one square is "1 rank", "1 square", never "1 ranks".
func TestParseFEN_CountErrors(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"garbage", `FEN "garbage": board: 1 rank; a board has 8 (a reserve may be a 9th)`},
		{"8/8", `FEN "8/8": board: 2 ranks; a board has 8 (a reserve may be a 9th)`},
		{"8/8/8/8/8/8/8/8/8/8", `FEN "8/8/8/8/8/8/8/8/8/8": board: 10 ranks; a board has 8 (a reserve may be a 9th)`},
		{"K/8/8/8/8/8/8/7k w - - 0 1", `FEN "K/8/8/8/8/8/8/7k w - - 0 1": board: rank 8 has 1 square; it needs 8`},
		{"K6/8/8/8/8/8/8/7k w - - 0 1", `FEN "K6/8/8/8/8/8/8/7k w - - 0 1": board: rank 8 has 7 squares; it needs 8`},
		{"K7/8/8/8//8/8/7k w - - 0 1", `FEN "K7/8/8/8//8/8/7k w - - 0 1": board: rank 4 has 0 squares; it needs 8`},
	} {
		_, err := board.ParseFEN(tc.fen, board.CrazyhouseRules)
		if err == nil {
			t.Errorf("%q: no error, want %q", tc.fen, tc.want)
			continue
		}
		if _, ok := err.(*board.FENError); !ok {
			t.Errorf("%q: %T, want *board.FENError", tc.fen, err)
		}
		if err.Error() != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.fen, err.Error(), tc.want)
		}
	}
}
