package sound

import (
	"testing"
	"time"
)

func TestEvents_Words(t *testing.T) {
	for _, e := range []Event{Start, Flag, LowTime, Pause, Claim, Press} {
		got, err := ParseEvent(e.String())
		if err != nil || got != e {
			t.Errorf("%s: %v %v", e, got, err)
		}
		if d := PatternOf(e).Duration(); d <= 0 || d > 2*time.Second {
			t.Errorf("%s: %v", e, d)
		}
	}
	if _, err := ParseEvent("bell"); err == nil {
		t.Error("bell parsed")
	}
	if string(PatternsJSON()[:10]) != `{"claim":[` {
		t.Errorf("JSON: %s", PatternsJSON())
	}
}
