package gpio

import (
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// Each hardware input stands for exactly one match event.
func TestInputEvent(t *testing.T) {
	at := time.Now()
	for _, c := range []struct {
		in   Input
		want rules.Event
	}{
		{Input{Kind: Button, Seat: bughouse.BBlack, At: at}, rules.Event{Kind: rules.Press, Seat: bughouse.BBlack}},
		{Input{Kind: PauseOn, At: at}, rules.Event{Kind: rules.Pause}},
		{Input{Kind: PauseOff, At: at}, rules.Event{Kind: rules.Resume}},
	} {
		if got := c.in.Event(); got != c.want {
			t.Errorf("%+v.Event() = %+v, want %+v", c.in, got, c.want)
		}
	}
}
