package clock_test

// The clock cases of testdata/clock-cases.md (a copy of the design's clock cases) that concern one
// board's pair of clocks. Every expected value is computed by hand in the
// comments, in milliseconds (ms) or nanoseconds, never by calling the code
// under test.
//
// Cases tested elsewhere:
//   - C10, C11, C13, C14 (display formatting: rounding up, tenths, flag mark,
//     9 999 ms) are tested in package display.
//   - C19, C21 (press on the edge, bounces) go through the loop:
//     table/cases_test.go (the hardware lockout comes with package gpio).
//   - C15, C16, C24 (reset, one clock per board, reconfigure while paused)
//     concern the whole match: rules/cases_test.go.
//   - C18 and C22 have their match-level halves in rules/cases_test.go.

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
)

const ms = time.Millisecond

// fischer returns base+inc with the increment_before_first_move choice.
func fischer(base, inc time.Duration, before bool) clock.Control {
	c := clock.Fischer(base, inc)
	c.IncrementBeforeFirstMove = before
	return c
}

func mustPress(t *testing.T, p *clock.Pair, c bughouse.Color, at time.Duration) {
	t.Helper()
	if err := p.Press(c, at); err != nil {
		t.Fatalf("%s press at %v: %v", c, at, err)
	}
}

func wantRemaining(t *testing.T, p *clock.Pair, c bughouse.Color, at, want time.Duration) {
	t.Helper()
	if got := p.Remaining(c, at); got != want {
		t.Errorf("%s remaining at %v = %v (%d ns), want %v (%d ns)", c, at, got, int64(got), want, int64(want))
	}
}

func wantFlag(t *testing.T, p *clock.Pair, wantAt time.Duration, wantC bughouse.Color) {
	t.Helper()
	at, c, ok := p.NextFlag()
	if !ok || at != wantAt || c != wantC {
		t.Errorf("NextFlag = %v %s %v, want %v %s true", at, c, ok, wantAt, wantC)
	}
}

// C01: Fischer 180 000 + 2 000, clocks reset: 182 000 on both sides before
// move 1 with increment_before_first_move, 180 000 without.
func TestC01_IncrementBeforeFirstMove_ShownAtReset(t *testing.T) {
	for _, tc := range []struct {
		before bool
		want   time.Duration
	}{
		{true, 182_000 * ms},  // 180 000 + 2 000
		{false, 180_000 * ms}, // the increment comes with the first press
	} {
		c := fischer(180_000*ms, 2_000*ms, tc.before)
		if got := c.Initial(); got != tc.want {
			t.Errorf("before=%v: Initial = %v, want %v", tc.before, got, tc.want)
		}
		p := clock.NewPair(c, c)
		for _, col := range []bughouse.Color{bughouse.White, bughouse.Black} {
			wantRemaining(t, &p, col, 0, tc.want)
			wantRemaining(t, &p, col, time.Hour, tc.want) // not started: nothing runs
		}
		// Starting does not change what is shown at the start instant.
		p.Start(bughouse.White, 0)
		wantRemaining(t, &p, bughouse.White, 0, tc.want)
		wantRemaining(t, &p, bughouse.Black, 0, tc.want)
	}
}

// C02: 1 800 000 + 20 000: both sides get identical treatment at the start.
func TestC02_IdenticalStart(t *testing.T) {
	for _, tc := range []struct {
		before bool
		want   time.Duration
	}{
		{true, 1_820_000 * ms},
		{false, 1_800_000 * ms},
	} {
		c := fischer(1_800_000*ms, 20_000*ms, tc.before)
		p := clock.NewPair(c, c)
		wantRemaining(t, &p, bughouse.White, 0, tc.want)
		wantRemaining(t, &p, bughouse.Black, 0, tc.want)
		// White starts; after White's first move of 7 000 ms Black's first
		// turn of 7 000 ms must leave Black exactly where White is.
		p.Start(bughouse.White, 0)
		mustPress(t, &p, bughouse.White, 7_000*ms)
		mustPress(t, &p, bughouse.Black, 14_000*ms)
		// before: 1 820 000 - 7 000 + 20 000 = 1 833 000; after: 1 800 000 - 7 000 + 20 000 = 1 813 000
		want := tc.want - 7_000*ms + 20_000*ms
		wantRemaining(t, &p, bughouse.White, 14_000*ms, want)
		wantRemaining(t, &p, bughouse.Black, 14_000*ms, want)
	}
}

// C03: handicap W 300 000 + 0, B 300 000 + 5 000; W presses at 4 000 and
// shows 296 000: B's increment never goes to W.
func TestC03_HandicapIncrementOnlyToItsSide(t *testing.T) {
	for _, before := range []bool{true, false} {
		w := fischer(300_000*ms, 0, before)
		b := fischer(300_000*ms, 5_000*ms, before)
		p := clock.NewPair(w, b)
		bInit := 300_000 * ms
		if before {
			bInit = 305_000 * ms
		}
		wantRemaining(t, &p, bughouse.White, 0, 300_000*ms)
		wantRemaining(t, &p, bughouse.Black, 0, bInit)
		p.Start(bughouse.White, 0)
		mustPress(t, &p, bughouse.White, 4_000*ms)
		wantRemaining(t, &p, bughouse.White, 4_000*ms, 296_000*ms)
		wantRemaining(t, &p, bughouse.Black, 4_000*ms, bInit)
		// B thinks 6 000 and gets its own 5 000: bInit - 1 000.
		mustPress(t, &p, bughouse.Black, 10_000*ms)
		wantRemaining(t, &p, bughouse.Black, 10_000*ms, bInit-1_000*ms)
		wantRemaining(t, &p, bughouse.White, 10_000*ms, 296_000*ms)
	}
}

// C04: Bronstein delay 5 000; W presses at 3 000, B at 6 000: the delay
// covers the first turn of both players alike. US delay gives the same
// remaining times.
func TestC04_DelayOnFirstTurnOfBoth(t *testing.T) {
	for _, kind := range []clock.DelayKind{clock.Bronstein, clock.US} {
		c := clock.Delayed(60_000*ms, 5_000*ms, kind)
		p := clock.NewPair(c, c)
		p.Start(bughouse.White, 0)
		if got := p.DelayLeft(bughouse.White, 1_000*ms); got != 4_000*ms {
			t.Errorf("%s: W delay left at 1 000 = %v, want 4s", kind, got)
		}
		wantFlag(t, &p, 65_000*ms, bughouse.White) // 0 + 60 000 + 5 000
		mustPress(t, &p, bughouse.White, 3_000*ms)
		wantRemaining(t, &p, bughouse.White, 3_000*ms, 60_000*ms)
		if got := p.DelayLeft(bughouse.Black, 4_000*ms); got != 4_000*ms {
			t.Errorf("%s: B delay left at 4 000 = %v, want 4s", kind, got)
		}
		wantFlag(t, &p, 68_000*ms, bughouse.Black) // 3 000 + 60 000 + 5 000
		mustPress(t, &p, bughouse.Black, 6_000*ms)
		wantRemaining(t, &p, bughouse.Black, 6_000*ms, 60_000*ms)
		// Beyond the delay time is charged: W at 12 000 used 6 000, 1 000 charged.
		wantRemaining(t, &p, bughouse.White, 12_000*ms, 59_000*ms)
		if got := p.DelayLeft(bughouse.White, 12_000*ms); got != 0 {
			t.Errorf("%s: W delay left at 12 000 = %v, want 0", kind, got)
		}
	}
}

// C05: Fischer 60 000 + 2 000, W thinks 3 000 and presses: W shows 59 000
// right after the press (add-after). With increment_before_first_move the
// first increment was shown from the start, and the press credits the
// second move's increment: 62 000 - 3 000 + 2 000 = 61 000.
func TestC05_IncrementCreditedAtPress(t *testing.T) {
	for _, tc := range []struct {
		before bool
		want   time.Duration
	}{
		{false, 59_000 * ms}, // 60 000 - 3 000 + 2 000
		{true, 61_000 * ms},  // 62 000 - 3 000 + 2 000
	} {
		c := fischer(60_000*ms, 2_000*ms, tc.before)
		p := clock.NewPair(c, c)
		p.Start(bughouse.White, 0)
		mustPress(t, &p, bughouse.White, 3_000*ms)
		wantRemaining(t, &p, bughouse.White, 3_000*ms, tc.want)
		// And it stays so while Black thinks.
		wantRemaining(t, &p, bughouse.White, 50_000*ms, tc.want)
	}
}

// C06: Fischer 10 000 + 2 000, W never presses: W flags at exactly 10 000
// (increment credited after the move; with it credited before move 1 the
// first turn holds 12 000). A press at or after the flag adds nothing and
// changes nothing.
func TestC06_FlagExactAndLatePressChangesNothing(t *testing.T) {
	for _, tc := range []struct {
		before bool
		flag   time.Duration
	}{
		{false, 10_000 * ms},
		{true, 12_000 * ms},
	} {
		c := fischer(10_000*ms, 2_000*ms, tc.before)
		p := clock.NewPair(c, c)
		p.Start(bughouse.White, 0)
		wantFlag(t, &p, tc.flag, bughouse.White)
		wantRemaining(t, &p, bughouse.White, tc.flag-1, 1) // 1 ns left
		wantRemaining(t, &p, bughouse.White, tc.flag, 0)
		wantRemaining(t, &p, bughouse.White, tc.flag+time.Hour, 0) // never negative
		before := p
		for _, at := range []time.Duration{tc.flag, tc.flag + 1, tc.flag + 5_000*ms} {
			if err := p.Press(bughouse.White, at); !errors.Is(err, clock.ErrFlagged) {
				t.Errorf("press at %v: %v, want ErrFlagged", at, err)
			}
		}
		if !reflect.DeepEqual(p, before) {
			t.Errorf("a late press changed the pair")
		}
		p.Flag(bughouse.White)
		if !p.Flagged(bughouse.White) || p.Remaining(bughouse.White, tc.flag) != 0 {
			t.Errorf("after Flag: flagged=%v remaining=%v", p.Flagged(bughouse.White), p.Remaining(bughouse.White, tc.flag))
		}
		if err := p.Press(bughouse.White, tc.flag+1); !errors.Is(err, clock.ErrNotRunning) {
			t.Errorf("press after Flag: %v, want ErrNotRunning", err)
		}
		wantRemaining(t, &p, bughouse.White, tc.flag+1, 0)
		wantRemaining(t, &p, bughouse.Black, tc.flag+1, c.Initial())
		if p.Moves(bughouse.White) != 0 {
			t.Errorf("moves = %d after a late press, want 0", p.Moves(bughouse.White))
		}
	}
}

// C07: Bronstein main 0, delay 5 000: exactly 5 000 per move; no flag at
// the start; flag at 5 000 into a turn; never a negative time; pause works.
// US delay behaves the same.
func TestC07_BronsteinMainZero(t *testing.T) {
	for _, kind := range []clock.DelayKind{clock.Bronstein, clock.US} {
		c := clock.Control{Stages: []clock.Stage{{Time: 0, Delay: 5_000 * ms}}, DelayKind: kind}
		if err := c.Validate(); err != nil {
			t.Fatalf("%s main 0 + delay 5s: Validate: %v", kind, err)
		}
		p := clock.NewPair(c, c)
		p.Start(bughouse.White, 0)
		if p.Flagged(bughouse.White) {
			t.Fatalf("%s: flagged at the start", kind)
		}
		wantFlag(t, &p, 5_000*ms, bughouse.White)
		// 4 999 ms into the turn: still in time, and nothing is charged.
		mustPress(t, &p, bughouse.White, 4_999*ms)
		wantRemaining(t, &p, bughouse.White, 4_999*ms, 0)
		wantFlag(t, &p, 9_999*ms, bughouse.Black) // 4 999 + 5 000
		mustPress(t, &p, bughouse.Black, 9_998*ms)
		wantFlag(t, &p, 14_998*ms, bughouse.White) // 9 998 + 5 000
		// Pause at 12 000 (2 002 used), resume at 20 000: 2 998 left.
		p.Stop(12_000 * ms)
		if _, _, ok := p.NextFlag(); ok {
			t.Errorf("%s: a stopped pair has a flag instant", kind)
		}
		if got := p.DelayLeft(bughouse.White, 19_000*ms); got != 2_998*ms {
			t.Errorf("%s: delay left while paused = %v, want 2.998s", kind, got)
		}
		p.Resume(bughouse.White, 20_000*ms)
		wantFlag(t, &p, 22_998*ms, bughouse.White)
		if err := p.Press(bughouse.White, 22_998*ms); !errors.Is(err, clock.ErrFlagged) {
			t.Errorf("%s: press at the flag: %v, want ErrFlagged", kind, err)
		}
		for at := time.Duration(0); at <= 40_000*ms; at += 250 * ms {
			for _, col := range []bughouse.Color{bughouse.White, bughouse.Black} {
				if r := p.Remaining(col, at); r < 0 {
					t.Fatalf("%s: %s remaining at %v = %v < 0", kind, col, at, r)
				}
			}
		}
	}
}

// C08: base 0 + increment 6 000. With the increment credited before move 1
// the first mover has 6 000 and no flag at t = 0. Validation rejects base 0
// with no increment and no delay, and base 0 with the increment credited
// only after the move.
func TestC08_BaseZeroPlusIncrement(t *testing.T) {
	c := fischer(0, 6_000*ms, true)
	if err := c.Validate(); err != nil {
		t.Fatalf("0+6s with increment_before_first_move: %v", err)
	}
	p := clock.NewPair(c, c)
	wantRemaining(t, &p, bughouse.White, 0, 6_000*ms)
	p.Start(bughouse.White, 0)
	wantFlag(t, &p, 6_000*ms, bughouse.White)
	// W moves in 4 000: 2 000 left + the second move's 6 000.
	mustPress(t, &p, bughouse.White, 4_000*ms)
	wantRemaining(t, &p, bughouse.White, 4_000*ms, 8_000*ms)
	wantFlag(t, &p, 10_000*ms, bughouse.Black) // 4 000 + 6 000

	after := fischer(0, 6_000*ms, false)
	if err := after.Validate(); err == nil || !strings.Contains(err.Error(), "increment_before_first_move") {
		t.Errorf("0+6s with increment after the move: Validate = %v, want an error naming increment_before_first_move", err)
	}
	for _, before := range []bool{true, false} {
		none := fischer(0, 0, before)
		if err := none.Validate(); err == nil || !strings.Contains(err.Error(), "no increment and no delay") {
			t.Errorf("base 0, nothing (before=%v): Validate = %v, want the flag-at-start error", before, err)
		}
	}
}

// C18 (the pair's half): two presses within the same microsecond are
// applied one at a time; the board never has both clocks running, and a
// second press by the same side at the same instant is refused.
func TestC18_TwoPressesWithinAMicrosecond(t *testing.T) {
	c := clock.SuddenDeath(300_000 * ms)
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	t0 := 10_000 * ms
	mustPress(t, &p, bughouse.White, t0)
	if err := p.Press(bughouse.White, t0); !errors.Is(err, clock.ErrNotRunning) {
		t.Errorf("second W press at the same instant: %v, want ErrNotRunning", err)
	}
	if run, ok := p.Running(); !ok || run != bughouse.Black {
		t.Errorf("running = %s %v, want black", run, ok)
	}
	mustPress(t, &p, bughouse.Black, t0+500) // 500 ns later
	if run, ok := p.Running(); !ok || run != bughouse.White {
		t.Errorf("running = %s %v, want white", run, ok)
	}
	wantRemaining(t, &p, bughouse.Black, t0+500, 300_000*ms-500)
	wantRemaining(t, &p, bughouse.White, t0+500, 290_000*ms)
}

// C22 (the pair's half): a flag exists only for a running clock reaching
// zero: a stopped clock with little time never flags, and a running one
// flags only at bank exhaustion.
func TestC22_FlagOnlyWhenRunningClockReachesZero(t *testing.T) {
	c := clock.SuddenDeath(60_000 * ms)
	p := clock.NewPair(c, c)
	if _, _, ok := p.NextFlag(); ok {
		t.Errorf("unstarted pair has a flag instant")
	}
	p.Start(bughouse.White, 0)
	mustPress(t, &p, bughouse.White, 59_999*ms) // W: 1 ms left, not running
	wantFlag(t, &p, 119_999*ms, bughouse.Black)
	p.Stop(100_000 * ms)
	if _, _, ok := p.NextFlag(); ok {
		t.Errorf("stopped pair has a flag instant")
	}
	wantRemaining(t, &p, bughouse.White, 10*time.Hour, 1*ms)
	wantRemaining(t, &p, bughouse.Black, 10*time.Hour, 19_999*ms)
	if p.Flagged(bughouse.White) || p.Flagged(bughouse.Black) {
		t.Errorf("a flag fell on a stopped pair")
	}
}

// C23: move counters count presses that ended a move: after W's and B's
// first presses both show 1; the start is not a move.
func TestC23_MoveCounters(t *testing.T) {
	c := clock.SuddenDeath(300_000 * ms)
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	if p.Moves(bughouse.White) != 0 || p.Moves(bughouse.Black) != 0 {
		t.Fatalf("after start: %d %d, want 0 0", p.Moves(bughouse.White), p.Moves(bughouse.Black))
	}
	mustPress(t, &p, bughouse.White, 1_000*ms) // 1.e4
	if p.Moves(bughouse.White) != 1 || p.Moves(bughouse.Black) != 0 {
		t.Errorf("after 1.e4: %d %d, want 1 0", p.Moves(bughouse.White), p.Moves(bughouse.Black))
	}
	mustPress(t, &p, bughouse.Black, 2_000*ms) // the reply
	if p.Moves(bughouse.White) != 1 || p.Moves(bughouse.Black) != 1 {
		t.Errorf("after the reply: %d %d, want 1 1", p.Moves(bughouse.White), p.Moves(bughouse.Black))
	}
	// A refused press is not a move.
	_ = p.Press(bughouse.Black, 3_000*ms)
	if p.Moves(bughouse.Black) != 1 {
		t.Errorf("a refused press counted: %d", p.Moves(bughouse.Black))
	}
}
