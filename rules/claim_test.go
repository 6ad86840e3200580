package rules

import (
	"tandem/bughouse"
	"testing"
	"time"
)

// docs/rules.md clock rule 8: declaring a result is one way the arbiter
// resolves a claim, so no claim stays pending in a decided match.
func TestDeclareSettlesPendingClaim(t *testing.T) {
	p, err := LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(p.Options)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []Event{
		{Kind: Start, At: 0},
		{Kind: Press, Seat: bughouse.AWhite, At: time.Second},
		{Kind: Claim, Seat: bughouse.ABlack, Reason: IllegalMove, At: 2 * time.Second},
		{Kind: Declare, Board: bughouse.BoardA, Outcome: BlackWins, Reason: IllegalMove, At: 3 * time.Second},
	} {
		if _, err := m.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
	if r, _, _, at := m.Result(); r != Team2Wins || at != 3*time.Second {
		t.Fatalf("result %s at %v, want 0-1 at 3s", r, at)
	}
	if c := m.Claim(); c.Active {
		t.Errorf("decided match keeps a pending claim: %+v", c)
	}
	if c := m.Snapshot(3 * time.Second).Claim; c.Active {
		t.Errorf("snapshot of the decided match shows a pending claim: %+v", c)
	}
	if _, err := m.Apply(Event{Kind: Uphold, At: 4 * time.Second}); err == nil {
		t.Error("uphold after the decision accepted")
	}
}
