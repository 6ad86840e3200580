package tournament

import (
	"strings"
	"testing"
	"time"
)

// The seeds' tournament rules: each test is named after the requirement
// it checks.

// Requirement 8, seed 003's other format ("El resultado del juego se
// decide sumando el puntaje de los dos tableros"): a tournament that
// plays both boards records each board, ranks by game points, and its
// exports give each player his board's result.
func TestBothBoardsFormat_StandingsInGamePoints(t *testing.T) {
	tn := newTeams(4, 2)
	tn.BothBoards = true
	// A played result needs its boards.
	if err := tn.SetRound(1, []Match{{Table: 1, Team1: 1, Team2: 2, Result: Win1}}); err == nil || !strings.Contains(err.Error(), "give each board's result") {
		t.Errorf("a result without boards: %v", err)
	}
	if err := tn.SetRound(1, []Match{{Table: 1, Team1: 1, Team2: 2}, {Table: 2, Team1: 3, Team2: 4}}); err != nil {
		t.Fatal(err)
	}
	// Table 1: team 1 wins board A, draws board B: 1.5-0.5. Table 2: team
	// 4 absent (a forfeit: 2-0).
	if err := tn.RecordBoards(1, 1, [2]Result{Win1, Draw}); err != nil {
		t.Fatal(err)
	}
	if err := tn.Record(1, 2, Forfeit1); err != nil {
		t.Fatal(err)
	}
	if err := tn.Record(1, 1, Win1); err == nil {
		t.Error("Record of a played result in a both-boards tournament accepted")
	}
	m := tn.Matches(1)[0]
	if m.Result != Win1 || m.Text() != "1-0 1/2-1/2" {
		t.Errorf("match %+v %q", m, m.Text())
	}
	r, boards, err := ParseMatchResult("0-1 1/2-1/2")
	if err != nil || r != Win2 || boards != [2]Result{Win2, Draw} {
		t.Errorf("ParseMatchResult: %v %v %v", r, boards, err)
	}
	if _, _, err := ParseMatchResult("1-0 +/-"); err == nil {
		t.Error("a forfeit as a board result accepted")
	}
	if err := tn.SetRound(2, []Match{{Table: 1, Team1: 1, Team2: 3, Boards: [2]Result{Win2, Win2}, Result: Win2},
		{Table: 2, Team1: 2, Team2: 4, Boards: [2]Result{Draw, Draw}, Result: Draw}}); err != nil {
		t.Fatal(err)
	}
	st := tn.Standings()
	got := map[string][4]float64{}
	for _, s := range st {
		got[s.Team.Name] = [4]float64{float64(s.Rank), s.Points, s.MatchPoints, float64(s.Wins)}
	}
	// T3: 2 (forfeit) + 2 = 4 game points; T1: 1.5 + 0 = 1.5; T2: 0.5 + 1
	// = 1.5; T4: 0 + 1 = 1.
	want := map[string][4]float64{"T3": {1, 4, 2, 2}, "T1": {2, 1.5, 1, 1}, "T2": {2, 1.5, 0.5, 0}, "T4": {4, 1, 0.5, 0}}
	for name, w := range want {
		if g := got[name]; g[1] != w[1] || g[2] != w[2] || g[3] != w[3] {
			t.Errorf("%s: points %v, match points %v, wins %v; want %v", name, g[1], g[2], g[3], w)
		}
	}
	var b strings.Builder
	if err := WriteCSV(&b, st); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\n1,3,T3,T3a,T3b,4,") || !strings.Contains(b.String(), ",2,4\n") {
		t.Errorf("csv:\n%s", b.String())
	}
	lines := writeTRF(t, tn, nil)
	// T1's board A player won his board in round 1 (1), lost it in round
	// 2 (0); its board B player drew (=) then lost.
	a, bb := first(lines, "001    1"), first(lines, "001    2")
	if a == "" || bb == "" {
		t.Fatalf("no 001 records for team 1:\n%s", strings.Join(lines, "\n"))
	}
	if !strings.Contains(a, "   3 w 1     5 w 0") || !strings.Contains(a, " 1.0 ") {
		t.Errorf("board A: %q", a)
	}
	if !strings.Contains(bb, "   4 b =     6 b 0") || !strings.Contains(bb, " 0.5 ") {
		t.Errorf("board B: %q", bb)
	}
	if r310 := first(lines, "310   3"); !strings.Contains(r310, "   2.0    4.0") {
		t.Errorf("310 of T3: %q (match points 2, game points 4)", r310)
	}
}

// first returns the first line beginning with prefix, "" when none.
func first(lines []string, prefix string) string {
	if f := find(lines, prefix); len(f) > 0 {
		return f[0]
	}
	return ""
}

// Requirement 9, Art 43.6 ("Match relámpago de desempate, si la
// convocatoria lo prevé"): a playoff between teams still tied after the
// five tie-breaks is recorded as such and ranks them; it counts for
// nothing else.
func TestArt43Playoff_RanksTheTiedTeams(t *testing.T) {
	tn := newTeams(2, 1)
	play(t, tn, 1, "1-2 1/2")
	if st := tn.Standings(); st[0].Rank != 1 || st[1].Rank != 1 {
		t.Fatalf("ranks %d %d: tied", st[0].Rank, st[1].Rank)
	}
	if err := tn.AddPlayoff(2, 1, 1); err == nil || !strings.Contains(err.Error(), "armageddon = false") {
		t.Errorf("a playoff the announcement has no room for: %v", err)
	}
	tn.Armageddon = true
	if err := tn.AddPlayoff(2, 1, 1); err != nil {
		t.Fatal(err)
	}
	if err := tn.AddPlayoff(1, 2, 1); err == nil {
		t.Error("a second playoff of the same teams")
	}
	if st := tn.Standings(); st[0].Rank != 1 || st[1].Rank != 1 {
		t.Errorf("a playoff without a result ranked the teams")
	}
	if err := tn.RecordPlayoff(2, 1, Win1, [2]Result{}); err != nil {
		t.Fatal(err)
	}
	st := tn.Standings()
	if st[0].Team.ID != 2 || st[0].Rank != 1 || st[1].Rank != 2 || !st[0].PlayoffApplied || st[0].Playoff != 1 {
		t.Errorf("standings %+v", st)
	}
	if st[0].Points != 0.5 || st[0].Wins != 0 || st[0].Buchholz != st[1].Buchholz {
		t.Errorf("the playoff counted for points, wins or Buchholz: %+v", st[0])
	}
	var b strings.Builder
	if err := WriteText(&b, st); err != nil || !strings.Contains(b.String(), "PO") {
		t.Errorf("text: %v\n%s", err, b.String())
	}
	lines := writeTRF(t, tn, nil)
	if first(lines, "### playoff (Art 43.6): T2 - T1 1-0") == "" {
		t.Errorf("TRF without the playoff:\n%s", strings.Join(lines, "\n"))
	}
	// The pairing CSV records it as such: round "playoff".
	tn2 := newTeams(2, 1)
	tn2.Armageddon = true
	play(t, tn2, 1, "1-2 1/2")
	ms, err := tn2.ReadCSV("r.csv", strings.NewReader("round,table,team1,team2,result\nplayoff,1,T1,T2,0-1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := tn2.Apply("r.csv", ms); err != nil {
		t.Fatal(err)
	}
	if p := tn2.Playoffs(); len(p) != 1 || p[0].Result != Win2 || tn2.Standings()[0].Team.ID != 2 {
		t.Errorf("playoffs %+v", p)
	}
	if _, err := newTeams(2, 1).ReadCSV("r.csv", strings.NewReader("playoff,1,1,2,1-0\n")); err == nil || !strings.Contains(err.Error(), "Art 43.6") {
		t.Errorf("a playoff row without armageddon: %v", err)
	}
}

// Requirement 9, Art 9 ("salvo que la convocatoria prevea suplentes
// registrados"): a team's registered substitutes are in the tournament
// file, and one may replace a player between rounds; the round's tables
// and the TRF follow.
func TestArt9Substitutes_EnteredBetweenRounds(t *testing.T) {
	tn, err := Parse("t.toml", []byte(`name = "Open"
rounds = 2
match_format = "both-boards"
no_show_tolerance = "15m"
[[team]]
name = "A"
players = [{ name = "Ana" }, { name = "Bea" }]
substitutes = [{ name = "Clara", rating = 1500 }]
[[team]]
name = "B"
players = [{ name = "Dani" }, { name = "Eva" }]
`))
	if err != nil {
		t.Fatal(err)
	}
	if !tn.BothBoards || tn.NoShowTolerance != 15*time.Minute || len(tn.Teams[0].Substitutes) != 1 {
		t.Fatalf("file: both boards %v, tolerance %v, substitutes %v", tn.BothBoards, tn.NoShowTolerance, tn.Teams[0].Substitutes)
	}
	if err := tn.SetRound(1, []Match{{Table: 1, Team1: 1, Team2: 2}}); err != nil {
		t.Fatal(err)
	}
	if err := tn.SetLineup(1, 2, [2]int{1, 0}); err == nil || !strings.Contains(err.Error(), "no registered substitutes") {
		t.Errorf("a team without substitutes changed: %v", err)
	}
	if err := tn.SetLineup(2, 1, [2]int{0, 3}); err == nil {
		t.Error("a member the team does not have")
	}
	if err := tn.RecordBoards(1, 1, [2]Result{Win1, Win2}); err != nil {
		t.Fatal(err)
	}
	if err := tn.SetLineup(1, 1, [2]int{2, 1}); err == nil || !strings.Contains(err.Error(), "between rounds") {
		t.Errorf("a substitute in a round with a result: %v", err)
	}
	i := tn.Teams[0].MemberIndex("clara")
	if err := tn.SetLineup(2, 1, [2]int{i, 1}); err != nil {
		t.Fatal(err)
	}
	if err := tn.SetRound(2, []Match{{Table: 1, Team1: 2, Team2: 1}}); err != nil {
		t.Fatal(err)
	}
	tables, err := tn.Tables(2)
	if err != nil {
		t.Fatal(err)
	}
	// Team A is team 2 in round 2: Clara (board A) sits A-black.
	if tables[0].Seats[1].Name != "Clara" || tables[0].Seats[2].Name != "Bea" {
		t.Errorf("round 2 seats %+v", tables[0].Seats)
	}
	if tb, _ := tn.Tables(1); tb[0].Seats[0].Name != "Ana" {
		t.Errorf("round 1 seats %+v: the lineup of round 2 changed round 1", tb[0].Seats)
	}
	if err := tn.RecordBoards(2, 1, [2]Result{Win2, Draw}); err != nil {
		t.Fatal(err)
	}
	lines := writeTRF(t, tn, nil)
	// Clara is player 5 (after the four players), played round 2 only.
	clara := first(lines, "001    5")
	if !strings.Contains(clara, "Clara") || !strings.Contains(clara, "0000 - Z") || !strings.Contains(clara, "   3 b 1") {
		t.Errorf("Clara's record %q", clara)
	}
	if ana := first(lines, "001    1"); !strings.Contains(ana, "0000 - Z") {
		t.Errorf("Ana's record %q: absent in round 2", ana)
	}
	if r310 := first(lines, "310   1"); !strings.HasSuffix(strings.TrimRight(r310, "\r"), "   1    2    5") {
		t.Errorf("310 of A %q: its three members", r310)
	}
	for _, bad := range []string{`match_format = "sum"`, `no_show_tolerance = "soon"`} {
		if _, err := Parse("t.toml", []byte("name = \"x\"\nrounds = 1\n"+bad+"\n[[team]]\nname=\"a\"\nplayers=[{name=\"a\"},{name=\"b\"}]\n[[team]]\nname=\"b\"\nplayers=[{name=\"c\"},{name=\"d\"}]\n")); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
