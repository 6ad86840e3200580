package tui

import (
	"testing"
	"testing/synctest"

	"tandem/rules"
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

// WithRulesFrom: rules changed elsewhere (the web console's new match)
// reach the header with the next snapshot.
func TestWithRulesFrom_HeaderFollows(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		preset, o := "reglamento", options(t, "5m")
		WithRulesFrom(func() (string, rules.Options) { return preset, o })(h.m)
		h.m.Update(SnapshotMsg(h.tbl.Snapshot()))
		h.wantView("preset reglamento", "time control 5m")
		preset, o = "online", options(t, "3m+2s")
		h.m.Update(SnapshotMsg(h.tbl.Snapshot()))
		h.wantView("preset online", "time control 3m+2s")
		h.wantNotView("preset reglamento")
	})
}
