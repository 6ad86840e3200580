package replay_test

import (
	"fmt"
	"testing"
	"time"

	"tandem/replay"
	"tandem/rules"
)

// The two clock and result cases of the design's rule cases that
// are not about the board (the board's are in package board).

func runTimeline(t *testing.T, src string) *replay.Report {
	t.Helper()
	p, err := replay.Load("case.timeline", []byte(src), "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// result-mapping-by-board: team 1 = White A + Black B. A White win on A or
// a Black win on B is "1-0"; a Black win on A or a White win on B "0-1".
func TestRuleCase_ResultMappingByBoard(t *testing.T) {
	for _, c := range []struct{ board, outcome, want string }{
		{"A", "1-0", "1-0"}, {"B", "0-1", "1-0"},
		{"A", "0-1", "0-1"}, {"B", "1-0", "0-1"},
	} {
		r := runTimeline(t, fmt.Sprintf("0 start\n1 result %s %s checkmate\n", c.board, c.outcome))
		if got := r.Result.String(); got != c.want {
			t.Errorf("board %s %s: match %s, want %s", c.board, c.outcome, got, c.want)
		}
	}
}

// spurious-flag: a game "ended by flag" while every clock was above zero
// (pychess-variants#1802). tandem declares no flag before a clock reaches
// zero: an upheld flag claim decides nothing, and the flag falls only at
// the exact instant the running clock is spent.
func TestRuleCase_SpuriousFlag(t *testing.T) {
	r := runTimeline(t, "preset fics\ncontrol 3m\n0 start\n10 claim A-black flag\n11 uphold\n")
	if r.Decided {
		t.Fatalf("a flag claim with A-white at 2:50 decided the match: %s %s", r.Result, r.Reason)
	}
	r = runTimeline(t, "preset fics\ncontrol 3m\n0 start\n10 claim A-black flag\n11 uphold\n12 resume\n400 end\n")
	if !r.Decided || r.Reason != rules.SimultaneousFlag {
		t.Fatalf("the clocks ran out but no flag: %s %s", r.Result, r.Reason)
	}
	// A-white and B-white both ran from 0 to 10 and from 12: each has
	// 180 s, spent at 182 s: simultaneous flags of different teams, a
	// draw (Art 35).
	if r.DecidedAt != 182*time.Second {
		t.Errorf("flag at %v, want 3m2s (180 s of play, 2 s paused)", r.DecidedAt)
	}
}
