package rules_test

// The clock rules 1-10 of docs/rules.md, the presets table and the options, one
// test per statement. The match is reglamento (5+0, simultaneous_window
// 1 ms) unless a test sets otherwise; instants are virtual.

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// ---- Rule 1: start ----

func TestStartByArbiter_BothWhiteClocksAtOnce(t *testing.T) {
	m := newMatch(t, options(t))
	wantIgnored(t, m, press(bughouse.AWhite, 500*ms), "not started")
	wantIgnored(t, m, press(bughouse.ABlack, 500*ms), "not started") // start = arbiter
	wantIgnored(t, m, ev(rules.Pause, 600*ms), "ready")
	applied(t, m, ev(rules.Start, 1_000*ms))
	wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
	wantAll(t, m, 11_000*ms, 290_000*ms, 300_000*ms, 290_000*ms, 300_000*ms)
	wantIgnored(t, m, ev(rules.Start, 12_000*ms), "already started")
}

// Releasing the pause switch before the start (a Resume with no choice)
// starts both boards.
func TestStartByPauseSwitchRelease(t *testing.T) {
	m := newMatch(t, options(t))
	applied(t, m, ev(rules.Resume, 2_000*ms))
	wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
	wantRemaining(t, m, bughouse.BWhite, 3_000*ms, 299_000*ms)
}

// start = black-press: the first press by either Black starts both White
// clocks at that instant; White presses before it change nothing.
func TestStartBlackPress(t *testing.T) {
	for _, black := range []bughouse.Seat{bughouse.ABlack, bughouse.BBlack} {
		m := newMatch(t, options(t, "start", "black-press"))
		wantIgnored(t, m, press(bughouse.AWhite, 1_000*ms), "not started")
		wantIgnored(t, m, press(bughouse.BWhite, 1_000*ms), "not started")
		wantIgnored(t, m, ev(rules.Resume, 1_500*ms), "ready") // the switch does not start it
		applied(t, m, press(black, 2_000*ms))
		if m.Status() != rules.Running {
			t.Fatalf("%s's press did not start the match", black)
		}
		wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
		wantAll(t, m, 12_000*ms, 290_000*ms, 300_000*ms, 290_000*ms, 300_000*ms)
		s := m.Snapshot(12_000 * ms)
		for _, seat := range bughouse.Seats {
			if s.Clocks[seat].Moves != 0 {
				t.Errorf("the starting press counted as a move for %s", seat)
			}
		}
		// Both White clocks flag together at 302 000.
		if at, _ := m.NextDeadline(); at != 302_000*ms {
			t.Errorf("deadline %v, want 302s", at)
		}
	}
	// The arbiter may still start such a match.
	m := newMatch(t, options(t, "start", "black-press"))
	applied(t, m, ev(rules.Start, 0))
	wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
}

// ---- Rule 2: the same time control on both boards ----

func TestSameControlOnBothBoards(t *testing.T) {
	c, err := clock.Parse("3m+2s")
	if err != nil {
		t.Fatal(err)
	}
	c.IncrementBeforeFirstMove = true
	m := newMatch(t, withControl(t, c))
	wantAll(t, m, 0, 182*sec, 182*sec, 182*sec, 182*sec)
	applied(t, m, ev(rules.Start, 0))
	applied(t, m, press(bughouse.AWhite, 10*sec))
	applied(t, m, press(bughouse.BWhite, 10*sec))
	wantAll(t, m, 10*sec, 174*sec, 182*sec, 174*sec, 182*sec) // 182 - 10 + 2
}

// ---- Rule 3: a press ends the presser's turn ----

func TestPressEndsTurn(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 10*sec))
	wantRunning(t, m, int(bughouse.ABlack), int(bughouse.BWhite))
	wantAll(t, m, 15*sec, 290*sec, 295*sec, 285*sec, 300*sec)
}

func TestPressWrongSeat_Ignored(t *testing.T) {
	m := started(t)
	wantIgnored(t, m, press(bughouse.ABlack, 10*sec), "not A-black's turn")
	wantIgnored(t, m, press(bughouse.BBlack, 11*sec), "not B-black's turn")
	wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
	if m.Snapshot(11*sec).Effect.Ignored == "" {
		t.Errorf("the snapshot does not record why the press was ignored")
	}
}

func TestPressWhilePaused_Ignored(t *testing.T) {
	m := started(t)
	applied(t, m, ev(rules.Pause, 10*sec))
	wantIgnored(t, m, press(bughouse.AWhite, 11*sec), "paused")
	wantIgnored(t, m, press(bughouse.BWhite, 12*sec), "paused")
	wantAll(t, m, 20*sec, 290*sec, 300*sec, 290*sec, 300*sec)
	wantIgnored(t, m, ev(rules.Pause, 21*sec), "paused")
}

func TestPressAfterDecision_Ignored(t *testing.T) {
	m := started(t)
	applied(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, 10*sec))
	for _, s := range bughouse.Seats {
		wantIgnored(t, m, press(s, 11*sec), "match decided")
	}
}

// ---- Rule 4: flag ----

// The flagged player's team loses, whatever the material; the decision is
// at the exact flag instant, even when the flag is noticed later.
func TestFlag_TeamLosesAtExactInstant(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.BWhite, 1*sec)) // B-black would flag at 301 s
	if m.Advance(300*sec - 1) {
		t.Fatalf("decided 1 ns before the flag")
	}
	if !m.Advance(345 * sec) {
		t.Fatalf("the flag at 300 s was not applied")
	}
	wantResult(t, m, rules.Team2Wins, rules.Flag, 300*sec, bughouse.AWhite)
	s := m.Snapshot(345 * sec)
	if b := s.Boards[bughouse.BoardA]; b.Outcome != rules.BlackWins || b.Reason != rules.Flag || b.At != 300*sec || !b.Over {
		t.Errorf("board A: %+v", b)
	}
	if c := s.Clocks[bughouse.AWhite]; !c.Flagged || c.Remaining != 0 {
		t.Errorf("A-white: %+v", c)
	}
	// B stopped at 300 s: B-black used 299 s.
	wantRemaining(t, m, bughouse.BBlack, 345*sec, 1*sec)
}

func TestPressAtFlagInstant_IsTooLate(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.BWhite, 1*sec))
	eff, err := m.Apply(press(bughouse.AWhite, 300*sec))
	if err != nil || !eff.Decided || eff.Ignored != "match decided" {
		t.Errorf("press at the flag instant: %+v %v", eff, err)
	}
	wantResult(t, m, rules.Team2Wins, rules.Flag, 300*sec, bughouse.AWhite)

	// 1 ns earlier is in time: 1 ns left.
	m = started(t)
	applied(t, m, press(bughouse.BWhite, 1*sec))
	applied(t, m, press(bughouse.AWhite, 300*sec-1))
	wantRemaining(t, m, bughouse.AWhite, 300*sec, 1)
	wantUndecided(t, m)
}

// ---- Rule 5: first decision ends the match ----

func TestFirstDecision_HaltsOtherBoard(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 10*sec))
	applied(t, m, press(bughouse.BWhite, 20*sec))
	eff := applied(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, 30*sec))
	if !eff.Decided {
		t.Errorf("the checkmate did not decide the match")
	}
	wantResult(t, m, rules.Team1Wins, rules.Checkmate, 30*sec, bughouse.ABlack)
	wantRunning(t, m, -1, -1)
	if _, ok := m.NextDeadline(); ok {
		t.Errorf("a deadline after the decision")
	}
	// B stopped at 30 s: B-white 280 s, B-black 290 s, for ever.
	for _, at := range []time.Duration{30 * sec, time.Hour, 100 * time.Hour} {
		wantAll(t, m, at, 290*sec, 280*sec, 280*sec, 290*sec)
	}
	if m.Advance(100 * time.Hour) {
		t.Errorf("Advance decided again")
	}
	s := m.Snapshot(time.Hour)
	if b := s.Boards[bughouse.BoardB]; b.Outcome != rules.Undecided || !b.Over {
		t.Errorf("board B: %+v, want undecided and over", b)
	}
	for _, seat := range bughouse.Seats {
		if s.Clocks[seat].Running || s.Clocks[seat].Turn {
			t.Errorf("%s still has the turn: %+v", seat, s.Clocks[seat])
		}
	}
}

// ---- Rule 6: simultaneous flags ----

func TestSimultaneousFlags_DifferentTeams_Draw(t *testing.T) {
	// Same instant: A-white (team 1) and B-white (team 2) at 300 s.
	m := started(t)
	m.Advance(400 * sec)
	wantResult(t, m, rules.MatchDraw, rules.SimultaneousFlag, 300*sec, bughouse.AWhite, bughouse.BWhite)

	// 1 ms apart (the window's edge): A-white presses at 1 ms, A-black at
	// 2 ms, so A-white flags at 2 ms + 299 999 ms = 300 001 ms.
	m = started(t)
	applied(t, m, press(bughouse.AWhite, 1*ms))
	applied(t, m, press(bughouse.ABlack, 2*ms))
	if at, _ := m.NextDeadline(); at != 300*sec {
		t.Fatalf("deadline %v", at)
	}
	m.Advance(400 * sec)
	wantResult(t, m, rules.MatchDraw, rules.SimultaneousFlag, 300*sec, bughouse.AWhite, bughouse.BWhite)
	s := m.Snapshot(400 * sec)
	for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
		if v := s.Boards[b]; v.Outcome != rules.BlackWins || v.Reason != rules.Flag || v.At != 300*sec {
			t.Errorf("board %s: %+v", b, v)
		}
	}
	if c := s.Clocks[bughouse.AWhite]; !c.Flagged || c.Remaining != 0 {
		t.Errorf("A-white within the window: %+v, want flagged", c)
	}
}

func TestSimultaneousFlags_SameTeam_Loses(t *testing.T) {
	// Team 2 = A-black + B-white. A-white presses at 1 ms: A-black flags at
	// 300 001 ms, B-white at 300 000 ms: 1 ms apart.
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 1*ms))
	m.Advance(400 * sec)
	wantResult(t, m, rules.Team1Wins, rules.SimultaneousFlag, 300*sec, bughouse.ABlack, bughouse.BWhite)

	// Team 1 = A-white + B-black.
	m = started(t)
	applied(t, m, press(bughouse.BWhite, 1*ms)) // B-black flags at 300 001 ms
	m.Advance(400 * sec)
	wantResult(t, m, rules.Team2Wins, rules.SimultaneousFlag, 300*sec, bughouse.AWhite, bughouse.BBlack)
}

func TestFlagJustOutsideWindow_NotSimultaneous(t *testing.T) {
	// A-black flags at 300 s + 1 ms + 1 ns: 1 ns outside the window.
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 1*ms+1))
	m.Advance(400 * sec)
	wantResult(t, m, rules.Team1Wins, rules.Flag, 300*sec, bughouse.BWhite)
	s := m.Snapshot(400 * sec)
	if c := s.Clocks[bughouse.ABlack]; c.Flagged || c.Remaining != 1*ms+1 {
		t.Errorf("A-black: %+v, want 1 ms + 1 ns left and no flag", c)
	}
	if s.Boards[bughouse.BoardA].Outcome != rules.Undecided {
		t.Errorf("board A decided: %+v", s.Boards[bughouse.BoardA])
	}
}

// simultaneous_window = 0: only identical instants are simultaneous.
func TestSimultaneousWindowZero(t *testing.T) {
	m := started(t, "simultaneous_window", "0s")
	m.Advance(400 * sec)
	wantResult(t, m, rules.MatchDraw, rules.SimultaneousFlag, 300*sec, bughouse.AWhite, bughouse.BWhite)
	m = started(t, "simultaneous_window", "0")
	applied(t, m, press(bughouse.AWhite, 1))
	applied(t, m, press(bughouse.ABlack, 2)) // A-white flags 1 ns after B-white
	m.Advance(400 * sec)
	wantResult(t, m, rules.Team1Wins, rules.Flag, 300*sec, bughouse.BWhite)
}

// ---- Rule 7: both boards decided at once ----

func TestBothBoardsDecidedAtSameInstant_OppositeResults_Draw(t *testing.T) {
	m := started(t)
	applied(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, 10*sec)) // team 1 wins
	eff := applied(t, m, declare(bughouse.BoardB, rules.WhiteWins, rules.Checkmate, 10*sec))
	if !eff.Decided {
		t.Errorf("the second result did not count")
	}
	wantResult(t, m, rules.MatchDraw, rules.BothBoards, 10*sec)
	s := m.Snapshot(10 * sec)
	if s.Boards[bughouse.BoardB].Outcome != rules.WhiteWins || s.Boards[bughouse.BoardB].At != 10*sec {
		t.Errorf("board B: %+v", s.Boards[bughouse.BoardB])
	}

	// A flag and a mate at the same instant with opposite results.
	m = started(t)
	applied(t, m, press(bughouse.BWhite, 1*sec)) // A-white flags alone at 300 s
	applied(t, m, declare(bughouse.BoardB, rules.BlackWins, rules.Checkmate, 300*sec))
	wantResult(t, m, rules.MatchDraw, rules.BothBoards, 300*sec)

	// 1 ns later is not the same instant: refused.
	m = started(t)
	applied(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, 10*sec))
	wantRefused(t, m, declare(bughouse.BoardB, rules.WhiteWins, rules.Checkmate, 10*sec+1), "already decided")
	wantResult(t, m, rules.Team1Wins, rules.Checkmate, 10*sec, bughouse.ABlack)
}

func TestBothBoardsDecidedAtSameInstant_SameTeam_Wins(t *testing.T) {
	m := started(t)
	applied(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, 10*sec))
	applied(t, m, declare(bughouse.BoardB, rules.BlackWins, rules.Resignation, 10*sec))
	wantResult(t, m, rules.Team1Wins, rules.Checkmate, 10*sec, bughouse.ABlack, bughouse.BWhite)
}

// ---- Rule 5 (cont.): nothing afterwards changes the result ----

func TestResultImmutable(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 5*sec))
	applied(t, m, press(bughouse.BWhite, 6*sec))
	applied(t, m, claim(bughouse.BBlack, rules.IllegalMove, 8*sec))
	applied(t, m, declare(bughouse.BoardA, rules.BlackWins, rules.Resignation, 10*sec))
	wantResult(t, m, rules.Team2Wins, rules.Resignation, 10*sec, bughouse.AWhite)
	final := core(m.Snapshot(10 * sec))
	at := 11 * sec
	next := func() time.Duration { at += sec; return at }
	for _, e := range []rules.Event{
		press(bughouse.ABlack, next()), press(bughouse.BWhite, next()),
		ev(rules.Start, next()), ev(rules.Pause, next()), ev(rules.Resume, next()),
		{Kind: rules.Resume, At: next(), Run: rules.RunChoice{}.Choose(bughouse.BBlack)},
	} {
		wantIgnored(t, m, e, "")
	}
	for _, e := range []rules.Event{
		declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, next()),
		declare(bughouse.BoardB, rules.Drawn, rules.Agreement, next()),
		adjust(bughouse.ABlack, time.Minute, next()),
		claim(bughouse.ABlack, rules.Flag, next()),
		ev(rules.Uphold, next()),
		ev(rules.Reject, next()),
	} {
		wantRefused(t, m, e, "")
	}
	if m.Advance(10 * time.Hour) {
		t.Errorf("Advance decided again")
	}
	after := core(m.Snapshot(10 * time.Hour))
	after.At = final.At
	if !reflect.DeepEqual(after, final) {
		t.Errorf("the decided match changed:\n was %+v\n now %+v", final, after)
	}
	if m.Strikes(bughouse.BWhite) != 0 {
		t.Errorf("an Uphold after the decision counted a strike")
	}
}

// ---- Rule 8: claims and pauses ----

func TestPauseStopsBothBoardsAtOnce(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 10*sec))
	applied(t, m, ev(rules.Pause, 20*sec))
	wantRunning(t, m, -1, -1)
	for _, at := range []time.Duration{20 * sec, time.Hour} {
		wantAll(t, m, at, 290*sec, 290*sec, 280*sec, 300*sec)
	}
	applied(t, m, ev(rules.Resume, time.Hour))
	wantRunning(t, m, int(bughouse.ABlack), int(bughouse.BWhite))
	wantAll(t, m, time.Hour+5*sec, 290*sec, 285*sec, 275*sec, 300*sec)
}

func TestResumeChoosesClock(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 5*sec)) // A-black's turn
	applied(t, m, ev(rules.Pause, 10*sec))
	wantRefused(t, m, rules.Event{Kind: rules.Resume, At: 15 * sec,
		Run: rules.RunChoice{Set: [2]bool{true, false}, Seat: [2]bughouse.Seat{bughouse.BWhite, 0}}}, "is not on board A")
	// The arbiter gives the move back to A-white; board B continues.
	applied(t, m, rules.Event{Kind: rules.Resume, At: 20 * sec, Run: rules.RunChoice{}.Choose(bughouse.AWhite)})
	wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
	// A-black's interrupted turn (5 s) is settled, not a move.
	wantAll(t, m, 30*sec, 285*sec, 295*sec, 280*sec, 300*sec)
	s := m.Snapshot(30 * sec)
	if s.Clocks[bughouse.ABlack].Moves != 0 || s.Clocks[bughouse.AWhite].Moves != 1 {
		t.Errorf("moves: A-white %d, A-black %d; want 1, 0", s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves)
	}
	// Both boards chosen.
	applied(t, m, ev(rules.Pause, 40*sec))
	applied(t, m, rules.Event{Kind: rules.Resume, At: 50 * sec,
		Run: rules.RunChoice{}.Choose(bughouse.ABlack).Choose(bughouse.BBlack)})
	wantRunning(t, m, int(bughouse.ABlack), int(bughouse.BBlack))
	wantAll(t, m, 60*sec, 275*sec, 285*sec, 270*sec, 290*sec)
}

func TestAdjustWhilePaused(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 10*sec))
	applied(t, m, ev(rules.Pause, 20*sec)) // A-white 290, A-black 290
	applied(t, m, adjust(bughouse.ABlack, 30*sec, 21*sec))
	applied(t, m, adjust(bughouse.AWhite, -60*sec, 22*sec))
	wantAll(t, m, 23*sec, 230*sec, 320*sec, 280*sec, 300*sec)
	wantRefused(t, m, adjust(bughouse.BWhite, -280*sec, 24*sec), "no time")
	wantIgnored(t, m, adjust(bughouse.BWhite, 0, 25*sec), "no change")
	applied(t, m, ev(rules.Resume, 30*sec))
	if at, _ := m.NextDeadline(); at != 310*sec { // B-white: 30 + 280
		t.Errorf("deadline %v, want 310s", at)
	}
	// Adjust before the start (a handicap set by hand) is allowed too.
	m = newMatch(t, options(t))
	applied(t, m, adjust(bughouse.BBlack, -60*sec, 0))
	wantAll(t, m, 0, 300*sec, 300*sec, 300*sec, 240*sec)
}

func TestAdjustRefusedWhileRunning(t *testing.T) {
	m := started(t)
	wantRefused(t, m, adjust(bughouse.ABlack, 30*sec, 5*sec), "pause the match before adjusting time")
	wantAll(t, m, 6*sec, 294*sec, 300*sec, 294*sec, 300*sec)
}

// Art 29: a claim stops both boards at the claim instant.
func TestClaimStopsPlay(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 5*sec))
	applied(t, m, claim(bughouse.ABlack, rules.IllegalMove, 8*sec))
	if m.Status() != rules.Paused {
		t.Fatalf("status %s after a claim", m.Status())
	}
	if c := m.Claim(); !c.Active || c.Claimant != bughouse.ABlack || c.Reason != rules.IllegalMove || c.At != 8*sec {
		t.Errorf("claim %+v", c)
	}
	wantAll(t, m, time.Hour, 295*sec, 297*sec, 292*sec, 300*sec)
	wantRefused(t, m, ev(rules.Resume, 9*sec), "pending")
	wantRefused(t, m, claim(bughouse.BWhite, rules.OtherClaim, 9*sec), "already pending")
	// Rejected: nothing else happens; play resumes as it was.
	applied(t, m, ev(rules.Reject, 10*sec))
	if m.Claim().Active || m.Strikes(bughouse.AWhite) != 0 || m.Status() != rules.Paused {
		t.Errorf("after reject: claim %+v strikes %d status %s", m.Claim(), m.Strikes(bughouse.AWhite), m.Status())
	}
	applied(t, m, ev(rules.Resume, 20*sec))
	wantRunning(t, m, int(bughouse.ABlack), int(bughouse.BWhite))
}

func TestClaimErrors(t *testing.T) {
	m := newMatch(t, options(t))
	wantRefused(t, m, claim(bughouse.AWhite, rules.IllegalMove, 0), "has not started")
	applied(t, m, ev(rules.Start, 0))
	wantRefused(t, m, claim(bughouse.AWhite, rules.Checkmate, sec), "illegal-move, flag or other")
	wantRefused(t, m, ev(rules.Uphold, sec), "no claim is pending")
	wantRefused(t, m, ev(rules.Reject, sec), "no claim is pending")
	applied(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Agreement, 2*sec)) // A over, B continues
	wantRefused(t, m, claim(bughouse.ABlack, rules.IllegalMove, 3*sec), "board A is over")
}

func TestClaimIllegalMove_LossOnClaim(t *testing.T) {
	m := started(t, "illegal_move", "loss-on-claim")
	applied(t, m, press(bughouse.AWhite, 5*sec))
	applied(t, m, claim(bughouse.ABlack, rules.IllegalMove, 8*sec))
	eff := applied(t, m, ev(rules.Uphold, 30*sec))
	if !eff.Decided {
		t.Errorf("the upheld claim did not decide")
	}
	// The offender A-white (team 1) loses: "0-1".
	wantResult(t, m, rules.Team2Wins, rules.IllegalMove, 30*sec, bughouse.AWhite)
	if b := m.Snapshot(30 * sec).Boards[bughouse.BoardA]; b.Outcome != rules.BlackWins || b.Reason != rules.IllegalMove {
		t.Errorf("board A %+v", b)
	}
	wantAll(t, m, time.Hour, 295*sec, 297*sec, 292*sec, 300*sec) // stopped at the claim
}

func TestClaimIllegalMove_ThreeStrikes(t *testing.T) {
	m := started(t, "illegal_move", "three-strikes")
	at := 0 * sec
	next := func() time.Duration { at += sec; return at }
	// B-black claims that B-white's last move was illegal: B-white is the
	// offender.
	for i := 1; i <= 3; i++ {
		// B-white moves (his clock runs: at the start, and after each
		// upheld claim, when the move is taken back).
		applied(t, m, press(bughouse.BWhite, next()))
		applied(t, m, claim(bughouse.BBlack, rules.IllegalMove, next()))
		// A rejected claim is not a strike.
		applied(t, m, ev(rules.Reject, next()))
		applied(t, m, ev(rules.Resume, next()))
		applied(t, m, claim(bughouse.BBlack, rules.IllegalMove, next()))
		eff := applied(t, m, ev(rules.Uphold, next()))
		if m.Strikes(bughouse.BWhite) != i {
			t.Errorf("strikes after %d upheld claims: %d", i, m.Strikes(bughouse.BWhite))
		}
		if i < 3 {
			if eff.Decided || m.Status() != rules.Paused {
				t.Fatalf("strike %d decided the match (status %s)", i, m.Status())
			}
			applied(t, m, ev(rules.Resume, next()))
			continue
		}
		if !eff.Decided {
			t.Errorf("the third strike did not decide")
		}
		// B-white (team 2) loses: "1-0".
		wantResult(t, m, rules.Team1Wins, rules.IllegalMove, at, bughouse.BWhite)
	}
	if m.Strikes(bughouse.AWhite) != 0 || m.Strikes(bughouse.BBlack) != 0 {
		t.Errorf("strikes went to the wrong seat")
	}
	// Strikes start over with a new match.
	applied(t, m, ev(rules.Reset, next()))
	if m.Strikes(bughouse.BWhite) != 0 {
		t.Errorf("strikes survived the reset")
	}
}

func TestClaimIllegalMove_Arbiter(t *testing.T) {
	m := started(t, "illegal_move", "arbiter")
	applied(t, m, press(bughouse.AWhite, 4*sec))
	applied(t, m, claim(bughouse.ABlack, rules.IllegalMove, 5*sec))
	eff := applied(t, m, ev(rules.Uphold, 6*sec))
	if eff.Decided || m.Status() != rules.Paused || m.Strikes(bughouse.AWhite) != 1 {
		t.Errorf("arbiter policy: decided %v, status %s, strikes %d", eff.Decided, m.Status(), m.Strikes(bughouse.AWhite))
	}
	// The arbiter then declares what he decides.
	applied(t, m, declare(bughouse.BoardA, rules.BlackWins, rules.IllegalMove, 7*sec))
	wantResult(t, m, rules.Team2Wins, rules.IllegalMove, 7*sec, bughouse.AWhite)
}

// An upheld flag or other claim is settled by the arbiter with a result
// or an adjustment: upholding it alone decides nothing.
func TestClaimFlagOrOther_UpheldDecidesNothing(t *testing.T) {
	for _, why := range []rules.Reason{rules.Flag, rules.OtherClaim} {
		m := started(t)
		applied(t, m, claim(bughouse.AWhite, why, 5*sec))
		if eff := applied(t, m, ev(rules.Uphold, 6*sec)); eff.Decided {
			t.Errorf("%s claim upheld decided the match", why)
		}
		wantUndecided(t, m)
		applied(t, m, adjust(bughouse.ABlack, -10*sec, 7*sec))
		wantRemaining(t, m, bughouse.ABlack, 8*sec, 290*sec)
	}
}

// ---- Rule 9: a draw on one board ----

func TestOneBoardDraw_OtherContinues(t *testing.T) {
	m := started(t, "one_board_draw", "other-continues")
	applied(t, m, press(bughouse.AWhite, 5*sec))
	eff := applied(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Agreement, 10*sec))
	if eff.Decided || m.Status() != rules.Running {
		t.Fatalf("the draw on A decided the match (status %s)", m.Status())
	}
	wantRunning(t, m, -1, int(bughouse.BWhite))
	wantIgnored(t, m, press(bughouse.ABlack, 11*sec), "board A is over")
	wantRefused(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, 12*sec), "board A is already over")
	// A's clocks stopped at 10 s.
	wantAll(t, m, 100*sec, 295*sec, 295*sec, 200*sec, 300*sec)
	s := m.Snapshot(100 * sec)
	if b := s.Boards[bughouse.BoardA]; b.Outcome != rules.Drawn || !b.Over || b.At != 10*sec {
		t.Errorf("board A %+v", b)
	}
	// Pause and resume leave board A alone.
	applied(t, m, ev(rules.Pause, 100*sec))
	wantRefused(t, m, rules.Event{Kind: rules.Resume, At: 101 * sec, Run: rules.RunChoice{}.Choose(bughouse.AWhite)}, "board A is over")
	applied(t, m, ev(rules.Resume, 102*sec))
	wantRunning(t, m, -1, int(bughouse.BWhite))
	// Board B decides: B-white (team 2) flags at 302 s.
	m.Advance(time.Hour)
	wantResult(t, m, rules.Team1Wins, rules.Flag, 302*sec, bughouse.BWhite)
	if b := m.Snapshot(time.Hour).Boards[bughouse.BoardA]; b.Outcome != rules.Drawn {
		t.Errorf("board A's draw was lost: %+v", b)
	}

	// Both boards drawn: the match is drawn.
	m = started(t, "one_board_draw", "other-continues")
	applied(t, m, declare(bughouse.BoardB, rules.Drawn, rules.Agreement, 10*sec))
	eff = applied(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Repetition, 20*sec))
	if !eff.Decided {
		t.Errorf("the second draw did not decide")
	}
	wantResult(t, m, rules.MatchDraw, rules.BothDrawn, 20*sec)
}

func TestOneBoardDraw_MatchDraw(t *testing.T) {
	m := started(t, "one_board_draw", "match-draw")
	applied(t, m, press(bughouse.BWhite, 5*sec))
	eff := applied(t, m, declare(bughouse.BoardB, rules.Drawn, rules.Agreement, 10*sec))
	if !eff.Decided {
		t.Errorf("the draw did not decide the match")
	}
	wantResult(t, m, rules.MatchDraw, rules.Agreement, 10*sec)
	wantRunning(t, m, -1, -1)
	wantAll(t, m, time.Hour, 290*sec, 300*sec, 295*sec, 295*sec)
}

// ---- Rule 10: freezing ----

// A player waiting for a piece does not press: his clock keeps running and
// he flags, while the other board plays on.
func TestFreeze_WaitingPlayersClockRunsAndFlags(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 5*sec)) // A-black now waits for a piece
	at := 5 * sec
	for i := 0; i < 40; i++ {
		at += 7 * sec
		seat := bughouse.BWhite
		if i%2 == 1 {
			seat = bughouse.BBlack
		}
		applied(t, m, press(seat, at)) // board B plays on
	}
	wantRemaining(t, m, bughouse.ABlack, at, 300*sec-(at-5*sec))
	m.Advance(time.Hour)
	// A-black (team 2) flags at 305 s: "1-0".
	wantResult(t, m, rules.Team1Wins, rules.Flag, 305*sec, bughouse.ABlack)
}

// ---- Declarations: stalemate, repetition, mapping by board ----

func TestStalemate_Draw(t *testing.T) {
	m := started(t, "stalemate", "draw")
	wantRefused(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Stalemate, sec), "stalemate draws under these rules")
	applied(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Stalemate, 2*sec))
	if b := m.Snapshot(2 * sec).Boards[bughouse.BoardA]; b.Outcome != rules.Drawn || b.Reason != rules.Stalemate {
		t.Errorf("board A %+v", b)
	}
	m = started(t, "stalemate", "draw", "one_board_draw", "match-draw")
	applied(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Stalemate, 2*sec))
	wantResult(t, m, rules.MatchDraw, rules.Stalemate, 2*sec)
}

func TestStalemate_Wait(t *testing.T) {
	m := started(t, "stalemate", "wait")
	for _, o := range []rules.Outcome{rules.Drawn, rules.WhiteWins, rules.BlackWins} {
		wantRefused(t, m, declare(bughouse.BoardA, o, rules.Stalemate, sec), "stalemate = wait")
	}
	wantUndecided(t, m)
}

func TestStalemate_WinOrLossForStalemated(t *testing.T) {
	for _, opt := range []string{"win-for-stalemated", "loss-for-stalemated"} {
		m := started(t, "stalemate", opt)
		wantRefused(t, m, declare(bughouse.BoardB, rules.Drawn, rules.Stalemate, sec), "stalemate is decisive")
		// The arbiter names the winner (the stalemated player or his
		// opponent, as the option says): B-black wins, team 1.
		applied(t, m, declare(bughouse.BoardB, rules.BlackWins, rules.Stalemate, 2*sec))
		wantResult(t, m, rules.Team1Wins, rules.Stalemate, 2*sec, bughouse.BWhite)
	}
}

func TestRepetition(t *testing.T) {
	m := started(t, "repetition_draw", "false")
	wantRefused(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Repetition, sec), "repetition_draw = false")
	wantUndecided(t, m)
	m = started(t, "repetition_draw", "true", "one_board_draw", "match-draw")
	applied(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Repetition, sec))
	wantResult(t, m, rules.MatchDraw, rules.Repetition, sec)
	m = started(t, "repetition_draw", "true")
	wantRefused(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Repetition, sec), "is a draw")
}

// docs/rules.md: White winning on A or Black winning on B is "1-0".
func TestResultMappingByBoard(t *testing.T) {
	for _, tc := range []struct {
		b     bughouse.Board
		o     rules.Outcome
		want  string
		loser bughouse.Seat
	}{
		{bughouse.BoardA, rules.WhiteWins, "1-0", bughouse.ABlack},
		{bughouse.BoardA, rules.BlackWins, "0-1", bughouse.AWhite},
		{bughouse.BoardB, rules.WhiteWins, "0-1", bughouse.BBlack},
		{bughouse.BoardB, rules.BlackWins, "1-0", bughouse.BWhite},
	} {
		for _, why := range []rules.Reason{rules.Checkmate, rules.Resignation, rules.Forfeit, rules.IllegalMove} {
			m := started(t)
			applied(t, m, declare(tc.b, tc.o, why, 3*sec))
			r, gotWhy, seats, _ := m.Result()
			if r.String() != tc.want || gotWhy != why || len(seats) != 1 || seats[0] != tc.loser {
				t.Errorf("board %s %s by %s: %s %v, want %s [%s]", tc.b, tc.o, why, r, seats, tc.want, tc.loser)
			}
		}
	}
}

func TestDeclareErrors(t *testing.T) {
	m := newMatch(t, options(t))
	wantRefused(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, 0), "has not started")
	applied(t, m, ev(rules.Start, 0))
	wantRefused(t, m, declare(bughouse.BoardA, rules.Drawn, rules.Checkmate, sec), "needs a winner")
	wantRefused(t, m, declare(bughouse.BoardA, rules.Undecided, rules.Resignation, sec), "needs a winner")
	wantRefused(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Agreement, sec), "is a draw")
	wantRefused(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Flag, sec), "is not a reason for a board result")
	wantRefused(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.NoReason, sec), "is not a reason for a board result")
	wantRefused(t, m, rules.Event{Kind: rules.Declare, Board: 2, Outcome: rules.WhiteWins, Reason: rules.Checkmate, At: sec}, "unknown board")
	wantRefused(t, m, rules.Event{Kind: rules.Press, Seat: 4, At: sec}, "unknown seat")
	wantRefused(t, m, rules.Event{Kind: 0, At: sec}, "unknown event kind")
	wantRefused(t, m, rules.Event{Kind: rules.Arrive + 1, At: sec}, "unknown event kind")
	wantUndecided(t, m)
}

// ---- Presets (docs/rules.md table) ----

func TestEveryPresetLoads(t *testing.T) {
	type row struct {
		control                                  string // "" = not fixed by the table
		dropCheck, mate, promotion, stalemate    string
		illegal, oneBoardDraw                    string
		pawnRanks, pieceRanks                    board.Ranks
		castleDroppedRook, droppedPawnDoubleStep bool
		repetitionDraw                           bool
	}
	want := map[string]row{
		"reglamento":  {"5m", "forbidden", "reserve", "upgrade", "draw", "loss-on-claim", "other-continues", board.Ranks{2, 6}, board.Ranks{1, 8}, false, true, true},
		"pasapiezas":  {"5m", "forbidden", "bughouse", "upgrade", "wait", "loss-on-claim", "match-draw", board.Ranks{2, 6}, board.Ranks{1, 7}, false, true, true},
		"online":      {"3m", "allowed", "bughouse", "upgrade", "wait", "arbiter", "match-draw", board.Ranks{2, 7}, board.Ranks{1, 8}, false, true, false},
		"uscf-fics":   {"5m", "allowed", "bughouse", "steal", "wait", "loss-on-claim", "match-draw", board.Ranks{2, 6}, board.Ranks{1, 8}, false, true, true},
		"panoriental": {"5m", "forbidden", "reserve", "upgrade", "win-for-stalemated", "three-strikes", "other-continues", board.Ranks{1, 6}, board.Ranks{1, 8}, true, true, true},
		"fics":        {"", "allowed", "bughouse", "upgrade", "wait", "arbiter", "match-draw", board.Ranks{2, 7}, board.Ranks{1, 8}, true, true, true},
	}
	names := rules.PresetNames()
	if !reflect.DeepEqual(names, []string{"fics", "online", "panoriental", "pasapiezas", "reglamento", "uscf-fics"}) {
		t.Errorf("preset names %v", names)
	}
	if _, err := rules.LookupPreset(rules.DefaultPreset); err != nil || rules.DefaultPreset != "reglamento" {
		t.Errorf("default preset %q: %v", rules.DefaultPreset, err)
	}
	for _, name := range names {
		p, err := rules.LookupPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		w, ok := want[name]
		if !ok {
			t.Errorf("preset %q is not in RULES.md", name)
			continue
		}
		o := p.Options
		if p.Name != name || p.Source == "" || p.Summary == "" {
			t.Errorf("%s: name/source/summary %q %q %q", name, p.Name, p.Source, p.Summary)
		}
		if _, err := rules.New(o); err != nil {
			t.Errorf("%s: New: %v", name, err)
		}
		if w.control != "" && o.Control.String() != w.control {
			t.Errorf("%s: control %s, want %s", name, o.Control, w.control)
		}
		if o.Control.HasDelay() || o.Control.Stages[0].Increment != 0 || len(o.Control.Stages) != 1 {
			t.Errorf("%s: control %s is not sudden death", name, o.Control)
		}
		got := map[string]string{}
		for _, k := range rules.OptionKeys {
			v, err := o.Get(k)
			if err != nil {
				t.Fatalf("%s: Get(%q): %v", name, k, err)
			}
			got[k] = v
		}
		for k, v := range map[string]string{
			"start": map[bool]string{true: "both-black", false: "arbiter"}[name == "uscf-fics"], "simultaneous_window": "1ms",
			"drop_check": w.dropCheck, "mate": w.mate, "promotion": w.promotion,
			"stalemate": w.stalemate, "illegal_move": w.illegal, "one_board_draw": w.oneBoardDraw,
			"pawn_drop_ranks": w.pawnRanks.String(), "piece_drop_ranks": w.pieceRanks.String(),
		} {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", name, k, got[k], v)
			}
		}
		if o.SimultaneousWindow != time.Millisecond {
			t.Errorf("%s: window %v", name, o.SimultaneousWindow)
		}
		if o.PawnDropRanks != w.pawnRanks || o.PieceDropRanks != w.pieceRanks {
			t.Errorf("%s: ranks %v %v", name, o.PawnDropRanks, o.PieceDropRanks)
		}
		if o.CastleDroppedRook != w.castleDroppedRook || o.DroppedPawnDoubleStep != w.droppedPawnDoubleStep || o.RepetitionDraw != w.repetitionDraw {
			t.Errorf("%s: castle %v double-step %v repetition %v", name, o.CastleDroppedRook, o.DroppedPawnDoubleStep, o.RepetitionDraw)
		}
		for _, s := range bughouse.Seats {
			if o.SeatControls[s] != nil {
				t.Errorf("%s: a handicap control for %s", name, s)
			}
		}
	}
	if _, err := rules.LookupPreset("fide"); err == nil || !strings.Contains(err.Error(), "presets are fics, online, panoriental, pasapiezas, reglamento, uscf-fics") {
		t.Errorf("unknown preset: %v", err)
	}
}

// Presets and LookupPreset return copies: changing them (e.g. a
// configuration overriding the time control in place) changes no preset.
func TestPresets_AreCopies(t *testing.T) {
	ps := rules.Presets()
	ps[0].Options.SimultaneousWindow = time.Second
	ps[0].Options.Control.Stages[0].Time = time.Second
	p, _ := rules.LookupPreset(ps[0].Name)
	p.Options.Control.Stages[0].Increment = time.Second
	for _, q := range rules.Presets() {
		if q.Options.SimultaneousWindow != time.Millisecond {
			t.Errorf("%s: window changed to %v", q.Name, q.Options.SimultaneousWindow)
		}
		if s := q.Options.Control.Stages[0]; s.Time < time.Minute || s.Increment != 0 {
			t.Errorf("%s: control changed through a copy: %v", q.Name, q.Options.Control)
		}
	}
}

// ---- Options by name ----

func TestOptions_SetGetRoundTrip(t *testing.T) {
	values := map[string][]string{
		"start":                       {"arbiter", "black-press", "both-black"},
		"increment_before_first_move": {"true", "false"},
		"simultaneous_window":         {"0s", "1ms", "250ms", "0.0005s", "1s", "0.0000015s"},
		"one_board_draw":              {"other-continues", "match-draw"},
		"illegal_move":                {"loss-on-claim", "three-strikes", "arbiter"},
		"stalemate":                   {"draw", "wait", "win-for-stalemated", "loss-for-stalemated"},
		"repetition_draw":             {"true", "false"},
		"drop_check":                  {"allowed", "no-mate", "forbidden"},
		"pawn_drop_ranks":             {"[2, 6]", "[1, 8]", "[3, 3]"},
		"piece_drop_ranks":            {"[1, 7]", "[1, 8]"},
		"mate":                        {"bughouse", "reserve"},
		"promotion":                   {"upgrade", "steal"},
		"castle_dropped_rook":         {"true", "false"},
		"dropped_pawn_double_step":    {"true", "false"},
		"illegal_move_claim":          {"board-opponent", "opposing-team"},
		"draw_agreement":              {"one-board", "all-four"},
		"deadlock_draw":               {"true", "false"},
		"move_limit":                  {"800", "0", "1", "100000"},
		"fifty_move_draw":             {"true", "false"},
		"match_format":                {"first-decision", "both-boards"},
		"no_show_tolerance":           {"15m", "0s", "30s", "1h30m", "24h"},
	}
	if len(values) != len(rules.OptionKeys) {
		t.Fatalf("OptionKeys has %d keys, the test knows %d", len(rules.OptionKeys), len(values))
	}
	for _, k := range rules.OptionKeys {
		vs, ok := values[k]
		if !ok {
			t.Errorf("key %q not tested", k)
			continue
		}
		o := options(t)
		// Get then Set changes nothing.
		cur, err := o.Get(k)
		if err != nil {
			t.Fatal(err)
		}
		before := o
		if err := o.Set(k, cur); err != nil || !reflect.DeepEqual(o, before) {
			t.Errorf("Set(%q, Get) = %v or changed the options", k, err)
		}
		for _, v := range vs {
			if err := o.Set(k, v); err != nil {
				t.Errorf("Set(%q, %q): %v", k, v, err)
				continue
			}
			if got, _ := o.Get(k); got != v {
				t.Errorf("Get(%q) after Set(%q) = %q", k, v, got)
			}
			if err := o.Validate(); err != nil {
				t.Errorf("Set(%q, %q) made invalid options: %v", k, v, err)
			}
		}
	}
	// Alternative spellings read as the canonical ones.
	o := options(t)
	for _, kv := range [][3]string{
		{"repetition_draw", "no", "false"}, {"repetition_draw", "YES", "true"}, {"castle_dropped_rook", "on", "true"},
		{"dropped_pawn_double_step", "off", "false"}, {"pawn_drop_ranks", "2-6", "[2, 6]"},
		{"pawn_drop_ranks", "[2,7]", "[2, 7]"}, {"piece_drop_ranks", " [ 1 , 7 ] ", "[1, 7]"},
		{"simultaneous_window", "0.001s", "1ms"}, {"simultaneous_window", "500µs", "0.0005s"}, {"simultaneous_window", "0.002", "2ms"},
		{"start", " black-press ", "black-press"},
	} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			t.Errorf("Set(%q, %q): %v", kv[0], kv[1], err)
		}
		if got, _ := o.Get(kv[0]); got != kv[2] {
			t.Errorf("Set(%q, %q) then Get = %q, want %q", kv[0], kv[1], got, kv[2])
		}
	}
	if o.SimultaneousWindow != 2*ms {
		t.Errorf("window %v, want 2ms", o.SimultaneousWindow)
	}
	// increment_before_first_move reaches every seat's control.
	o = options(t)
	h := clock.Fischer(time.Minute, time.Second)
	o.SeatControls[bughouse.BBlack] = &h
	if err := o.Set("increment_before_first_move", "false"); err != nil {
		t.Fatal(err)
	}
	if o.Control.IncrementBeforeFirstMove || o.SeatControls[bughouse.BBlack].IncrementBeforeFirstMove {
		t.Errorf("increment_before_first_move=false not applied to every control")
	}
	if err := o.Set("increment_before_first_move", "true"); err != nil {
		t.Fatal(err)
	}
	if !o.ControlFor(bughouse.BBlack).IncrementBeforeFirstMove || h.IncrementBeforeFirstMove {
		t.Errorf("the handicap control was not updated, or the caller's copy was written")
	}
}

func TestOptions_SetErrors(t *testing.T) {
	for _, tc := range []struct{ k, v, want string }{
		{"speed", "fast", `unknown option "speed"; options are start, increment_before_first_move, simultaneous_window`},
		{"start", "white-press", `unknown start "white-press"; allowed: arbiter, black-press`},
		{"one_board_draw", "draw", `unknown one_board_draw "draw"; allowed: other-continues, match-draw`},
		{"illegal_move", "warn", `unknown illegal_move "warn"; allowed: loss-on-claim, three-strikes, arbiter`},
		{"stalemate", "loss", `unknown stalemate "loss"; allowed: draw, wait, win-for-stalemated, loss-for-stalemated`},
		{"drop_check", "no", `unknown drop_check "no"; allowed: allowed, no-mate, forbidden`},
		{"mate", "fide", `unknown mate "fide"; allowed: bughouse, reserve`},
		{"promotion", "queen", `unknown promotion "queen"; allowed: upgrade, steal`},
		{"simultaneous_window", "2s", "simultaneous_window 2s: allowed 0 to 1s"},
		{"simultaneous_window", "-1ms", `simultaneous_window: "-1ms" is negative`},
		{"simultaneous_window", "soon", `simultaneous_window: "soon" is not a duration`},
		{"pawn_drop_ranks", "[0, 6]", `pawn_drop_ranks: "[0, 6]" is not a rank range; write [min, max] with 1 <= min <= max <= 8`},
		{"pawn_drop_ranks", "[6, 2]", `pawn_drop_ranks: "[6, 2]" is not a rank range`},
		{"piece_drop_ranks", "[1, 9]", `piece_drop_ranks: "[1, 9]" is not a rank range`},
		{"piece_drop_ranks", "all", `piece_drop_ranks: "all" is not a rank range`},
		{"repetition_draw", "maybe", `repetition_draw: "maybe" is not a switch; write true or false`},
		{"increment_before_first_move", "1", `increment_before_first_move: "1" is not a switch`},
		{"castle_dropped_rook", "", `castle_dropped_rook: "" is not a switch`},
	} {
		o := options(t)
		before := o
		err := o.Set(tc.k, tc.v)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Set(%q, %q) = %v, want %q", tc.k, tc.v, err, tc.want)
		}
		if !reflect.DeepEqual(o, before) {
			t.Errorf("a failed Set(%q, %q) changed the options", tc.k, tc.v)
		}
	}
	o := options(t)
	if _, err := o.Get("speed"); err == nil || !strings.Contains(err.Error(), `unknown option "speed"`) {
		t.Errorf("Get(unknown) = %v", err)
	}
}

func TestOptions_Validate(t *testing.T) {
	bad := func(f func(o *rules.Options)) rules.Options { o := options(t); f(&o); return o }
	h := clock.SuddenDeath(0)
	for _, tc := range []struct {
		o    rules.Options
		want string
	}{
		{bad(func(o *rules.Options) { o.Control = clock.Control{} }), "time control : clock: a time control needs at least one stage"},
		{bad(func(o *rules.Options) { o.SeatControls[bughouse.ABlack] = &h }), "time control for A-black 0s"},
		{bad(func(o *rules.Options) { o.SimultaneousWindow = -1 }), "simultaneous_window -1ns: allowed 0 to 1s"},
		{bad(func(o *rules.Options) { o.SimultaneousWindow = time.Second + 1 }), "allowed 0 to 1s"},
		{bad(func(o *rules.Options) { o.PawnDropRanks = board.Ranks{0, 6} }), "pawn_drop_ranks [0, 6]"},
		{bad(func(o *rules.Options) { o.PieceDropRanks = board.Ranks{5, 4} }), "piece_drop_ranks [5, 4]"},
		{bad(func(o *rules.Options) { o.Stalemate = 9 }), "stalemate: value 9 out of range"},
		{bad(func(o *rules.Options) { o.Start = 3 }), "start: value 3 out of range"},
		{bad(func(o *rules.Options) { o.ClaimIllegal = 2 }), "illegal_move_claim: value 2 out of range"},
		{bad(func(o *rules.Options) { o.DrawAgreement = 2 }), "draw_agreement: value 2 out of range"},
		{bad(func(o *rules.Options) { o.Format = 2 }), "match_format: value 2 out of range"},
		{bad(func(o *rules.Options) { o.MoveLimit = -1 }), "move_limit -1: allowed 0 (none) to 100000"},
		{bad(func(o *rules.Options) { o.MoveLimit = rules.MaxMoveLimit + 1 }), "move_limit 100001"},
		{bad(func(o *rules.Options) { o.NoShowTolerance = -1 }), "no_show_tolerance -1ns: allowed 0 (none) to 24h"},
		{bad(func(o *rules.Options) { o.NoShowTolerance = 25 * time.Hour }), "no_show_tolerance 25h0m0s"},
		{bad(func(o *rules.Options) { o.IllegalMove = 3 }), "illegal_move: value 3 out of range"},
	} {
		err := tc.o.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate = %v, want %q", err, tc.want)
		}
		if _, err := rules.New(tc.o); err == nil {
			t.Errorf("New accepted invalid options (%s)", tc.want)
		}
	}
}

// ---- Names ----

func TestNames(t *testing.T) {
	for _, s := range bughouse.Seats {
		got, err := bughouse.ParseSeat(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSeat(%q) = %v, %v", s, got, err)
		}
	}
	for in, want := range map[string]bughouse.Seat{"a-w": bughouse.AWhite, "B-B": bughouse.BBlack, "b-white": bughouse.BWhite} {
		if got, err := bughouse.ParseSeat(in); err != nil || got != want {
			t.Errorf("ParseSeat(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := bughouse.ParseSeat("C-white"); err == nil {
		t.Errorf("ParseSeat accepted board C")
	}
	teams := map[bughouse.Seat]bughouse.Team{bughouse.AWhite: bughouse.Team1, bughouse.BBlack: bughouse.Team1, bughouse.ABlack: bughouse.Team2, bughouse.BWhite: bughouse.Team2}
	for s, team := range teams {
		if s.Team() != team || s.Partner().Team() != team || s.Opponent().Team() == team || s.Partner().Board() == s.Board() {
			t.Errorf("%s: team/partner/opponent wrong", s)
		}
	}
	for _, o := range []rules.Outcome{rules.WhiteWins, rules.BlackWins, rules.Drawn} {
		if got, err := rules.ParseOutcome(o.String()); err != nil || got != o {
			t.Errorf("ParseOutcome(%q) = %v, %v", o, got, err)
		}
	}
	for r := rules.Flag; r <= rules.OtherClaim; r++ {
		if got, err := rules.ParseReason(r.String()); err != nil || got != r {
			t.Errorf("ParseReason(%q) = %v, %v", r, got, err)
		}
	}
	if r, _ := rules.ParseReason("draw"); r != rules.Agreement {
		t.Errorf("draw -> %s", r)
	}
	if rules.WinFor(bughouse.Team1).String() != "1-0" || rules.LossFor(bughouse.Team1).String() != "0-1" || rules.MatchDraw.String() != "1/2-1/2" || rules.NoResult.String() != "*" {
		t.Errorf("result strings")
	}
	for e, want := range map[string]rules.Event{
		"press A-black":              press(bughouse.ABlack, 0),
		"resume B-black":             {Kind: rules.Resume, Run: rules.RunChoice{}.Choose(bughouse.BBlack)},
		"adjust B-white -1.5s":       adjust(bughouse.BWhite, -1500*ms, 0),
		"claim A-white illegal-move": claim(bughouse.AWhite, rules.IllegalMove, 0),
		"result B 0-1 checkmate":     declare(bughouse.BoardB, rules.BlackWins, rules.Checkmate, 0),
		"reset":                      ev(rules.Reset, 0),
	} {
		if want.String() != e {
			t.Errorf("Event.String() = %q, want %q", want.String(), e)
		}
	}
}
