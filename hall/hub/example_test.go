package hub_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"tandem/arbiter"
	"tandem/hall"
	"tandem/hall/hub"
)

// A hub with its embedded NATS server, one table linked to it, and a
// command from the hub to the table.
func Example() {
	dir, _ := os.MkdirTemp("", "hall")
	defer os.RemoveAll(dir)
	h, err := hub.New(&hub.Opts{Listen: "127.0.0.1:0", StoreDir: dir})
	if err != nil {
		panic(err)
	}
	defer h.Close()

	link, err := hall.NewLink(&hall.LinkOpts{URL: h.URL(), Table: "t1",
		Handle: func(ctx context.Context, c hall.Command) hall.Reply {
			return hall.Reply{OK: c.Action == "pause", Status: "paused"}
		}})
	if err != nil {
		panic(err)
	}
	defer link.Close()
	link.Publish(hall.Snap{Status: "running"})

	for s, _ := h.Table("t1"); !s.Online; s, _ = h.Table("t1") {
		time.Sleep(10 * time.Millisecond)
	}
	r, err := h.Command(context.Background(), "t1", arbiter.Request{Action: "pause"})
	fmt.Println(r.OK, r.Status, err)
	// Output: true paused <nil>
}
