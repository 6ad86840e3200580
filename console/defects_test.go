//go:build amd64

package console

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/internal/browsertest"
	"tandem/rules"
	"tandem/table"
)

// The console's rough edges, each as Chromium shows the page: what the
// new-match confirmation says of the record, the match time after the
// decision, one heading per match in the log, the scoresheet's headings
// at 1280 px, no sideways scroll on a 360-375 px phone, both BOARD bars
// level, the reserves named with their seats, and only the buttons the
// table would take.

// login logs page p in as the arbiter.
func (p *page) login() {
	p.t.Helper()
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.body.dataset.arbiter === "true" && document.getElementById("arbiter-panel").offsetParent !== null`)
}

// command carries out c on the page's table now.
func (p *page) command(c arbiter.Command) arbiter.Result {
	p.t.Helper()
	r, err := p.tb.Command(context.Background(), c, time.Now())
	if err != nil {
		p.t.Fatalf("%v: %v", c, err)
	}
	return r
}

// seen is the expression "the page shows the table's snapshot seq or a
// later one".
func seen(tb *table.Table) string {
	return fmt.Sprintf(`window.tandem.view.seq >= %d`, tb.Snapshot().Seq)
}

// The arbiter's buttons, in the page's order, and the expression that
// lists those shown.
var arbiterButtons = []string{"act-start", "act-pause", "resume-group", "adjust-group", "open-claim", "act-uphold", "act-reject",
	"open-result", "open-new", "act-agree", "act-warn", "act-penalty", "act-call-group", "arrive-group"}

func shownButtons() string {
	return `JSON.stringify(` + quoteList(arbiterButtons) + `.filter((id) => document.getElementById(id).offsetParent !== null))`
}

func quoteList(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = quoteJS(id)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func TestBrowser_ConsoleDefects(t *testing.T) {
	bctx := browsertest.Start(t, nil)

	t.Run("OnlyTheButtonsTheTableTakes", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		p.login()
		want := func(state string, ids ...string) {
			t.Helper()
			w := quoteList(ids)
			expr := shownButtons() + ` === JSON.stringify(` + w + `)`
			p.Until(seen(p.tb) + ` && ` + expr)
			if got := p.EvalString(shownButtons()); got != p.EvalString(`JSON.stringify(`+w+`)`) {
				t.Errorf("%s: shown %s", state, got)
			}
		}
		want("ready", "act-start", "adjust-group", "open-new", "act-warn", "act-penalty", "act-call-group", "arrive-group")
		p.Click("act-start")
		want("running", "act-pause", "open-claim", "open-result", "act-agree", "act-warn", "act-penalty")
		p.Click("act-pause")
		want("paused", "resume-group", "adjust-group", "open-claim", "open-result", "open-new", "act-agree", "act-warn", "act-penalty")
		p.command(arbiter.Command{Kind: arbiter.Claim, Seat: bughouse.BWhite, Reason: rules.Flag})
		want("claim pending", "adjust-group", "act-uphold", "act-reject", "open-result", "open-new", "act-agree", "act-warn", "act-penalty")
		p.Click("act-reject")
		p.Click("act-resume")
		want("running again", "act-pause", "open-claim", "open-result", "act-agree", "act-warn", "act-penalty")
		p.command(arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		want("decided", "open-new")
		// Take back is offered only with a move to take back.
		p.Until(`document.getElementById("takeback-A").disabled && document.getElementById("takeback-B").disabled`)
		p.SetValue("san-A", "e4")
		p.Click("enter-A")
		p.Until(`!document.getElementById("takeback-A").disabled && document.getElementById("takeback-B").disabled`)
	})

	t.Run("NewMatchConfirmation_TheRecordOnlyWhenThereIsOne", func(t *testing.T) {
		for _, tc := range []struct {
			name       string
			tb         func() (*table.Table, rules.Options)
			want, lost string
		}{
			{"no record", func() (*table.Table, rules.Options) { return testTable(t, "reglamento", "") },
				"New match? The result 1-0 resignation will be gone from this page, and this table keeps no record: write it down first.",
				"New match? The match in progress will be abandoned, and this table keeps no record."},
			{"recorded", func() (*table.Table, rules.Options) { tb, o, _, _ := recordingTable(t); return tb, o },
				"New match? The result 1-0 resignation will be gone from this page; the record keeps it.",
				"New match? The match in progress will be abandoned; the record keeps its events."},
		} {
			tb, o := tc.tb()
			p := openPageOn(t, bctx, tb, o, Opts{})
			p.login()
			p.Click("act-start")
			p.Until(textOf("status") + ` === "RUNNING"`)
			p.Click("act-pause")
			p.Until(textOf("status") + ` === "PAUSED"`)
			p.Click("open-new")
			p.Click("new-send")
			p.Until(`!document.getElementById("confirm").classList.contains("hidden")`)
			if got := p.EvalString(textOf("confirm-text")); got != tc.lost {
				t.Errorf("%s, paused: %q, want %q", tc.name, got, tc.lost)
			}
			p.Click("confirm-no")
			p.command(arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
			p.Until(textOf("status") + ` === "DECIDED"`)
			p.Click("open-new")
			p.Click("new-send")
			p.Until(`!document.getElementById("confirm").classList.contains("hidden")`)
			if got := p.EvalString(textOf("confirm-text")); got != tc.want {
				t.Errorf("%s, decided: %q, want %q", tc.name, got, tc.want)
			}
			p.Click("confirm-yes")
			p.Until(textOf("status") + ` === "READY"`)
		}
	})

	t.Run("MatchTime_StopsAtTheDecision_RunsThroughAPause", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		p.login()
		p.Click("act-start")
		p.Until(textOf("status") + ` === "RUNNING" && ` + textOf("elapsed") + ` === "match time 0:00"`)
		p.Click("act-pause")
		// Paused: the match time goes on (the log's times count pauses).
		p.Until(textOf("status") + ` === "PAUSED" && ` + textOf("elapsed") + ` === "match time 0:01"`)
		p.command(arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		p.Until(textOf("status") + ` === "DECIDED"`)
		decided := p.EvalString(textOf("elapsed"))
		if decided != "match time 0:01" && decided != "match time 0:02" {
			t.Fatalf("at the decision: %q", decided)
		}
		// Two seconds on, a move entered after the decision brings a new
		// snapshot: the match time is still the decision's.
		at := browsertest.Eval[float64](p.Tab, `Date.now()`)
		p.Until(fmt.Sprintf(`Date.now() > %f`, at+2100))
		p.SetValue("san-A", "e4")
		p.Click("enter-A")
		p.Until(textOf("list-A") + ` === "1.e4"`)
		if got := p.EvalString(textOf("elapsed")); got != decided {
			t.Errorf("after the decision the match time ran on: %q, then %q", decided, got)
		}
	})

	t.Run("Log_EachMatchUnderItsHeading", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		p.login()
		first := p.tb.Snapshot().Match
		p.Click("act-start")
		p.Until(textOf("status") + ` === "RUNNING"`)
		p.tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, time.Now())
		p.command(arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardB, Outcome: rules.BlackWins, Reason: rules.Resignation})
		p.command(arbiter.Command{Kind: arbiter.NewMatch})
		second := p.tb.Snapshot().Match
		if second == first {
			t.Fatalf("one match id %s", first)
		}
		p.Until(textOf("status") + ` === "READY"`)
		p.Click("act-start")
		p.Until(textOf("status") + ` === "RUNNING"`)
		p.tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}, time.Now())
		p.Until(`document.getElementById("log").textContent.includes("press B-white")`)
		// Newest first: this match's heading, its lines; the first
		// match's heading, its lines ending with the new match.
		rows := p.EvalString(`[...document.querySelectorAll("#log tr")].map((r) => (r.classList.contains("match") ? "# " : "") + r.dataset.match + " " + r.textContent).join("\n")`)
		lines := strings.Split(rows, "\n")
		var heads []string
		for i, l := range lines {
			if strings.HasPrefix(l, "# ") {
				heads = append(heads, l)
				continue
			}
			if len(heads) == 0 {
				t.Fatalf("line %d before any heading:\n%s", i, rows)
			}
			if id := strings.Fields(heads[len(heads)-1])[1]; !strings.HasPrefix(l, id+" ") {
				t.Errorf("line %q under the heading of %s", l, id)
			}
		}
		if len(heads) != 2 || !strings.HasPrefix(heads[0], "# "+second+" this match · "+second+" · reglamento ") || !strings.HasPrefix(heads[1], "# "+first+" match · "+first+" · reglamento ") {
			t.Fatalf("headings %q, want this match %s then match %s:\n%s", heads, second, first, rows)
		}
		// The new match ends the first match, at its match time.
		if i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "new match") }); i < 0 || !strings.HasPrefix(lines[i], first+" 0:00.") || i != slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "# "+first) })+1 {
			t.Errorf("the new match is not the first match's last line, at its match time:\n%s", rows)
		}
	})

	t.Run("ReservesNamedWithTheirSeat", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		for _, seat := range []string{"A-white", "A-black", "B-white", "B-black"} {
			p.Until(`document.querySelector("#clock-` + seat + ` .reserves").textContent.startsWith("` + seat + ` reserve")`)
			p.Until(`document.getElementById("res-` + seat + `").textContent.startsWith("` + seat + ` reserve")`)
		}
	})

	t.Run("BoardBarsLevel", func(t *testing.T) {
		names := [4]string{"Ana", "Bartolomé de las Casas Hernández-Villalobos", "Cy", "Di"}
		tb, o := testTable(t, "reglamento", "", func(o *table.Opts) { o.Players = names })
		p := openPageOn(t, bctx, tb, o, Opts{Simulated: true})
		level := `Math.abs(document.querySelector("#board-A .boardbar").getBoundingClientRect().top - document.querySelector("#board-B .boardbar").getBoundingClientRect().top) < 0.5 && ` +
			`Math.abs(document.getElementById("clock-A-white").getBoundingClientRect().top - document.getElementById("clock-B-black").getBoundingClientRect().top) < 0.5`
		bars := `JSON.stringify([...document.querySelectorAll(".boardbar")].map((b) => b.getBoundingClientRect().top))`
		check := func(state string) {
			t.Helper()
			if !browsertest.Eval[bool](p.Tab, level) {
				t.Errorf("%s: the BOARD bars at %s", state, p.EvalString(bars))
			}
		}
		p.Until(`document.querySelector("#clock-A-black .player").textContent.includes("Bartolomé")`)
		check("ready")
		// B-white's clock runs (▶, top right), A-black's does not.
		p.Click("press-pause")
		p.Until(running("B-white") + ` && document.querySelector("#clock-B-white .mark").textContent === "▶" && document.querySelector("#clock-A-black .mark").textContent === ""`)
		check("running")
		// Board A's top clock with a warning and a pawn in reserve, board
		// B's with neither.
		p.login()
		p.command(arbiter.Command{Kind: arbiter.Warn, Seat: bughouse.ABlack})
		for _, m := range []string{"e4", "d5", "exd5"} {
			p.command(arbiter.Command{Kind: arbiter.Move, Board: bughouse.BoardB, Text: m})
		}
		p.Until(`document.querySelector("#clock-A-black .warnings").textContent !== "" && document.querySelector("#clock-A-black .reserves [data-piece='P']") !== null`)
		check("a warning and a reserve on one side")
		p.command(arbiter.Command{Kind: arbiter.Pause})
		p.Until(`document.querySelector("#clock-B-white .mark").textContent === "▷"`)
		check("paused")
	})

	t.Run("ScoresheetHeadingsAt1280px", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		p.login()
		p.Click("act-start")
		p.Until(textOf("status") + ` === "RUNNING"`)
		p.command(arbiter.Command{Kind: arbiter.Move, Board: bughouse.BoardA, Text: "e4"})
		p.command(arbiter.Command{Kind: arbiter.Move, Board: bughouse.BoardA, Text: "f5"})
		p.command(arbiter.Command{Kind: arbiter.Move, Board: bughouse.BoardA, Text: "Qh5+"})
		p.command(arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardB, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		p.Until(`document.querySelector("#sheet-A .tomove").textContent === "match decided: moves entered now complete the scoresheet · A-black to move · check"`)
		if w := browsertest.Eval[float64](p.Tab, `window.innerWidth`); w != 1280 {
			t.Fatalf("window %v px wide, want 1280", w)
		}
		// Each heading: "BOARD A" whole on one line, the rest after it or
		// on the next line, never cut or overflowing its sheet.
		headings := `(() => { for (const b of ["A", "B"]) {
		  const h = document.querySelector("#sheet-" + b + " .sheethead"), name = h.firstElementChild, rest = h.querySelector(".tomove");
		  const r = document.createRange(); r.selectNodeContents(name);
		  if (r.getClientRects().length !== 1) return b + ": the board's name on " + r.getClientRects().length + " lines";
		  if (h.scrollWidth > h.clientWidth || rest.getBoundingClientRect().right > h.getBoundingClientRect().right + 0.5) return b + ": overflows";
		  const words = document.createRange(); words.selectNodeContents(rest);
		  for (const w of words.getClientRects()) if (w.left < name.getBoundingClientRect().right - 0.5 && w.top < name.getBoundingClientRect().bottom - 0.5) return b + ": the text runs into the name";
		} return "ok"; })()`
		if got := p.EvalString(headings); got != "ok" {
			t.Errorf("at 1280 px: %s", got)
		}
	})

	t.Run("PanelOnItsOwnMachineByItsNetworkAddress", func(t *testing.T) {
		ip := ownAddress(t)
		tb, o := testTable(t, "reglamento", "")
		srv, err := New(tb, &Opts{PIN: testPIN, Simulated: true})
		if err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
		if err != nil {
			t.Fatal(err)
		}
		hs := &http.Server{Handler: srv.Handler()}
		go hs.Serve(ln)
		t.Cleanup(func() { hs.Close(); srv.Close() })
		p := openTab(t, bctx, tb, srv, "http://"+ln.Addr().String())
		_ = o
		// Opened by the address the table prints (not loopback) on the
		// table's own machine: the panel, and its presses, without a login.
		p.Until(`!document.getElementById("panel").classList.contains("hidden") && document.body.dataset.arbiter === "false"`)
		p.Click("press-pause")
		p.Until(textOf("status") + ` === "RUNNING"`)
	})
}

// ownAddress returns one of this machine's addresses that is not
// loopback, or skips: the test needs the machine to reach itself by its
// network address, as a phone on the hall's network does.
func ownAddress(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && !ipn.IP.IsLoopback() && ipn.IP.To4() != nil {
			return ipn.IP.String()
		}
	}
	t.Skip("this machine has no IPv4 address but loopback")
	return ""
}

// On a 360 and a 375 px phone the page never scrolls sideways: header,
// banners, clocks, scoresheet, claim view, the arbiter's panel with its
// forms, the simulated panel and its display mirror, the log.
func TestBrowser_PhoneNoSidewaysScroll(t *testing.T) {
	for _, w := range []int{360, 375} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			bctx := browsertest.Start(t, &browsertest.Opts{Width: w, Height: 780})
			names := [4]string{"Ana María Fernández", "Bartolomé de las Casas Hernández-Villalobos", "Cy", "Di"}
			tb, o := testTable(t, "reglamento", "", func(o *table.Opts) { o.Players = names })
			p := openPageOn(t, bctx, tb, o, Opts{Simulated: true})
			p.Do(chromedp.EmulateViewport(int64(w), 780)) // a headless window is at least 500 px wide
			p.login()
			wide := fmt.Sprintf(`(() => { const d = document.documentElement; if (d.scrollWidth <= d.clientWidth && d.clientWidth === %d) return "ok";
			  const out = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
			  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			    let right = 0;
			    if (n.nodeType === 3) { const r = document.createRange(); r.selectNodeContents(n); for (const b of r.getClientRects()) right = Math.max(right, b.right); }
			    else right = n.getBoundingClientRect().right;
			    if (right <= d.clientWidth + 0.5) continue;
			    const e = n.nodeType === 3 ? n.parentElement : n;
			    let clipped = false;
			    for (let a = e.parentElement; a; a = a.parentElement) { if (getComputedStyle(a).overflowX !== "visible" && a.getBoundingClientRect().right <= d.clientWidth + 0.5) { clipped = true; break; } }
			    if (!clipped) out.push((n.nodeType === 3 ? "text in " : "") + e.tagName + "#" + e.id + "." + e.className + " " + Math.round(right));
			  }
			  return d.scrollWidth + "/" + d.clientWidth + ": " + out.slice(0, 12).join(", "); })()`, w)
			check := func(state string) {
				t.Helper()
				if got := p.EvalString(wide); got != "ok" {
					t.Errorf("%d px, %s: the page is wider than the window: %s", w, state, got)
				}
			}
			p.Until(textOf("status") + ` === "READY"`)
			check("ready")
			p.Click("press-pause")
			p.Until(textOf("status") + ` === "RUNNING"`)
			for _, m := range []string{"e4", "d5", "exd5", "Qxd5"} {
				p.command(arbiter.Command{Kind: arbiter.Move, Board: bughouse.BoardA, Text: m})
			}
			p.Click("press-A-white")
			p.Until(running("A-black"))
			p.command(arbiter.Command{Kind: arbiter.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove})
			p.Until(`!document.getElementById("claim-view").classList.contains("hidden") && document.getElementById("claim-board").dataset.ply === "4"`)
			check("a claim")
			p.Click("act-reject")
			p.Until(`document.getElementById("claim-view").classList.contains("hidden")`)
			p.Click("open-result")
			p.Until(`!document.getElementById("result-form").classList.contains("hidden")`)
			check("the result form")
			p.Click("res-send")
			p.Click("confirm-yes")
			p.Until(textOf("status") + ` === "DECIDED"`)
			check("decided")
			p.Click("open-new")
			p.Until(`!document.getElementById("new-form").classList.contains("hidden")`)
			check("the new-match form")
		})
	}
}
