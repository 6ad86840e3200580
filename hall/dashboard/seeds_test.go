package dashboard

import (
	"testing"

	"tandem/hall"
	"tandem/tournament"
)

// Requirements 6 and 8: a table's result decided by forfeit (Art 44)
// counts as a forfeit, and in a tournament that plays both boards each
// board's result from the record counts (team 1 has White on board A and
// Black on board B).
func TestResults_ForfeitsAndBothBoards(t *testing.T) {
	tn := &tourney{t: loadTournament(t)}
	for _, c := range []struct {
		r    hall.Result
		want string
	}{
		{hall.Result{Result: "1-0", Reason: "forfeit"}, "+/-"},
		{hall.Result{Result: "0-1", Reason: "forfeit"}, "-/+"},
		{hall.Result{Result: "0-0", Reason: "forfeit"}, "-/-"},
		{hall.Result{Result: "0-1", Reason: "flag"}, "0-1"},
	} {
		if got := tn.resultText(c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
	tn.t.BothBoards = true
	r := hall.Result{Result: "1-0", Reason: "board-sum", Boards: []string{"1/2-1/2 agreement", "0-1 checkmate"}, Points: "1.5-0.5"}
	res, boards, err := tn.resultOf(r)
	if err != nil || res != tournament.Win1 || boards != [2]tournament.Result{tournament.Draw, tournament.Win1} || tn.resultText(r) != "1/2-1/2 1-0" {
		t.Errorf("both boards: %v %v %v %q", res, boards, err, tn.resultText(r))
	}
	if _, _, err := tn.resultOf(hall.Result{Result: "1-0", Reason: "flag"}); err == nil {
		t.Error("a both-boards result without its boards counted")
	}
}
