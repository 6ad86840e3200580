//go:build amd64

package console

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tandem/rules"
	"tandem/table"
)

// The browser tests drive the page in Debian's headless Chromium with
// chromedp. Without Chromium they skip, unless TANDEM_REQUIRE_BROWSER=1
// (CI: .ci/deps/console.sh installs chromium and sets it), when they
// fail. They are built for amd64 only (the build constraint above): under
// qemu (CI's passes for the Pi's CPUs) they ran in the main pass already,
// a browser under emulation would take minutes, and chromedp's protocol
// package is not compiled twice more for nothing.

// browserWait bounds each wait on the page.
const browserWait = 15 * time.Second

// chromiumPath returns the browser to drive, or skips or fails the test.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("TANDEM_REQUIRE_BROWSER") == "1" {
		t.Fatal("chromium is not installed and TANDEM_REQUIRE_BROWSER=1: apt-get install chromium")
	}
	t.Skip("chromium is not installed (apt-get install chromium); set TANDEM_REQUIRE_BROWSER=1 to make this a failure")
	return ""
}

// startBrowser starts one headless Chromium for the test and its subtests.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	// The first Run starts the browser; it has no timeout, since that
	// would stop the whole browser.
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return bctx
}

// page is one browser tab on one console.
type page struct {
	t   *testing.T
	ctx context.Context
	tb  *table.Table
	srv *Server
	url string
}

// openPage serves a console on a new table (preset reglamento with
// control) and opens it in a new tab.
func openPage(t *testing.T, bctx context.Context, control string, opts Opts) *page {
	t.Helper()
	tb, o := testTable(t, "reglamento", control)
	return openPageOn(t, bctx, tb, o, opts)
}

// openPageOn serves a console on table tb (preset reglamento, options o)
// and opens it in a new tab.
func openPageOn(t *testing.T, bctx context.Context, tb *table.Table, o rules.Options, opts Opts) *page {
	t.Helper()
	opts.PIN, opts.Preset, opts.Rules = testPIN, "reglamento", o
	srv, err := New(tb, &opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return openTab(t, bctx, tb, srv, hs.URL)
}

// openTab opens the console at url in a new tab and waits until it is
// live.
func openTab(t *testing.T, bctx context.Context, tb *table.Table, srv *Server, url string) *page {
	t.Helper()
	tctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	// The first Run on a tab opens it, for as long as its context lives:
	// it must not carry a timeout, which would close the tab.
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	p := &page{t: t, ctx: tctx, tb: tb, srv: srv, url: url}
	p.do(chromedp.Navigate(url + "/"))
	p.until(`document.getElementById("conn").textContent === "live" && window.tandem.view !== null`)
	return p
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, browserWait)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("browser: %v\npage: %s", err, p.text())
	}
}

// until waits for the JavaScript expression to be true on the page.
func (p *page) until(expr string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, browserWait)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(browserWait), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		p.t.Fatalf("waiting for %s: %v\npage: %s", expr, err, p.text())
	}
}

// eval returns the value of a JavaScript expression (a promise is
// awaited).
func (p *page) eval(expr string) any {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, browserWait)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// text is the page's visible text, for failure messages.
func (p *page) text() string {
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if len(s) > 3000 {
		s = s[:3000]
	}
	return s
}

func (p *page) click(id string) { p.t.Helper(); p.do(chromedp.Click(chromedp.ID(id))) }

func (p *page) setValue(id, v string) { p.t.Helper(); p.do(chromedp.SetValue(chromedp.ID(id), v)) }

// running is the expression "seat's clock runs on the page".
func running(seat string) string {
	return `(document.getElementById("clock-` + seat + `").dataset.running === "true")`
}

func textOf(id string) string { return `document.getElementById("` + id + `").textContent` }

func TestBrowser(t *testing.T) {
	bctx := startBrowser(t)

	t.Run("PanelButtonsAndKeysSwitchTheClocks_PauseResume_Reconnect", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{Simulated: true})
		p.until(`!document.getElementById("panel").classList.contains("hidden")`)
		p.until(textOf("status") + ` === "READY"`)
		// The pause switch before the start starts both boards.
		p.click("press-pause")
		p.until(textOf("status") + ` === "RUNNING" && ` + running("A-white") + ` && ` + running("B-white"))
		// A-white's button (the mouse), then B-white's key p.
		p.click("press-A-white")
		p.until(running("A-black") + ` && !` + running("A-white"))
		p.do(chromedp.KeyEvent("p"))
		p.until(running("B-black") + ` && !` + running("B-white"))
		// Space: the pause switch.
		p.do(chromedp.KeyEvent(" "))
		p.until(textOf("status") + ` === "PAUSED" && !` + running("A-black") + ` && !` + running("B-black"))
		p.do(chromedp.KeyEvent(" "))
		p.until(textOf("status") + ` === "RUNNING" && ` + running("A-black") + ` && ` + running("B-black"))
		if s := p.settled(); s.Clocks[rules.AWhite].Moves != 1 || s.Clocks[rules.BWhite].Moves != 1 || s.Status != rules.Running {
			t.Errorf("table after the page's presses: moves %d %d, %s", s.Clocks[rules.AWhite].Moves, s.Clocks[rules.BWhite].Moves, s.Status)
		}
		// The display mirror shows the faces.
		p.until(textOf("face-A") + `.startsWith("A  W ") && ` + textOf("face-B") + `.startsWith("B  W ")`)
		p.until(`document.getElementById("face-A-img").complete && document.getElementById("face-A-img").naturalWidth === 128 && document.getElementById("face-B-img").naturalHeight === 64`)
		// The page animates the running clock between snapshots.
		first := p.eval(`document.querySelector("#clock-A-black .time").textContent`)
		p.until(`document.querySelector("#clock-A-black .time").textContent !== ` + quoteJS(first.(string)))

		// The connection drops: the page reconnects and shows what
		// happened meanwhile.
		before := p.eval(`window.tandem.received`).(float64)
		p.eval(`window.tandem.ws.close(), true`)
		p.tb.Post(rules.Event{Kind: rules.Press, Seat: rules.ABlack}, time.Now())
		p.until(`window.tandem.received > ` + formatFloat(before) + ` && ` + textOf("conn") + ` === "live" && ` + running("A-white") + ` && !` + running("A-black"))

	})

	t.Run("FlagShowsTheResultOnBothBoards", func(t *testing.T) {
		p := openPage(t, bctx, "1s", Opts{Simulated: true})
		p.click("press-pause") // starts: both White clocks run 1 s
		p.until(textOf("status") + ` === "DECIDED"`)
		p.until(textOf("result") + `.startsWith("1/2-1/2 simultaneous-flag A-white B-white (Art 35)")`)
		p.until(textOf("board-A-result") + ` === "0-1 A-black won (flag) (Art 33)"`)
		p.until(textOf("board-B-result") + ` === "0-1 B-black won (flag) (Art 33)"`)
		p.until(`document.getElementById("clock-A-white").dataset.flagged === "true" && document.getElementById("clock-B-white").dataset.flagged === "true"`)
		p.until(`document.querySelector("#clock-A-white .time").textContent === "0.0"`)
		p.until(`document.getElementById("log").textContent.includes("flag A-white B-white")`)
	})

	t.Run("ArbiterLogin_AdjustTime_Claim_Result", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		p.until(`document.getElementById("arbiter-panel").classList.contains("hidden")`)
		p.setValue("pin", "1111")
		p.click("login-btn")
		p.until(textOf("login-msg") + ` === "wrong PIN" && document.getElementById("login-msg").offsetParent !== null`)
		p.until(`document.getElementById("arbiter-panel").classList.contains("hidden")`)
		p.setValue("pin", testPIN)
		p.click("login-btn")
		p.until(`!document.getElementById("arbiter-panel").classList.contains("hidden") && document.body.dataset.arbiter === "true"`)
		// No simulated panel on a hardware table.
		p.until(`document.getElementById("panel").classList.contains("hidden")`)

		p.click("act-start")
		p.until(textOf("status") + ` === "RUNNING"`)
		// Adjusting while the clocks run is refused by the rules, with the
		// reason, and the refusal is in the log.
		p.setValue("adj-seat", "B-black")
		p.setValue("adj-delta", "+30")
		p.click("act-adjust")
		p.until(textOf("notice") + ` === "refused: pause the match before adjusting time — pause first: time is adjusted while the clocks are stopped (Art 40)"`)
		p.until(`document.querySelector("#log tr.refused") !== null && document.querySelector("#log tr.refused").textContent.includes("adjust B-black +30s") && document.querySelector("#log tr.refused").textContent.includes("refused: pause the match before adjusting time")`)
		// Hours are written h:mm:ss.
		p.setValue("adj-delta", "+1:30:00:00")
		p.click("act-adjust")
		p.until(textOf("notice") + `.includes("write seconds, m:ss or h:mm:ss")`)
		p.setValue("adj-delta", "+30")
		p.click("act-pause")
		p.until(textOf("status") + ` === "PAUSED"`)
		p.click("act-adjust")
		p.until(`document.querySelector("#clock-B-black .time").textContent === "5:30"`)
		p.until(`document.getElementById("log").textContent.includes("adjust B-black +30s")`)

		// A claim: the form, the banner, the rejection. The clocks were
		// already stopped: the notice says nothing of stopping them.
		p.click("open-claim")
		p.until(`!document.getElementById("claim-form").classList.contains("hidden") && ` + textOf("notice") + ` === "claim: choose the claimant and the kind"`)
		p.setValue("claim-seat", "B-white")
		p.setValue("claim-kind", "flag")
		p.click("claim-send")
		p.until(textOf("status") + ` === "CLAIM" && ` + textOf("claim") + `.startsWith("Claim by B-white: flag")`)
		p.click("act-reject")
		p.until(`document.getElementById("claim").classList.contains("hidden") && ` + textOf("notice") + `.includes("rejected")`)

		// A result, confirmed in the dialog.
		p.click("open-result")
		p.until(`!document.getElementById("result-form").classList.contains("hidden")`)
		p.setValue("res-board", "A")
		p.setValue("res-outcome", "1-0")
		p.setValue("res-how", "checkmate")
		p.click("res-send")
		p.until(`!document.getElementById("confirm").classList.contains("hidden") && ` + textOf("confirm-text") + ` === "Declare board A 1-0 checkmate (A-white wins; team 1 wins the match)?"`)
		p.click("confirm-yes")
		p.until(textOf("status") + ` === "DECIDED" && ` + textOf("result") + `.startsWith("1-0 checkmate A-black (Art 22-23)")`)
		p.until(textOf("board-A-result") + ` === "1-0 A-white won (checkmate) (Art 22-23)"`)
		// After the decision: Claim… and Result… are refused at once,
		// with no form, no confirmation and no word of stopping clocks.
		p.click("open-claim")
		p.until(textOf("notice") + ` === "refused: the match is decided (1-0 checkmate): no claim after the decision" && document.getElementById("claim-form").classList.contains("hidden")`)
		p.click("open-result")
		p.until(textOf("notice") + `.startsWith("refused: the match is decided (1-0 checkmate): no result after the decision") && document.getElementById("result-form").classList.contains("hidden") && document.getElementById("confirm").classList.contains("hidden")`)
		if s := p.settled(); s.Result != rules.Team1Wins || s.Clocks[rules.BBlack].Remaining != 5*time.Minute+30*time.Second {
			t.Errorf("table: result %s, B-black %v", s.Result, s.Clocks[rules.BBlack].Remaining)
		}
	})

	t.Run("PlayersBesideTheSeats_MovesAfterTheDecision", func(t *testing.T) {
		names := [4]string{"Ana", "Bo", "Cy", "Di"}
		p := openPage(t, bctx, "", Opts{Players: func() [4]string { return names }})
		p.until(`document.querySelector("#clock-A-white .head").textContent.startsWith("A-white · team 1 · Ana")`)
		p.until(`document.querySelector("#clock-B-black .head").textContent.startsWith("B-black · team 1 · Di")`)
		p.until(`document.querySelector("#clock-A-black .player").textContent === " · Bo"`)
		p.setValue("pin", testPIN)
		p.click("login-btn")
		p.until(`document.body.dataset.arbiter === "true"`)
		p.click("act-start")
		p.until(textOf("status") + ` === "RUNNING" && !document.getElementById("san-A").disabled`)
		p.until(`document.querySelector("#sheet-A .tomove").textContent === "A-white to move"`)
		if _, err := p.tb.Do(context.Background(), rules.Event{Kind: rules.Declare, Board: rules.BoardB, Outcome: rules.WhiteWins, Reason: rules.Resignation}, time.Now()); err != nil {
			t.Fatal(err)
		}
		// Decided: the recorder may still enter the moves played, and the
		// page says what they are for.
		p.until(textOf("status") + ` === "DECIDED" && document.querySelector("#sheet-A .tomove").textContent === "match decided: moves entered now complete the scoresheet · A-white to move"`)
		p.setValue("san-A", "e4")
		p.click("enter-A")
		p.until(textOf("list-A") + `.includes("e4") && document.querySelector("#sheet-A .tomove").textContent === "match decided: moves entered now complete the scoresheet · A-black to move"`)
	})

	t.Run("ResultProvisionalUntilRecorded_NotRecordedWhenRecordingFailed", func(t *testing.T) {
		tb, o, last := recordingTable(t)
		p := openPageOn(t, bctx, tb, o, Opts{})
		now := time.Now()
		for _, e := range []rules.Event{{Kind: rules.Start}, {Kind: rules.Pause},
			{Kind: rules.Declare, Board: rules.BoardB, Outcome: rules.BlackWins, Reason: rules.Resignation}} {
			if _, err := tb.Do(context.Background(), e, now); err != nil {
				t.Fatal(err)
			}
		}
		// Decided, not on disk: provisional, in the neutral style.
		p.until(textOf("status") + ` === "DECIDED" && ` + textOf("result") + ` === "1-0 resignation B-white (Art 32): team 1 wins: A-white + B-black — recording…"`)
		p.until(`document.getElementById("result").classList.contains("recording") && getComputedStyle(document.getElementById("result")).backgroundColor === "rgb(55, 71, 79)"`)
		// On disk: final, in the result's style.
		tb.MarkRecorded(last.Load())
		p.until(`window.tandem.view.final === true && ` + textOf("result") + ` === "1-0 resignation B-white (Art 32): team 1 wins: A-white + B-black"`)
		p.until(`document.getElementById("result").classList.contains("final") && getComputedStyle(document.getElementById("result")).backgroundColor === "rgb(127, 29, 29)"`)
		// Recording failed: the banner and the result say so.
		// The daemon's sentence (daemon/record.go) is shown as it is, once.
		const failed = "recording failed, the clocks run on WITHOUT a record: write /var/lib/tandem/tandem.db: no space left on device"
		p.srv.SetInfo(Info{Recovered: true, RecoveredAt: time.Date(2026, 11, 29, 14, 3, 59, 0, time.Local), RecordErr: failed})
		p.until(textOf("result") + `.endsWith("— NOT recorded: write it down (recording failed)") && document.getElementById("result").classList.contains("not-recorded")`)
		p.until(textOf("info") + ` === "Match recovered from the record after a restart, last recorded 2026-11-29 14:03:59." + ` + quoteJS(failed))
		// A bare reason is put in the same sentence.
		p.srv.SetInfo(Info{RecordErr: "disk full"})
		p.until(textOf("info") + ` === "recording failed, the clocks run on WITHOUT a record: disk full" && ` + textOf("result") + `.endsWith("NOT recorded: write it down (recording failed)")`)
	})

	t.Run("MoveEntry_TypedAndClicked_Reserves_Drop_Refusal_ClaimView", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{Simulated: true})
		spectator := openTab(t, bctx, p.tb, p.srv, p.url)
		p.setValue("pin", testPIN)
		p.click("login-btn")
		p.until(`document.body.dataset.arbiter === "true" && document.getElementById("entry-A").offsetParent !== null`)
		p.click("act-start")
		p.until(textOf("status") + ` === "RUNNING" && !document.getElementById("san-A").disabled`)
		list := func(b string) string { return textOf("list-" + b) }
		sq := func(b, square string) chromedp.CSS {
			return chromedp.CSS(`#bd-` + b + ` rect[data-sq="` + square + `"]`)
		}
		reserve := func(seat, piece string) string {
			return `(document.querySelector("#clock-` + seat + ` .reserves [data-piece='` + piece + `']") || {dataset: {count: "0"}}).dataset.count`
		}
		// Typed: 1A. e4.
		p.setValue("san-A", "e4")
		p.click("enter-A")
		p.until(textOf("msg-A") + ` === "entered 1A. e4" && ` + list("A") + ` === "1.e4" && ` + textOf("san-A") + ` === ""`)
		// Clicked on the SVG board: the black pawn d7, then d5; the
		// legal targets are marked once the pawn is selected.
		p.do(chromedp.Click(sq("A", "d7")))
		p.until(`document.querySelector("#bd-A rect.sel[data-sq='d7']") !== null && document.querySelectorAll("#bd-A circle.dot").length === 2`)
		p.do(chromedp.Click(sq("A", "d5")))
		p.until(list("A") + ` === "1.e4d5" && document.querySelector("#bd-A [data-at='d5']").dataset.piece === "p"`)
		// A capture: the pawn goes to the partner's reserve, on every page.
		p.setValue("san-A", "exd5")
		p.click("enter-A")
		p.until(reserve("B-black", "P") + ` === "1"`)
		spectator.until(reserve("B-black", "P") + ` === "1" && ` + list("A") + ` === "1.e4d52.exd5"`)
		// An illegal entry is refused with its reason and rule; nothing is
		// entered.
		p.setValue("san-A", "N@f6")
		p.click("enter-A")
		p.until(textOf("msg-A") + ` === "refused: N@f6: black has no knight in reserve (Art 16, 26: only a piece in the reserve)" && ` + list("A") + ` === "1.e4d52.exd5"`)
		p.setValue("san-A", "Qxd5")
		p.click("enter-A")
		p.until(reserve("B-white", "P") + ` === "1"`)
		// Board B (Black at the bottom, as seated): 1B. d4 typed, then
		// B-black drops his pawn by clicking the reserve, then e6.
		p.setValue("san-B", "d4")
		p.click("enter-B")
		p.until(list("B") + ` === "1.d4"`)
		p.do(chromedp.Click(chromedp.CSS(`#res-B-black .chip[data-piece="P"]`)))
		p.until(`document.querySelector("#res-B-black .chip.sel") !== null && document.querySelectorAll("#bd-B circle.dot").length > 0`)
		p.do(chromedp.Click(sq("B", "e6")))
		p.until(list("B") + ` === "1.d4P@e6" && ` + reserve("B-black", "P") + ` === "0" && document.querySelector("#bd-B [data-at='e6']").dataset.piece === "p"`)
		// Board B is drawn from Black's side: h1 at the top left.
		p.until(`document.querySelector("#bd-B rect").dataset.sq === "h1" && document.querySelector("#bd-A rect").dataset.sq === "a8"`)
		// The spectator sees it all, and no entry form.
		spectator.until(list("B") + ` === "1.d4P@e6" && ` + reserve("B-white", "P") + ` === "1" && document.getElementById("entry-A").offsetParent === null`)
		if s := p.settled(); s.Status != rules.Running {
			t.Errorf("move entry changed the clocks: %s", s.Status)
		}
		if os.Getenv("TANDEM_SCREENSHOT") == "1" {
			p.screenshot(filepath.Join("..", "docs", "console.png"))
		}

		// A claim: A-white pressed last on board A; A-black claims an
		// illegal move. Every page shows board A at its last move; the
		// arbiter steps back and tests moves there.
		p.click("press-A-white")
		p.until(running("A-black"))
		p.click("open-claim")
		p.until(`!document.getElementById("claim-form").classList.contains("hidden")`)
		p.setValue("claim-seat", "A-black")
		p.setValue("claim-kind", "illegal-move")
		p.click("claim-send")
		p.until(`!document.getElementById("claim-view").classList.contains("hidden") && document.getElementById("claim-board").dataset.ply === "4" && ` +
			textOf("claim-pos") + `.startsWith("Board A after 2a. Qxd5 (A-black), move 4 of 4: A-white to move")`)
		spectator.until(`document.getElementById("claim-board").dataset.ply === "4" && document.getElementById("claim-test-form").offsetParent === null`)
		// One step at a time: each step's text reflows the view, and a
		// click dispatched at the old layout could land beside the button.
		p.click("claim-prev")
		p.until(`document.getElementById("claim-board").dataset.ply === "3"`)
		p.click("claim-prev")
		p.until(`document.getElementById("claim-board").dataset.ply === "2" && ` + textOf("claim-pos") + `.startsWith("Board A after 1a. d5 (A-black)") && ` +
			textOf("claim-pos") + `.includes("the next move entered was 2A. exd5")`)
		p.setValue("claim-move", "N@e5")
		p.click("claim-test")
		p.until(textOf("claim-verdict") + ` === "N@e5 — illegal: white has no knight in reserve (Art 16, 26: only a piece in the reserve)" && document.getElementById("claim-verdict").classList.contains("illegal")`)
		p.setValue("claim-move", "Bb5")
		p.click("claim-test")
		p.until(textOf("claim-verdict") + ` === "Bb5 — legal: 2A. Bb5+"`)
		p.click("act-reject")
		p.until(`document.getElementById("claim-view").classList.contains("hidden")`)
		if got := len(p.srv.buildViewNow().Moves[0].Moves); got != 4 {
			t.Errorf("the claim view's tests entered moves: board A has %d", got)
		}
	})

	t.Run("LoginRateLimit_SaidInFull", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{LoginBurst: 1, LoginEvery: time.Hour})
		p.setValue("pin", "1111")
		p.click("login-btn")
		p.until(textOf("login-msg") + ` === "wrong PIN"`)
		p.setValue("pin", testPIN)
		p.click("login-btn")
		// The whole message, visible and not cut off.
		msg := `document.getElementById("login-msg")`
		p.until(textOf("login-msg") + ` === "too many attempts: wait a few seconds, then log in" && ` + msg + `.offsetParent !== null && ` +
			msg + `.scrollWidth <= ` + msg + `.clientWidth && ` + msg + `.getBoundingClientRect().right <= window.innerWidth && document.body.dataset.arbiter === "false"`)
	})

	t.Run("SpectatorCannotAct", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		before := p.settled()
		p.until(`document.getElementById("arbiter-panel").classList.contains("hidden") && document.getElementById("panel").classList.contains("hidden")`)
		// Keys do nothing, and the API refuses the page's own requests.
		p.do(chromedp.KeyEvent("z"), chromedp.KeyEvent(" "))
		code := p.eval(`fetch("/api/action", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({action: "start"})}).then(r => r.status)`)
		if code != float64(401) {
			t.Errorf("spectator's start: %v, want 401", code)
		}
		code = p.eval(`fetch("/api/press", {method: "POST", body: JSON.stringify({pause: true})}).then(r => r.status)`)
		if code != float64(404) {
			t.Errorf("spectator's press on a hardware table: %v, want 404", code)
		}
		after := p.settled()
		if after.Seq != before.Seq || after.Status != rules.Ready {
			t.Errorf("a spectator changed the match: seq %d -> %d, %s", before.Seq, after.Seq, after.Status)
		}
		p.until(textOf("status") + ` === "READY"`)
	})
}

// settled returns the table's snapshot after every input sent so far.
func (p *page) settled() rules.Snapshot {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), browserWait)
	defer cancel()
	if err := p.tb.Ping(ctx); err != nil {
		p.t.Fatal(err)
	}
	return p.tb.Snapshot()
}

// screenshot saves the page as a PNG (docs/console.png).
func (p *page) screenshot(path string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, browserWait)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("wrote %s (%d bytes)", path, len(png))
}

func quoteJS(s string) string {
	b := []byte{'"'}
	for _, r := range s {
		if r == '"' || r == '\\' {
			b = append(b, '\\')
		}
		b = append(b, string(r)...)
	}
	return string(append(b, '"'))
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
