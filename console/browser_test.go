//go:build amd64

package console

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"tandem/internal/webauth"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tandem/bughouse"
	"tandem/internal/browsertest"
	"tandem/rules"
	"tandem/table"
)

// The browser tests drive the page in Debian's headless Chromium with
// chromedp, through tandem/internal/browsertest: without Chromium they
// skip, unless TANDEM_REQUIRE_BROWSER=1 (CI), when they fail. They are
// built for amd64 only (the build constraint above; the package's doc
// says why).

// page is one browser tab on one console.
type page struct {
	*browsertest.Tab
	t   *testing.T
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
	opts.PIN = testPIN
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
	p := &page{Tab: browsertest.Open(t, bctx, url+"/"), t: t, tb: tb, srv: srv, url: url}
	p.Until(`document.getElementById("conn").textContent === "live" && window.tandem.view !== null`)
	return p
}

// eval returns the value of a JavaScript expression (a promise is
// awaited).
func (p *page) eval(expr string) any { p.t.Helper(); return browsertest.Eval[any](p.Tab, expr) }

// running is the expression "seat's clock runs on the page".
func running(seat string) string {
	return `(document.getElementById("clock-` + seat + `").dataset.running === "true")`
}

func textOf(id string) string { return `document.getElementById("` + id + `").textContent` }

func TestBrowser(t *testing.T) {
	bctx := browsertest.Start(t, nil)

	t.Run("PanelButtonsAndKeysSwitchTheClocks_PauseResume_Reconnect", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{Simulated: true})
		p.Until(`!document.getElementById("panel").classList.contains("hidden")`)
		p.Until(textOf("status") + ` === "READY"`)
		// The pause switch before the start starts both boards.
		p.Click("press-pause")
		p.Until(textOf("status") + ` === "RUNNING" && ` + running("A-white") + ` && ` + running("B-white"))
		// A-white's button (the mouse), then B-white's key p.
		p.Click("press-A-white")
		p.Until(running("A-black") + ` && !` + running("A-white"))
		p.Do(chromedp.KeyEvent("p"))
		p.Until(running("B-black") + ` && !` + running("B-white"))
		// Space: the pause switch.
		p.Do(chromedp.KeyEvent(" "))
		p.Until(textOf("status") + ` === "PAUSED" && !` + running("A-black") + ` && !` + running("B-black"))
		p.Do(chromedp.KeyEvent(" "))
		p.Until(textOf("status") + ` === "RUNNING" && ` + running("A-black") + ` && ` + running("B-black"))
		if s := p.settled(); s.Clocks[bughouse.AWhite].Moves != 1 || s.Clocks[bughouse.BWhite].Moves != 1 || s.Status != rules.Running {
			t.Errorf("table after the page's presses: moves %d %d, %s", s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.BWhite].Moves, s.Status)
		}
		// The display mirror shows the faces.
		p.Until(textOf("face-A") + `.startsWith("A  W ") && ` + textOf("face-B") + `.startsWith("B  W ")`)
		p.Until(`document.getElementById("face-A-img").complete && document.getElementById("face-A-img").naturalWidth === 128 && document.getElementById("face-B-img").naturalHeight === 64`)
		// The page animates the running clock between snapshots.
		first := p.eval(`document.querySelector("#clock-A-black .time").textContent`)
		p.Until(`document.querySelector("#clock-A-black .time").textContent !== ` + quoteJS(first.(string)))

		// The connection drops: the page reconnects and shows what
		// happened meanwhile.
		before := p.eval(`window.tandem.received`).(float64)
		p.eval(`window.tandem.ws.close(), true`)
		p.tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.ABlack}, time.Now())
		p.Until(`window.tandem.received > ` + formatFloat(before) + ` && ` + textOf("conn") + ` === "live" && ` + running("A-white") + ` && !` + running("A-black"))

	})

	t.Run("EBoardStateAndAlertShown", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{Simulated: true})
		p.srv.SetInfo(Info{EBoard: []EBoard{
			{Board: "A", Text: "e-board A: E0001 1.7, normal", Online: true},
			{Board: "B", Text: "e-board B: E0002 1.7, rotated", Online: true, Alert: "board B, after B-white's press: no legal move or drop explains the board", Squares: []string{"f1", "b5"}},
		}})
		p.Until(textOf("eboards") + ` === "e-board A: E0001 1.7, normal · e-board B: E0002 1.7, rotated"`)
		p.Until(textOf("eboard-alerts") + ` === "E-BOARD B: board B, after B-white's press: no legal move or drop explains the board — check f1 b5"`)
		p.srv.SetInfo(Info{EBoard: []EBoard{{Board: "A", Text: "e-board A: not connected (unplugged)"}}})
		p.Until(`document.getElementById("eboard-alerts").classList.contains("hidden") && document.getElementById("eboards").classList.contains("off")`)
	})

	t.Run("FlagShowsTheResultOnBothBoards", func(t *testing.T) {
		p := openPage(t, bctx, "1s", Opts{Simulated: true})
		p.Click("press-pause") // starts: both White clocks run 1 s
		p.Until(textOf("status") + ` === "DECIDED"`)
		p.Until(textOf("result") + `.startsWith("1/2-1/2 simultaneous-flag A-white B-white (Art 35)")`)
		p.Until(textOf("board-A-result") + ` === "0-1 A-black won (flag) (Art 33)"`)
		p.Until(textOf("board-B-result") + ` === "0-1 B-black won (flag) (Art 33)"`)
		p.Until(`document.getElementById("clock-A-white").dataset.flagged === "true" && document.getElementById("clock-B-white").dataset.flagged === "true"`)
		p.Until(`document.querySelector("#clock-A-white .time").textContent === "0.0"`)
		p.Until(`document.getElementById("log").textContent.includes("flag A-white B-white")`)
	})

	t.Run("ArbiterLogin_AdjustTime_Claim_Result", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		p.Until(`document.getElementById("arbiter-panel").classList.contains("hidden")`)
		p.SetValue("pin", "1111")
		p.Click("login-btn")
		p.Until(textOf("login-msg") + ` === "wrong PIN" && document.getElementById("login-msg").offsetParent !== null`)
		p.Until(`document.getElementById("arbiter-panel").classList.contains("hidden")`)
		p.SetValue("pin", testPIN)
		p.Click("login-btn")
		p.Until(`!document.getElementById("arbiter-panel").classList.contains("hidden") && document.body.dataset.arbiter === "true"`)
		// No simulated panel on a hardware table.
		p.Until(`document.getElementById("panel").classList.contains("hidden")`)

		p.Click("act-start")
		p.Until(textOf("status") + ` === "RUNNING"`)
		// While the clocks run the page offers no adjustment (the rules
		// refuse it: pause first); one sent anyway is refused with the
		// reason, and the refusal is in the log.
		p.Until(`document.getElementById("adjust-group").offsetParent === null`)
		code := p.eval(`fetch("/api/action", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({action: "adjust", seat: "B-black", delta: "+30"})}).then(r => r.status)`)
		if code != float64(200) {
			t.Errorf("adjust while running: %v", code)
		}
		p.Until(`document.querySelector("#log tr.refused") !== null && document.querySelector("#log tr.refused").textContent.includes("adjust B-black +30s") && document.querySelector("#log tr.refused").textContent.includes("refused: pause the match before adjusting time")`)
		p.Click("act-pause")
		p.Until(textOf("status") + ` === "PAUSED"`)
		// Hours are written h:mm:ss.
		p.SetValue("adj-seat", "B-black")
		p.SetValue("adj-delta", "+1:30:00:00")
		p.Click("act-adjust")
		p.Until(textOf("notice") + `.includes("at most h:mm:ss")`)
		p.SetValue("adj-delta", "+30")
		p.Click("act-adjust")
		p.Until(`document.querySelector("#clock-B-black .time").textContent === "5:30"`)
		p.Until(`document.getElementById("log").textContent.includes("adjust B-black +30s") && document.querySelectorAll("#log tr:not(.refused):not(.match)")[0].textContent.includes("adjust B-black +30s")`)

		// A claim: the form, the banner, the rejection. The clocks were
		// already stopped: the notice says nothing of stopping them.
		p.Click("open-claim")
		p.Until(`!document.getElementById("claim-form").classList.contains("hidden") && ` + textOf("notice") + ` === "claim: choose the claimant and the kind"`)
		p.SetValue("claim-seat", "B-white")
		p.SetValue("claim-kind", "flag")
		p.Click("claim-send")
		p.Until(textOf("status") + ` === "CLAIM" && ` + textOf("claim") + `.startsWith("Claim by B-white: flag")`)
		p.Click("act-reject")
		p.Until(`document.getElementById("claim").classList.contains("hidden") && ` + textOf("notice") + `.includes("rejected")`)

		// A result, confirmed in the dialog.
		p.Click("open-result")
		p.Until(`!document.getElementById("result-form").classList.contains("hidden")`)
		p.SetValue("res-board", "A")
		p.SetValue("res-outcome", "1-0")
		p.SetValue("res-how", "checkmate")
		p.Click("res-send")
		p.Until(`!document.getElementById("confirm").classList.contains("hidden") && ` + textOf("confirm-text") + ` === "Declare board A 1-0 checkmate (A-white wins; team 1 wins the match)?"`)
		p.Click("confirm-yes")
		p.Until(textOf("status") + ` === "DECIDED" && ` + textOf("result") + `.startsWith("1-0 checkmate A-black (Art 22-23)")`)
		p.Until(textOf("board-A-result") + ` === "1-0 A-white won (checkmate) (Art 22-23)"`)
		// After the decision only New match… is offered: Claim…, Result…,
		// Start, Pause, Resume and the adjustment could only be refused.
		p.Until(`["open-claim", "open-result", "act-start", "act-pause", "resume-group", "adjust-group"].every((id) => document.getElementById(id).offsetParent === null) && document.getElementById("open-new").offsetParent !== null`)
		if s := p.settled(); s.Result != rules.Team1Wins || s.Clocks[bughouse.BBlack].Remaining != 5*time.Minute+30*time.Second {
			t.Errorf("table: result %s, B-black %v", s.Result, s.Clocks[bughouse.BBlack].Remaining)
		}
	})

	t.Run("PlayersBesideTheSeats_MovesAfterTheDecision", func(t *testing.T) {
		names := [4]string{"Ana", "Bo", "Cy", "Di"}
		tb, o := testTable(t, "reglamento", "", func(o *table.Opts) { o.Players = names })
		p := openPageOn(t, bctx, tb, o, Opts{})
		p.Until(`document.querySelector("#clock-A-white .head").textContent.startsWith("A-white · team 1 · Ana")`)
		p.Until(`document.querySelector("#clock-B-black .head").textContent.startsWith("B-black · team 1 · Di")`)
		p.Until(`document.querySelector("#clock-A-black .player").textContent === " · Bo"`)
		p.SetValue("pin", testPIN)
		p.Click("login-btn")
		p.Until(`document.body.dataset.arbiter === "true"`)
		p.Click("act-start")
		p.Until(textOf("status") + ` === "RUNNING" && !document.getElementById("san-A").disabled`)
		p.Until(`document.querySelector("#sheet-A .tomove").textContent === "A-white to move"`)
		if _, err := p.tb.Do(context.Background(), rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.WhiteWins, Reason: rules.Resignation}, time.Now()); err != nil {
			t.Fatal(err)
		}
		// Decided: the recorder may still enter the moves played, and the
		// page says what they are for.
		p.Until(textOf("status") + ` === "DECIDED" && document.querySelector("#sheet-A .tomove").textContent === "match decided: moves entered now complete the scoresheet · A-white to move"`)
		p.SetValue("san-A", "e4")
		p.Click("enter-A")
		p.Until(textOf("list-A") + `.includes("e4") && document.querySelector("#sheet-A .tomove").textContent === "match decided: moves entered now complete the scoresheet · A-black to move"`)
	})

	t.Run("ResultProvisionalUntilRecorded_NotRecordedWhenRecordingFailed_FinalOnceOnDisk", func(t *testing.T) {
		at := time.Date(2026, 11, 29, 14, 3, 59, 0, time.Local) // a match recovered after a restart
		tb, o, last, dur := recordingTable(t, at)
		p := openPageOn(t, bctx, tb, o, Opts{})
		now := time.Now()
		for _, e := range []rules.Event{{Kind: rules.Resume},
			{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.BlackWins, Reason: rules.Resignation}} {
			if _, err := tb.Do(context.Background(), e, now); err != nil {
				t.Fatal(err)
			}
		}
		// Decided, not on disk: provisional, in the neutral style.
		p.Until(textOf("status") + ` === "DECIDED" && ` + textOf("result") + ` === "1-0 resignation B-white (Art 32): team 1 wins: A-white + B-black — recording…"`)
		p.Until(`document.getElementById("result").classList.contains("recording") && getComputedStyle(document.getElementById("result")).backgroundColor === "rgb(55, 71, 79)"`)
		// Recording failed before the decision reached the disk: the
		// banner and the result say so, the reason in one sentence with
		// the recovery.
		dur <- table.Durable{Seq: last.Load() - 1, Err: errors.New("write /var/lib/tandem/tandem.db: no space left on device")}
		const failed = "recording failed, the clocks run on WITHOUT a record: write /var/lib/tandem/tandem.db: no space left on device"
		p.Until(textOf("result") + `.endsWith("— NOT recorded: write it down (recording failed)") && document.getElementById("result").classList.contains("not-recorded")`)
		p.Until(textOf("info") + ` === "Match recovered from the record after a restart, last recorded 2026-11-29 14:03:59." + ` + quoteJS(failed))
		// The decision on disk after all: final, in the result's style
		// (final means on disk, docs/record.md), the failure still shown.
		dur <- table.Durable{Seq: last.Load()}
		p.Until(`window.tandem.view.final === true && ` + textOf("result") + ` === "1-0 resignation B-white (Art 32): team 1 wins: A-white + B-black"`)
		p.Until(`document.getElementById("result").classList.contains("final") && getComputedStyle(document.getElementById("result")).backgroundColor === "rgb(127, 29, 29)"`)
		p.Until(textOf("info") + `.endsWith(` + quoteJS(failed) + `)`)
	})

	t.Run("MoveEntry_TypedAndClicked_Reserves_Drop_Refusal_ClaimView", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{Simulated: true})
		spectator := openTab(t, bctx, p.tb, p.srv, p.url)
		p.SetValue("pin", testPIN)
		p.Click("login-btn")
		p.Until(`document.body.dataset.arbiter === "true" && document.getElementById("entry-A").offsetParent !== null`)
		p.Click("act-start")
		p.Until(textOf("status") + ` === "RUNNING" && !document.getElementById("san-A").disabled`)
		list := func(b string) string { return textOf("list-" + b) }
		sq := func(b, square string) chromedp.CSS {
			return chromedp.CSS(`#bd-` + b + ` rect[data-sq="` + square + `"]`)
		}
		reserve := func(seat, piece string) string {
			return `(document.querySelector("#clock-` + seat + ` .reserves [data-piece='` + piece + `']") || {dataset: {count: "0"}}).dataset.count`
		}
		// Typed: 1A. e4.
		p.SetValue("san-A", "e4")
		p.Click("enter-A")
		p.Until(textOf("msg-A") + ` === "entered 1A. e4" && ` + list("A") + ` === "1.e4" && ` + textOf("san-A") + ` === ""`)
		// Clicked on the SVG board: the black pawn d7, then d5; the
		// legal targets are marked once the pawn is selected.
		p.Do(chromedp.Click(sq("A", "d7")))
		p.Until(`document.querySelector("#bd-A rect.sel[data-sq='d7']") !== null && document.querySelectorAll("#bd-A circle.dot").length === 2`)
		p.Do(chromedp.Click(sq("A", "d5")))
		p.Until(list("A") + ` === "1.e4d5" && document.querySelector("#bd-A [data-at='d5']").dataset.piece === "p"`)
		// A capture: the pawn goes to the partner's reserve, on every page.
		p.SetValue("san-A", "exd5")
		p.Click("enter-A")
		p.Until(reserve("B-black", "P") + ` === "1"`)
		spectator.Until(reserve("B-black", "P") + ` === "1" && ` + list("A") + ` === "1.e4d52.exd5"`)
		// An illegal entry is refused with its reason and rule; nothing is
		// entered.
		p.SetValue("san-A", "N@f6")
		p.Click("enter-A")
		p.Until(textOf("msg-A") + ` === "refused: N@f6: black has no knight in reserve (Art 16, 26: only a piece in the reserve)" && ` + list("A") + ` === "1.e4d52.exd5"`)
		p.SetValue("san-A", "Qxd5")
		p.Click("enter-A")
		p.Until(reserve("B-white", "P") + ` === "1"`)
		// Board B (Black at the bottom, as seated): 1B. d4 typed, then
		// B-black drops his pawn by clicking the reserve, then e6.
		p.SetValue("san-B", "d4")
		p.Click("enter-B")
		p.Until(list("B") + ` === "1.d4"`)
		p.Do(chromedp.Click(chromedp.CSS(`#res-B-black .chip[data-piece="P"]`)))
		p.Until(`document.querySelector("#res-B-black .chip.sel") !== null && document.querySelectorAll("#bd-B circle.dot").length > 0`)
		p.Do(chromedp.Click(sq("B", "e6")))
		p.Until(list("B") + ` === "1.d4P@e6" && ` + reserve("B-black", "P") + ` === "0" && document.querySelector("#bd-B [data-at='e6']").dataset.piece === "p"`)
		// Board B is drawn from Black's side: h1 at the top left.
		p.Until(`document.querySelector("#bd-B rect").dataset.sq === "h1" && document.querySelector("#bd-A rect").dataset.sq === "a8"`)
		// The spectator sees it all, and no entry form.
		spectator.Until(list("B") + ` === "1.d4P@e6" && ` + reserve("B-white", "P") + ` === "1" && document.getElementById("entry-A").offsetParent === null`)
		if s := p.settled(); s.Status != rules.Running {
			t.Errorf("move entry changed the clocks: %s", s.Status)
		}
		if os.Getenv("TANDEM_SCREENSHOT") == "1" {
			p.Screenshot(filepath.Join("..", "docs", "console.png"))
		}

		// A claim: A-white pressed last on board A; A-black claims an
		// illegal move. Every page shows board A at its last move; the
		// arbiter steps back and tests moves there.
		p.Click("press-A-white")
		p.Until(running("A-black"))
		p.Click("open-claim")
		p.Until(`!document.getElementById("claim-form").classList.contains("hidden")`)
		p.SetValue("claim-seat", "A-black")
		p.SetValue("claim-kind", "illegal-move")
		p.Click("claim-send")
		p.Until(`!document.getElementById("claim-view").classList.contains("hidden") && document.getElementById("claim-board").dataset.ply === "4" && ` +
			textOf("claim-pos") + `.startsWith("Board A after 2a. Qxd5 (A-black), move 4 of 4: A-white to move")`)
		spectator.Until(`document.getElementById("claim-board").dataset.ply === "4" && document.getElementById("claim-test-form").offsetParent === null`)
		// One step at a time: each step's text reflows the view, and a
		// click dispatched at the old layout could land beside the button.
		p.Click("claim-prev")
		p.Until(`document.getElementById("claim-board").dataset.ply === "3"`)
		p.Click("claim-prev")
		p.Until(`document.getElementById("claim-board").dataset.ply === "2" && ` + textOf("claim-pos") + `.startsWith("Board A after 1a. d5 (A-black)") && ` +
			textOf("claim-pos") + `.includes("the next move entered was 2A. exd5")`)
		p.SetValue("claim-move", "N@e5")
		p.Click("claim-test")
		p.Until(textOf("claim-verdict") + ` === "N@e5 — illegal: white has no knight in reserve (Art 16, 26: only a piece in the reserve)" && document.getElementById("claim-verdict").classList.contains("illegal")`)
		p.SetValue("claim-move", "Bb5")
		p.Click("claim-test")
		p.Until(textOf("claim-verdict") + ` === "Bb5 — legal: 2A. Bb5+"`)
		p.Click("act-reject")
		p.Until(`document.getElementById("claim-view").classList.contains("hidden")`)
		if got := len(p.srv.buildViewNow().Moves[0].Moves); got != 4 {
			t.Errorf("the claim view's tests entered moves: board A has %d", got)
		}
	})

	t.Run("LoginRateLimit_SaidInFull", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{Login: &webauth.Opts{Free: 1, Delay: time.Hour}})
		p.SetValue("pin", "1111")
		p.Click("login-btn")
		p.Until(textOf("login-msg") + ` === "wrong PIN"`)
		p.SetValue("pin", "2222")
		p.Click("login-btn")
		p.Until(textOf("login-msg") + ` === "wrong PIN" && document.getElementById("pin").value === ""`)
		p.SetValue("pin", testPIN)
		p.Click("login-btn")
		// The whole message, visible and not cut off.
		msg := `document.getElementById("login-msg")`
		// The seconds left are counted from the lock to the moment the
		// page asked, so they are any whole number up to the hour: a slow
		// machine answers 3599 s, which is as true as 3600 s.
		left := `(m => m !== null && +m[1] > 0 && +m[1] <= 3600)(` + textOf("login-msg") + `.match(/^PIN logins are locked for (\d+) s after 2 wrong PINs: log in with the one-time code/))`
		p.Until(left + ` && ` + msg + `.offsetParent !== null && ` +
			msg + `.scrollWidth <= ` + msg + `.clientWidth && ` + msg + `.getBoundingClientRect().right <= window.innerWidth && document.body.dataset.arbiter === "false"`)
	})

	t.Run("SpectatorCannotAct", func(t *testing.T) {
		p := openPage(t, bctx, "", Opts{})
		before := p.settled()
		p.Until(`document.getElementById("arbiter-panel").classList.contains("hidden") && document.getElementById("panel").classList.contains("hidden")`)
		// Keys do nothing, and the API refuses the page's own requests.
		p.Do(chromedp.KeyEvent("z"), chromedp.KeyEvent(" "))
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
		p.Until(textOf("status") + ` === "READY"`)
	})
}

// settled returns the table's snapshot after every input sent so far.
func (p *page) settled() table.Snapshot {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Wait)
	defer cancel()
	if err := p.tb.Ping(ctx); err != nil {
		p.t.Fatal(err)
	}
	return p.tb.Snapshot()
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
