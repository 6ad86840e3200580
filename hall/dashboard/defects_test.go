//go:build amd64

package dashboard

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tandem/arbiter"
	"tandem/internal/browsertest"
	"tandem/rules"
	"tandem/tournament"
)

// The dashboard's rough edges, each as the page shows it (Chromium):
// the tournament line before a pairing, the standings heading's case,
// "Acknowledge all" only with an open alert, short names whole, an
// offline card's clocks at their last values, a command's answer gone
// with the state it answered, and no sideways scroll on a 390 px phone.
func TestBrowser_DashboardDefects(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t)})
	d1 := startTable(t, h, "t1", "1m")
	d2 := startTable(t, h, "t2", "1m")
	eventually(t, "both tables", func() bool {
		v1, _ := h.Table("t1")
		v2, _ := h.Table("t2")
		return v1.Online && v2.Online
	})
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for _, id := range []string{"t1", "t2"} {
		if r, err := h.Command(ctx, id, arbiter.Request{Action: "players", Players: [4]string{"Ana", "Bo", "Cy", "Di"}}); err != nil || !r.OK {
			t.Fatalf("players on %s: %+v %v", id, r, err)
		}
	}
	p := openDashboard(t, ts.hs.URL)
	p.Until(`document.getElementById("table-t1")?.dataset.online === "true" && document.getElementById("table-t2")?.dataset.online === "true"`)

	// Before any pairing: no "round – of N"; the heading keeps its case.
	p.Until(textOf("event") + ` !== ""`)
	if got := p.EvalString(textOf("event")); strings.Contains(got, "–") || !strings.Contains(got, "no pairing yet") {
		t.Errorf("event line %q", got)
	}
	if got := p.EvalString(`getComputedStyle(document.getElementById("tour-round")).textTransform + " " + document.getElementById("tour-round").innerText`); got != "none no result yet" {
		t.Errorf("standings heading: %q, want it in its own case", got)
	}

	// Logged in: "Acknowledge all" only while an alert is open (this
	// machine's tables may raise a clock alert: acknowledged first).
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.getElementById("pause-all").offsetParent !== null`)
	if p.EvalString(textOf("alert-count")) != "0 open of 0" {
		p.Until(`document.getElementById("ack-all").offsetParent !== null`)
		p.Click("ack-all")
	}
	p.Until(textOf("alert-count") + `.startsWith("0 open of ")`)
	if got := p.EvalString(`String(document.getElementById("ack-all").offsetParent !== null)`); got != "false" {
		t.Errorf("with no open alert: ack-all shown")
	}

	// Short names whole: the name has its box's width.
	p.Until(`document.querySelector("#clock-t1-A-white .who").textContent === "Ana"`)
	whole := `[...document.querySelectorAll("#grid .clk .who")].every((w) => w.scrollWidth <= w.clientWidth)`
	if !browsertest.Eval[bool](p, whole) {
		t.Errorf("a short name is cut: %s", p.EvalString(`[...document.querySelectorAll("#grid .clk .who")].map((w) => w.textContent + " " + w.scrollWidth + "/" + w.clientWidth).join("; ")`))
	}

	// t1 runs a while, then goes: its card keeps its last clocks, frozen.
	do(t, d1, rules.Event{Kind: rules.Start})
	p.Until(runs("t1", "A-white"))
	p.Until(`document.querySelector("#clock-t1-A-white .time").textContent === "0:58"`)
	// A command answered on t2, then t2 goes: the answer goes with it.
	p.Click("pause-t2")
	p.Until(textOf("msg-t2") + `.startsWith("pause: ")`)
	d1.Close()
	p.Until(textOf("status-t1") + `.startsWith("OFFLINE")`)
	// The digits are the animation's: read them after two more frames.
	frames := browsertest.Eval[float64](p, `window.tandemHall.frames`)
	p.Until(`window.tandemHall.frames > ` + formatInt(frames+1))
	frozen := p.EvalString(`document.querySelector("#clock-t1-A-white .time").textContent`)
	if frozen == "1:00" || frozen == "0:00" || frozen > "0:58" {
		t.Errorf("offline t1 shows A-white %q: want its last value, under 0:58", frozen)
	}
	// A second of the page's own time and frames drawn in it: a running
	// clock would have ticked.
	since := browsertest.Eval[float64](p, `performance.now()`)
	drawn := browsertest.Eval[float64](p, `window.tandemHall.frames`)
	p.Until(`performance.now() > ` + formatInt(since+1100) + ` && window.tandemHall.frames > ` + formatInt(drawn+2))
	if again := p.EvalString(`document.querySelector("#clock-t1-A-white .time").textContent`); again != frozen {
		t.Errorf("offline t1's clock runs: %q then %q", frozen, again)
	}
	d2.Close()
	p.Until(textOf("status-t2") + `.startsWith("OFFLINE")`)
	p.Until(textOf("msg-t2") + ` === ""`)

	// Alerts now (offline): "Acknowledge all" shows, and goes once all are.
	p.Until(`document.getElementById("ack-all").offsetParent !== null`)
	p.Click("ack-all")
	p.Until(`document.getElementById("ack-all").offsetParent === null`)
}

// On a 390 px phone neither the page nor the results and standings (long
// team and player names, a counted result) scroll sideways: they fit.
func TestBrowser_PhoneNoSidewaysScroll(t *testing.T) {
	h := newHub(t, "")
	tn, err := tournament.Parse("long.toml", []byte(longNames))
	if err != nil {
		t.Fatal(err)
	}
	ts := newServer(t, h, Opts{Tournament: tn})
	d1 := startTable(t, h, "t1", "1m")
	startTable(t, h, "t2", "1m")
	eventually(t, "both tables", func() bool { return len(h.Tables()) == 2 })
	if code, body := ts.post(ts.arbiter(), "/api/pairings", `{"round":1,"name":"r1.txt","data":"2\n1 2\n3 4\n"}`); code != 200 {
		t.Fatalf("pairing: %d %s", code, body)
	}
	eventually(t, "t1's players", func() bool { v, _ := h.Table("t1"); return v.Snap.Players[0] != "" })
	do(t, d1, rules.Event{Kind: rules.Start})
	do(t, d1, rules.Event{Kind: rules.Declare, Board: 0, Outcome: rules.WhiteWins, Reason: rules.Resignation})
	phone := browsertest.Open(t, browsertest.Start(t, &browsertest.Opts{Width: 390, Height: 844}), ts.hs.URL+"/")
	phone.Do(chromedp.EmulateViewport(390, 844)) // a headless window is at least 500 px wide
	phone.Until(`document.querySelector("#results tr.counted") !== null && document.querySelectorAll("#standings tr").length === 4`)
	boxes := `[...document.querySelectorAll(".listbox")].map((b) => b.scrollWidth + "/" + b.clientWidth).join(" ")`
	if !browsertest.Eval[bool](phone, `[...document.querySelectorAll(".listbox")].every((b) => b.scrollWidth <= b.clientWidth)`) {
		t.Errorf("at 390 px a list is wider than its box (scrollWidth/clientWidth): %s", phone.EvalString(boxes))
	}
	if got := phone.EvalString(`document.documentElement.scrollWidth + " " + document.documentElement.clientWidth`); got != "390 390" {
		t.Errorf("at 390 px the page is %s wide (scrollWidth clientWidth)", got)
	}
}

func formatInt(f float64) string { return strconv.FormatInt(int64(f), 10) }
