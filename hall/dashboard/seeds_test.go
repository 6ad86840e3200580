package dashboard

import (
	"path/filepath"
	"strings"
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

// Requirement 9, Art 9: the head arbiter enters a registered substitute
// between rounds; the table of the team's match gets the round's players
// as the lineup says, and the lineup survives a restart of the
// dashboard. After the round's result it is refused.
func TestArt9Substitutes_EnteredFromTheDashboard(t *testing.T) {
	file := strings.Replace(tournamentFile, `players = [{ name = "Ana, A" }, { name = "Bea, B" }]`,
		`players = [{ name = "Ana, A" }, { name = "Bea, B" }]`+"\nsubstitutes = [{ name = \"Sol, S\" }]", 1)
	load := func() *tournament.Tournament {
		tn, err := tournament.Parse("hall.toml", []byte(file))
		if err != nil {
			t.Fatal(err)
		}
		return tn
	}
	h := newHub(t, "")
	state := filepath.Join(t.TempDir(), "dashboard.json")
	ts := newServer(t, h, Opts{Tournament: load(), StateFile: state})
	d1 := startTable(t, h, "t1", "")
	eventually(t, "t1 online", func() bool { v, ok := h.Table("t1"); return ok && v.Online })
	if code, _, ans := upload(t, ts, 0, "r1.txt", "2\n1 2\n3 4\n"); code != 200 {
		t.Fatalf("upload: %d %s", code, ans)
	}
	eventually(t, "the players on t1", func() bool { return d1.Table.Snapshot().Players[0] == "Ana, A" })
	arb := ts.client(true)
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{`{"round":1,"team":"Nobody","players":["Ana, A","Bea, B"]}`, 400, "no such team"},
		{`{"round":1,"team":"Alfiles","players":["Ana, A","Zoe"]}`, 400, `no player or registered substitute`},
		{`{"round":1,"team":"Torres","players":["Dani, D","Ciro, C"]}`, 409, "no registered substitutes"},
	} {
		if code, ans := ts.post(arb, "/api/lineup", c.body); code != c.code || !strings.Contains(ans, c.want) {
			t.Errorf("%s: %d %s; want %d %q", c.body, code, ans, c.code, c.want)
		}
	}
	if code, ans := ts.post(arb, "/api/lineup", `{"round":1,"team":"Alfiles","players":["Sol, S","Bea, B"]}`); code != 200 {
		t.Fatalf("lineup: %d %s", code, ans)
	}
	eventually(t, "the substitute on t1", func() bool { return d1.Table.Snapshot().Players[0] == "Sol, S" })

	ts2 := newServer(t, h, Opts{Tournament: load(), StateFile: state})
	ts2.s.mu.Lock()
	got := ts2.s.tn.t.Player(1, 1, 0).Name
	ts2.s.mu.Unlock()
	if got != "Sol, S" {
		t.Errorf("after a restart, Alfiles' board A player in round 1 is %q", got)
	}
	decide(t, d1) // A-white (Sol) wins board A: the result counts for the pairing
	eventually(t, "the result counted", func() bool {
		ts.s.mu.Lock()
		defer ts.s.mu.Unlock()
		return ts.s.tn.t.Matches(1)[0].Result != tournament.Pending
	})
	if code, ans := ts.post(arb, "/api/lineup", `{"round":1,"team":"Alfiles","players":["Ana, A","Bea, B"]}`); code != 409 || !strings.Contains(ans, "between rounds") {
		t.Errorf("a lineup after the round's result: %d %s", code, ans)
	}
}
