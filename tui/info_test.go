package tui

import (
	"context"
	"tandem/arbiter"
	"tandem/clock"
	"testing"
	"testing/synctest"
	"time"
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

// Rules changed elsewhere (the web console's new match, through the same
// command layer) reach the header with the next snapshot.
func TestRules_HeaderFollowsTheTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.wantView("preset reglamento", "time control 5m")
		ctl, _ := clock.Parse("3m+2s")
		if r, err := h.tbl.Command(context.Background(), arbiter.Command{Kind: arbiter.NewMatch, Preset: "online", Control: &ctl}, time.Now()); err != nil || !r.OK {
			t.Fatal(r, err)
		}
		h.sync()
		h.wantView("preset online", "time control 3m+2s")
		h.wantNotView("preset reglamento")
	})
}
