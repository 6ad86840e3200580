package rules

import (
	"strings"
	"tandem/bughouse"
	"testing"
	"time"
)

// An upheld illegal move that does not lose is taken back: the offender
// must move again, so his clock runs on resume (FIDE 7.5 via Art 2).
func TestUpheldIllegalMove_NotLosing_OffenderMovesAgain(t *testing.T) {
	for _, preset := range []string{"panoriental", "fics"} { // three-strikes, arbiter
		t.Run(preset, func(t *testing.T) {
			p, _ := LookupPreset(preset)
			m, err := New(p.Options)
			if err != nil {
				t.Fatal(err)
			}
			sec := time.Second
			for _, e := range []Event{
				{Kind: Start},
				{Kind: Press, Seat: bughouse.AWhite, At: 10 * sec}, // the illegal move
				{Kind: Claim, Seat: bughouse.ABlack, Reason: IllegalMove, At: 12 * sec},
				{Kind: Uphold, At: 20 * sec},
				{Kind: Resume, At: 30 * sec},
			} {
				if _, err := m.Apply(e); err != nil {
					t.Fatalf("%v: %v", e, err)
				}
			}
			if s, ok := m.Running(bughouse.BoardA); !ok || s != bughouse.AWhite {
				t.Fatalf("running on A: %v %v, want A-white (the offender) to move again", s, ok)
			}
			// A-black's 2 s before the claim stay charged; A-white's clock
			// runs from the resume at 30 s.
			if got := m.Remaining(bughouse.ABlack, 40*sec); got != p.Options.Control.Initial()-2*sec {
				t.Errorf("A-black %v, want initial - 2s", got)
			}
			if got := m.Remaining(bughouse.AWhite, 40*sec); got != p.Options.Control.Initial()-10*sec-10*sec {
				t.Errorf("A-white %v, want initial - 20s", got)
			}
			if s, ok := m.Running(bughouse.BoardB); !ok || s != bughouse.BWhite {
				t.Errorf("board B: %v %v, want B-white's turn continued", s, ok)
			}
		})
	}
}

func TestRefusedEventIsMarkedInTheSnapshot(t *testing.T) {
	p, _ := LookupPreset("reglamento")
	m, _ := New(p.Options)
	m.Apply(Event{Kind: Start})
	_, err := m.Apply(Event{Kind: Adjust, Seat: bughouse.AWhite, Delta: time.Second, At: time.Second})
	if err == nil {
		t.Fatal("adjust while running accepted")
	}
	s := m.Snapshot(time.Second)
	if s.Last.Kind != Adjust || s.Effect.Refused != err.Error() || s.Effect.Ignored != "" {
		t.Errorf("last %v, effect %+v; want the adjust marked refused with %q", s.Last, s.Effect, err)
	}
	eff, err := m.Apply(Event{Kind: Press, Seat: bughouse.AWhite, At: 2 * time.Second})
	if err != nil || eff.Refused != "" {
		t.Errorf("a valid press: %+v, %v", eff, err)
	}
}

func TestArticleFollowsTheOptions(t *testing.T) {
	for _, c := range []struct {
		preset string
		r      Reason
		want   string
	}{
		{"reglamento", Flag, "Art 33"},
		{"reglamento", IllegalMove, "Art 27"},
		{"panoriental", IllegalMove, "seed 004"},
		{"reglamento", Stalemate, "Art 34"},
		{"panoriental", Stalemate, "stalemate wins for the stalemated player"},
		{"reglamento", Agreement, "Art 34"},
		{"fics", Agreement, "one_board_draw = match-draw"},
		{"reglamento", BothDrawn, "Art 34"},
		{"reglamento", BothBoards, "Art 35"},
		{"reglamento", SimultaneousFlag, "Art 35"},
	} {
		p, _ := LookupPreset(c.preset)
		if got := p.Options.Article(c.r); !strings.Contains(got, c.want) {
			t.Errorf("%s %s: %q, want it to contain %q", c.preset, c.r, got, c.want)
		}
	}
}

// Art 26-27: an illegal-move claim comes right after the offender's press,
// before the claimant moves: the accused must have made the last press.
func TestClaimIllegalMove_OnlyAgainstTheLastPress(t *testing.T) {
	p, _ := LookupPreset("reglamento")
	m, _ := New(p.Options)
	m.Apply(Event{Kind: Start})
	// Nobody has moved on board A: A-black cannot accuse A-white.
	if _, err := m.Apply(Event{Kind: Claim, Seat: bughouse.ABlack, Reason: IllegalMove, At: time.Second}); err == nil || !strings.Contains(err.Error(), "A-white has not moved") {
		t.Errorf("claim before any move: %v", err)
	}
	m.Apply(Event{Kind: Press, Seat: bughouse.AWhite, At: 2 * time.Second})
	// A-white pressed last: A-white cannot accuse A-black, A-black can
	// accuse A-white.
	if _, err := m.Apply(Event{Kind: Claim, Seat: bughouse.AWhite, Reason: IllegalMove, At: 3 * time.Second}); err == nil {
		t.Error("A-white accused A-black, who has not moved")
	}
	if m.Status() != Running {
		t.Errorf("a refused claim stopped the clocks: %v", m.Status())
	}
	if _, err := m.Apply(Event{Kind: Claim, Seat: bughouse.ABlack, Reason: IllegalMove, At: 4 * time.Second}); err != nil {
		t.Errorf("A-black's claim: %v", err)
	}
	// A flag or other claim can be made any time.
	m2, _ := New(p.Options)
	m2.Apply(Event{Kind: Start})
	if _, err := m2.Apply(Event{Kind: Claim, Seat: bughouse.BBlack, Reason: OtherClaim, At: time.Second}); err != nil {
		t.Errorf("other claim: %v", err)
	}
}
