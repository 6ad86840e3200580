//go:build amd64

package dashboard

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/daemon"
	"tandem/hall/hub"
	"tandem/internal/browsertest"
	"tandem/rules"
	"tandem/tournament"
)

// The browser test drives the dashboard in Debian's headless Chromium
// with chromedp, through tandem/internal/browsertest, as the console's
// does (console/browser_test.go): it skips without Chromium unless
// TANDEM_REQUIRE_BROWSER=1 (CI), and is built for amd64 only (the qemu
// passes run the rest of the package).

// openDashboard starts Chromium (1400x1000) and opens url in a tab, live.
func openDashboard(t *testing.T, url string) *browsertest.Tab {
	t.Helper()
	p := browsertest.Open(t, browsertest.Start(t, &browsertest.Opts{Width: 1400, Height: 1000}), url+"/")
	p.Until(`document.getElementById("conn").textContent === "live"`)
	return p
}

// runs is the expression "table id's seat clock runs on the page".
func runs(id, seat string) string {
	return `(document.getElementById("clock-` + id + `-` + seat + `")?.dataset.running === "true")`
}

func textOf(id string) string { return `(document.getElementById("` + id + `")?.textContent ?? "")` }

func js(s string) string { b, _ := json.Marshal(s); return string(b) }

// statusIs waits until d's table has status s (checked on the table).
func statusIs(t *testing.T, d *daemon.Daemon, s rules.Status) {
	t.Helper()
	eventually(t, "table status "+s.String(), func() bool { return d.Table.Snapshot().Status == s })
}

func TestBrowser_Dashboard(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t), StateFile: filepath.Join(t.TempDir(), "dashboard.json")})
	d1 := startTable(t, h, "t1", "1m")
	d2 := startTable(t, h, "t2", "1m")
	screenshot := os.Getenv("TANDEM_SCREENSHOT") == "1"
	var extra []*daemon.Daemon
	if screenshot {
		// More tables, for a picture of a hall.
		for i := 3; i <= 12; i++ {
			extra = append(extra, startTable(t, h, fmt.Sprintf("t%d", i), "3m+2s"))
		}
	}
	p := openDashboard(t, ts.hs.URL)
	p.Until(`document.getElementById("table-t1") && document.getElementById("table-t2") && ` +
		`document.getElementById("table-t1").dataset.online === "true" && document.getElementById("table-t2").dataset.online === "true"`)
	// Spectators see no arbiter control.
	p.Until(`document.getElementById("pause-all").offsetParent === null && document.getElementById("pause-t1").offsetParent === null`)

	// Login.
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.getElementById("pause-all").offsetParent !== null && document.getElementById("pause-t1").offsetParent !== null`)

	// The pairing of round 1: both tables get their players.
	p.Until(`document.getElementById("pair-round").value === "1"`)
	p.SetValue("pair-text", "2\n1 2\n3 4\n")
	p.Click("pair-upload")
	p.Until(textOf("pair-msg") + `.startsWith("Round 1: 2 tables")`)
	want1 := [4]string{"Ana, A", "Ciro, C", "Dani, D", "Bea, B"}
	want2 := [4]string{"Eva, E", "Gala, G", "Hugo, H", "Fede, F"}
	eventually(t, "the players on the tables", func() bool {
		v1, _ := h.Table("t1")
		v2, _ := h.Table("t2")
		return v1.Snap.Players == want1 && v2.Snap.Players == want2
	})
	p.Until(textOf("pair-state") + `.startsWith("Round 1: players sent to 2 of 2 tables")`)
	p.Until(`document.getElementById("clock-t1-A-white").textContent.includes("Ana, A")`)

	// Both tables start: the page runs their clocks.
	for _, d := range append([]*daemon.Daemon{d1, d2}, extra...) {
		do(t, d, rules.Event{Kind: rules.Start})
	}
	p.Until(runs("t1", "A-white") + ` && ` + runs("t1", "B-white") + ` && ` + runs("t2", "A-white") + ` && ` + runs("t2", "B-white"))
	p.Until(textOf("status-t1") + ` === "RUNNING"`)
	before := p.EvalString(`document.querySelector("#clock-t2-A-white .time").textContent`)
	p.Until(`document.querySelector("#clock-t2-A-white .time").textContent !== ` + js(before))

	// Pause all: both tables pause, as the tables themselves say.
	p.Click("pause-all")
	statusIs(t, d1, rules.Paused)
	statusIs(t, d2, rules.Paused)
	p.Until(textOf("all-result") + `.startsWith("pause all: ")`)
	if got := p.EvalString(textOf("all-result")); !strings.Contains(got, "answered") || strings.Contains(got, "FAILED") {
		t.Errorf("pause all: %q", got)
	}
	p.Until(textOf("status-t1") + ` === "PAUSED" && ` + textOf("status-t2") + ` === "PAUSED" && !` + runs("t1", "A-white"))

	// Resume one.
	p.Click("resume-t1")
	statusIs(t, d1, rules.Running)
	p.Until(textOf("status-t1") + ` === "RUNNING" && ` + textOf("status-t2") + ` === "PAUSED"`)
	if d2.Table.Snapshot().Status != rules.Paused {
		t.Errorf("t2 resumed with t1")
	}

	// A flag on t1: A-white's time is cut to 1.5 s (clocks stopped), then
	// the table resumes from the page; tenths show under 10 s.
	p.Click("pause-t1")
	statusIs(t, d1, rules.Paused)
	do(t, d1, rules.Event{Kind: rules.Adjust, Seat: bughouse.AWhite, Delta: -(d1.Table.Snapshot().Clocks[bughouse.AWhite].Remaining - 1500*time.Millisecond)})
	p.Click("resume-t1")
	p.Until(`/^[01]\.\d$/.test(document.querySelector("#clock-t1-A-white .time").textContent)`)
	p.Until(`[...document.querySelectorAll("#alerts li")].some((li) => li.dataset.kind === "flag" && li.dataset.table === "t1")`)
	p.Until(textOf("status-t1") + `.startsWith("0-1 flag")`)
	// The result counts for the pairing: Torres (team 2) wins.
	p.Until(`document.querySelector("#results tr.counted")?.textContent.includes("Torres")`)
	if row := p.EvalString(`document.querySelector("#results tr.counted").textContent`); !strings.Contains(row, "Alfiles") || !strings.Contains(row, "0-1") || !strings.Contains(row, "flag") {
		t.Errorf("result row %q", row)
	}
	p.Until(`document.querySelector("#standings tr td:nth-child(2)")?.textContent === "Torres" && document.querySelector("#standings tr td:nth-child(4)").textContent === "1"`)

	// The arbiter acknowledges the flag.
	id := p.EvalString(`[...document.querySelectorAll("#alerts li")].find((li) => li.dataset.kind === "flag").id.replace("alert-", "")`)
	p.Click("ack-" + id)
	p.Until(`document.getElementById("alert-` + id + `").classList.contains("acked")`)

	if screenshot {
		p.Until(`document.querySelectorAll("#grid .card").length === 12`)
		p.Screenshot(filepath.Join("..", "..", "docs", "hall.png"))
	}

	// t2's link closes: an offline alert, and the card says so. The
	// filter keeps the tables that need attention.
	d2.Close()
	p.Until(`[...document.querySelectorAll("#alerts li")].some((li) => li.dataset.kind === "offline" && li.dataset.table === "t2")`)
	p.Until(textOf("status-t2") + `.startsWith("OFFLINE")`)
	p.Click("attention")
	p.Until(`document.getElementById("table-t2").offsetParent !== null && document.getElementById("table-t1").offsetParent !== null`)

	// The dashboard stops: CONNECTION LOST.
	ts.s.Close()
	ts.hs.Close()
	p.Until(`document.getElementById("lost").offsetParent !== null && ` + textOf("conn") + ` === "reconnecting…"`)
}

// longNames is a four-team tournament whose players have long names.
const longNames = `name = "Long Names Open"
rounds = 3

[[team]]
name = "Los Caballos Desbocados de Villanueva del Arzobispo"
players = [{ name = "María de las Mercedes Fernández-Villaverde y Castellanos" }, { name = "Bea, B" }]

[[team]]
name = "Torres"
players = [{ name = "Juan Nepomuceno Rodríguez de la Fuente Altamirano" }, { name = "Dani, D" }]

[[team]]
name = "Peones"
players = [{ name = "Eva, E" }, { name = "Fede, F" }]

[[team]]
name = "Damas"
players = [{ name = "Gala, G" }, { name = "Hugo, H" }]
`

// At 1400 px, long names are cut with an ellipsis (the full name in the
// title) and never push a clock out of its card; a decided card keeps
// its own match and players after the next round's pairing, which it
// shows as its next match.
func TestBrowser_CardNamesAndNextMatch(t *testing.T) {
	h := newHub(t, "")
	tn, err := tournament.Parse("long.toml", []byte(longNames))
	if err != nil {
		t.Fatal(err)
	}
	ts := newServer(t, h, Opts{Tournament: tn})
	d1 := startTable(t, h, "t1", "1m")
	startTable(t, h, "t2", "1m")
	p := openDashboard(t, ts.hs.URL)
	p.Until(`document.getElementById("table-t1")?.dataset.online === "true" && document.getElementById("table-t2")?.dataset.online === "true"`)
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.getElementById("pause-all").offsetParent !== null`)
	p.SetValue("pair-text", "2\n1 2\n3 4\n")
	p.Click("pair-upload")
	p.Until(textOf("pair-state") + `.startsWith("Round 1: players sent to 2 of 2 tables")`)
	p.Until(`document.querySelector("#clock-t1-A-black .who").title.includes("Juan Nepomuceno")`)
	// No result yet: the four teams share rank 1, written "1=" as in the
	// text standings.
	if got := p.EvalString(`[...document.querySelectorAll("#standings tr td:first-child")].map((td) => td.textContent).join(" ")`); got != "1= 1= 1= 1=" {
		t.Errorf("shared ranks on the page: %q; want 1= four times", got)
	}

	// Every clock's digits lie inside their box, and the box inside the
	// card; the long names are cut, their title whole.
	inside := `(() => { for (const card of document.querySelectorAll("#grid .card")) {
	  const c = card.getBoundingClientRect();
	  for (const k of card.querySelectorAll(".clk")) {
	    const b = k.getBoundingClientRect(), d = k.querySelector(".time").getBoundingClientRect();
	    if (b.left < c.left || b.right > c.right + 0.5 || d.left < b.left || d.right > b.right + 0.5 || d.width < 10) return card.id + " " + k.id + " " + JSON.stringify([c, b, d]);
	  } } return "ok"; })()`
	if got := p.EvalString(inside); got != "ok" {
		t.Errorf("a clock out of its card at 1400 px: %s", got)
	}
	for _, seat := range []string{"A-white", "A-black"} {
		who := `document.querySelector("#clock-t1-` + seat + ` .who")`
		if got := p.EvalString(`String(` + who + `.scrollWidth > ` + who + `.clientWidth) + " " + ` + who + `.title`); !strings.HasPrefix(got, "true "+seat+" ") {
			t.Errorf("t1 %s's name not cut, or no full title: %q", seat, got)
		}
	}

	// t1 decides; round 2 is uploaded: its card keeps round 1's match.
	do(t, d1, rules.Event{Kind: rules.Start})
	do(t, d1, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
	p.Until(`document.querySelector("#results tr.counted") !== null`)
	p.Until(`document.querySelector("#standings tr td:first-child")?.textContent === "1"`)
	p.SetValue("pair-round", "2")
	p.SetValue("pair-text", "2\n4 1\n2 3\n")
	p.Click("pair-upload")
	p.Until(textOf("pair-state") + `.startsWith("Round 2: players sent to 2 of 2 tables")`)
	p.Until(`document.querySelector("#table-t1 .cpair").textContent.startsWith("next: R2 T1 Damas v Los Caballos")`)
	// The standings count round 1 only (round 2 has no result yet).
	if got := p.EvalString(textOf("tour-round")); got != "after round 1" {
		t.Errorf("standings header %q; want after round 1 (the last round with a result)", got)
	}
	if got := p.EvalString(`document.querySelector("#table-t1 .cpair").textContent`); !strings.HasSuffix(got, ", players sent") {
		t.Errorf("t1's next match: %q", got)
	}
	if got := p.EvalString(textOf("status-t1")); !strings.HasPrefix(got, "1-0 resignation") {
		t.Errorf("t1's status %q", got)
	}
	if got := p.EvalString(`document.querySelector("#table-t1 .teams").textContent`); !strings.HasPrefix(got, "R1 T1 · Los Caballos") || !strings.HasSuffix(got, " v Torres") {
		t.Errorf("t1's decided match %q; want R1 T1 · Los Caballos... v Torres", got)
	}
	if got := p.EvalString(`document.querySelector("#clock-t1-A-black .who").title`); !strings.Contains(got, "Juan Nepomuceno") {
		t.Errorf("t1's A-black shows %q; want round 1's player", got)
	}
	if got := p.EvalString(inside); got != "ok" {
		t.Errorf("a clock out of its card at 1400 px: %s", got)
	}
}

// A configured table never seen shows "—" on its four clocks, not 0.0
// (which reads as four flags); after NeverSeenAfter it is in the alerts
// list.
func TestBrowser_NeverSeenCard(t *testing.T) {
	h, err := hub.New(&hub.Opts{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), OfflineAfter: 1500 * time.Millisecond,
		Tables: []hub.TableAuth{{ID: "t05", User: "t05", Password: "p5"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	ts := newServer(t, h, Opts{Tournament: loadTournament(t), NeverSeenAfter: time.Second})
	p := openDashboard(t, ts.hs.URL)
	p.Until(`document.getElementById("table-t05") !== null`)
	p.Until(`[...document.querySelectorAll("#table-t05 .time")].map((e) => e.textContent).join(" ") === "— — — —"`)
	p.Until(textOf("alert-count") + ` === "1 open of 1"`)
	if got := p.EvalString(`document.querySelector("#alerts li").textContent`); !strings.Contains(got, "t05") || !strings.Contains(got, "never connected") {
		t.Errorf("alert %q", got)
	}
	if got := p.EvalString(textOf("tour-round")); got != "no result yet" {
		t.Errorf("standings header %q before any result", got)
	}
}
