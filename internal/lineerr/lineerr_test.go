package lineerr

import "testing"

func TestError(t *testing.T) {
	if got := New(7, "bad %s", "seat").Error(); got != "line 7: bad seat" {
		t.Errorf("without a file: %q", got)
	}
	e := New(3, "no events")
	e.File = "m.timeline"
	if got := e.Error(); got != "m.timeline:3: no events" {
		t.Errorf("with a file: %q", got)
	}
}
