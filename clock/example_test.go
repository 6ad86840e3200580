package clock_test

import (
	"fmt"
	"time"

	"tandem/bughouse"
	"tandem/clock"
)

// A 3+2 clock under the FIDE/DGT convention: instants are durations since
// the start, and the flag instant is exact.
func Example() {
	c, _ := clock.Parse("3m+2s")
	c.IncrementBeforeFirstMove = true
	p := clock.NewPair(c, c)
	fmt.Println("before move 1:", p.Remaining(bughouse.White, 0))
	p.Start(bughouse.White, 0)
	_ = p.Press(bughouse.White, 5*time.Second) // 3:02 - 5 s + 2 s
	fmt.Println("white after 5 s:", p.Remaining(bughouse.White, 5*time.Second))
	at, who, _ := p.NextFlag()
	fmt.Println(who, "flags at", at)
	fmt.Println("press at", at, "->", p.Press(bughouse.Black, at))
	// Output:
	// before move 1: 3m2s
	// white after 5 s: 2m59s
	// black flags at 3m7s
	// press at 3m7s -> clock: flag already fell
}

func ExampleParse() {
	c, err := clock.Parse("40/90m+30s, 30m+30s")
	fmt.Println(c, err, len(c.Stages), c.Stages[0].Moves)
	_, err = clock.Parse("5m z2s")
	fmt.Println(err)
	// Output:
	// 40/1h30m+30s, 30m+30s <nil> 2 40
	// time control "5m z2s", stage 1: "z2s": delay must be written dX (Bronstein) or usX (US), e.g. d2s
}

func ExampleParseSeconds() {
	d, _ := clock.ParseSeconds("118.585")
	fmt.Println(int64(d), d)
	// Output: 118585000000 1m58.585s
}
