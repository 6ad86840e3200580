package tournament_test

import (
	"fmt"
	"os"
	"strings"

	"tandem/bughouse"
	"tandem/tournament"
)

func Example() {
	t, err := tournament.Parse("club.toml", []byte(`
name = "Club bughouse night"
rounds = 2

[[team]]
name = "Knights"
players = [{ name = "Ana", rating = 1900 }, { name = "Bea", rating = 1800 }]

[[team]]
name = "Rooks"
players = [{ name = "Carl" }, { name = "Dan" }]

[[team]]
name = "Pawns"
players = [{ name = "Eva" }, { name = "Fer" }]
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	// Round 1 from a pairing engine: one pair, and team 3 gets the bye.
	ms, err := tournament.ReadEnginePairings("round1.txt", strings.NewReader("2\n2 1\n3 0\n"), 1)
	if err == nil {
		err = t.Apply("round1.txt", ms)
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	tables, _ := t.Tables(1)
	for _, tb := range tables {
		fmt.Printf("table %d: A-white %s, A-black %s, B-white %s, B-black %s\n", tb.Number,
			tb.Player(bughouse.AWhite).Name, tb.Player(bughouse.ABlack).Name, tb.Player(bughouse.BWhite).Name, tb.Player(bughouse.BBlack).Name)
	}
	if err := t.Record(1, 1, tournament.Win2); err != nil { // 0-1: team 2 (Knights) wins
		fmt.Println(err)
		return
	}
	// Knights and Pawns tie on points; Art 43.5 (wins) puts the Knights
	// first: a bye is not a win.
	tournament.WriteText(os.Stdout, t.Standings())
	// Output:
	// table 1: A-white Carl, A-black Ana, B-white Bea, B-black Dan
	// rank  id  team     pts  DE  BH-1  BH  SB  W
	// 1     1   Knights  1    -   0     0   0   1
	// 2     3   Pawns    1    -   0     0   0   0
	// 3     2   Rooks    0    -   0     1   0   0
}
