//go:build amd64

package dashboard

import (
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// Requirements 5 and 6 on the dashboard: the head arbiter calls the round
// with the tournament's tolerance (Art 44), the card counts it down and
// shows who is at the table; a warning (Art 40) given from the hub shows
// on the player's clock.
func TestBrowser_NoShowCountdownAndWarnings(t *testing.T) {
	h := newHub(t, "")
	tn := loadTournament(t)
	tn.NoShowTolerance = 10 * time.Minute
	ts := newServer(t, h, Opts{Tournament: tn})
	d1 := startTable(t, h, "t1", "1m")
	p := openDashboard(t, ts.hs.URL)
	p.Until(`document.getElementById("table-t1")?.dataset.online === "true"`)
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.getElementById("call-all").offsetParent !== null`)

	p.Click("call-all")
	p.Until(textOf("all-result") + `.startsWith("call all: ")`)
	eventually(t, "the table called", func() bool { return d1.Table.Snapshot().NoShow.Active })
	if n := d1.Table.Snapshot().NoShow; n.Deadline-n.At != 10*time.Minute {
		t.Errorf("tolerance %v, want the tournament's 10m", n.Deadline-n.At)
	}
	p.Until(textOf("status-t1") + `.startsWith("CALLED: forfeit in 9:")`)
	first := p.EvalString(textOf("status-t1"))
	p.Until(textOf("status-t1") + ` !== ` + js(first)) // it counts down
	do(t, d1, rules.Event{Kind: rules.Arrive, Seat: bughouse.ABlack})
	p.Until(`document.getElementById("clock-t1-A-black").textContent.includes("✓ here") && ` +
		`document.getElementById("clock-t1-A-white").textContent.includes("absent")`)

	arb := ts.client(true)
	if code, ans := ts.post(arb, "/api/command", `{"table":"t1","action":"warn","seat":"B-white"}`); code != 200 || !strings.Contains(ans, `"ok":true`) {
		t.Fatalf("warn: %d %s", code, ans)
	}
	p.Until(`document.getElementById("clock-t1-B-white").dataset.warnings === "1" && document.getElementById("clock-t1-B-white").textContent.includes("⚠1")`)
	if w := d1.Table.Snapshot().Warnings; w[bughouse.BWhite] != 1 {
		t.Errorf("warnings %v", w)
	}
}
