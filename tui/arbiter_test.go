package tui

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"tandem/clock"
	"tandem/rules"
)

// preset returns preset name's options with the given time control.
func preset(t *testing.T, name, control string) rules.Options {
	t.Helper()
	p, err := rules.LookupPreset(name)
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

// wantLast checks the table's last event.
func (h *harness) wantLast(want rules.Event) {
	h.t.Helper()
	got := h.tbl.Snapshot().Last
	got.At = 0
	if got != want {
		h.t.Errorf("last event %v (%+v), want %v (%+v)", got, got, want, want)
	}
}

func TestArbiterKeys_AreNotClockKeys(t *testing.T) {
	for _, r := range []rune{keyResult, keyClaim, keyAdjust, keyResumeC, keyUphold, keyReject, keyNew, ' '} {
		if _, ok := seatKeys[r]; ok {
			t.Errorf("arbiter key %q is a clock button", r)
		}
	}
	if len(seatKeys) != 4 || seatKeys['q'] != rules.ABlack || seatKeys['p'] != rules.BWhite ||
		seatKeys['z'] != rules.AWhite || seatKeys['m'] != rules.BBlack {
		t.Errorf("clock keys changed: %v", seatKeys)
	}
}

func TestLegend_PlayersAndArbiter(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.wantView(
			"clock buttons: Q A-black  P B-white  (top row, team 2)    Z A-white  M B-black  (bottom row, team 1)",
			"arbiter: r result · c claim · t adjust time · s resume choosing · n new match · enter start · space pause · esc quit")
	})
}

func TestResult_Checkmate_DecidesWithSeatNamesOnTheBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.press("r")
		h.wantView("Result on board: a / b", "(esc cancels)")
		h.press("a")
		h.wantView("Board A: w White wins · b Black wins · d draw")
		h.press("w")
		h.wantView("Board A, A-white wins · how: m checkmate · r resignation · i illegal move · f forfeit")
		// Under reglamento stalemate draws: it is no way to win.
		h.wantNotView("s stalemate")
		h.press("m")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardA, Outcome: rules.WhiteWins, Reason: rules.Checkmate})
		h.wantView("DECIDED", "1-0  checkmate  A-black  (Art 22-23)  team 1 wins: A-white + B-black",
			"BOARD A · A-white won (checkmate)")
		h.wantNotView("Result on board", "how:")
	})
}

func TestResult_OneKeyMessage(t *testing.T) {
	// Keys typed quickly may arrive in one message: each answers in turn.
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "rbbr")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardB, Outcome: rules.BlackWins, Reason: rules.Resignation})
		h.wantView("DECIDED", "1-0  resignation  B-white", "BOARD B · B-black won (resignation)")
	})
}

func TestResult_DrawOnOneBoard_OtherBoardDecides(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "b", "d")
		h.wantView("Board B drawn · how: a agreement · s stalemate · r repetition")
		h.press("a")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardB, Outcome: rules.Drawn, Reason: rules.Agreement})
		h.wantView("RUNNING", "BOARD B · drawn (agreement) · board A decides",
			"board B drawn; board A plays on and decides the match (Art 34)")
		h.press("r", "a", "d", "r")
		h.wantView("DECIDED", "1/2-1/2  both-drawn", "BOARD A · drawn (repetition)", "BOARD B · drawn (agreement)")
		h.wantNotView("decides")
	})
}

func TestResult_StalemateUnderWait_ErrorShown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "pasapiezas", "5m"))
		h.press("enter", "r", "a", "d", "s")
		h.wantView("RUNNING", "error: rules: stalemate is no result under these rules")
		if s := h.tbl.Snapshot(); s.Boards[rules.BoardA].Outcome != rules.Undecided {
			t.Errorf("board A: %+v", s.Boards[rules.BoardA])
		}
	})
}

func TestResult_DecisiveStalemate_OfferedUnderWins(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "panoriental", "5m"))
		h.press("enter", "r", "a", "b")
		h.wantView("how: m checkmate · r resignation · i illegal move · f forfeit · s stalemate")
		h.press("s")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardA, Outcome: rules.BlackWins, Reason: rules.Stalemate})
		h.wantView("DECIDED", "0-1  stalemate  A-white", "BOARD A · A-black won (stalemate)")
	})
}

func TestResult_CancelledByEscOrAnyOtherKey(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		for _, keys := range [][]string{
			{"r", "esc"}, {"r", "k"}, {"r", "a", "k"}, {"r", "a", "w", "d"}, {"r", "b", "enter"},
		} {
			if quits(h.press(keys...)) {
				t.Fatalf("%q quit", keys)
			}
			h.wantView("RUNNING", "result cancelled")
			h.wantNotView("Result on board", "how:", "Board A:", "Board B:")
			if s := h.tbl.Snapshot(); s.Last.Kind != rules.Start {
				t.Fatalf("%q: last event %v, want the start still", keys, s.Last)
			}
		}
		// Esc cancels even when nothing is in progress: it does not quit.
		h.press("space", "n", "y")
		if quits(h.press("r")) {
			t.Fatal("r quit")
		}
		h.wantView("READY", "the match has not started")
		h.press("t")
		if quits(h.press("esc")) {
			t.Fatal("esc in a question quit while ready")
		}
		h.wantView("time adjustment cancelled")
	})
}

func TestClaim_IllegalMove_Upheld_Decides(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.wait(time.Second)
		h.press("c")
		h.wantView("Claim by: press the claimant's clock key (q p z m)")
		h.press("q")
		h.wantView("Claim by A-black · kind: i illegal move · f flag · o other")
		if c := h.clocks(); !c[rules.AWhite].Running {
			t.Fatal("the claimant's key pressed his clock")
		}
		h.press("i")
		h.wantLast(rules.Event{Kind: rules.Claim, Seat: rules.ABlack, Reason: rules.IllegalMove})
		h.wantView("PAUSED", "CLAIM by A-black: illegal-move", "u uphold · x reject")
		before := h.clocks()
		h.wait(5 * time.Second)
		if after := h.clocks(); after != before {
			t.Errorf("clocks ran with a claim pending: %+v -> %+v", before, after)
		}
		h.press("u")
		h.wantLast(rules.Event{Kind: rules.Uphold})
		h.wantView("DECIDED", "0-1  illegal-move  A-white  (Art 27)  team 2 wins: A-black + B-white",
			"BOARD A · A-black won (illegal move)", "claim by A-black upheld: A-white's illegal move loses (Art 27)")
		h.wantNotView("CLAIM by")
	})
}

func TestClaim_Rejected_ThenResume(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "c", "m", "f")
		h.wantView("CLAIM by B-black: flag")
		h.press("x")
		h.wantLast(rules.Event{Kind: rules.Reject})
		h.wantView("PAUSED", "claim by B-black rejected; space resumes")
		h.wantNotView("CLAIM by")
		h.press("space")
		h.wantView("RUNNING")
	})
}

func TestClaim_Upheld_Flag_SettledByTheArbiter(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "c", "z", "o", "u")
		h.wantView("PAUSED", "claim by A-white upheld; settle it: r result · t adjust time · space resume")
		if s := h.tbl.Snapshot(); s.Claim.Active || s.Status != rules.Paused {
			t.Errorf("after uphold: %+v, %v", s.Claim, s.Status)
		}
	})
}

func TestClaim_ThreeStrikes_UpheldIsAStrike(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "panoriental", "5m"))
		h.press("enter")
		for i := 1; i <= 3; i++ {
			h.press("c", "z", "i", "u")
			if i < 3 {
				h.wantView("PAUSED", fmt.Sprintf("claim by A-white upheld: strike %d of 3 for A-black's illegal move (the third loses)", i))
				h.press("space")
			}
		}
		h.wantView("DECIDED", "1-0  illegal-move  A-black")
	})
}

func TestClaim_Errors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("c")
		h.wantView("the match has not started")
		h.wantNotView("Claim by")
		h.press("enter", "u")
		h.wantView("error: rules: no claim is pending")
		h.press("c", "q", "i", "c")
		h.wantView("a claim by A-black is already pending: u uphold · x reject")
		h.press("s")
		h.wantView("a claim by A-black is pending: u uphold · x reject first")
		// A clock key cancels the kind question, and still reaches the clock.
		h.press("x", "space", "c", "q", "p")
		h.wantView("claim cancelled", "last event: press B-white")
		if c := h.clocks(); !c[rules.BBlack].Running {
			t.Errorf("p in the claim question did not press B-white's clock: %+v", c)
		}
	})
}

func TestAdjust_PauseFirst_ThenTypedSeconds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "t")
		h.wantView("RUNNING", "pause first (space), then t to adjust time")
		h.wantNotView("Adjust whose time")

		h.press("space")
		before := h.clocks()[rules.AWhite].Remaining
		h.press("t")
		h.wantView("Adjust whose time: press the seat's clock key (q p z m)")
		h.press("z")
		h.wantView("A-white: type +SECONDS or -SECONDS then Enter (e.g. +30, -10.5): ▏")
		h.press("+", "3", "1")
		h.wantView("(e.g. +30, -10.5): +31▏")
		h.press("backspace")
		h.wantView("(e.g. +30, -10.5): +3▏")
		h.press("0", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.AWhite, Delta: 30 * time.Second})
		if got := h.clocks()[rules.AWhite].Remaining; got != before+30*time.Second {
			t.Errorf("A-white: %v, want %v", got, before+30*time.Second)
		}
		h.wantView("A-white +30s: now 5:30")
		h.wantNotView("Adjust whose time", "+SECONDS")

		before = h.clocks()[rules.BBlack].Remaining
		h.press("t", "m", "-10,5", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.BBlack, Delta: -10500 * time.Millisecond})
		if got := h.clocks()[rules.BBlack].Remaining; got != before-10500*time.Millisecond {
			t.Errorf("B-black: %v, want %v", got, before-10500*time.Millisecond)
		}
	})
}

func TestAdjust_SignRequired_ErrorsShown_Cancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space", "t", "q", "30", "enter")
		h.wantView("type the sign first: +30 adds 30 s, -30 removes 30 s", "+SECONDS")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
			t.Fatalf("an unsigned adjustment was sent: %v", s.Last)
		}
		// The sign may come afterwards: it goes in front.
		h.press("-", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.ABlack, Delta: -30 * time.Second})

		h.press("t", "q", "-", "enter")
		h.wantView("type the seconds after the sign, e.g. -30")
		h.press("400", "enter")
		h.wantView("error: rules: adjust A-black: clock: removing 6m40s would leave no time")

		seq := h.tbl.Snapshot().Seq
		h.press("t", "q", "+", "5", "k")
		h.wantView("time adjustment cancelled")
		h.press("t", "q", "+", "5", "esc")
		h.wantView("time adjustment cancelled")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Errorf("a cancelled adjustment was sent: %v", s.Last)
		}
		// Before the start, time may be adjusted too (e.g. a handicap).
		h.press("n", "y", "t", "z", "+60", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.AWhite, Delta: time.Minute})
		if got := h.clocks()[rules.AWhite].Remaining; got != 6*time.Minute {
			t.Errorf("A-white before the start: %v, want 6m", got)
		}
	})
}

func TestResumeChoosing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "s")
		h.wantView("RUNNING", "pause first (space), then s to resume choosing")

		h.press("z", "space") // A-black and B-white to move, paused
		h.press("s")
		h.wantView("Resume with: press the clock key of the player to move on board A (q or z), then on board B (p or m); Enter keeps the turn in progress")
		h.press("z")
		h.wantView("Resume with: board A A-white; press the clock key of the player to move on board B (p or m)")
		h.press("enter")
		h.wantLast(rules.Event{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(rules.AWhite)})
		c := h.clocks()
		if !c[rules.AWhite].Running || c[rules.ABlack].Running || !c[rules.BWhite].Running {
			t.Errorf("resume A-white, B kept: %+v", c)
		}
		h.wantView("RUNNING", "resumed: A-white and B-white to move")

		h.press("space", "s", "enter", "m")
		h.wantLast(rules.Event{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(rules.BBlack)})
		if c := h.clocks(); !c[rules.AWhite].Running || !c[rules.BBlack].Running {
			t.Errorf("resume A kept, B-black: %+v", c)
		}

		// A board B key on board A's question is not an answer.
		h.press("space", "s", "p")
		h.wantView("PAUSED", "resume cancelled", "ignored: paused")
	})
}

func TestResumeChoosing_SkipsABoardThatIsOver(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "a", "d", "a", "space", "s")
		h.wantView("Resume with: board A over; press the clock key of the player to move on board B")
		h.press("m")
		h.wantLast(rules.Event{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(rules.BBlack)})
		h.wantView("RUNNING")
	})
}

func TestHeader_HandicapControls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := preset(t, "pasapiezas", "5m+2s")
		c, err := clock.Parse("3m+2s")
		if err != nil {
			t.Fatal(err)
		}
		c.IncrementBeforeFirstMove = o.Control.IncrementBeforeFirstMove
		o.SeatControls[rules.AWhite] = &c
		h := newHarness(t, o)
		h.wantView("time control 5m+2s · handicap: A-white 3m+2s")

		o.SeatControls[rules.BBlack] = &c
		h2 := newHarness(t, o)
		h2.wantView("time control 5m+2s · handicap: A-white 3m+2s, B-black 3m+2s")
		h2.m.haveRules = false
		h2.wantNotView("handicap")
	})
}

func TestLastEvent_TimeFromTheMatchStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.wait(5 * time.Second) // the table was up 5 s before the start
		h.press("z")
		h.wantView("last event: press A-white  ignored: not started")
		h.wantNotView(" at ")
		h.press("enter")
		h.wantView("last event: start at 0:00.000 of the match")
		h.wait(9378 * time.Millisecond)
		h.press("z")
		h.wantView("last event: press A-white at 0:09.379 of the match")
	})
}

func TestMatchTime(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00.000"},
		{9379 * time.Millisecond, "0:09.379"},
		{62*time.Second + 5*time.Millisecond + 999*time.Microsecond, "1:02.005"},
		{time.Hour + 2*time.Minute + 3*time.Second + 4*time.Millisecond, "1:02:03.004"},
		{-time.Second, "0:00.000"},
	} {
		if got := matchTime(c.d); got != c.want {
			t.Errorf("matchTime(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestParseAdjust(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		bad  string
	}{
		{"+30", 30 * time.Second, ""},
		{"-10.5", -10500 * time.Millisecond, ""},
		{"+0.25", 250 * time.Millisecond, ""},
		{"+7.", 7 * time.Second, ""},
		{"30", 0, "sign"},
		{"", 0, "sign"},
		{"+", 0, "seconds"},
		{"-.", 0, "seconds"},
	} {
		got, why := parseAdjust(c.in)
		if got != c.want || (c.bad == "") != (why == "") || !strings.Contains(why, c.bad) {
			t.Errorf("parseAdjust(%q) = %v, %q; want %v, %q", c.in, got, why, c.want, c.bad)
		}
	}
}

func TestPrompts_FitNarrowTerminals(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		for _, keys := range [][]string{
			{"esc"}, {"r"}, {"r", "a"}, {"r", "a", "w"}, {"c"}, {"c", "q"},
			{"space", "t"}, {"t", "z", "+12"}, {"s"}, {"s", "z"}, {"n"},
		} {
			h.press(keys...)
			for _, w := range []int{160, 80, 60} {
				h.m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
				v := h.view()
				if !strings.Contains(v, "? ") {
					t.Errorf("%q at width %d: no prompt line:\n%s", keys, w, v)
				}
				for i, l := range strings.Split(v, "\n") {
					if lw := ansi.StringWidth(l); lw > w {
						t.Errorf("%q at width %d: line %d is %d wide: %q", keys, w, i, lw, l)
					}
				}
			}
			h.m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
			h.press("esc")
		}
	})
}

func TestBoardLabels_FitNarrowTerminals(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "b", "d", "r")
		check := func(want ...string) {
			t.Helper()
			for _, w := range []int{160, 80, 60} {
				h.m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
				v := h.view()
				for i, l := range strings.Split(v, "\n") {
					if lw := ansi.StringWidth(l); lw > w {
						t.Errorf("width %d: line %d is %d wide: %q", w, i, lw, l)
					}
				}
				for _, s := range want {
					if !strings.Contains(v, s) {
						t.Errorf("width %d: view lacks %q:\n%s", w, s, v)
					}
				}
			}
		}
		check("drawn (repetition)")
		h.press("c", "q", "i", "u")
		check("A-black won (illegal move)", "drawn (repetition)")
	})
}

func TestKeysTypedWithTheQuestion_AreNotItsAnswer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		// Esc quickly followed by y arrives as Alt+y: the y was typed with
		// the Esc, not in answer to the question.
		_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}, Alt: true})
		h.sync()
		if quits(cmd) {
			t.Fatal("alt+y (esc y typed together) quit")
		}
		h.wantView(quitQuestion)
		h.press("k")

		// A player's press typed with the arbiter's Esc still counts.
		h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'z'}, Alt: true})
		h.sync()
		h.wantView(quitQuestion, "last event: press A-white")
		if c := h.clocks(); !c[rules.ABlack].Running {
			t.Errorf("z typed with esc did not press A-white's clock: %+v", c)
		}
		if !quits(h.press("y")) {
			t.Error("y after the question did not quit")
		}
	})
}
