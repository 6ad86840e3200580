package tui

import (
	"context"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
	"tandem/rules"
	"tandem/table"
)

// harness is a running table and a model on it, inside a synctest bubble:
// time.Now is virtual, and synctest.Wait returns once the table's loop has
// applied everything sent to it.
type harness struct {
	t    *testing.T
	tbl  *table.Table
	m    *Model
	stop func()
	// dur is where the test says what is on disk (a recorded harness).
	dur chan table.Durable
}

// options returns the reglamento preset with the given time control.
func options(t *testing.T, control string) rules.Options {
	t.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	c, err := clock.Parse(control)
	if err != nil {
		t.Fatal(err)
	}
	p.Options.Control = c
	return p.Options
}

// newHarness must be called inside synctest.Test.
func newHarness(t *testing.T, o rules.Options) *harness {
	t.Helper()
	return newHarnessRecorded(t, o, nil)
}

// newHarnessRecorded is newHarness with a table whose entries go to
// record (table.Opts.Record; nil: nothing is recorded). It must be called
// inside synctest.Test.
func newHarnessRecorded(t *testing.T, o rules.Options, record func(table.Entry), more ...func(*table.Opts)) *harness {
	t.Helper()
	disp := &display.DefaultOpts
	dur := make(chan table.Durable, 1)
	topts := &table.Opts{Options: o, Preset: "reglamento", NextChange: display.NextChangeFunc(disp), Record: record, Durable: dur}
	for _, f := range more {
		f(topts)
	}
	tbl, err := table.New(topts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		tbl.Run(ctx)
	}()
	m := New(tbl, WithDisplay(disp), WithRenderer(lipgloss.NewRenderer(io.Discard)))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
	h := &harness{t: t, tbl: tbl, m: m, stop: func() { cancel(); <-done }, dur: dur}
	t.Cleanup(h.stop)
	return h
}

// keyMsg returns the message bubbletea sends for a key: "enter", "space",
// "esc", "ctrl+c", "backspace", or the runes typed.
func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// press sends keys one after the other, each a millisecond after the last,
// then delivers the resulting snapshot to the model.
func (h *harness) press(keys ...string) tea.Cmd {
	h.t.Helper()
	// A test goes on with the model after a quit key, where the program
	// would have ended (tea.Quit) and the model takes no more keys.
	h.m.quitting = false
	var cmd tea.Cmd
	for _, k := range keys {
		time.Sleep(time.Millisecond)
		_, cmd = h.m.Update(keyMsg(k))
	}
	h.sync()
	return cmd
}

// sync waits until the table has applied every input, then gives the
// model the table's latest snapshot.
func (h *harness) sync() {
	synctest.Wait()
	h.m.Update(SnapshotMsg(h.tbl.Snapshot()))
}

// wait lets d of virtual time pass.
func (h *harness) wait(d time.Duration) {
	time.Sleep(d)
	h.sync()
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

func (h *harness) clocks() [4]rules.SeatClock { return h.tbl.Snapshot().Clocks }

func (h *harness) wantView(subs ...string) {
	h.t.Helper()
	v := h.view()
	for _, s := range subs {
		if !strings.Contains(v, s) {
			h.t.Errorf("view lacks %q:\n%s", s, v)
		}
	}
}

func (h *harness) wantNotView(subs ...string) {
	h.t.Helper()
	v := h.view()
	for _, s := range subs {
		if strings.Contains(v, s) {
			h.t.Errorf("view has %q:\n%s", s, v)
		}
	}
}

func TestEnterStarts_ZPassesTurnToABlack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.wantView("READY", "last event: none", "preset reglamento", "time control 5m")

		h.press("enter")
		h.wantView("RUNNING", markRunning+" A-white", markRunning+" B-white")
		if c := h.clocks(); !c[bughouse.AWhite].Running || !c[bughouse.BWhite].Running {
			t.Fatalf("after enter: white clocks not running: %+v", c)
		}

		h.wait(2 * time.Second)
		h.press("z")
		c := h.clocks()
		if c[bughouse.AWhite].Running || !c[bughouse.ABlack].Running || c[bughouse.AWhite].Moves != 1 {
			t.Errorf("after z: A-white %+v, A-black %+v; want A-white stopped after 1 move, A-black running",
				c[bughouse.AWhite], c[bughouse.ABlack])
		}
		if !c[bughouse.BWhite].Running {
			t.Errorf("after z: board B changed: %+v", c[bughouse.BWhite])
		}
		if last := h.tbl.Snapshot().Last; last.Kind != rules.Press || last.Seat != bughouse.AWhite {
			t.Errorf("last event %v, want press A-white", last)
		}
		h.wantView(markRunning+" A-black", "last event: press A-white", "moves 1")
		h.wantNotView(markRunning+" A-white", "ignored")
	})
}

func TestSeatKeys_AsSeated(t *testing.T) {
	// Each key presses its own seat's clock: start, then press each
	// running side and check whose clock starts.
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		for _, step := range []struct {
			key   string
			seat  bughouse.Seat
			other bughouse.Seat
		}{
			{"z", bughouse.AWhite, bughouse.ABlack},
			{"p", bughouse.BWhite, bughouse.BBlack},
			{"q", bughouse.ABlack, bughouse.AWhite},
			{"m", bughouse.BBlack, bughouse.BWhite},
		} {
			h.press(step.key)
			s := h.tbl.Snapshot()
			if s.Last.Seat != step.seat || s.Effect.Ignored != "" {
				t.Errorf("key %s: last %v (ignored %q), want press %s", step.key, s.Last, s.Effect.Ignored, step.seat)
			}
			if !s.Clocks[step.other].Running {
				t.Errorf("key %s: %s's clock does not run", step.key, step.other)
			}
		}
	})
}

func TestUppercaseKeys_CapsLock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.press("Z")
		if c := h.clocks(); !c[bughouse.ABlack].Running {
			t.Fatalf("Z did not press A-white's clock: %+v", c)
		}
		h.press("N")
		h.wantView("pause first")
	})
}

func TestTwoKeysInOneMessage_BothApplied(t *testing.T) {
	// Two players pressing together may arrive as one message "zp".
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.press("zp")
		c := h.clocks()
		if !c[bughouse.ABlack].Running || !c[bughouse.BBlack].Running {
			t.Errorf("after zp: %+v; want both Black clocks running", c)
		}
	})
}

func TestIgnoredPress_ShowsWhy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("z")
		h.wantView("last event: press A-white", "ignored: not started", "READY")

		h.press("enter", "q")
		h.wantView("last event: press A-black", "ignored: not A-black's turn")
	})
}

func TestSpace_PausesAndResumesTurnsInProgress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("space") // releasing the pause switch starts a ready match
		h.wantView("RUNNING")
		h.wait(time.Second)
		h.press("z")
		h.wait(time.Second)

		h.press("space")
		h.wantView("PAUSED", markTurn+" A-black", markTurn+" B-white")
		h.wantNotView(markRunning)
		before := h.clocks()
		h.wait(10 * time.Second)
		if after := h.clocks(); after[bughouse.ABlack].Remaining != before[bughouse.ABlack].Remaining {
			t.Errorf("paused clock ran: %v -> %v", before[bughouse.ABlack].Remaining, after[bughouse.ABlack].Remaining)
		}

		h.press("space")
		h.wantView("RUNNING", markRunning+" A-black", markRunning+" B-white")
		c := h.clocks()
		if !c[bughouse.ABlack].Running || c[bughouse.AWhite].Running {
			t.Errorf("resume did not continue A-black's turn: %+v", c)
		}
	})
}

func TestNewMatch_RefusedWhileRunning_ConfirmedWhilePaused(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.wait(3 * time.Second)
		h.press("z")

		h.press("n")
		h.wantView("RUNNING", "pause first")

		h.press("space", "n")
		h.wantView("PAUSED", "New match?")
		h.press("x")
		h.wantView("PAUSED", "kept the match")
		if h.tbl.Snapshot().Status != rules.Paused {
			t.Fatal("a key other than y reset the match")
		}

		h.press("n")
		h.press("esc")
		h.wantView("PAUSED", "kept the match")

		// Space answers no too, and does not also resume.
		h.press("n", "space")
		h.wantView("PAUSED", "kept the match")
		if s := h.tbl.Snapshot(); s.Status != rules.Paused || s.Last.Kind != rules.Pause {
			t.Fatalf("space in the question: status %v, last %v; want still paused", s.Status, s.Last)
		}

		h.press("n", "Y")
		s := h.tbl.Snapshot()
		if s.Status != rules.Ready || s.Last.Kind != rules.Reset {
			t.Fatalf("after n, y: status %v, last %v; want ready after reset", s.Status, s.Last)
		}
		for _, seat := range bughouse.Seats {
			if c := s.Clocks[seat]; c.Remaining != 5*time.Minute || c.Moves != 0 {
				t.Errorf("%s after reset: %+v", seat, c)
			}
		}
		h.wantView("READY", "last event: reset")
		h.wantNotView("New match?")
	})
}

func TestSimultaneousFlags_DifferentTeams_DrawShown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "10s"))
		h.press("enter")
		h.wait(11 * time.Second)
		h.wantView("DECIDED", "1/2-1/2  simultaneous-flag  A-white B-white  (Art 35)  match drawn",
			markFlag+" A-white", markFlag+" B-white")
		if strings.Count(h.view(), markFlag) != 2 {
			t.Errorf("want exactly two flag marks:\n%s", h.view())
		}

		// Decided: n asks first (the result exists nowhere else yet);
		// another key keeps it, y starts a new match.
		h.press("n")
		h.wantView("New match? The result 1/2-1/2 simultaneous-flag A-white B-white will be gone.")
		h.press("k")
		if s := h.tbl.Snapshot(); s.Status != rules.Decided {
			t.Fatalf("n then k after the decision: status %v, want the result kept", s.Status)
		}
		h.press("n", "y")
		if s := h.tbl.Snapshot(); s.Status != rules.Ready {
			t.Fatalf("n after the decision: status %v, want ready", s.Status)
		}
		h.wantView("READY")
		h.wantNotView(markFlag)
	})
}

func TestFlag_ResultWithReasonSeatAndArticle(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "10s"))
		h.press("enter")
		h.wait(time.Second)
		h.press("z") // A-white moves; B-white's clock runs on and flags first
		h.wait(10 * time.Second)
		h.wantView("DECIDED", "1-0  flag  B-white  (Art 33)  team 1 wins: A-white + B-black", "team 2: A-black + B-white", markFlag+" B-white",
			"BOARD B · B-white lost on time")
		// The board's own 0-1 next to the match's 1-0 read as opposites.
		h.wantNotView("game 0-1", "0-1 flag")
		// The flagged clock shows zero, never 0:01 (clock case C13, testdata/clock-cases.md).
		s := h.tbl.Snapshot()
		if got := display.Format(s.Clocks[bughouse.BWhite].Remaining, nil); got != "0.0" {
			t.Errorf("flagged clock shows %q, want 0.0", got)
		}
		// A press after the decision changes nothing and says so.
		h.press("q")
		h.wantView("ignored: match decided")
	})
}

func TestDoError_Shown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.stop()
		h.m.Update(keyMsg("enter"))
		h.wantView("error: " + table.ErrClosed.Error())
		// The next key clears it.
		h.m.Update(keyMsg("space"))
		if v := h.view(); strings.Count(v, "error:") != 1 {
			t.Errorf("want one error line:\n%s", v)
		}
	})
}

func TestQuitKeys_AtOnceWhenReady(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "10s"))
		for _, k := range []string{"esc", "ctrl+c"} {
			if !quits(h.press(k)) {
				t.Errorf("%s when ready does not quit", k)
			}
		}
	})
}

// After the decision the result is on the screen only: quitting asks, as
// it does during a match.
func TestQuitKeys_AskWhenDecided(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "10s"))
		h.press("enter")
		h.wait(time.Second)
		h.press("z") // B-white's clock runs on and flags
		h.wait(11 * time.Second)
		h.wantView("DECIDED")
		if quits(h.press("esc")) {
			t.Fatal("esc when decided quit at once")
		}
		h.wantView(decidedQuitQuestion)
		h.wantNotView(quitQuestion)
		if quits(h.press("k")) {
			t.Fatal("k answered yes")
		}
		h.wantView("DECIDED", "kept the match")
		h.wantNotView(decidedQuitQuestion)
		if quits(h.press("ctrl+c")) {
			t.Fatal("ctrl+c when decided quit at once")
		}
		h.wantView(decidedQuitQuestion)
		if !quits(h.press("ctrl+c")) {
			t.Fatal("ctrl+c ctrl+c when decided did not quit")
		}
		h.press("k")
		h.press("esc")
		if !quits(h.press("y")) {
			t.Fatal("esc y when decided did not quit")
		}
	})
}

// quits reports whether cmd is bubbletea's quit.
func quits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

const (
	quitQuestion        = "Quit and abandon the match in progress? y = quit, any other key = no"
	decidedQuitQuestion = "Quit? The result 1-0 flag B-white will be gone. y = quit, any other key = no"
)

func TestQuitKeys_AskWhileRunningOrPaused(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		for _, status := range []string{"RUNNING", "PAUSED"} {
			if status == "PAUSED" {
				h.press("space")
			}
			// Esc asks; any key but y keeps the match.
			if quits(h.press("esc")) {
				t.Fatalf("%s: esc quit at once", status)
			}
			h.wantView(status, quitQuestion)
			if quits(h.press("k")) {
				t.Fatalf("%s: k answered yes", status)
			}
			h.wantView(status, "kept the match")
			h.wantNotView(quitQuestion)

			// Esc in the question answers no: it does not quit.
			h.press("esc")
			if quits(h.press("esc")) {
				t.Fatalf("%s: esc esc quit", status)
			}
			h.wantView("kept the match")

			// Ctrl-C asks too; a key between two Ctrl-C keeps the match.
			if quits(h.press("ctrl+c")) {
				t.Fatalf("%s: ctrl+c quit at once", status)
			}
			h.wantView(quitQuestion)
			h.press("space") // an answer (no), not the pause switch
			h.wantView(status, "kept the match")
			if quits(h.press("ctrl+c")) {
				t.Fatalf("%s: ctrl+c after a kept match quit at once", status)
			}
			// A second Ctrl-C in a row quits.
			if !quits(h.press("ctrl+c")) {
				t.Fatalf("%s: ctrl+c ctrl+c did not quit", status)
			}
			h.press("x") // closes the question (kept)

			// Esc, y quits.
			h.press("esc")
			if !quits(h.press("y")) {
				t.Fatalf("%s: esc y did not quit", status)
			}
			h.press("x")
		}
		if s := h.tbl.Snapshot(); s.Status != rules.Paused || s.Last.Kind != rules.Pause {
			t.Errorf("the questions changed the match: %v, last %v", s.Status, s.Last)
		}
	})
}

func TestQuitQuestion_ClockKeyStillPresses(t *testing.T) {
	// A player's press while the arbiter's question is open reaches his
	// clock, and is no answer: the question stays open.
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "esc")
		h.wantView(quitQuestion)
		if quits(h.press("z")) {
			t.Fatal("z quit")
		}
		h.wantView(quitQuestion, "last event: press A-white")
		h.wantNotView("kept the match")
		if c := h.clocks(); !c[bughouse.ABlack].Running {
			t.Errorf("z in the quit question did not press A-white's clock: %+v", c)
		}
		if quits(h.press("q")) {
			t.Fatal("q quit")
		}
		h.wantView(quitQuestion, "last event: press A-black")
		if !quits(h.press("y")) {
			t.Error("y after the presses did not quit")
		}
	})
}

func TestQuitQuestion_ClaimPending_Asks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "z", "c", "2", "i") // A-black claims A-white's move
		if !h.tbl.Snapshot().Claim.Active {
			t.Fatal("no claim pending")
		}
		if quits(h.press("esc")) {
			t.Fatal("esc with a claim pending quit at once")
		}
		h.wantView(quitQuestion)
	})
}

// A question about abandoning a match in progress does not stand for a
// result the arbiter has not seen: it closes when the match is decided,
// and esc then asks about the result.
func TestQuitQuestion_ClosedWhenTheMatchIsDecided(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5s"))
		h.press("enter", "z", "esc")
		h.wantView(quitQuestion)
		h.wait(6 * time.Second)
		h.wantView("DECIDED")
		h.wantNotView(quitQuestion)
		if quits(h.press("esc")) {
			t.Fatal("esc after the decision quit at once")
		}
		h.wantView("Quit? The result 1-0 simultaneous-flag A-black B-white will be gone. y = quit")
		if !quits(h.press("y")) {
			t.Error("y did not quit")
		}
	})
}

// The y typed before the screen caught up with the decision answers a
// question that no longer stands: it does not quit.
func TestQuitQuestion_StaleAnswerDoesNotQuit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5s"))
		h.press("enter", "esc")
		h.wantView(quitQuestion)
		time.Sleep(6 * time.Second)
		synctest.Wait() // the table decided; the model has not drawn it yet
		if s := h.tbl.Snapshot(); s.Status != rules.Decided {
			t.Fatalf("status %v, want decided", s.Status)
		}
		if _, cmd := h.m.Update(keyMsg("y")); quits(cmd) {
			t.Fatal("y quit after the match was decided under the question")
		}
		h.sync()
		h.wantView("DECIDED", "the match changed meanwhile: nothing quit (esc asks again)")
	})
}

func TestPaste_Ignored(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("zqzq"), Paste: true})
		h.sync()
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Start {
			t.Errorf("pasted text pressed a clock: %v", s.Last)
		}
		h.wantView("pasted text is ignored")
	})
}

func TestSubscription_DeliversSnapshotsAndQuitsWhenClosed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		cmd := h.m.Init()
		defer h.m.Close()
		msg, ok := cmd().(SnapshotMsg)
		if !ok || msg.Status != rules.Ready {
			t.Fatalf("first message %#v, want the ready snapshot", msg)
		}
		_, cmd = h.m.Update(msg)
		h.m.Update(keyMsg("enter"))
		msg, ok = cmd().(SnapshotMsg)
		if !ok || msg.Status != rules.Running {
			t.Fatalf("after enter the subscription gave %#v, want a running snapshot", msg)
		}
		_, cmd = h.m.Update(msg)
		if !strings.Contains(h.view(), "RUNNING") {
			t.Errorf("view after the subscribed snapshot:\n%s", h.view())
		}
		h.stop()
		next := cmd()
		if _, ok := next.(closedMsg); !ok {
			t.Fatalf("after the table stopped: %#v, want closedMsg", next)
		}
		if _, cmd = h.m.Update(next); cmd == nil {
			t.Fatal("no quit after the table stopped")
		} else if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Error("no quit after the table stopped")
		}
	})
}

func TestView_DigitsFromDisplayFormat(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.wait(1500 * time.Millisecond)
		// 5:00 - 1.5 s = 4:58.5, shown rounded up as 4:59 (display.Format).
		want := display.Format(h.clocks()[bughouse.AWhite].Remaining, nil)
		if want != "4:59" {
			t.Fatalf("display.Format = %q; test assumes 4:59", want)
		}
		v := h.view()
		for _, row := range bigFont.render(want) {
			if !strings.Contains(v, row) {
				t.Errorf("view lacks big-digit row %q of %s:\n%s", row, want, v)
			}
		}
	})
}

func TestView_FitsTheTerminal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "1h30m"))
		h.press("enter")
		for _, size := range []struct {
			w, h int
			font string
		}{
			{200, 60, "big"},
			{160, 50, "big"},
			{120, 34, "big"},
			{100, 30, "small"},
			{80, 24, "small"},
			{60, 17, "text"},
			{50, 10, "text"},
		} {
			h.m.Update(tea.WindowSizeMsg{Width: size.w, Height: size.h})
			v := h.view()
			lines := strings.Split(v, "\n")
			if len(lines) > size.h {
				t.Errorf("%dx%d: %d lines", size.w, size.h, len(lines))
			}
			if size.w >= 60 {
				for i, l := range lines {
					if w := ansi.StringWidth(l); w > size.w {
						t.Errorf("%dx%d: line %d is %d wide: %q", size.w, size.h, i, w, l)
					}
				}
			}
			lay := pickLayout([2]display.Face{display.Render(&h.m.snap.Snapshot, 0, true, nil)}, (min(size.w, maxWidth)-colGap)/2, size.h)
			if lay.font.name != size.font {
				t.Errorf("%dx%d: font %s, want %s", size.w, size.h, lay.font.name, size.font)
			}
			if size.font != "text" && !strings.Contains(v, lay.font.render("1:30:00")[0]) {
				t.Errorf("%dx%d: no %s digits in view:\n%s", size.w, size.h, size.font, v)
			}
		}
	})
}

// Before the start, time adjusted (a handicap given by hand, a
// correction) exists nowhere else: n asks before a new match undoes it,
// and only then. A clock key does not answer the question.
func TestNewMatch_BeforeTheStart_AsksWhenTimeWasAdjusted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		// Nothing adjusted: at once, as before.
		h.press("n")
		h.wantLast(rules.Event{Kind: rules.Reset})
		h.wantNotView("New match?")

		h.press("t", "1", "+1:00", "enter", "t", "4", "-0:30", "enter")
		seq := h.tbl.Snapshot().Seq
		h.press("n")
		h.wantView("READY", "New match? The time adjustments will be undone: A-white 6:00 → 5:00, B-black 4:30 → 5:00. y = yes, any other key = no")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Fatalf("n with adjusted times sent %v at once", s.Last)
		}
		// A player's key is a press (ignored: not started), not the answer.
		h.press("z")
		h.wantView("New match? The time adjustments will be undone", "last event: press A-white", "ignored: not started")
		h.press("k")
		h.wantView("READY", "kept the match")
		if c := h.clocks(); c[bughouse.AWhite].Remaining != 6*time.Minute || c[bughouse.BBlack].Remaining != 4*time.Minute+30*time.Second {
			t.Fatalf("kept: A-white %v, B-black %v; want 6m and 4m30s", c[bughouse.AWhite].Remaining, c[bughouse.BBlack].Remaining)
		}
		// n y in one burst: the y is not the answer.
		h.press("ny")
		h.wantView("1 key typed with the question was not taken as its answer  New match? Adjusted times undone.")
		h.press("y")
		h.wantLast(rules.Event{Kind: rules.Reset})
		for _, seat := range bughouse.Seats {
			if c := h.clocks()[seat]; c.Remaining != 5*time.Minute {
				t.Errorf("%s after the reset: %v, want 5m", seat, c.Remaining)
			}
		}
		h.wantView("READY")
		h.wantNotView("New match?")

		// Adjusted back to the initial time: nothing to lose.
		h.press("t", "2", "+10", "enter", "t", "2", "-10", "enter", "n")
		h.wantLast(rules.Event{Kind: rules.Reset})
	})
}

// A handicap of the configuration is the initial time, not an adjustment.
func TestNewMatch_BeforeTheStart_HandicapIsNoAdjustment(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := options(t, "5m")
		c, err := clock.Parse("3m")
		if err != nil {
			t.Fatal(err)
		}
		o.SeatControls[bughouse.AWhite] = &c
		h := newHarness(t, o)
		h.press("n")
		h.wantLast(rules.Event{Kind: rules.Reset})
		h.press("t", "1", "+5", "enter", "n")
		h.wantView("New match? The time adjustments will be undone: A-white 3:05 → 3:00.")
	})
}

// A Black player's press starts a ready match under black-press start:
// the question about the ready match's adjustments no longer stands, and
// a y typed after it resets nothing.
func TestNewMatch_QuestionClosedWhenTheMatchStarts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := options(t, "5m")
		o.Start = rules.StartBlackPress
		h := newHarness(t, o)
		h.press("t", "1", "+30", "enter", "n")
		h.wantView("New match? The time adjustments will be undone")
		h.press("q")
		h.wantView("RUNNING", "the match changed meanwhile: nothing reset (n asks again)")
		h.wantNotView("New match?")
		h.press("y")
		if s := h.tbl.Snapshot(); s.Status != rules.Running || s.Last.Kind != rules.Press {
			t.Errorf("y after the start: %v, last %v; want the match running", s.Status, s.Last)
		}
	})
}
