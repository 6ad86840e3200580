package sound_test

import (
	"fmt"

	"tandem/sound"
)

func ExamplePatternOf() {
	for _, e := range []sound.Event{sound.Start, sound.Flag, sound.LowTime} {
		fmt.Println(e, sound.PatternOf(e).Duration())
	}
	// Output:
	// start 400ms
	// flag 1.2s
	// low-time 240ms
}
