package hall_test

import (
	"fmt"

	"tandem/hall"
)

// A table's link to a hub that is not up (yet): NewLink returns at once,
// publishing never blocks, and the state says the hub is not reached. The
// hub's side, with a table answering a command, is package hall/hub's
// example.
func Example() {
	link, err := hall.NewLink(&hall.LinkOpts{URL: "nats://127.0.0.1:1", Table: "t1"})
	if err != nil {
		panic(err)
	}
	defer link.Close()
	link.Publish(hall.Snap{Status: "running"})
	fmt.Println(link.State().Online)
	fmt.Println(hall.CompareIDs("t2", "t10") < 0)
	// Output:
	// false
	// true
}
