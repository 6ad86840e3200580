package tui

import (
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/rules"
)

// The button menu on the terminal table, walked end to end with the clock
// keys as the Pi's buttons: o opens it while the clocks are stopped, z
// goes down, p chooses and confirms; the table has a new match under the
// preset chosen. While the clocks run, o opens nothing and the keys are
// presses.
func TestMenu_WalkedWithTheClockKeys(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "o")
		h.wantView("the clocks are running: pause first (space), then o for the menu")
		if h.m.bm != nil && h.m.bm.IsOpen() {
			t.Fatal("the menu opened while the clocks run")
		}
		h.press("space", "o")
		h.wantView("MENU:", "▸ time control", "A-white next")
		seq := h.tbl.Snapshot().Seq
		h.press("z", "p") // preset
		h.wantView("preset:", "▸ fics")
		h.press("z", "z", "z") // fics, online, panoriental, pasapiezas
		h.wantView("▸ pasapiezas")
		h.press("p")
		h.wantView("confirm:", "new match, preset pasapiezas?", "the match in progress is lost")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Fatalf("the menu's keys reached the table: %v", s.Last)
		}
		h.press("p")
		s := h.tbl.Snapshot()
		if s.Preset != "pasapiezas" || s.Status != rules.Ready {
			t.Fatalf("after the menu: preset %q, %s", s.Preset, s.Status)
		}
		h.wantView("READY", "preset pasapiezas")
		h.wantNotView("MENU:")

		// Enter is OK and Esc is back too; Esc at the top closes it.
		h.press("o", "enter")
		h.wantView("time control:", "▸ ")
		h.press("esc")
		h.wantView("MENU:")
		h.press("esc")
		h.wantNotView("MENU:")
		// A match started elsewhere (the console) closes the menu: the
		// clock keys are presses again.
		h.press("o")
		h.wantView("MENU:")
		if _, err := h.tbl.Command(t.Context(), arbiter.Command{Kind: arbiter.Start}, time.Now()); err != nil {
			t.Fatal(err)
		}
		h.sync()
		h.wantNotView("MENU:")
		h.press("z")
		h.wantView("last event: press A-white")
	})
}
