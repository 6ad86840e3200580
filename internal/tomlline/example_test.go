package tomlline_test

import (
	"fmt"

	"tandem/internal/tomlline"
)

func Example() {
	doc := []byte(`name = "Open"

[[team]]
name = "Knights"
players = [
  { name = "Ana", rating = 2100 },
  { name = "Ben", rating = 4000 },
]
`)
	lines := tomlline.New(doc)
	// The decoder took rating = 4000; the check that rejects it asks
	// where it is.
	fmt.Println(lines.Exact([]string{"team", "0", "players", "1", "rating"}))
	// A key that is missing is reported at its table.
	fmt.Println(lines.Line([]string{"team", "0", "id"}))
	// Output:
	// 7
	// 3
}
