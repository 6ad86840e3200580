package bpgn_test

import (
	"fmt"
	"os"
	"strings"

	"tandem/bpgn"
)

func Example() {
	record := `[WhiteA "Alba"][BlackA "Bruno"][WhiteB "Carla"][BlackB "Dario"]
[TimeControl "60+0"][Result "1-0"]
1A. e4{58.345} 1B. e4{58.324} 1a. Nf6{59.43} 2A. Nc3{56.925}
{Bruno resigns} 1-0`
	g, err := bpgn.Read(strings.NewReader(record))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range g.Moves {
		fmt.Printf("line %d  %-10s %s  %v left\n", m.Line, m.Label(), m.Seat, m.Stamp)
	}
	t := g.Termination()
	fmt.Println(t.Ending, t.Players, g.SeatsOf(t.Players[0]), g.Result)
	// Output:
	// line 3  1A. e4     A-white  58.345s left
	// line 3  1B. e4     B-white  58.324s left
	// line 3  1a. Nf6    A-black  59.43s left
	// line 3  2A. Nc3    A-white  56.925s left
	// resignation [Bruno] [A-black] 1-0
}

// Write a record back out: the same tags, moves, stamps and result.
func ExampleWrite() {
	g, err := bpgn.Parse([]byte(`[WhiteA "Alba"][BlackA "Bruno"][WhiteB "Carla"][BlackB "Dario"][TimeControl "60+0"]
1A. e4{59.5} 1B. d4{59.25} 1a. e5{58} {Bruno resigns} 1-0`))
	if err != nil {
		fmt.Println(err)
		return
	}
	bpgn.Write(os.Stdout, g)
	// Output:
	// [WhiteA "Alba"]
	// [BlackA "Bruno"]
	// [WhiteB "Carla"]
	// [BlackB "Dario"]
	// [TimeControl "60+0"]
	//
	// 1A. e4{59.5} 1B. d4{59.25} 1a. e5{58} {Bruno resigns} 1-0
}
