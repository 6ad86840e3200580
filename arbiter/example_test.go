package arbiter_test

import (
	"fmt"

	"tandem/arbiter"
)

// The console's JSON and the hub's messages carry a command as text;
// Parse validates it once, and every input hands the table the same
// Command.
func Example() {
	c, err := arbiter.Parse(arbiter.Request{Action: "adjust", Seat: "A-black", Delta: "+1:30"})
	fmt.Println(c, err)
	_, err = arbiter.Parse(arbiter.Request{Action: "adjust", Seat: "A-black", Delta: "+0"})
	fmt.Println(err)
	// Output:
	// adjust A-black +1m30s <nil>
	// delta: "+0" adjusts nothing
}
