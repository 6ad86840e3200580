package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestReplay_IllegalMoveExitsOne(t *testing.T) {
	code, out, errs := replayCmd(td+"bpgn/illegal_drop_not_in_reserve.bpgn", "--json")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, errs)
	}
	if !strings.Contains(errs, "illegal_drop_not_in_reserve.bpgn:10: illegal move under fics: board B, move 2b. P@d6 (B-black): black has no pawn in reserve") {
		t.Errorf("stderr %q", errs)
	}
	var j struct {
		Moves struct {
			Legal   bool `json:"legal"`
			Illegal struct {
				Board, Move, Rule string
				Number            int
			} `json:"illegal"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if j.Moves.Legal || j.Moves.Illegal.Board != "B" || j.Moves.Illegal.Number != 2 || !strings.Contains(j.Moves.Illegal.Rule, "Art 16") {
		t.Errorf("json %s", out)
	}
}

func TestReplay_LegalGameTextShowsMovesAndMate(t *testing.T) {
	code, out, errs := replayCmd(td + "bpgn/fics_1934301_checkmate.bpgn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"all 110 legal under fics (bughouse)", "the recorded checkmate: the board is checkmate", "reserves  A-white N"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// The text report says the move is illegal before it gives the result.
func TestReplay_IllegalMoveTextSaysItFirst(t *testing.T) {
	code, out, _ := replayCmd(td+"bpgn/fics_1934301_checkmate.bpgn", "--preset", "reglamento")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[2], "ILLEGAL ") || !strings.Contains(lines[2], "move 10A. B@b5+ (A-white): the drop gives check") {
		t.Errorf("the third line is not the illegal move:\n%s", out)
	}
	if i, j := strings.Index(out, "ILLEGAL "), strings.Index(out, "\nresult "); i < 0 || j < 0 || i > j {
		t.Errorf("ILLEGAL does not come before the result:\n%s", out)
	}
}
