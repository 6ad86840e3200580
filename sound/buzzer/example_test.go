package buzzer_test

import (
	"periph.io/x/conn/v3/gpio/gpiotest"

	"tandem/sound"
	"tandem/sound/buzzer"
)

// A passive piezo on GPIO18 that clicks each press too.
func ExampleNew() {
	line := &gpiotest.Pin{N: "GPIO18", Num: 18}
	p, err := buzzer.New(line, &buzzer.Opts{Kind: sound.Passive, Frequency: 2700,
		Events: []sound.Event{sound.Start, sound.Flag, sound.Press}})
	if err != nil {
		panic(err)
	}
	p.Enqueue(sound.Start)
	p.Halt()
	// Output:
}
