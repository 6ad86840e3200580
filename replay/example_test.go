package replay_test

import (
	"fmt"
	"os"

	"tandem/replay"
)

func Example() {
	script := []byte(`# Nobody moves on board B: B-white flags at 60 s, before A-black
# (who has been thinking since 0.25 s).
control 1m
0     start
0.25  press A-white
100   end
`)
	plan, err := replay.Load("demo.timeline", script, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := plan.Run(nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Result, r.Reason, r.Seats, r.DecidedAt)
	r.WriteJSON(os.Stdout)
	// Output:
	// 1-0 flag [B-white] 1m0s
	// {"result":"1-0","reason":"flag","seats":["B-white"],"decided":true,"decided_at_ms":60000,"at_ms":60000,"clocks_ms":{"A-white":59750,"A-black":250,"B-white":0,"B-black":60000},"boards":{"A":"*","B":"0-1"},"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}
}
