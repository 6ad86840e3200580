package scoresheet_test

import (
	"fmt"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/scoresheet"
)

// A recorder enters moves on both boards; a capture on board A feeds
// B-black's reserve, and a pawn dropped on his 7th rank is refused under the
// reglamento preset.
func Example() {
	p, _ := rules.LookupPreset("reglamento")
	s, _ := scoresheet.New(p.Options.Rules, nil)
	for _, m := range []string{"e4", "d5", "exd5"} {
		s.Enter(bughouse.BoardA, m, 0)
	}
	s.Enter(bughouse.BoardB, "d4", 0)
	fmt.Println(s.Reserves()[bughouse.BBlack])
	_, err := s.Enter(bughouse.BoardB, "P@d2", 0)
	fmt.Println(err)
	m, _ := s.Enter(bughouse.BoardB, "P@e6", 0)
	fmt.Println(m.String())
	// Output:
	// map[P:1]
	// board B, 1b (B-black) P@d2: a pawn may not be dropped on rank 7 (counted from black) (pawn_drop_ranks [2, 6], Art 18.1)
	// 1b. P@e6 (B-black)
}
