package display

import (
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

const sec = time.Second

// match returns a reglamento match with control c for every seat.
func match(t *testing.T, c clock.Control) *rules.Match {
	t.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	p.Options.Control = c
	m, err := rules.New(p.Options)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func apply(t *testing.T, m *rules.Match, e rules.Event) {
	t.Helper()
	eff, err := m.Apply(e)
	if err != nil || eff.Ignored != "" {
		t.Fatalf("%v at %v: %v (ignored %q)", e, e.At, err, eff.Ignored)
	}
}

func press(s bughouse.Seat, at time.Duration) rules.Event {
	return rules.Event{Kind: rules.Press, Seat: s, At: at}
}

// snap advances m to at, as the loop does, and returns its snapshot.
func snap(m *rules.Match, at time.Duration) *rules.Snapshot {
	m.Advance(at)
	s := m.Snapshot(at)
	return &s
}

func TestRender_ReadyRunningPaused(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	f := Render(snap(m, 0), bughouse.BoardA, true, nil)
	if f.Status != "READY" || !f.Paused || f.Left.Running || f.Left.Turn || f.Left.Time != "5:00" {
		t.Errorf("ready: %+v", f)
	}
	if s := f.String(); strings.ContainsAny(s, "▶▷⚑") {
		t.Errorf("ready face has a mark: %q", s)
	}

	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.AWhite, 2*sec))
	f = Render(snap(m, 3500*time.Millisecond), bughouse.BoardA, true, nil)
	if f.Status != "" || f.Paused {
		t.Errorf("running: status %q paused %v", f.Status, f.Paused)
	}
	if f.Left.Seat != bughouse.AWhite || f.Left.Running || f.Left.Time != "4:58" || f.Left.Moves != 1 {
		t.Errorf("running: A-white %+v", f.Left)
	}
	if f.Right.Seat != bughouse.ABlack || !f.Right.Running || !f.Right.Turn || f.Right.Time != "4:59" {
		t.Errorf("running: A-black %+v", f.Right)
	}
	if s := f.String(); !strings.Contains(s, "4:59    ▶ B") || strings.Contains(s, "W ▶") {
		t.Errorf("running: %q; want the running mark on Black's side only", s)
	}

	apply(t, m, rules.Event{Kind: rules.Pause, At: 4 * sec})
	f = Render(snap(m, 10*sec), bughouse.BoardA, true, nil)
	if f.Status != "PAUSED" || !f.Paused || f.Right.Running || !f.Right.Turn || f.Right.Time != "4:58" {
		t.Errorf("paused: %+v", f)
	}
	if s := f.String(); !strings.Contains(s, "▷ B") || !strings.Contains(s, "PAUSED") || strings.Contains(s, "▶") {
		t.Errorf("paused: %q; want the turn mark and PAUSED", s)
	}

	// White on the right when the clock is turned the other way.
	g := Render(snap(m, 10*sec), bughouse.BoardA, false, nil)
	if g.Left != f.Right || g.Right != f.Left {
		t.Errorf("whiteLeft=false does not swap sides: %+v", g)
	}
}

func TestRender_Claim(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite, At: sec / 2})
	apply(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.BBlack, Reason: rules.IllegalMove, At: sec})
	for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
		f := Render(snap(m, 2*sec), b, true, nil)
		if f.Status != "CLAIM B-black" || !f.Paused {
			t.Errorf("board %s during a claim: status %q paused %v", b, f.Status, f.Paused)
		}
	}
}

// C13: a flagged clock shows zero with the flag mark; it never freezes at
// 0:01 (or 0.1).
func TestRender_C13_FlaggedShowsZeroWithFlag(t *testing.T) {
	m := match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.BWhite, sec)) // B-black runs from 1 s; A-white flags at 10 s

	f := Render(snap(m, 10*sec-1), bughouse.BoardA, true, nil)
	if f.Left.Time != "0.1" || f.Left.Flagged {
		t.Errorf("1 ns before the flag: %+v, want 0.1 and no flag", f.Left)
	}
	s := snap(m, 10*sec+50*time.Millisecond)
	f = Render(s, bughouse.BoardA, true, nil)
	if !f.Left.Flagged || f.Left.Time != "0.0" || f.Left.Running {
		t.Errorf("flagged: %+v, want 0.0 with the flag", f.Left)
	}
	line := f.String()
	if !strings.Contains(line, "⚑") || !strings.Contains(line, "0.0") || strings.Contains(line, "0:01") {
		t.Errorf("flagged face %q", line)
	}
	if f.Status != "0-1 flag A-white" {
		t.Errorf("status %q", f.Status)
	}
	if got, want := ResultText(s), "0-1 flag A-white"; got != want {
		t.Errorf("ResultText = %q, want %q (team 1's A-white lost)", got, want)
	}
	if s.Reason.Article() != "Art 33" {
		t.Errorf("flag article %q", s.Reason.Article())
	}
	// The other board stopped at the flag instant (Art 31) and shows it.
	g := Render(s, bughouse.BoardB, true, nil)
	if g.Left.Running || g.Right.Running || g.Right.Time != "1.0" || g.Status != f.Status {
		t.Errorf("board B after the decision: %+v", g)
	}
}

func TestRender_SimultaneousFlags(t *testing.T) {
	t.Run("different teams draw", func(t *testing.T) {
		m := match(t, clock.SuddenDeath(10*sec))
		apply(t, m, rules.Event{Kind: rules.Start, At: 0})
		s := snap(m, 11*sec) // both White clocks flag at 10 s
		if got, want := ResultText(s), "1/2-1/2 simultaneous-flag A-white B-white"; got != want {
			t.Errorf("ResultText = %q, want %q", got, want)
		}
		for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
			f := Render(s, b, true, nil)
			if !f.Left.Flagged || f.Left.Time != "0.0" || f.Right.Flagged || f.Status != ResultText(s) {
				t.Errorf("board %s: %+v", b, f)
			}
		}
		if s.Reason.Article() != "Art 35" {
			t.Errorf("article %q", s.Reason.Article())
		}
	})
	t.Run("same team loses", func(t *testing.T) {
		m := match(t, clock.SuddenDeath(10*sec))
		apply(t, m, rules.Event{Kind: rules.Start, At: 0})
		apply(t, m, press(bughouse.BWhite, 0)) // B-black's clock runs from 0 too
		s := snap(m, 11*sec)
		if got, want := ResultText(s), "0-1 simultaneous-flag A-white B-black"; got != want {
			t.Errorf("ResultText = %q, want %q", got, want)
		}
		if f := Render(s, bughouse.BoardB, true, nil); !f.Right.Flagged || !strings.Contains(f.String(), "⚑") {
			t.Errorf("board B: %+v", f)
		}
	})
}

func TestRender_DelayMark(t *testing.T) {
	for _, kind := range []clock.DelayKind{clock.US, clock.Bronstein} {
		m := match(t, clock.Delayed(time.Minute, 5*sec, kind))
		apply(t, m, rules.Event{Kind: rules.Start, At: 0})
		f := Render(snap(m, 2*sec), bughouse.BoardA, true, nil)
		if !f.Left.InDelay || f.Left.Time != "1:00" || !strings.Contains(f.String(), "W d") {
			t.Errorf("%v delay, 2 s into it: %+v %q", kind, f.Left, f.String())
		}
		if next := NextChangeFunc(nil)(m.Snapshot(2 * sec).Clocks[bughouse.AWhite]); next != 3*sec {
			t.Errorf("%v: NextChangeFunc inside the delay = %v, want the 3 s of delay left", kind, next)
		}
		f = Render(snap(m, 6*sec), bughouse.BoardA, true, nil)
		// 1 s charged after the 5 s delay.
		if f.Left.InDelay || f.Left.Time != "0:59" || !strings.Contains(f.String(), "W ▶") {
			t.Errorf("%v delay, after it: %+v %q", kind, f.Left, f.String())
		}
		if next := NextChangeFunc(nil)(m.Snapshot(6 * sec).Clocks[bughouse.AWhite]); next != NextChange(59*sec, nil) {
			t.Errorf("%v: NextChangeFunc after the delay = %v", kind, next)
		}
	}
}

func TestRender_OneBoardDrawn_OtherContinues(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.Drawn, Reason: rules.Agreement, At: sec})
	s := snap(m, 2*sec)
	if f := Render(s, bughouse.BoardA, true, nil); f.Status != "DRAWN agreement" || f.Left.Running {
		t.Errorf("drawn board A: %+v", f)
	}
	if f := Render(s, bughouse.BoardB, true, nil); f.Status != "" || !f.Left.Running {
		t.Errorf("board B goes on: %+v", f)
	}
	if ResultText(s) != "*" {
		t.Errorf("ResultText while undecided = %q", ResultText(s))
	}
}

func TestRender_UsesFormatOpts(t *testing.T) {
	m := match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	s := snap(m, 500*time.Millisecond)
	if got := Render(s, bughouse.BoardA, true, nil).Left.Time; got != "9.5" {
		t.Errorf("default: %q", got)
	}
	if got := Render(s, bughouse.BoardA, true, &Opts{TenthsBelow: -1}).Left.Time; got != "0:10" {
		t.Errorf("never tenths: %q", got)
	}
}
