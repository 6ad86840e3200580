package rules_test

import (
	"errors"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// A press that reaches the match after a later press on the other board
// is charged at its own instant: the boards' clocks are independent
// (clock rule 2), so nothing it changes has happened since.
func TestPress_LateOnOtherBoard_ChargedAtItsOwnInstant(t *testing.T) {
	m := started(t)
	apply(t, m, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: 10 * sec})
	// B-white pressed at 9.764 s; the process was starved and the press
	// arrives after A-black's at 10 s.
	apply(t, m, rules.Event{Kind: rules.Press, Seat: bughouse.ABlack, At: 10*sec + 1})
	if got := m.Earliest(rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}); got != 0 {
		t.Fatalf("earliest press on board B %v, want 0", got)
	}
	eff := apply(t, m, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite, At: 9764 * ms})
	if eff.Ignored != "" {
		t.Fatalf("the press was ignored: %s", eff.Ignored)
	}
	if got, want := m.Remaining(bughouse.BWhite, 20*sec), 5*60*sec-9764*ms; got != want {
		t.Errorf("B-white %v, want %v (charged to 9.764 s, not 10 s)", got, want)
	}
	if got, want := m.Remaining(bughouse.BBlack, 20*sec), 5*60*sec-(20*sec-9764*ms); got != want {
		t.Errorf("B-black %v, want %v (running from 9.764 s)", got, want)
	}
	// A press on board B stamped before the last one there is too late.
	if _, err := m.Apply(rules.Event{Kind: rules.Press, Seat: bughouse.BBlack, At: 9 * sec}); !errors.Is(err, rules.ErrBackwards) {
		t.Errorf("a press before the board's last one: %v, want ErrBackwards", err)
	}
}

// An event of both boards fixes its instant: a press stamped before a
// pause or before the decision cannot be applied before it.
func TestPress_AfterEventOfBothBoards_NotBeforeIt(t *testing.T) {
	m := started(t)
	apply(t, m, rules.Event{Kind: rules.Pause, At: 10 * sec})
	if got := m.Earliest(rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}); got != 10*sec {
		t.Errorf("earliest press after a pause %v, want 10s", got)
	}
	if _, err := m.Apply(rules.Event{Kind: rules.Press, Seat: bughouse.BWhite, At: 9 * sec}); !errors.Is(err, rules.ErrBackwards) {
		t.Errorf("a press before the pause: %v, want ErrBackwards", err)
	}
	if got := m.Earliest(rules.Event{Kind: rules.Resume}); got != 10*sec {
		t.Errorf("earliest resume %v, want 10s", got)
	}
}

// Once the match is decided (a flag), a later-arriving press stamped
// before the flag instant is applied at the decision, and ignored as
// after it: the decision is never undone.
func TestPress_ArrivingAfterFlag_IgnoredAsAfterTheDecision(t *testing.T) {
	m := started(t)
	apply(t, m, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite, At: sec})
	flag := 5 * 60 * sec // A-white's
	if !m.Advance(flag) {
		t.Fatal("no flag at 5:00")
	}
	late := rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: flag - 10*ms}
	if got := m.Earliest(late); got != flag {
		t.Fatalf("earliest %v, want the flag instant %v", got, flag)
	}
	late.At = m.Earliest(late)
	if eff := apply(t, m, late); eff.Ignored != "match decided" {
		t.Errorf("late press: %+v, want ignored as after the decision", eff)
	}
	if r, why, _, _ := m.Result(); r != rules.Team2Wins || why != rules.Flag {
		t.Errorf("result %v %v, want 0-1 flag", r, why)
	}
}

// The pause switch is resolved by the match when it is applied: a pause
// while running, otherwise a resume (before the start: the start).
func TestPauseSwitch_ResolvedByTheMatch(t *testing.T) {
	m := newMatch(t, options(t))
	sw := func(at time.Duration) rules.Event { return rules.Event{Kind: rules.PauseSwitch, At: at * sec} }
	if e := m.Resolve(sw(0)); e.Kind != rules.Resume {
		t.Fatalf("ready: %v, want resume", e)
	}
	apply(t, m, sw(1))
	if m.Status() != rules.Running {
		t.Fatalf("after the switch in a ready match: %v, want running", m.Status())
	}
	apply(t, m, sw(2))
	if m.Status() != rules.Paused {
		t.Fatalf("after the switch while running: %v, want paused", m.Status())
	}
	if s := m.Snapshot(m.Now()); s.Last.Kind != rules.Pause {
		t.Errorf("last event %v, want the resolved pause", s.Last)
	}
	apply(t, m, sw(3))
	if m.Status() != rules.Running {
		t.Errorf("after the switch while paused: %v, want running", m.Status())
	}
}
