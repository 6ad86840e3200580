package rules_test

// The cases of testdata/clock-cases.md (a copy of the design's clock cases) that concern the match,
// with virtual instants. Expected values are worked out by hand in the
// comments (milliseconds unless noted), never by calling the code under
// test. The pair-level halves of C01-C08, C18, C22 and C23 are in
// clock/cases_test.go.
//
// Cases tested elsewhere:
//   - C10, C11, C13, C14: display formatting (rounding up, tenths, the flag
//     mark, 9 999 ms): package display.
//   - C19, C21: the press edge and bounces, through the loop:
//     table/cases_test.go (the hardware lockout comes with package gpio).

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// C01: Fischer 180 000 + 2 000: 182 000 on all four clocks before move 1
// with increment_before_first_move, 180 000 without.
func TestC01_AllFourClocksShowIncrementBeforeMove1(t *testing.T) {
	for _, tc := range []struct {
		before bool
		want   time.Duration
	}{{true, 182_000 * ms}, {false, 180_000 * ms}} {
		m := newMatch(t, withControl(t, fischer(180_000*ms, 2_000*ms, tc.before)))
		wantAll(t, m, 0, tc.want, tc.want, tc.want, tc.want)
		s := m.Snapshot(0)
		for _, seat := range bughouse.Seats {
			if s.Clocks[seat].Remaining != tc.want {
				t.Errorf("before=%v: snapshot %s = %v, want %v", tc.before, seat, s.Clocks[seat].Remaining, tc.want)
			}
		}
		// The option set by name does the same (config files use it).
		o := options(t)
		o.Control = clock.Fischer(180_000*ms, 2_000*ms)
		if err := o.Set("increment_before_first_move", strconv.FormatBool(tc.before)); err != nil {
			t.Fatal(err)
		}
		m = newMatch(t, o)
		wantAll(t, m, 0, tc.want, tc.want, tc.want, tc.want)
	}
}

// C02: 1 800 000 + 20 000: both sides of both boards start alike.
func TestC02_IdenticalStartOnBothBoards(t *testing.T) {
	for _, tc := range []struct {
		before bool
		want   time.Duration
	}{{true, 1_820_000 * ms}, {false, 1_800_000 * ms}} {
		m := newMatch(t, withControl(t, fischer(1_800_000*ms, 20_000*ms, tc.before)))
		applied(t, m, ev(rules.Start, 0))
		wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
		wantAll(t, m, 0, tc.want, tc.want, tc.want, tc.want)
		// 10 000 later both running clocks show the same.
		w := tc.want - 10_000*ms
		wantAll(t, m, 10_000*ms, w, tc.want, w, tc.want)
	}
}

// C03: handicap: A-white 300 000 + 0, A-black 300 000 + 5 000; White presses
// at 4 000 and shows 296 000: the increment goes only to its own side.
func TestC03_HandicapIncrementOnlyToItsSide(t *testing.T) {
	for _, before := range []bool{true, false} {
		o := withControl(t, fischer(300_000*ms, 0, before))
		b := fischer(300_000*ms, 5_000*ms, before)
		o.SeatControls[bughouse.ABlack] = &b
		m := newMatch(t, o)
		bInit := 300_000 * ms
		if before {
			bInit = 305_000 * ms
		}
		wantAll(t, m, 0, 300_000*ms, bInit, 300_000*ms, 300_000*ms)
		applied(t, m, ev(rules.Start, 0))
		applied(t, m, press(bughouse.AWhite, 4_000*ms))
		wantAll(t, m, 4_000*ms, 296_000*ms, bInit, 296_000*ms, 300_000*ms)
		// A-black moves in 1 000 and gets its own 5 000: bInit + 4 000.
		applied(t, m, press(bughouse.ABlack, 5_000*ms))
		wantAll(t, m, 5_000*ms, 296_000*ms, bInit+4_000*ms, 295_000*ms, 300_000*ms)
	}
}

// C04: Bronstein delay 5 000, W presses at 3 000, B at 6 000: the delay
// covers the first turn of both players alike, on both boards.
func TestC04_DelayOnFirstTurnOfBoth(t *testing.T) {
	for _, kind := range []clock.DelayKind{clock.Bronstein, clock.US} {
		m := newMatch(t, withControl(t, clock.Delayed(60_000*ms, 5_000*ms, kind)))
		applied(t, m, ev(rules.Start, 0))
		applied(t, m, press(bughouse.AWhite, 3_000*ms))
		applied(t, m, press(bughouse.BWhite, 3_000*ms))
		applied(t, m, press(bughouse.ABlack, 6_000*ms))
		applied(t, m, press(bughouse.BBlack, 6_000*ms))
		wantAll(t, m, 6_000*ms, 60_000*ms, 60_000*ms, 60_000*ms, 60_000*ms)
		s := m.Snapshot(7_000 * ms)
		if s.Clocks[bughouse.AWhite].DelayLeft != 4_000*ms || s.Clocks[bughouse.ABlack].DelayLeft != 0 {
			t.Errorf("%s: delay left %v / %v, want 4s / 0", kind, s.Clocks[bughouse.AWhite].DelayLeft, s.Clocks[bughouse.ABlack].DelayLeft)
		}
		// Both White clocks flag together at 6 000 + 60 000 + 5 000 = 71 000.
		if at, ok := m.NextDeadline(); !ok || at != 71_000*ms {
			t.Errorf("%s: next deadline %v %v, want 71s", kind, at, ok)
		}
	}
}

// C05: Fischer 60 000 + 2 000, W thinks 3 000 and presses: 59 000 right
// after the press (increment after the move); with the increment before
// move 1, 62 000 - 3 000 + 2 000 = 61 000.
func TestC05_IncrementCreditedAtPress(t *testing.T) {
	for _, tc := range []struct {
		before bool
		want   time.Duration
	}{{false, 59_000 * ms}, {true, 61_000 * ms}} {
		m := newMatch(t, withControl(t, fischer(60_000*ms, 2_000*ms, tc.before)))
		applied(t, m, ev(rules.Start, 0))
		applied(t, m, press(bughouse.AWhite, 3_000*ms))
		wantRemaining(t, m, bughouse.AWhite, 3_000*ms, tc.want)
		if s := m.Snapshot(3_000 * ms); s.Clocks[bughouse.AWhite].Remaining != tc.want {
			t.Errorf("snapshot shows %v, want %v", s.Clocks[bughouse.AWhite].Remaining, tc.want)
		}
	}
}

// C06: Fischer 10 000 + 2 000, A-white never presses: it flags at exactly
// 10 000 (12 000 with the increment credited before move 1). A press after
// the flag adds nothing and changes nothing. Board B's White moved at
// 1 000, so B-black's flag (11 000 / 13 000) is not simultaneous.
func TestC06_FlagExactAndLatePressChangesNothing(t *testing.T) {
	for _, tc := range []struct {
		before bool
		flag   time.Duration
	}{{false, 10_000 * ms}, {true, 12_000 * ms}} {
		m := newMatch(t, withControl(t, fischer(10_000*ms, 2_000*ms, tc.before)))
		applied(t, m, ev(rules.Start, 0))
		applied(t, m, press(bughouse.BWhite, 1_000*ms))
		if at, ok := m.NextDeadline(); !ok || at != tc.flag {
			t.Errorf("before=%v: deadline %v, want %v", tc.before, at, tc.flag)
		}
		if m.Advance(tc.flag - 1) {
			t.Errorf("decided 1 ns before the flag")
		}
		eff, err := m.Apply(press(bughouse.AWhite, tc.flag))
		if err != nil || !eff.Decided || !strings.Contains(eff.Ignored, "decided") {
			t.Errorf("press at the flag: %+v %v; want decided and ignored", eff, err)
		}
		wantResult(t, m, rules.Team2Wins, rules.Flag, tc.flag, bughouse.AWhite)
		wantIgnored(t, m, press(bughouse.AWhite, tc.flag+1_000*ms), "match decided")
		s := m.Snapshot(tc.flag + 5_000*ms)
		if c := s.Clocks[bughouse.AWhite]; c.Remaining != 0 || !c.Flagged || c.Moves != 0 || c.Running {
			t.Errorf("A-white after the flag: %+v", c)
		}
	}
}

// C07: Bronstein main 0, delay 5 000: exactly 5 000 per move, no flag at the
// start, a flag 5 000 into a turn, never a negative time, pause works.
func TestC07_BronsteinMainZero(t *testing.T) {
	for _, kind := range []clock.DelayKind{clock.Bronstein, clock.US} {
		c := clock.Control{Stages: []clock.Stage{{Delay: 5_000 * ms}}, DelayKind: kind}
		m := newMatch(t, withControl(t, c))
		applied(t, m, ev(rules.Start, 0))
		if m.Advance(0) {
			t.Fatalf("%s: flag at the start", kind)
		}
		applied(t, m, press(bughouse.AWhite, 4_999*ms)) // 1 ms before its flag
		applied(t, m, press(bughouse.BWhite, 3_000*ms+1_999*ms))
		// A-black: turn from 4 999, would flag at 9 999; B-black: turn from
		// 4 999 too. Pause at 7 000: both used 2 001, 2 999 of the delay left.
		applied(t, m, ev(rules.Pause, 7_000*ms))
		wantAll(t, m, 60_000*ms, 0, 0, 0, 0)
		applied(t, m, ev(rules.Resume, 60_000*ms))
		if at, ok := m.NextDeadline(); !ok || at != 62_999*ms {
			t.Errorf("%s: deadline %v, want 62.999s", kind, at)
		}
		for at := 60_000 * ms; at < 70_000*ms; at += 100 * ms {
			for _, s := range bughouse.Seats {
				if r := m.Remaining(s, at); r < 0 {
					t.Fatalf("%s remaining %v < 0", s, r)
				}
			}
		}
		// B-black presses 1 ms before its flag; A-black flags at 62 999.
		applied(t, m, press(bughouse.BBlack, 62_998*ms))
		m.Advance(70_000 * ms)
		wantResult(t, m, rules.Team1Wins, rules.Flag, 62_999*ms, bughouse.ABlack)
	}
}

// C08: base 0 + increment 6 000: with the increment before move 1 the
// first mover has 6 000 and no flag at t = 0; a match with base 0 and
// nothing, or with the increment only after the move, is refused.
func TestC08_BaseZeroPlusIncrement(t *testing.T) {
	m := newMatch(t, withControl(t, fischer(0, 6_000*ms, true)))
	wantAll(t, m, 0, 6_000*ms, 6_000*ms, 6_000*ms, 6_000*ms)
	applied(t, m, ev(rules.Start, 0))
	if eff := apply(t, m, press(bughouse.AWhite, 0)); eff.Decided {
		t.Fatalf("flag at t = 0")
	}
	// A-white moved at once: 6 000 + the second move's 6 000.
	wantRemaining(t, m, bughouse.AWhite, 0, 12_000*ms)
	if at, _ := m.NextDeadline(); at != 6_000*ms {
		t.Errorf("deadline %v, want 6s (B-white and A-black)", at)
	}
	for _, c := range []clock.Control{fischer(0, 6_000*ms, false), fischer(0, 0, true), fischer(0, 0, false)} {
		if _, err := rules.New(withControl(t, c)); err == nil {
			t.Errorf("New accepted %v (before=%v)", c, c.IncrementBeforeFirstMove)
		}
	}
}

// C15: a match reset while its clocks run: nothing of it survives; no
// timer of the old match can flag the new one.
func TestC15_ResetWhileRunning(t *testing.T) {
	m := started(t) // A-white and B-white would flag at 300 000
	applied(t, m, press(bughouse.AWhite, 10_000*ms))
	applied(t, m, ev(rules.Reset, 100_000*ms))
	if m.Status() != rules.Ready {
		t.Fatalf("status %s after reset", m.Status())
	}
	if _, ok := m.NextDeadline(); ok {
		t.Errorf("a deadline survived the reset")
	}
	if m.Advance(300_000 * ms) {
		t.Errorf("the old match's flag decided after the reset")
	}
	wantAll(t, m, 300_000*ms, 300_000*ms, 300_000*ms, 300_000*ms, 300_000*ms)
	applied(t, m, ev(rules.Start, 400_000*ms))
	if at, ok := m.NextDeadline(); !ok || at != 700_000*ms {
		t.Errorf("new match deadline %v %v, want 700s", at, ok)
	}
	s := m.Snapshot(400_000 * ms)
	for _, seat := range bughouse.Seats {
		if c := s.Clocks[seat]; c.Moves != 0 || c.Flagged || c.Remaining != 300_000*ms {
			t.Errorf("%s after reset and start: %+v", seat, c)
		}
	}
	if m.Advance(699_999 * ms) {
		t.Errorf("decided before the new flag")
	}
	m.Advance(700_000 * ms)
	wantResult(t, m, rules.MatchDraw, rules.SimultaneousFlag, 700_000*ms, bughouse.AWhite, bughouse.BWhite)
	// Reset after a decision starts over too.
	applied(t, m, ev(rules.Reset, 800_000*ms))
	wantUndecided(t, m)
	if r, _, seats, at := m.Result(); r != rules.NoResult || len(seats) != 0 || at != 0 {
		t.Errorf("result after reset: %s %v %v", r, seats, at)
	}
}

// runningPerBoard counts running clocks per board in a snapshot.
func runningPerBoard(s rules.Snapshot) [2]int {
	var n [2]int
	for _, seat := range bughouse.Seats {
		if s.Clocks[seat].Running {
			n[seat.Board()]++
		}
	}
	return n
}

// C16: exactly one clock runs on each board while the match runs; all four
// stop at the end; the next match starts from the configured times.
func TestC16_OneClockPerBoard_AllStopAtEnd(t *testing.T) {
	m := newMatch(t, withControl(t, fischer(180_000*ms, 2_000*ms, true)))
	if n := runningPerBoard(m.Snapshot(0)); n != [2]int{0, 0} {
		t.Errorf("before start: %v running", n)
	}
	applied(t, m, ev(rules.Start, 0))
	for i, e := range []rules.Event{
		press(bughouse.AWhite, 1_000*ms), press(bughouse.BWhite, 1_500*ms), press(bughouse.ABlack, 2_000*ms),
		press(bughouse.AWhite, 3_000*ms), press(bughouse.BBlack, 3_000*ms), press(bughouse.ABlack, 4_000*ms),
	} {
		applied(t, m, e)
		if n := runningPerBoard(m.Snapshot(e.At)); n != [2]int{1, 1} {
			t.Errorf("after event %d: %v running", i, n)
		}
	}
	applied(t, m, declare(bughouse.BoardB, rules.WhiteWins, rules.Checkmate, 5_000*ms))
	end := m.Snapshot(5_000 * ms)
	later := m.Snapshot(500_000 * ms)
	if n := runningPerBoard(later); n != [2]int{0, 0} {
		t.Errorf("after the end: %v running", n)
	}
	if !reflect.DeepEqual(end.Clocks, later.Clocks) {
		t.Errorf("clocks moved after the end:\n%+v\n%+v", end.Clocks, later.Clocks)
	}
	applied(t, m, ev(rules.Reset, 600_000*ms))
	wantAll(t, m, 600_000*ms, 182_000*ms, 182_000*ms, 182_000*ms, 182_000*ms)
	applied(t, m, ev(rules.Start, 700_000*ms))
	if n := runningPerBoard(m.Snapshot(700_000 * ms)); n != [2]int{1, 1} {
		t.Errorf("new match: %v running", n)
	}
}

// C18: two events racing (two presses within the same microsecond on one
// board) are applied one at a time in timestamp order; never both clocks
// of a board running; an event older than the last applied is refused.
func TestC18_RacingPressesAppliedInOrder(t *testing.T) {
	m := started(t)
	t0 := 10_000 * ms
	applied(t, m, press(bughouse.AWhite, t0))
	if n := runningPerBoard(m.Snapshot(t0)); n != [2]int{1, 1} {
		t.Errorf("after the first press: %v", n)
	}
	applied(t, m, press(bughouse.ABlack, t0+400)) // 400 ns later
	if n := runningPerBoard(m.Snapshot(t0 + 400)); n != [2]int{1, 1} {
		t.Errorf("after the second press: %v", n)
	}
	wantAll(t, m, t0+400, 290_000*ms, 300_000*ms-400, 300_000*ms-t0-400, 300_000*ms)
	// The same seat again within the same microsecond: not its turn.
	wantIgnored(t, m, press(bughouse.ABlack, t0+900), "not A-black's turn")
	// An event stamped before the last applied one is refused.
	before := core(m.Snapshot(t0 + 900))
	_, err := m.Apply(press(bughouse.AWhite, t0+800))
	if !errors.Is(err, rules.ErrBackwards) {
		t.Errorf("backwards event: %v, want ErrBackwards", err)
	}
	if after := core(m.Snapshot(t0 + 900)); !reflect.DeepEqual(before, after) {
		t.Errorf("a backwards event changed the match")
	}
}

// C18 with a flag in between: an event whose instant is after a flag
// decides the match at the flag instant, but it is still the last applied
// event: a later-arriving event stamped before it is refused, and cannot
// reopen the decision (e.g. a result "at the same instant" as the flag).
func TestC18_EventAfterFlagStaysLastApplied(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.BWhite, 1_000*ms)) // B-black would flag at 301 000
	eff := apply(t, m, press(bughouse.AWhite, 400_000*ms))
	if !eff.Decided {
		t.Fatalf("the flag at 300 000 was not applied")
	}
	wantResult(t, m, rules.Team2Wins, rules.Flag, 300_000*ms, bughouse.AWhite)
	if m.Now() != 400_000*ms {
		t.Errorf("Now = %v after an event at 400s", m.Now())
	}
	// B-black mated at the flag instant would make it a draw (clock rule 7)
	// had it been applied in order; after the 400 000 event it is too late.
	_, err := m.Apply(declare(bughouse.BoardB, rules.BlackWins, rules.Checkmate, 300_000*ms))
	if !errors.Is(err, rules.ErrBackwards) {
		t.Errorf("declare stamped before the last applied event: %v, want ErrBackwards", err)
	}
	wantResult(t, m, rules.Team2Wins, rules.Flag, 300_000*ms, bughouse.AWhite)
}

// C22: a flag is declared only when a running clock actually reaches zero:
// not while clocks show time left, not on a stopped clock, not by a claim.
func TestC22_NoFlagWithTimeLeft(t *testing.T) {
	m := started(t)
	applied(t, m, press(bughouse.BWhite, 299_000*ms)) // B-white: 1 000 left, waiting
	applied(t, m, press(bughouse.AWhite, 299_999*ms)) // A-white: 1 ms left, waiting
	// A-black would flag at 599 999, B-black at 599 000.
	for _, at := range []time.Duration{300_000 * ms, 400_000 * ms, 598_999*ms + 999_999} {
		if m.Advance(at) {
			t.Fatalf("decided at %v with A-black and B-black running with time left", at)
		}
	}
	wantUndecided(t, m)
	// A flag claim with every clock showing time left decides nothing.
	// It stops both boards 1 ns before B-black's flag: A-black has
	// 300 000 - (599 000 - 299 999) = 999 ms + 1 ns left, B-black 1 ns.
	applied(t, m, claim(bughouse.ABlack, rules.Flag, 599_000*ms-1))
	applied(t, m, ev(rules.Uphold, 599_500*ms))
	wantUndecided(t, m)
	// Paused for hours: no clock runs, no flag.
	if m.Advance(100 * time.Hour) {
		t.Fatalf("a flag fell while paused")
	}
	wantAll(t, m, 100*time.Hour, 1*ms, 999*ms+1, 1_000*ms, 1)
	applied(t, m, ev(rules.Resume, 100*time.Hour))
	// B-black's flag: 1 ns after the resume; A-black's 999 ms + 1 ns.
	if at, _ := m.NextDeadline(); at != 100*time.Hour+1 {
		t.Errorf("deadline %v, want 100h + 1 ns", at)
	}
	m.Advance(200 * time.Hour)
	wantResult(t, m, rules.Team2Wins, rules.Flag, 100*time.Hour+1, bughouse.BBlack)
}

// C23: move counters count presses that ended a move: after the starting
// action, 1.e4 and the reply, both players of the board show 1.
func TestC23_MoveCounters(t *testing.T) {
	for _, mode := range []string{"arbiter", "black-press"} {
		m := newMatch(t, options(t, "start", mode))
		if mode == "arbiter" {
			applied(t, m, ev(rules.Start, 0))
		} else {
			applied(t, m, press(bughouse.ABlack, 0)) // Black starts the clocks
		}
		applied(t, m, press(bughouse.AWhite, 1_000*ms))
		applied(t, m, press(bughouse.ABlack, 2_000*ms))
		s := m.Snapshot(2_000 * ms)
		want := [4]int{1, 1, 0, 0}
		for _, seat := range bughouse.Seats {
			if s.Clocks[seat].Moves != want[seat] {
				t.Errorf("%s: %s moves = %d, want %d", mode, seat, s.Clocks[seat].Moves, want[seat])
			}
		}
	}
}

// C24: changing the time control while a match is in progress is refused
// and changes nothing; otherwise every field updates at once.
func TestC24_ReconfigureRefusedInProgress(t *testing.T) {
	newOpts := withControl(t, fischer(180_000*ms, 2_000*ms, true))
	m := started(t)
	applied(t, m, press(bughouse.AWhite, 10_000*ms))
	for _, phase := range []string{"running", "paused"} {
		if phase == "paused" {
			applied(t, m, ev(rules.Pause, 20_000*ms))
		}
		before := m.Snapshot(20_000 * ms)
		oldOpts := m.Options()
		if err := m.Reconfigure(newOpts); err == nil || !strings.Contains(err.Error(), "in progress") {
			t.Errorf("%s: Reconfigure = %v, want refused", phase, err)
		}
		if !reflect.DeepEqual(m.Snapshot(20_000*ms), before) || !reflect.DeepEqual(m.Options(), oldOpts) {
			t.Errorf("%s: a refused Reconfigure changed the match", phase)
		}
	}
	// After the decision: allowed, and every clock shows the new time.
	applied(t, m, declare(bughouse.BoardA, rules.WhiteWins, rules.Resignation, 30_000*ms))
	if err := m.Reconfigure(newOpts); err != nil {
		t.Fatalf("Reconfigure after the decision: %v", err)
	}
	if m.Status() != rules.Ready || !m.Options().Control.Equal(newOpts.Control) {
		t.Errorf("not reset to the new options: %s %v", m.Status(), m.Options().Control)
	}
	wantAll(t, m, 40_000*ms, 182_000*ms, 182_000*ms, 182_000*ms, 182_000*ms)
	s := m.Snapshot(40_000 * ms)
	for _, seat := range bughouse.Seats {
		if c := s.Clocks[seat]; c.Moves != 0 || c.Flagged || c.Running || c.Turn {
			t.Errorf("%s after Reconfigure: %+v", seat, c)
		}
	}
	if s.Result != rules.NoResult || s.Boards[0] != (rules.BoardView{}) || s.Boards[1] != (rules.BoardView{}) {
		t.Errorf("old result survived: %+v %+v", s.Result, s.Boards)
	}
	// Before the start: allowed. Invalid options: refused, nothing changes.
	if err := m.Reconfigure(options(t)); err != nil {
		t.Errorf("Reconfigure before the start: %v", err)
	}
	bad := withControl(t, clock.SuddenDeath(0))
	if err := m.Reconfigure(bad); err == nil {
		t.Errorf("Reconfigure accepted base 0")
	}
	wantAll(t, m, 50_000*ms, 300_000*ms, 300_000*ms, 300_000*ms, 300_000*ms)
}
