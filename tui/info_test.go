package tui

import (
	"testing"
	"testing/synctest"
)

// WithInfo's line (the console's address and PIN) is on the note line
// while no question or hint is there.
func TestWithInfo_OnTheNoteLineWhenFree(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		const info = "console http://127.0.0.1:8080/ · arbiter PIN 482913"
		WithInfo(info)(h.m)
		h.wantView(info)
		h.press("t") // a question takes the line
		h.wantNotView(info)
		h.press("esc")
		h.wantView("time adjustment cancelled")
		h.wantNotView(info)
	})
}
