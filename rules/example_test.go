package rules_test

import (
	"fmt"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// A match under the default regulation (5+0): the arbiter starts both
// boards, A-white moves, and the loop asks when the match next changes by
// itself: B-white, who never moved, flags at 5:00 and team 2 loses.
func Example() {
	p, _ := rules.LookupPreset(rules.DefaultPreset)
	m, _ := rules.New(p.Options)
	m.Apply(rules.Event{Kind: rules.Start, At: 0})
	m.Apply(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: 2 * time.Second})
	eff, _ := m.Apply(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: 3 * time.Second})
	fmt.Println("ignored:", eff.Ignored)
	at, _ := m.NextDeadline()
	fmt.Println("next deadline:", at)
	m.Advance(at)
	r, why, seats, when := m.Result()
	fmt.Println(r, why, seats, when)
	s := m.Snapshot(time.Hour)
	fmt.Println(s.Clocks[bughouse.ABlack].Remaining, s.Clocks[bughouse.BWhite].Flagged)
	// Output:
	// ignored: not A-white's turn
	// next deadline: 5m0s
	// 1-0 flag [B-white] 5m0s
	// 2s true
}

// Two flags within simultaneous_window (1 ms) by players of different
// teams draw the match (docs/rules.md clock rule 6).
func Example_simultaneousFlags() {
	p, _ := rules.LookupPreset("reglamento")
	m, _ := rules.New(p.Options)
	m.Apply(rules.Event{Kind: rules.Start, At: 0})
	m.Apply(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: time.Millisecond})
	m.Apply(rules.Event{Kind: rules.Press, Seat: bughouse.ABlack, At: 2 * time.Millisecond})
	m.Advance(time.Hour) // A-white flags at 5:00.001, B-white at 5:00
	r, why, seats, when := m.Result()
	fmt.Println(r, why, seats, when)
	// Output: 1/2-1/2 simultaneous-flag [A-white B-white] 5m0s
}

func ExampleOptions_Set() {
	p, _ := rules.LookupPreset("reglamento")
	o := p.Options
	fmt.Println(o.Set("one_board_draw", "match-draw"))
	fmt.Println(o.Set("stalemate", "lose"))
	v, _ := o.Get("one_board_draw")
	fmt.Println(v)
	// Output:
	// <nil>
	// unknown stalemate "lose"; allowed: draw, wait, win-for-stalemated, loss-for-stalemated
	// match-draw
}

// The game points of a both-boards match as the record, the BPGN Points
// tag and the screens write them: halves without a trailing zero.
func ExamplePointsText() {
	fmt.Println(rules.PointsText(1.5, 0.5))
	fmt.Println(rules.PointsText(1, 1))
	fmt.Println(rules.PointsText(0, 2))
	// Output:
	// 1.5-0.5
	// 1-1
	// 0-2
}
