package rules

import (
	"tandem/bughouse"
	"testing"
	"time"
)

func TestSnapshotStartedAt_AndStartAfterDecision(t *testing.T) {
	p, _ := LookupPreset("reglamento")
	m, err := New(p.Options)
	if err != nil {
		t.Fatal(err)
	}
	if s := m.Snapshot(0); s.Started {
		t.Fatal("a ready match says it started")
	}
	m.Apply(Event{Kind: Start, At: 7 * time.Second})
	if s := m.Snapshot(8 * time.Second); !s.Started || s.StartedAt != 7*time.Second {
		t.Fatalf("started %v at %v, want at 7s", s.Started, s.StartedAt)
	}
	if eff, _ := m.Apply(Event{Kind: Start, At: 9 * time.Second}); eff.Ignored != "already started" {
		t.Errorf("second start: %q", eff.Ignored)
	}
	m.Apply(Event{Kind: Declare, Board: bughouse.BoardB, Outcome: BlackWins, Reason: Resignation, At: 10 * time.Second})
	if eff, _ := m.Apply(Event{Kind: Start, At: 11 * time.Second}); eff.Ignored != "match decided" {
		t.Errorf("start after the decision: %q", eff.Ignored)
	}
	m.Apply(Event{Kind: Reset, At: 12 * time.Second})
	if s := m.Snapshot(12 * time.Second); s.Started || s.StartedAt != 0 {
		t.Errorf("after reset: started %v at %v", s.Started, s.StartedAt)
	}
}

// An arbiter's adjustment that would empty a clock names the seat.
func TestAdjustErrorNamesSeat(t *testing.T) {
	p, _ := LookupPreset("reglamento")
	m, _ := New(p.Options)
	_, err := m.Apply(Event{Kind: Adjust, Seat: bughouse.BBlack, Delta: -10 * time.Minute})
	if err == nil || err.Error() != "rules: adjust B-black: clock: removing 10m would leave no time (5m left); declare a result instead" {
		t.Errorf("got %v", err)
	}
}

func TestSnapshotStrikes(t *testing.T) {
	p, _ := LookupPreset("panoriental") // three-strikes
	m, _ := New(p.Options)
	m.Apply(Event{Kind: Start})
	m.Apply(Event{Kind: Press, Seat: bughouse.BWhite})
	for i := 1; i <= 2; i++ {
		at := time.Duration(i) * time.Second
		for _, e := range []Event{
			{Kind: Press, Seat: bughouse.BBlack, At: at}, // the illegal move
			{Kind: Claim, Seat: bughouse.BWhite, Reason: IllegalMove, At: at},
			{Kind: Uphold, At: at},
			{Kind: Resume, At: at}, // B-black moves again
		} {
			if _, err := m.Apply(e); err != nil {
				t.Fatalf("%v: %v", e, err)
			}
		}
		if got := m.Snapshot(at).Strikes; got != [4]uint8{bughouse.BBlack: uint8(i)} {
			t.Fatalf("after %d upheld claims: strikes %v", i, got)
		}
	}
}
