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
			"arbiter: r result · c claim · u uphold · x reject · t adjust time · s resume choosing · n new match · enter start · space pause · esc quit")
	})
}

// The claim question stops the clocks at the instant c is pressed (Art
// 29), not when the last answer is typed: the arbiter's typing is nobody's
// time.
func TestClaim_StopsTheClocksAtTheKey(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter") // the start, 1 ms in
		h.wait(time.Second)
		h.press("c") // 1.001 s after the start
		s := h.tbl.Snapshot()
		if s.Status != rules.Paused || s.Last.Kind != rules.Pause || s.Last.At-s.StartedAt != 1001*time.Millisecond {
			t.Fatalf("after c: %v, last %v at %v; want paused by a pause at 1.001 s", s.Status, s.Last, s.Last.At-s.StartedAt)
		}
		h.wantView("PAUSED", "clocks stopped for the claim", "Claim by: press the claimant's clock key (q p z m)")
		h.wait(3 * time.Second)
		h.press("z")
		h.wait(2 * time.Second)
		h.press("i")
		h.wantLast(rules.Event{Kind: rules.Claim, Seat: rules.AWhite, Reason: rules.IllegalMove})
		want := 5*time.Minute - 1001*time.Millisecond
		c := h.clocks()
		for _, seat := range []rules.Seat{rules.AWhite, rules.BWhite} {
			if c[seat].Remaining != want || c[seat].Running {
				t.Errorf("%s: %v left (running %v), want %v: its time at c", seat, c[seat].Remaining, c[seat].Running, want)
			}
		}
		h.wantView("CLAIM by A-white: illegal-move")
	})
}

func TestClaim_NoFlagFallsDuringTheQuestion(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5s"))
		h.press("enter")
		h.wait(time.Second)
		h.press("c")
		h.wait(10 * time.Second) // twice the time left
		h.wantView("PAUSED", "Claim by:")
		h.wantNotView(markFlag, "DECIDED")
		h.press("z", "f")
		s := h.tbl.Snapshot()
		if s.Status != rules.Paused || !s.Claim.Active || s.Claim.Claimant != rules.AWhite || s.Claim.Reason != rules.Flag {
			t.Errorf("after z f: %v, claim %+v; want A-white's flag claim pending", s.Status, s.Claim)
		}
		for _, seat := range rules.Seats {
			if s.Clocks[seat].Flagged {
				t.Errorf("%s flagged during the claim question", seat)
			}
		}
	})
}

func TestResult_StopsTheClocksAtTheKey(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5s"))
		h.press("enter")
		h.wait(2 * time.Second)
		h.press("r") // 2.001 s after the start
		h.wantView("PAUSED", "clocks stopped for the result", "Result on board: a / b")
		h.wait(10 * time.Second)
		h.wantNotView(markFlag, "DECIDED")
		h.press("a", "w", "1")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardA, Outcome: rules.WhiteWins, Reason: rules.Checkmate})
		s := h.tbl.Snapshot()
		if s.Reason != rules.Checkmate || s.Clocks[rules.BWhite].Flagged || s.Clocks[rules.BWhite].Remaining != 2999*time.Millisecond {
			t.Errorf("decided by %v; B-white %+v; want checkmate with B-white's 2.999 s left at r", s.Reason, s.Clocks[rules.BWhite])
		}
		h.wantView("DECIDED", "1-0  checkmate  A-black  (Art 22-23)")
	})
}

func TestClaimAndResult_Cancelled_StayPaused(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "c", "esc")
		h.wantView("PAUSED", "claim cancelled — paused; space resumes")
		h.wantNotView("Claim by")
		h.press("space")
		h.wantView("RUNNING")
		h.press("r", "a", "k")
		h.wantView("PAUSED", "result cancelled — paused; space resumes")
		// A clock key cancels the kind question and reaches the clock:
		// ignored while paused.
		h.press("space", "c", "q", "z")
		h.wantView("PAUSED", "claim cancelled — paused; space resumes", "last event: press A-white", "ignored: paused")
		if s := h.tbl.Snapshot(); s.Claim.Active {
			t.Errorf("a cancelled claim is pending: %+v", s.Claim)
		}
	})
}

func TestClaimAndResult_AlreadyPaused_NothingSent(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space")
		seq := h.tbl.Snapshot().Seq
		h.press("c")
		h.wantView("PAUSED", "clocks stopped for the claim", "Claim by:")
		h.press("esc", "r")
		h.wantView("PAUSED", "clocks stopped for the result", "Result on board")
		h.press("esc")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Errorf("c or r on a paused match sent %v", s.Last)
		}
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
		// Under reglamento stalemate draws: it is no way to win.
		h.wantView("Board A, A-white wins · how: 1 checkmate · 2 resignation · 3 illegal move · 4 forfeit   (esc cancels)")
		h.press("1")
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
		h.press("enter", "rbb2")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardB, Outcome: rules.BlackWins, Reason: rules.Resignation})
		h.wantView("DECIDED", "1-0  resignation  B-white", "BOARD B · B-black won (resignation)")
	})
}

// Every menu's answers, under every preset and without rules: none may be
// a clock key, or a player's press would answer the arbiter's question
// (B-black's m was "checkmate").
func TestPromptAnswers_AreNotClockKeys(t *testing.T) {
	// The questions that ask for a clock key on purpose, and the typed
	// adjustment (a text field: m is minutes there).
	onPurpose := map[step]bool{askClaimSeat: true, askAdjustSeat: true, askResumeA: true, askResumeB: true, askAdjustAmount: true}
	models := []*Model{{}}
	for _, name := range rules.PresetNames() {
		p, err := rules.LookupPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, &Model{rules: p.Options, haveRules: true})
	}
	for _, m := range models {
		for st := noPrompt + 1; st < stepCount; st++ {
			for _, o := range []rules.Outcome{rules.WhiteWins, rules.BlackWins, rules.Drawn} {
				menu := m.menu(&prompt{step: st, outcome: o})
				if menu == nil && !onPurpose[st] {
					t.Errorf("step %d has no menu: its answers are not checked", st)
				}
				seen := map[rune]bool{}
				for _, c := range menu {
					if _, ok := seatKeys[c.key]; ok {
						t.Errorf("step %d (%v): answer %q (%s) is a clock key", st, o, c.key, c.label)
					}
					if seen[c.key] {
						t.Errorf("step %d (%v): key %q answers twice", st, o, c.key)
					}
					seen[c.key] = true
				}
			}
		}
	}
}

// The same through the keys: a clock key in any menu cancels the question
// and declares or claims nothing.
func TestPromptAnswers_ClockKeyCancels(t *testing.T) {
	for _, name := range rules.PresetNames() {
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				p, _ := rules.LookupPreset(name)
				h := newHarness(t, p.Options)
				h.press("enter")
				for _, open := range [][]string{{"r"}, {"r", "a"}, {"r", "b", "w"}, {"r", "a", "b"}, {"r", "b", "d"}, {"c", "q"}, {"c", "m"}} {
					for _, key := range []string{"q", "p", "z", "m"} {
						h.press(open...)
						h.press(key)
						s := h.tbl.Snapshot()
						if s.Status != rules.Paused || s.Claim.Active || s.Last.Kind != rules.Press {
							t.Fatalf("%q then %s: %v, claim %+v, last %v; want the question cancelled and the press ignored",
								open, key, s.Status, s.Claim, s.Last)
						}
						h.wantView("cancelled — paused; space resumes")
					}
				}
			})
		})
	}
}

func TestResult_HowMenus_FollowThePreset(t *testing.T) {
	const esc = "   (esc cancels)"
	for _, c := range []struct {
		preset, wins, draws string
	}{
		{"reglamento", "1 checkmate · 2 resignation · 3 illegal move · 4 forfeit" + esc, "1 agreement · 2 repetition · 3 stalemate" + esc},
		{"panoriental", "1 checkmate · 2 resignation · 3 illegal move · 4 forfeit · 5 stalemate" + esc, "1 agreement · 2 repetition" + esc},
		{"pasapiezas", "1 checkmate · 2 resignation · 3 illegal move · 4 forfeit" + esc, "1 agreement · 2 repetition" + esc},
		{"online", "1 checkmate · 2 resignation · 3 illegal move · 4 forfeit" + esc, "how: 1 agreement" + esc},
	} {
		t.Run(c.preset, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := newHarness(t, preset(t, c.preset, "5m"))
				h.press("enter", "r", "a", "w")
				h.wantView("how: " + c.wins)
				h.press("esc", "r", "b", "d")
				h.wantView(c.draws)
				// A way the preset does not offer is no answer.
				h.press("9")
				h.wantView("result cancelled")
				if s := h.tbl.Snapshot(); s.Last.Kind == rules.Declare {
					t.Errorf("9 declared %v", s.Last)
				}
			})
		})
	}
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "online", "5m")) // repetition_draw = false
		h.press("enter", "r", "a", "d", "2")
		h.wantView("result cancelled")
		if s := h.tbl.Snapshot(); s.Boards[rules.BoardA].Outcome != rules.Undecided || s.Last.Kind == rules.Declare {
			t.Errorf("repetition was declared under online: %v", s.Last)
		}
	})
}

func TestResult_DrawOnOneBoard_OtherBoardDecides(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "b", "d")
		h.wantView("Board B drawn · how: 1 agreement · 2 repetition · 3 stalemate")
		h.press("1")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardB, Outcome: rules.Drawn, Reason: rules.Agreement})
		h.wantView("PAUSED", "BOARD B · drawn (agreement) · board A decides",
			"board B drawn; board A plays on and decides the match (Art 34): space resumes board A")
		h.press("space")
		h.wantView("RUNNING")
		if c := h.clocks(); !c[rules.AWhite].Running || c[rules.BWhite].Running {
			t.Errorf("after space: %+v; want board A running, board B over", c)
		}
		h.press("r", "a", "d", "2")
		h.wantView("DECIDED", "1/2-1/2  both-drawn  (Art 34)  match drawn", "BOARD A · drawn (repetition)", "BOARD B · drawn (agreement)")
		h.wantNotView("decides")
	})
}

func TestResult_DecisiveStalemate_OfferedUnderWins(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "panoriental", "5m"))
		h.press("enter", "r", "a", "b", "5")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: rules.BoardA, Outcome: rules.BlackWins, Reason: rules.Stalemate})
		h.wantView("DECIDED", "0-1  stalemate  A-white  (stalemate wins for the stalemated player: seed 004)",
			"BOARD A · A-black won (stalemate)")
	})
}

func TestResult_ArticleOfThePreset(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "fics", "5m")) // one_board_draw = match-draw
		h.press("enter", "r", "a", "d", "1")
		h.wantView("DECIDED", "1/2-1/2  agreement  (one_board_draw = match-draw)  match drawn")
		h.wantNotView("Art 34")
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
			h.wantView("PAUSED", "result cancelled — paused; space resumes")
			h.wantNotView("Result on board", "how:", "Board A:", "Board B:")
			if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
				t.Fatalf("%q: last event %v, want the pause of r still", keys, s.Last)
			}
		}
		// Esc cancels even when nothing is in progress: it does not quit.
		h.press("n", "y")
		if quits(h.press("r")) {
			t.Fatal("r quit")
		}
		h.wantView("READY", "the match has not started")
		h.press("t")
		if quits(h.press("esc")) {
			t.Fatal("esc in a question quit while ready")
		}
		h.wantView("time adjustment cancelled")
		h.wantNotView("paused; space resumes")
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
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
			t.Fatalf("the claimant's key reached the table: %v", s.Last)
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
		// Strikes are shown under three-strikes only.
		h.wantNotView("CLAIM by", "strikes", "third")
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

// Under three-strikes an upheld illegal move that does not lose is taken
// back: the offender moves again, his clock runs on resume, and his
// strikes stay on his clock face.
func TestClaim_ThreeStrikes_OffenderMovesAgain_ThirdLoses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "panoriental", "5m"))
		h.press("enter", "z") // A-white moves: A-black to move
		for i := 1; i <= 3; i++ {
			h.wait(time.Second)
			h.press("q") // A-black's illegal move: A-white's clock runs
			h.press("c", "z", "i", "u")
			if i == 3 {
				break
			}
			h.wantView("PAUSED",
				fmt.Sprintf("claim by A-white upheld: strike %d of 3 for A-black; A-black moves again: space resumes A-black's clock", i),
				fmt.Sprintf("A-black strikes %d/3", i))
			h.wantNotView("A-white strikes")
			h.press("space")
			if c := h.clocks(); !c[rules.ABlack].Running || c[rules.AWhite].Running {
				t.Fatalf("strike %d, resumed: A-black %+v, A-white %+v; want A-black's clock running", i, c[rules.ABlack], c[rules.AWhite])
			}
		}
		h.wantView("DECIDED",
			"1-0  third illegal move  A-black  (three illegal moves lose: seed 004)  team 1 wins: A-white + B-black",
			"claim by A-white upheld: A-black's third illegal move loses (three illegal moves lose: seed 004)",
			"A-black strikes 3/3")
	})
}

func TestClaim_ArbiterPolicy_OffenderMovesAgain(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "online", "3m")) // illegal_move = arbiter
		h.press("enter", "z")                         // A-white's illegal move: A-black's clock runs
		h.press("c", "q", "i", "u")
		h.wantView("PAUSED", "claim by A-black upheld: A-white's move is taken back; A-white moves again: space resumes A-white's clock")
		h.wantNotView("strikes")
		h.press("space")
		if c := h.clocks(); !c[rules.AWhite].Running || c[rules.ABlack].Running {
			t.Errorf("resumed: A-white %+v, A-black %+v; want A-white's clock running", c[rules.AWhite], c[rules.ABlack])
		}
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
		// A clock key cancels the kind question, and still reaches the
		// clock: stopped for the claim, so the press is ignored.
		h.press("x", "space", "c", "q", "p")
		h.wantView("claim cancelled — paused; space resumes", "last event: press B-white", "ignored: paused")
	})
}

func TestAdjust_PauseFirst_ThenTypedDuration(t *testing.T) {
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
		h.wantView("Adjust A-white: ▏  type + or - and a duration, then Enter (e.g. +30, +30s, -1m30s, +2.5)")
		h.press("+", "3", "1")
		h.wantView("Adjust A-white: +31▏  type")
		h.press("backspace")
		h.wantView("Adjust A-white: +3▏  type")
		h.press("0", "s", "enter") // the timeline's form
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.AWhite, Delta: 30 * time.Second})
		if got := h.clocks()[rules.AWhite].Remaining; got != before+30*time.Second {
			t.Errorf("A-white: %v, want %v", got, before+30*time.Second)
		}
		h.wantView("A-white +30s: now 5:30")
		h.wantNotView("Adjust whose time", "Adjust A-white")

		for _, c := range []struct {
			seat, typed, note string
			want              time.Duration
		}{
			{"m", "-1m30s", "B-black -1m30s: now 3:30", -90 * time.Second}, // m is minutes in the field
			{"q", "+2.5", "A-black +2.5s: now 5:03", 2500 * time.Millisecond},
			{"p", "-10,5", "B-white -10.5s: now 4:50", -10500 * time.Millisecond}, // a decimal comma
			{"z", "+30", "A-white +30s: now 6:00", 30 * time.Second},
		} {
			h.press("t", c.seat, c.typed, "enter")
			seat := seatKeys[rune(c.seat[0])]
			h.wantLast(rules.Event{Kind: rules.Adjust, Seat: seat, Delta: c.want})
			h.wantView(c.note)
		}
	})
}

// Keys that cannot be part of a duration are ignored with a hint: they do
// not cancel the field, reach the commands or press a clock.
func TestAdjust_OtherKeysIgnoredWithAHint(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space", "t", "q", "+3")
		seq := h.tbl.Snapshot().Seq
		h.press("k")
		h.wantView(`Adjust A-black: +3▏  "k" ignored: not part of a duration (e.g. +30, +30s, -1m30s)`)
		h.wantNotView("cancelled")
		// Clock keys and command keys are not part of a duration either
		// (m is: minutes).
		h.press("q", "z", "p", "x", "r", "c", "t", "space")
		h.wantView(`Adjust A-black: +3▏  " " ignored: not part of a duration`)
		h.m.Update(tea.KeyMsg{Type: tea.KeyUp})
		h.sync()
		h.wantView("Adjust A-black: +3▏  only + or - and a duration; Enter applies")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Fatalf("a key typed in the field reached the table: %v", s.Last)
		}
		h.press("0", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.ABlack, Delta: 30 * time.Second})
		if s := h.tbl.Snapshot(); s.Status != rules.Paused {
			t.Errorf("status %v, want still paused", s.Status)
		}
	})
}

func TestAdjust_ErrorsShown_StayInTheField(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space", "t", "q", "30", "enter")
		h.wantView("Adjust A-black: 30▏  type the sign first: +30 adds 30 s, -30 removes 30 s")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
			t.Fatalf("an unsigned adjustment was sent: %v", s.Last)
		}
		// The sign may come afterwards: it goes in front.
		h.press("-", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.ABlack, Delta: -30 * time.Second})

		h.press("t", "q", "-", "enter")
		h.wantView("type the duration after the sign, e.g. -30, -30s, -1m30s")
		seq := h.tbl.Snapshot().Seq
		h.press("backspace", "+1.5.5", "enter")
		h.wantView(`Adjust A-black: +1.5.5▏  "1.5.5" is not a duration; write e.g. 5m, 90s, 2.5s or a number of seconds`)
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Fatalf("an invalid adjustment was sent: %v", s.Last)
		}
		// The table's refusal stays in the field too, to be corrected.
		for range "+1.5.5" {
			h.press("backspace")
		}
		h.press("-400", "enter")
		h.wantView("Adjust A-black: -400▏  adjust A-black: clock: removing 6m40s would leave no time (4m30s left)",
			"last event: adjust A-black -400s", "— refused: adjust A-black: clock: removing 6m40s")
		h.press("backspace", "backspace", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.ABlack, Delta: -4 * time.Second})
		h.wantView("A-black -4s: now 4:26")

		seq = h.tbl.Snapshot().Seq
		h.press("t", "q", "+5", "esc")
		h.wantView("time adjustment cancelled — paused; space resumes")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Errorf("a cancelled adjustment was sent: %v", s.Last)
		}
		// Before the start, time may be adjusted too (e.g. a handicap).
		h.press("n", "y", "t", "z", "+1m", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: rules.AWhite, Delta: time.Minute})
		if got := h.clocks()[rules.AWhite].Remaining; got != 6*time.Minute {
			t.Errorf("A-white before the start: %v, want 6m", got)
		}
	})
}

func TestLastEvent_RefusedIsAnAttempt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "a", "d", "1", "r", "a", "w", "1")
		h.wantView("last event: result A 1-0 checkmate at 0:00.", " of the match — refused: board A is already over",
			"error: rules: board A is already over")
		h.wantNotView("DECIDED")
		// An ignored event is still shown as ignored, not refused.
		h.press("z")
		h.wantView("last event: press A-white", "ignored: paused")
		h.wantNotView("refused")
	})
}

func TestLastEvent_FlagIsTheLastThing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5s"))
		h.press("enter")
		h.wait(time.Second)
		h.press("z") // A-white moves; B-white's clock runs on and flags
		h.wait(10 * time.Second)
		h.wantView("DECIDED", "last event: flag: B-white at 0:05.000 of the match")
		h.wantNotView("last event: press")
		// A press after the flag is the last thing then, and changes nothing.
		h.press("q")
		h.wantView("last event: press A-black at 0:", "ignored: match decided")
	})
}

func TestLastEvent_SimultaneousFlags(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5s"))
		h.press("enter")
		h.wait(6 * time.Second)
		h.wantView("DECIDED", "last event: flags: A-white B-white at 0:05.000 of the match")
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
		h.press("enter", "r", "a", "d", "1", "s")
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
		{"+30s", 30 * time.Second, ""},
		{"-1m30s", -90 * time.Second, ""},
		{"+2.5", 2500 * time.Millisecond, ""},
		{"-10.5", -10500 * time.Millisecond, ""},
		{"+0.25", 250 * time.Millisecond, ""},
		{"+7.", 7 * time.Second, ""},
		{"+500ms", 500 * time.Millisecond, ""},
		{"+1h", time.Hour, ""},
		{"30", 0, "sign"},
		{"", 0, "sign"},
		{"+", 0, "the duration after the sign"},
		{"-.", 0, `"." is not a duration`},
		{"+1.5.5", 0, `"1.5.5" is not a duration`},
		{"+1x", 0, `"1x" is not a duration`},
		{"+1.0000000001", 0, "more than 9 decimals"},
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
		h.press("enter", "space")
		// Paused: each question is answered by esc and leaves it paused.
		for _, keys := range [][]string{
			{"esc"}, {"r"}, {"r", "a"}, {"r", "a", "w"}, {"c"}, {"c", "q"},
			{"t"}, {"t", "z", "+12"}, {"t", "z", "+12k"}, {"t", "z", "+1.5.5", "enter"}, {"s"}, {"s", "z"}, {"n"},
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
		h.press("enter", "r", "b", "d", "2")
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
