package tui

import (
	"fmt"
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
	"tandem/i18n"
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
	if len(seatKeys) != 4 || seatKeys['q'] != bughouse.ABlack || seatKeys['p'] != bughouse.BWhite ||
		seatKeys['z'] != bughouse.AWhite || seatKeys['m'] != bughouse.BBlack {
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
		h.press("z") // A-white's move: he used 1.001 s
		h.wait(time.Second)
		h.press("q") // A-black's move, the one A-white claims: A-white's clock runs again
		h.wait(time.Second)
		h.press("c") // 3.003 s after the start
		s := h.tbl.Snapshot()
		if s.Status != rules.Paused || s.Last.Kind != rules.Pause || s.Last.At-s.StartedAt != 3003*time.Millisecond {
			t.Fatalf("after c: %v, last %v at %v; want paused by a pause at 3.003 s", s.Status, s.Last, s.Last.At-s.StartedAt)
		}
		h.wantView("PAUSED", "clocks stopped for the claim", "Claim by: 1 A-white · 2 A-black · 3 B-white · 4 B-black")
		h.wait(3 * time.Second)
		h.press("1")
		h.wait(2 * time.Second)
		h.press("i")
		h.wantLast(rules.Event{Kind: rules.Claim, Seat: bughouse.AWhite, Reason: rules.IllegalMove})
		c := h.clocks()
		for seat, want := range map[bughouse.Seat]time.Duration{
			bughouse.AWhite: 5*time.Minute - 2002*time.Millisecond, // 1.001 s on each of his turns
			bughouse.BWhite: 5*time.Minute - 3003*time.Millisecond, // running since the start
		} {
			if c[seat].Remaining != want || c[seat].Running {
				t.Errorf("%s: %v left (running %v), want %v: its time at c", seat, c[seat].Remaining, c[seat].Running, want)
			}
		}
		h.wantView("CLAIM by A-white: illegal-move")
	})
}

// Art 26-27: an illegal-move claim comes right after the offender
// presses, before the claimant moves. A claim against a player who has
// not pressed since the claimant's move is refused, and says why.
func TestClaim_IllegalMove_RefusedUnlessTheAccusedPressedLast(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "c", "1", "i") // A-black has not moved
		s := h.tbl.Snapshot()
		if s.Claim.Active || s.Status != rules.Paused || s.Last.Kind != rules.Claim || s.Effect.Refused == "" {
			t.Fatalf("claim by A-white before A-black moved: %v, claim %+v, last %v (%+v); want it refused, paused", s.Status, s.Claim, s.Last, s.Effect)
		}
		// The refusal is said once, in full, on the note line.
		h.wantView("PAUSED", "last event: claim A-white illegal move at 0:00.", "\nrefused: A-white cannot claim an illegal move: A-black has not moved since A-white")
		h.wantSaidOnce("cannot claim")
		h.wantNotView("CLAIM by")
		// After A-black's press the same claim is taken.
		h.press("space", "z", "q", "c", "1", "i")
		h.wantLast(rules.Event{Kind: rules.Claim, Seat: bughouse.AWhite, Reason: rules.IllegalMove})
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
		h.press("1", "f")
		s := h.tbl.Snapshot()
		if s.Status != rules.Paused || !s.Claim.Active || s.Claim.Claimant != bughouse.AWhite || s.Claim.Reason != rules.Flag {
			t.Errorf("after z f: %v, claim %+v; want A-white's flag claim pending", s.Status, s.Claim)
		}
		for _, seat := range bughouse.Seats {
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
		h.press("a", "w", "1", "y")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Checkmate})
		s := h.tbl.Snapshot()
		if s.Reason != rules.Checkmate || s.Clocks[bughouse.BWhite].Flagged || s.Clocks[bughouse.BWhite].Remaining != 2999*time.Millisecond {
			t.Errorf("decided by %v; B-white %+v; want checkmate with B-white's 2.999 s left at r", s.Reason, s.Clocks[bughouse.BWhite])
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
		// A clock key is no answer: it reaches the clock (ignored while
		// paused) and leaves the question open; another key cancels it.
		h.press("space", "c", "2", "z")
		h.wantView("PAUSED", "Claim by A-black · kind:", "last event: press A-white", "ignored: paused")
		h.press("k")
		h.wantView("PAUSED", "claim cancelled — paused; space resumes")
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
		// Nothing is decided before the arbiter confirms: a result
		// cannot be taken back.
		h.wantView("PAUSED", "Declare board A 1-0 checkmate (A-white wins; team 1 wins the match)? y = yes, any other key = no")
		h.wantNotView("DECIDED", "(esc cancels)")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause || s.Status != rules.Paused {
			t.Fatalf("the how answer sent %v (%v); want nothing before y", s.Last, s.Status)
		}
		h.press("y")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Checkmate})
		h.wantView("DECIDED", "1-0  checkmate  A-black  (Art 22-23)  team 1 wins: A-white + B-black",
			"BOARD A · A-white won (checkmate)")
		h.wantNotView("Result on board", "how:", "Declare")
	})
}

// Keys that arrive in one message with the key that opens a question (a
// burst: several people pressing at once) do not answer it; each key the
// arbiter types on its own answers the question shown.
func TestResult_OneKeyMessage_NoAnswers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "rbb2y")
		h.wantView("PAUSED", "Result on board: a / b")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
			t.Fatalf("rbb2y in one message sent %v; want only the pause of r", s.Last)
		}
		// The same for every later question: a burst that moves the
		// question on answers nothing after that.
		h.press("bb2y")
		h.wantView("Board B: w White wins · b Black wins · d draw")
		h.press("b", "2y")
		h.wantView("Declare board B 0-1 resignation (B-black wins; team 1 wins the match)?")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
			t.Fatalf("the bursts sent %v; want only the pause of r", s.Last)
		}
		h.press("y")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.BlackWins, Reason: rules.Resignation})
		h.wantView("DECIDED", "1-0  resignation  B-white", "BOARD B · B-black won (resignation)")
	})
}

// Every menu's answers, under every preset and without rules: none may be
// a clock key, or a player's press would answer the arbiter's question
// (B-black's m was "checkmate"; a late z was the claimant).
func TestPromptAnswers_AreNotClockKeys(t *testing.T) {
	// The typed adjustment is a text field: no letter goes in it.
	onPurpose := map[step]bool{askAdjustAmount: true}
	// In every language: the answers' letters come from its catalog.
	var models []*Model
	for _, l := range i18n.Langs {
		models = append(models, &Model{p: i18n.For(l)})
		for _, name := range rules.PresetNames() {
			p, err := rules.LookupPreset(name)
			if err != nil {
				t.Fatal(err)
			}
			models = append(models, &Model{rules: p.Options, haveRules: true, p: i18n.For(l)})
		}
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
					ks := []rune{c.key}
					if c.alias != 0 && c.alias != c.key {
						ks = append(ks, c.alias)
					}
					for _, k := range ks {
						if _, ok := seatKeys[k]; ok {
							t.Errorf("%s step %d (%v): answer %q (%s) is a clock key", m.p.Lang(), st, o, k, c.label)
						}
						if seen[k] {
							t.Errorf("%s step %d (%v): key %q answers twice", m.p.Lang(), st, o, k)
						}
						if k < 'a' && (k < '0' || k > '9') || k > 'z' {
							t.Errorf("%s step %d (%v): key %q is not a lower-case letter or a digit", m.p.Lang(), st, o, k)
						}
						seen[k] = true
					}
				}
			}
		}
	}
	// The seats are chosen with digits, in seat order.
	for i, seat := range bughouse.Seats {
		if c := seatChoices[i]; c.key != rune('1'+i) || c.seat != seat || c.label != "" {
			t.Errorf("seat choice %d: %q %s %s, want %q %s", i, c.key, c.seat, c.label, rune('1'+i), seat)
		}
	}
	for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
		for _, c := range boardSeats(b) {
			if c.seat.Board() != b {
				t.Errorf("board %s's resume choice %q is %s", b, c.key, c.seat)
			}
		}
	}
}

// The same through the keys: a clock key in any question, under every
// preset, is a player's press: it reaches the clock (ignored while
// paused) and leaves the question exactly as it was; it declares, claims,
// adjusts, resumes, resets or quits nothing.
func TestPromptAnswers_ClockKeyPressesAndKeepsTheQuestion(t *testing.T) {
	for _, name := range rules.PresetNames() {
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				p, _ := rules.LookupPreset(name)
				h := newHarness(t, p.Options)
				h.press("enter", "space")
				for _, open := range [][]string{
					{"r"}, {"r", "a"}, {"r", "b", "w"}, {"r", "a", "b"}, {"r", "b", "d"}, {"r", "a", "w", "1"}, {"r", "b", "d", "1"},
					{"c"}, {"c", "2"}, {"c", "4"}, {"t"},
					{"s"}, {"s", "2"}, {"s", "enter"}, {"n"}, {"esc"},
				} { // not the adjustment's field: its keys are typed (TestAdjust_ClockKeysInTheField_TypedNeverPressed)
					h.press(open...)
					step, prompt := h.m.ask.step, h.promptLine()
					if step == noPrompt {
						t.Fatalf("%q opened no question", open)
					}
					for _, key := range []string{"q", "p", "z", "m", "Q", "M"} {
						seq := h.tbl.Snapshot().Seq
						if quits(h.press(key)) {
							t.Fatalf("%q then %s quit", open, key)
						}
						s := h.tbl.Snapshot()
						want := seatKeys[rune(strings.ToLower(key)[0])]
						if s.Seq != seq+1 || s.Last.Kind != rules.Press || s.Last.Seat != want || s.Effect.Ignored != "paused" {
							t.Fatalf("%q then %s: last %v (%+v), %d events; want only the press of %s, ignored: paused",
								open, key, s.Last, s.Effect, s.Seq-seq, want)
						}
						if s.Status != rules.Paused || s.Claim.Active {
							t.Fatalf("%q then %s: %v, claim %+v", open, key, s.Status, s.Claim)
						}
						if h.m.ask.step != step || h.promptLine() != prompt {
							t.Fatalf("%q then %s: the question changed:\n%s\nwas\n%s", open, key, h.promptLine(), prompt)
						}
						h.wantView("last event: press "+want.String(), "ignored: paused")
						h.wantNotView("cancelled", "kept the match")
					}
					h.press("esc")
					if h.m.ask.step != noPrompt {
						t.Fatalf("%q: esc left the question open", open)
					}
				}
			})
		})
	}
}

// promptLine is the prompt line as shown (all its forms, plain text).
func (h *harness) promptLine() string {
	forms, _ := h.m.promptLine()
	return ansi.Strip(strings.Join(forms, "\n"))
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
		h.wantNotView("Declare")
		if s := h.tbl.Snapshot(); s.Boards[bughouse.BoardA].Outcome != rules.Undecided || s.Last.Kind == rules.Declare {
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
		h.wantView("Declare board B 1/2-1/2 agreement (drawn; board A decides the match)? y = yes, any other key = no")
		h.press("y")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.Drawn, Reason: rules.Agreement})
		h.wantView("PAUSED", "BOARD B · drawn (agreement) · board A decides",
			"board B drawn; board A plays on and decides the match (Art 34): space resumes board A")
		h.press("space")
		h.wantView("RUNNING")
		if c := h.clocks(); !c[bughouse.AWhite].Running || c[bughouse.BWhite].Running {
			t.Errorf("after space: %+v; want board A running, board B over", c)
		}
		h.press("r", "a", "d", "2")
		h.wantView("Declare board A 1/2-1/2 repetition (drawn; board B is drawn too: the match is drawn)? y = yes")
		h.press("y")
		h.wantView("DECIDED", "1/2-1/2  both-drawn  (Art 34)  match drawn", "BOARD A · drawn (repetition)", "BOARD B · drawn (agreement)")
		h.wantNotView("decides")
	})
}

func TestResult_DecisiveStalemate_OfferedUnderWins(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "panoriental", "5m"))
		h.press("enter", "r", "a", "b", "5")
		h.wantView("Declare board A 0-1 stalemate (A-black wins; team 2 wins the match)? y = yes, any other key = no")
		h.press("y")
		h.wantLast(rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.BlackWins, Reason: rules.Stalemate})
		h.wantView("DECIDED", "0-1  stalemate  A-white  (stalemate wins for the stalemated player: seed 004)",
			"BOARD A · A-black won (stalemate)")
	})
}

func TestResult_ArticleOfThePreset(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, preset(t, "fics", "5m")) // one_board_draw = match-draw
		h.press("enter", "r", "a", "d", "1")
		h.wantView("Declare board A 1/2-1/2 agreement (drawn; the match is drawn: one_board_draw = match-draw)? y = yes")
		h.wantNotView("decides")
		h.press("y")
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
			// The confirmation: any key but y keeps the match, Enter and
			// space too.
			{"r", "a", "w", "1", "n"}, {"r", "a", "w", "1", "enter"}, {"r", "b", "d", "1", "space"}, {"r", "a", "b", "2", "esc"},
		} {
			if quits(h.press(keys...)) {
				t.Fatalf("%q quit", keys)
			}
			h.wantView("PAUSED", "result cancelled — paused; space resumes")
			h.wantNotView("Result on board", "how:", "Board A:", "Board B:", "Declare")
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
		h.press("z") // A-white's (illegal) move: A-black claims before moving
		h.wait(time.Second)
		h.press("c")
		h.wantView("Claim by: 1 A-white · 2 A-black · 3 B-white · 4 B-black   (esc cancels)")
		// A-black's own clock key is a press, not the claimant.
		h.press("q")
		h.wantView("Claim by: 1 A-white · 2 A-black · 3 B-white · 4 B-black", "last event: press A-black", "ignored: paused")
		h.press("2")
		h.wantView("Claim by A-black · kind: i illegal move · f flag · o other")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Press || s.Effect.Ignored != "paused" {
			t.Fatalf("the claimant's digit reached the table: %v", s.Last)
		}
		h.press("i")
		h.wantLast(rules.Event{Kind: rules.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove})
		h.wantView("PAUSED", "CLAIM by A-black: illegal-move", "u uphold · x reject")
		before := h.clocks()
		h.wait(5 * time.Second)
		if after := h.clocks(); after != before {
			t.Errorf("clocks ran with a claim pending: %+v -> %+v", before, after)
		}
		// Upholding loses the match: the arbiter confirms first; another
		// key keeps the claim pending.
		h.press("u")
		h.wantView("Uphold A-black's claim? A-white's illegal move loses the game and the match (Art 27; team 2 wins)? y = yes, any other key = no")
		h.press("k")
		if s := h.tbl.Snapshot(); s.Status != rules.Paused || !s.Claim.Active {
			t.Fatalf("k after the uphold question: %v, claim %+v; want the claim still pending", s.Status, s.Claim)
		}
		// It says what happened: nothing, the claim is pending (not
		// "claim cancelled"); Esc says the same, in Spanish too.
		h.wantView("no change: the claim by A-black is still pending (u uphold · x reject)")
		h.wantNotView("cancelled")
		h.press("u", "esc")
		h.wantView("no change: the claim by A-black is still pending")
		es := New(h.tbl, WithLanguage(i18n.Spanish), WithRenderer(lipgloss.NewRenderer(io.Discard)))
		es.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
		es.Update(keyMsg("u"))
		es.Update(keyMsg("esc"))
		if v := ansi.Strip(es.View()); !strings.Contains(v, "sin cambios: la reclamación de A-negras sigue pendiente (u aceptar · x rechazar)") ||
			strings.Contains(v, "cancelad") {
			t.Errorf("Spanish, the uphold question declined:\n%s", v)
		}
		es.Close()
		h.press("u", "y")
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
		h.press("enter", "c", "4", "f")
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
		h.press("enter", "c", "1", "o", "u")
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
			h.press("c", "1", "i", "u")
			if i == 3 {
				// The third strike loses: confirmed first.
				h.wantView("Uphold A-white's claim? A-black's illegal move loses the game and the match")
				h.press("y")
				break
			}
			h.wantView("PAUSED",
				fmt.Sprintf("claim by A-white upheld: strike %d of 3 for A-black; A-black moves again: space resumes A-black's clock", i),
				fmt.Sprintf("A-black strikes %d/3", i))
			h.wantNotView("A-white strikes")
			h.press("space")
			if c := h.clocks(); !c[bughouse.ABlack].Running || c[bughouse.AWhite].Running {
				t.Fatalf("strike %d, resumed: A-black %+v, A-white %+v; want A-black's clock running", i, c[bughouse.ABlack], c[bughouse.AWhite])
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
		h.press("c", "2", "i", "u")
		h.wantView("PAUSED", "claim by A-black upheld: A-white's move is taken back; A-white moves again: space resumes A-white's clock")
		h.wantNotView("strikes")
		h.press("space")
		if c := h.clocks(); !c[bughouse.AWhite].Running || c[bughouse.ABlack].Running {
			t.Errorf("resumed: A-white %+v, A-black %+v; want A-white's clock running", c[bughouse.AWhite], c[bughouse.ABlack])
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
		h.wantView("refused: no claim is pending")
		h.wantSaidOnce("no claim is pending")
		h.press("z", "c", "2", "i", "c") // A-white pressed: A-black's claim stands
		h.wantView("a claim by A-black is already pending: u uphold · x reject")
		h.press("s")
		h.wantView("a claim by A-black is pending: u uphold · x reject first")
		// A clock key does not answer the kind question: it reaches the
		// clock (stopped for the claim, so the press is ignored) and the
		// question stays; a key that is no answer cancels it.
		h.press("x", "space", "c", "2", "p")
		h.wantView("Claim by A-black · kind:", "last event: press B-white", "ignored: paused")
		h.press("5")
		h.wantView("claim cancelled — paused; space resumes")
	})
}

func TestAdjust_PauseFirst_ThenTypedDuration(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "t")
		h.wantView("RUNNING", "pause first (space), then t to adjust time")
		h.wantNotView("Adjust whose time")

		h.press("space")
		before := h.clocks()[bughouse.AWhite].Remaining
		h.press("t")
		h.wantView("Adjust whose time: 1 A-white · 2 A-black · 3 B-white · 4 B-black   (esc cancels)")
		h.press("1")
		h.wantView("Adjust A-white: ▏  type + or - and the time, then Enter (e.g. +30, +1:30, +5m, +1m30s, -10s)")
		h.press("+", "3", "1")
		h.wantView("Adjust A-white: +31▏  type")
		h.press("backspace")
		h.wantView("Adjust A-white: +3▏  type")
		h.press("0", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: bughouse.AWhite, Delta: 30 * time.Second})
		if got := h.clocks()[bughouse.AWhite].Remaining; got != before+30*time.Second {
			t.Errorf("A-white: %v, want %v", got, before+30*time.Second)
		}
		h.wantView("A-white +30s: now 5:30")
		h.wantNotView("Adjust whose time", "Adjust A-white")

		for _, c := range []struct {
			seat, typed, note string
			want              time.Duration
		}{
			{"4", "-1:30", "B-black -1m30s: now 3:30", -90 * time.Second},
			{"2", "+2.5", "A-black +2.5s: now 5:03", 2500 * time.Millisecond},
			{"3", "-10,5", "B-white -10.5s: now 4:50", -10500 * time.Millisecond}, // a decimal comma
			{"1", "+30", "A-white +30s: now 6:00", 30 * time.Second},
			{"2", "+1:00:00", "A-black +1h: now 1:05:03", time.Hour},
			{"4", "-0:10.5", "B-black -10.5s: now 3:20", -10500 * time.Millisecond},
			// In units, spaces and the clock key m typed in the field.
			{"1", "+5 min", "A-white +5m: now 11:00", 5 * time.Minute},
			{"1", "-5m", "A-white -5m: now 6:00", -5 * time.Minute},
			{"3", "+1m30s", "B-white +1m30s: now 6:20", 90 * time.Second},
			{"3", "-30s", "B-white -30s: now 5:50", -30 * time.Second},
			{"2", "-1h 3min", "A-black -1h3m: now 2:03", -(time.Hour + 3*time.Minute)},
		} {
			h.press("t", c.seat, c.typed, "enter")
			seat := seatChoices[c.seat[0]-'1'].seat
			h.wantLast(rules.Event{Kind: rules.Adjust, Seat: seat, Delta: c.want})
			h.wantView(c.note)
		}
	})
}

// The field takes a sign, digits, ".", ":", spaces and the units' letters
// (h, min, s) only. Any other key is refused at once with a note saying
// so (never dropped silently): it does not cancel the field, reach the
// commands or change what is typed.
func TestAdjust_OtherKeysRefusedWithANote(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space", "t", "2", "+3")
		seq := h.tbl.Snapshot().Seq
		h.press("k")
		h.wantView(`Adjust A-black: +3▏  "k" refused: only a sign, digits, . : and the units h, min, s   (esc cancels)`)
		h.wantNotView("cancelled")
		// Letters but the units', command keys and the clock keys but m
		// are refused one by one, each with its note.
		for _, k := range []string{"x", "r", "c", "t", "u", "y", "o", "q", "z", "p", "'", "µ"} {
			h.press(k)
			h.wantView(fmt.Sprintf(`Adjust A-black: +3▏  %q refused: only a sign, digits, . : and the units h, min, s`, k))
			if h.m.ask.typed != "+3" {
				t.Fatalf("%s typed: %q", k, h.m.ask.typed)
			}
		}
		// A second sign is refused too: the sign stays as typed.
		h.press("-")
		h.wantView(`Adjust A-black: +3▏  "-" refused: one sign only (Backspace corrects)`)
		h.press("+")
		h.wantView(`Adjust A-black: +3▏  "+" refused: one sign only`)
		h.m.Update(tea.KeyMsg{Type: tea.KeyUp})
		h.sync()
		h.wantView("Adjust A-black: +3▏  key refused: only a sign, digits, . : and the units h, min, s")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Fatalf("a key typed in the field reached the table: %v", s.Last)
		}
		// The next accepted key clears the note.
		h.press("0")
		h.wantView("Adjust A-black: +30▏  type + or - and the time")
		h.wantNotView("refused")
		h.press("space", "s")
		h.wantView("Adjust A-black: +30 s▏")
		h.press("enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: bughouse.ABlack, Delta: 30 * time.Second})
		if s := h.tbl.Snapshot(); s.Status != rules.Paused {
			t.Errorf("status %v, want still paused", s.Status)
		}
	})
}

func TestAdjust_ErrorsShown_StayInTheField(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space", "t", "2", "30", "enter")
		h.wantView("Adjust A-black: 30▏  type the sign first: +30 adds 30 s, -30 removes 30 s")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
			t.Fatalf("an unsigned adjustment was sent: %v", s.Last)
		}
		// The sign may come afterwards: it goes in front.
		h.press("-", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: bughouse.ABlack, Delta: -30 * time.Second})

		h.press("t", "2", "-", "enter")
		h.wantView("Adjust A-black: -▏  type the time after the sign: -30 or -1:30 (m:ss)")
		seq := h.tbl.Snapshot().Seq
		h.press("backspace", "+1.5.5", "enter")
		h.wantView(`Adjust A-black: +1.5.5▏  "1.5.5" is not a time: write +30, +2.5 or +1:30`)
		for _, c := range []struct{ typed, why string }{
			{"+1:5", `Adjust A-black: +1:5▏  "1:5": write two digits after a colon, e.g. +1:05`},
			{"+1:75", `Adjust A-black: +1:75▏  "1:75": after a colon, 00 to 59`},
			{"-1:2:30", `Adjust A-black: -1:2:30▏  "1:2:30": write two digits after a colon, e.g. -1:05`},
			{"+1:00:00:00", `Adjust A-black: +1:00:00:00▏  "1:00:00:00": at most h:mm:ss, e.g. +1:00:00`},
		} {
			for range 16 {
				h.press("backspace")
			}
			h.press(c.typed, "enter")
			h.wantView(c.why)
		}
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Fatalf("an invalid adjustment was sent: %v", s.Last)
		}
		// The table's refusal stays in the field too, to be corrected.
		for range 16 {
			h.press("backspace")
		}
		h.press("-400", "enter")
		h.wantView("Adjust A-black: -400▏  adjust A-black: clock: removing 6m40s would leave no time (4m30s left)",
			"last event: adjust A-black -400s")
		h.wantSaidOnce("would leave no time")
		h.press("backspace", "backspace", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: bughouse.ABlack, Delta: -4 * time.Second})
		h.wantView("A-black -4s: now 4:26")

		seq = h.tbl.Snapshot().Seq
		h.press("t", "2", "+5", "esc")
		h.wantView("time adjustment cancelled — paused; space resumes")
		if s := h.tbl.Snapshot(); s.Seq != seq {
			t.Errorf("a cancelled adjustment was sent: %v", s.Last)
		}
		// Before the start, time may be adjusted too (e.g. a handicap).
		h.press("n", "y", "t", "1", "+1:00", "enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: bughouse.AWhite, Delta: time.Minute})
		if got := h.clocks()[bughouse.AWhite].Remaining; got != 6*time.Minute {
			t.Errorf("A-white before the start: %v, want 6m", got)
		}
	})
}

func TestLastEvent_RefusedIsAnAttempt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "a", "d", "1", "y", "r", "a", "w", "1")
		// The confirmation says it will be refused.
		h.wantView("Declare board A 1-0 checkmate (board A is already over: the rules will refuse it)? y = yes")
		h.press("y")
		h.wantView("last event: result A 1-0 checkmate at 0:00.", "\nrefused: board A is already over")
		h.wantSaidOnce("already over")
		// Once the note line is cleared (a key), the last event says it.
		h.press("o", "esc")
		h.wantView(" of the match — refused: board A is already over")
		h.wantSaidOnce("already over")
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
		h.wantView("Resume with: board A 1 A-white · 2 A-black, then board B 3 B-white · 4 B-black; Enter keeps a board's turn in progress")
		// A clock key is a press (ignored: paused), not the choice.
		h.press("z")
		h.wantView("Resume with: board A 1 A-white · 2 A-black", "last event: press A-white", "ignored: paused")
		h.press("1")
		h.wantView("Resume with: board A A-white; board B 3 B-white · 4 B-black; Enter keeps the turn in progress")
		h.press("m")
		h.wantView("Resume with: board A A-white; board B 3 B-white · 4 B-black", "last event: press B-black")
		h.press("enter")
		h.wantLast(rules.Event{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(bughouse.AWhite)})
		c := h.clocks()
		if !c[bughouse.AWhite].Running || c[bughouse.ABlack].Running || !c[bughouse.BWhite].Running {
			t.Errorf("resume A-white, B kept: %+v", c)
		}
		h.wantView("RUNNING", "resumed: A-white and B-white to move")

		h.press("space", "s", "enter", "4")
		h.wantLast(rules.Event{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(bughouse.BBlack)})
		if c := h.clocks(); !c[bughouse.AWhite].Running || !c[bughouse.BBlack].Running {
			t.Errorf("resume A kept, B-black: %+v", c)
		}

		// A board B seat on board A's question is not an answer: the
		// question is asked again.
		h.press("space", "s", "3")
		h.wantView("PAUSED", "3 is not on board A: 1 A-white · 2 A-black, or Enter to keep the turn")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Pause {
			t.Errorf("3 on board A's question sent %v", s.Last)
		}
		// Both boards chosen: 2 then 3.
		h.press("2", "3")
		h.wantLast(rules.Event{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(bughouse.ABlack).Choose(bughouse.BWhite)})
		h.wantView("RUNNING", "resumed: A-black and B-white to move")
	})
}

func TestResumeChoosing_SkipsABoardThatIsOver(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "r", "a", "d", "1", "y", "s")
		h.wantView("Resume with: board A over; board B 3 B-white · 4 B-black")
		h.press("4")
		h.wantLast(rules.Event{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(bughouse.BBlack)})
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
		o.SeatControls[bughouse.AWhite] = &c
		h := newHarness(t, o)
		h.wantView("time control 5m+2s · handicap: A-white 3m+2s")

		o.SeatControls[bughouse.BBlack] = &c
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
		// Rounded as the CSV rounds (fmt's "%.3f" of the seconds), not
		// cut: 62.005999 s is 1:02.006; 5.0005 s, a binary fraction just
		// under the half, is 0:05.000 there and here.
		{62*time.Second + 5*time.Millisecond + 999*time.Microsecond, "1:02.006"},
		{2*time.Second + 600*time.Microsecond, "0:02.001"},
		{5*time.Second + 500*time.Microsecond, "0:05.000"},
		{59*time.Minute + 59*time.Second + 999600*time.Microsecond, "1:00:00.000"},
		{time.Hour + 2*time.Minute + 3*time.Second + 4*time.Millisecond, "1:02:03.004"},
		{-time.Second, "0:00.000"},
	} {
		if got := matchTime(c.d); got != c.want {
			t.Errorf("matchTime(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestPrompts_FitNarrowTerminals(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space")
		// Paused: each question is answered by esc and leaves it paused.
		for _, keys := range [][]string{
			{"esc"}, {"r"}, {"r", "a"}, {"r", "a", "w"}, {"r", "a", "w", "3"}, {"r", "b", "d", "2"}, {"c"}, {"c", "2"},
			{"t"}, {"t", "1", "+12"}, {"t", "1", "+12k"}, {"t", "1", "+12", "+"}, {"t", "1", "+1.5.5", "enter"},
			{"t", "1", "+1:75", "enter"}, {"s"}, {"s", "1"}, {"n"},
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
		h.press("enter", "r", "b", "d", "2", "y")
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
		// A-white moves on board A, and A-black claims his illegal move.
		h.press("space", "z", "c", "2", "i", "u", "y")
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
		if c := h.clocks(); !c[bughouse.ABlack].Running {
			t.Errorf("z typed with esc did not press A-white's clock: %+v", c)
		}
		if !quits(h.press("y")) {
			t.Error("y after the question did not quit")
		}
	})
}

// The tournament director's replay: players pressing fast, with the
// arbiter's c in the middle of their burst ("zqzqcz" in one message). The
// presses before c count; c stops the clocks at once; the z after it is
// A-white's press (ignored: paused), not the claimant: the claim question
// is still asking who claims.
func TestBurst_ZQZQCZ_NoClaimant(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		seq := h.tbl.Snapshot().Seq
		h.press("zqzqcz")
		s := h.tbl.Snapshot()
		if s.Seq != seq+6 {
			t.Fatalf("zqzqcz: %d events, want 4 presses, the pause of c and the press of z", s.Seq-seq)
		}
		if s.Clocks[bughouse.AWhite].Moves != 2 || s.Clocks[bughouse.ABlack].Moves != 2 {
			t.Errorf("moves A-white %d, A-black %d; want the 4 presses before c counted",
				s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves)
		}
		if s.Status != rules.Paused || s.Claim.Active || s.Last.Kind != rules.Press || s.Last.Seat != bughouse.AWhite || s.Effect.Ignored != "paused" {
			t.Fatalf("after zqzqcz: %v, claim %+v, last %v (%+v); want paused, no claim, z's press ignored", s.Status, s.Claim, s.Last, s.Effect)
		}
		if h.m.ask.step != askClaimSeat {
			t.Fatalf("the claim question is at step %d, want still asking who claims", h.m.ask.step)
		}
		h.wantView("PAUSED", "Claim by: 1 A-white · 2 A-black · 3 B-white · 4 B-black", "last event: press A-white", "ignored: paused")
		h.wantNotView("Claim by A-white", "CLAIM by")

		// The same keys one message each: still no answer.
		h.press("z")
		h.press("q")
		if h.m.ask.step != askClaimSeat {
			t.Fatalf("z, q: the claim question is at step %d", h.m.ask.step)
		}
		h.wantView("Claim by: 1 A-white", "last event: press A-black")
		// The arbiter's digit answers.
		h.press("1")
		h.wantView("Claim by A-white · kind:")
		h.press("i")
		h.wantLast(rules.Event{Kind: rules.Claim, Seat: bughouse.AWhite, Reason: rules.IllegalMove})
	})
}

// The other replay: B-black presses m while the arbiter types +30 for
// A-white. The m is B-black's press (ignored: paused); the field still
// holds what the arbiter typed, with no note, and Enter applies +30 s.
func TestAdjust_ClockKeysInTheField_TypedNeverPressed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "space", "t", "1")
		seq := h.tbl.Snapshot().Seq
		// "+5 min" typed key by key: the space is no pause switch, m no
		// press of B-black's clock.
		h.press("+", "5", "space", "m", "i", "n")
		h.wantView("Adjust A-white: +5 min▏")
		for _, k := range []string{"q", "z", "p", "Q"} {
			h.press(k)
			h.wantView(fmt.Sprintf("%q refused", strings.ToLower(k)))
		}
		if s := h.tbl.Snapshot(); s.Seq != seq || s.Status != rules.Paused {
			t.Fatalf("keys typed in the field reached the table: %v, %v", s.Last, s.Status)
		}
		h.press("enter")
		h.wantLast(rules.Event{Kind: rules.Adjust, Seat: bughouse.AWhite, Delta: 5 * time.Minute})
		h.wantView("A-white +5m: now 10:00")
		if c := h.clocks(); c[bughouse.BBlack].Remaining != 5*time.Minute || h.tbl.Snapshot().Status != rules.Paused {
			t.Errorf("B-black: %v, want untouched, still paused", c[bughouse.BBlack].Remaining)
		}
		// The field closed, the players' keys are presses again.
		h.press("m")
		if s := h.tbl.Snapshot(); s.Last.Kind != rules.Press || s.Last.Seat != bughouse.BBlack {
			t.Errorf("m after the field: last %v, want B-black's press", s.Last)
		}
		// Typed in the burst that opened the field, a clock key is no
		// press either: counted as not taken.
		h.press("t")
		seq = h.tbl.Snapshot().Seq
		h.press("1+5 m")
		if s := h.tbl.Snapshot(); s.Seq != seq || h.m.ask.step != askAdjustAmount || h.m.ask.dropped != 4 {
			t.Errorf("burst: last %v (%d events), step %d, %d not taken", s.Last, s.Seq-seq, h.m.ask.step, h.m.ask.dropped)
		}
	})
}

// Keys that arrive in one message with the key that opens a question, or
// moves it on to its next one, never answer it: of those keys only clock
// keys count (as presses). Each opener, each next step.
func TestBurst_KeysWithTheOpeningKeyAnswerNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "z", "space") // A-white moved: A-black may claim
		for _, c := range []struct {
			before []string // keys sent one by one first
			burst  string
			want   step
			shown  string
		}{
			{nil, "c2i", askClaimSeat, "Claim by: 1 A-white"},
			{[]string{"c"}, "2i", askClaimKind, "Claim by A-black · kind:"},
			{nil, "t1+30", askAdjustSeat, "Adjust whose time: 1 A-white"},
			{[]string{"t"}, "1+30", askAdjustAmount, "3 keys typed with the question were not taken as its answer  Adjust A-white: ▏"},
			{nil, "s12", askResumeA, "2 keys typed with the question were not taken as its answer  Resume: board A 1 A-white"},
			{[]string{"s"}, "23", askResumeB, "Resume with: board A A-black; board B"},
			{nil, "raw1y", askResultBoard, "Result on board: a / b"},
			{[]string{"r"}, "aw1y", askResultOutcome, "Board A: w White wins"},
			{[]string{"r", "a"}, "w1y", askResultHow, "Board A, A-white wins · how:"},
			{[]string{"r", "a", "w"}, "1y", askResultConfirm, "Declare board A 1-0 checkmate"},
			{nil, "ny", askNew, "New match? The paused match will be lost."},
		} {
			h.press(c.before...)
			seq := h.tbl.Snapshot().Seq
			h.press(c.burst)
			if h.m.ask.step != c.want {
				t.Errorf("%q then %q: step %d, want %d", c.before, c.burst, h.m.ask.step, c.want)
			}
			h.wantView(c.shown)
			if s := h.tbl.Snapshot(); s.Seq != seq {
				t.Errorf("%q then %q sent %v", c.before, c.burst, s.Last)
			}
			h.press("esc")
		}
		// Clock keys in the burst still press: "s1z" opens the question,
		// and z is A-white's press, not board A's choice.
		h.press("s1z")
		h.wantView("1 key typed with the question was not taken as its answer  Resume: board A 1 A-white", "last event: press A-white", "ignored: paused")
		if h.m.ask.step != askResumeA {
			t.Errorf("s1z: step %d, want board A's question", h.m.ask.step)
		}
		h.press("esc")
		// Esc typed with a key (Alt+key) in a question cancels it; the
		// key is then a command of its own.
		h.press("c")
		h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'r'}, Alt: true})
		h.sync()
		h.wantView("Result on board: a / b")
		if s := h.tbl.Snapshot(); s.Status != rules.Paused || s.Claim.Active {
			t.Errorf("alt+r in the claim question: %v, %+v", s.Status, s.Claim)
		}
	})
}
