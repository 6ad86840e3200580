package timeline_test

import (
	"fmt"
	"strings"

	"tandem/timeline"
)

func Example() {
	s, err := timeline.Read(strings.NewReader(`preset reglamento
control 5m+0
0      start
1.25   press A-white
70     result A 0-1 checkmate   # A-white is mated
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("preset", s.Preset, "control", s.Control)
	for _, e := range s.Entries {
		fmt.Printf("line %d  %v  %v\n", e.Line, e.Event.At, e.Event)
	}
	// Output:
	// preset reglamento control 5m
	// line 3  0s  start
	// line 4  1.25s  press A-white
	// line 5  1m10s  result A 0-1 checkmate
}
