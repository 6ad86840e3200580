package gpiotest_test

import (
	"fmt"
	"time"

	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/wiring"
)

// A scripted line set in place of /dev/gpiochip0: B-white's button (chip
// line 22) pressed with a bounce; the Reader delivers one press. (In tests, run it inside testing/synctest so the instants are
// exact.)
func ExampleNew() {
	w := wiring.DefaultWiring()
	numbers := []int{17, 27, 22, 23, 24} // the chip lines of w.Inputs()
	lines := gpiotest.New(numbers, 0b11111, []gpiotest.Edge{
		{After: time.Millisecond, Number: 22},
		{After: 2 * time.Millisecond, Number: 22, Rising: true}, // a bounce
		{After: 3 * time.Millisecond, Number: 22},
	})
	r, err := gpio.NewReader(lines, &w, numbers, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	in := <-r.Inputs()
	fmt.Println(in.Kind, in.Seat)
	r.Close() // the bounces, read or not, make no input
	for in := range r.Inputs() {
		fmt.Println("unexpected:", in.Kind, in.Seat)
	}
	// Output:
	// button B-white
}
