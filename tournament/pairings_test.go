package tournament

import (
	"errors"
	"os"
	"slices"
	"strings"
	"tandem/bughouse"
	"testing"
)

func TestReadEnginePairings_Tables(t *testing.T) {
	tn := loadExample(t)
	f, err := os.Open("testdata/round1.pairs")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ms, err := ReadEnginePairings("round1.pairs", f, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := tn.Apply("round1.pairs", ms); err != nil {
		t.Fatal(err)
	}
	tables, err := tn.Tables(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != 3 {
		t.Fatalf("%d tables", len(tables))
	}
	// Table 1: "1 6": Los Alfiles sit as team 1 (A-white, B-black).
	tb := tables[0]
	if tb.Number != 1 || tb.Team1.ID != 1 || tb.Team2.ID != 6 {
		t.Fatalf("table 1: %d, teams %d-%d", tb.Number, tb.Team1.ID, tb.Team2.ID)
	}
	want := map[bughouse.Seat]string{
		bughouse.AWhite: "García, Lucía",  // team 1, board A player
		bughouse.ABlack: "Herrera, Pablo", // team 2, board A player
		bughouse.BWhite: "Molina, Sara",   // team 2, board B player
		bughouse.BBlack: "Martín, Diego",  // team 1, board B player
	}
	for s, name := range want {
		if got := tb.Player(s).Name; got != name {
			t.Errorf("%s: %q, want %q", s, got, name)
		}
	}
	if tables[2].Number != 3 || tables[2].Seats[bughouse.AWhite].Name != "Silva, Tomás" {
		t.Errorf("table 3: %+v", tables[2])
	}
}

func TestReadEnginePairings_Bye(t *testing.T) {
	tn := newTeams(5, 3)
	ms, err := ReadEnginePairings("p", strings.NewReader("3\n\n5 0\n1 2\n  4   3  \n"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := tn.Apply("p", ms); err != nil {
		t.Fatal(err)
	}
	got := tn.Matches(2)
	if len(got) != 3 || got[0] != (Match{Round: 2, Table: 1, Team1: 1, Team2: 2, Line: 4}) ||
		got[1] != (Match{Round: 2, Table: 2, Team1: 4, Team2: 3, Line: 5}) || !got[2].Bye() || got[2].Team1 != 5 {
		t.Errorf("%+v", got)
	}
	byes := tn.Byes(2)
	if len(byes) != 1 || byes[0].ID != 5 {
		t.Errorf("byes %v", byes)
	}
	tables, _ := tn.Tables(2)
	if len(tables) != 2 {
		t.Errorf("a bye has no table: %d tables", len(tables))
	}
}

func TestReadEnginePairings_Errors(t *testing.T) {
	tn := newTeams(4, 3)
	cases := []struct{ in, want string }{
		{"", "p: empty"},
		{"two\n1 2\n", `p:1: "two": the first line is the number of pairs`},
		{"2\n1 2\n", "p:1: 2 pairs announced, 1 found"},
		{"1\n1 2\n3 4\n", "p:1: 1 pair announced, 2 found"},
		{"1\n1 2 3\n", `p:2: "1 2 3": a pair is two starting ranks`},
		{"1\n1 x\n", `p:2: "x" is not a starting rank`},
		{"1\n0 2\n", "p:2: white is 0"},
		// Checked by Apply:
		{"2\n1 2\n2 3\n", "p:3: team 2 (T2) is paired twice in round 1 (also line 2)"},
		{"1\n1 9\n", "p:2: black (second) team: no team with starting rank 9; teams are 1 to 4 (0 for a bye)"},
		{"1\n9 2\n", "p:2: white (first) team: no team with starting rank 9; teams are 1 to 4"},
		{"1\n3 3\n", "p:2: team 3 is paired with itself"},
	}
	for _, c := range cases {
		ms, err := ReadEnginePairings("p", strings.NewReader(c.in), 1)
		if err == nil {
			err = tn.Apply("p", ms)
		}
		if err == nil || err.Error() != c.want && !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.in, err, c.want)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: %T is not *Error", c.in, err)
		}
	}
	if len(tn.PairedRounds()) != 0 {
		t.Error("a failed Apply stored a round")
	}
}

func TestReadCSV(t *testing.T) {
	tn := loadExample(t)
	in := "round,table,team1,team2,result\n" +
		"1,1,1,6,1-0\n" +
		"1, 2 , caballos de troya ,Jaque Doble,\n" + // by name, spaces, no result yet
		"1,3,3,4\n" + // result column left out
		"2,,5,bye\n" +
		"2,1,\"Los Alfiles\",2,0-1\n"
	ms, err := tn.ReadCSV("r.csv", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Match{
		{Round: 1, Table: 1, Team1: 1, Team2: 6, Result: Win1, Line: 2},
		{Round: 1, Table: 2, Team1: 2, Team2: 5, Line: 3},
		{Round: 1, Table: 3, Team1: 3, Team2: 4, Line: 4},
		{Round: 2, Team1: 5, Line: 5},
		{Round: 2, Table: 1, Team1: 1, Team2: 2, Result: Win2, Line: 6},
	}
	if len(ms) != len(want) {
		t.Fatalf("%d matches: %+v", len(ms), ms)
	}
	for i := range want {
		if ms[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i+1, ms[i], want[i])
		}
	}
	if err := tn.Apply("r.csv", ms); err != nil {
		t.Fatal(err)
	}
	if got := tn.PairedRounds(); len(got) != 2 {
		t.Errorf("rounds %v", got)
	}
	// Without a header.
	ms, err = tn.ReadCSV("r.csv", strings.NewReader("3,4,6,5,1/2\n"))
	if err != nil || len(ms) != 1 || ms[0].Result != Draw || ms[0].Line != 1 {
		t.Errorf("%+v %v", ms, err)
	}
}

// A header names the columns: any order, other columns ignored, as in
// the hall dashboard's results.csv, whose rows that count for no pairing
// (round and table empty) are skipped and whose byes are rows of their
// own.
func TestReadCSV_ColumnsByName(t *testing.T) {
	tn := newTeams(4, 3)
	tn.Teams[0].Name, tn.Teams[1].Name = "Leones, Club", "Tigres"
	in := "round,table,hall_table,team1,team2,result,reason,decisive,a_white,a_black,b_white,b_black,wall,match_ms,match,note\n" +
		"1,1,t1,\"Leones, Club\",Tigres,1-0,resignation,A-white,P1,P3,P4,P2,2026-03-14T10:00:00Z,61234,m1,\n" +
		",,t1,P1 & P2,P3 & P4,0-1,flag,A-white,P1,P3,P4,P2,2026-03-14T10:20:00Z,1000,m2,not counted: no pairing\n" +
		"1,,,T3,bye,,,,,,,,,,,bye\n"
	ms, err := tn.ReadCSV("results.csv", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Match{{Round: 1, Table: 1, Team1: 1, Team2: 2, Result: Win1, Line: 2}, {Round: 1, Team1: 3, Line: 4}}
	if !slices.Equal(ms, want) {
		t.Errorf("got %+v\nwant %+v", ms, want)
	}
	// Reordered, without result.
	ms, err = tn.ReadCSV("r.csv", strings.NewReader("Team2,TEAM1,table,round\n2,1,1,3\n"))
	if err != nil || len(ms) != 1 || ms[0] != (Match{Round: 3, Table: 1, Team1: 1, Team2: 2, Line: 2}) {
		t.Errorf("reordered: %+v %v", ms, err)
	}
}

func TestReadCSV_Errors(t *testing.T) {
	tn := newTeams(4, 3)
	cases := []struct{ in, want string }{
		{"round,table,home,away\n", `r.csv:1: header "round,table,home,away" has no column "team1"; the columns are round,table,team1,team2,result (result optional, others ignored)`},
		{"round,table,team1,team2,Round\n", `r.csv:1: header: column "round" twice (columns 1 and 5)`},
		{"round,table,team1,team2,note\n1,1,1,2,x,y\n", "r.csv:2: 6 columns; the header has 5"},
		{"note,round,table,team2,team1\n,1,1,2\n", "r.csv:2: 4 columns; the header has 5"},
		{"note,round,table,team1,team2\nx,1,1,,2\n", "r.csv:2: team1: missing"},
		{"1,1,1\n", "r.csv:1: 3 columns; a row is round,table,team1,team2[,result]"},
		{"1\t1\t1\t2\n", "r.csv:1: 1 column; a row is round,table,team1,team2[,result], separated by commas"},
		{"round,table,team1,team2\n1\t1\t1\t2\n", "r.csv:2: 1 column; the header has 4, separated by commas"},
		{"0,1,1,2\n", `r.csv:1: round: "0"; rounds are 1 to 3`},
		{"1,x,1,2\n", `r.csv:1: table: "x"; tables are numbered from 1`},
		{"1,0,1,2\n", `r.csv:1: table: "0"`},
		{"1,1,,2\n", "r.csv:1: team1: missing"},
		{"1,1,1,9\n", "r.csv:1: team2: no team with starting rank 9; teams are 1 to 4"},
		{"1,1,1,Nobody\n", `r.csv:1: team2: no team named "Nobody"`},
		{"1,1,1,2,2-0\n", `r.csv:1: result: unknown result "2-0"; allowed: 1-0, 1/2-1/2, 0-1`},
		{"1,,1,bye,1-0\n", `r.csv:1: result: "1-0": a bye has no result`},
		{"1,1,1,\"2\n", "r.csv:1: extraneous or missing \" in quoted-field"},
		// Checked by Apply:
		{"1,1,1,2\n1,1,3,4\n", "r.csv:2: table 1 is given twice in round 1 (also line 1)"},
		{"1,1,1,2\n2,1,1,3\n2,2,3,4\n", "r.csv:3: team 3 (T3) is paired twice in round 2 (also line 2)"},
	}
	for _, c := range cases {
		ms, err := tn.ReadCSV("r.csv", strings.NewReader(c.in))
		if err == nil {
			err = tn.Apply("r.csv", ms)
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got  %v\n want %q", c.in, err, c.want)
		}
	}
	if len(tn.PairedRounds()) != 0 {
		t.Error("a failed Apply stored a round")
	}
}

func TestSetRoundAndRecord(t *testing.T) {
	tn := newTeams(4, 2)
	if err := tn.SetRound(3, nil); err == nil {
		t.Error("round 3 of 2 accepted")
	}
	if err := tn.SetRound(1, []Match{{Table: 1, Team1: 1, Team2: 0, Result: Win1}}); err == nil {
		t.Error("a bye with a result accepted")
	}
	if err := tn.SetRound(1, []Match{{Table: 0, Team1: 1, Team2: 2}}); err == nil {
		t.Error("table 0 accepted for a match")
	}
	if err := tn.Record(1, 1, Win1); err == nil {
		t.Error("a result recorded in a round without pairings")
	}
	play(t, tn, 1, "1-2", "3-4")
	if err := tn.Record(1, 3, Win1); err == nil {
		t.Error("a result recorded at a missing table")
	}
	if err := tn.Record(1, 2, Result(99)); err == nil {
		t.Error("an unknown result recorded")
	}
	if err := tn.Record(1, 2, Forfeit2); err != nil {
		t.Fatal(err)
	}
	if got := tn.Matches(1)[1].Result; got != Forfeit2 {
		t.Errorf("recorded %v", got)
	}
	if _, err := tn.Tables(2); err == nil {
		t.Error("tables of an unpaired round")
	}
}

func TestParseResult(t *testing.T) {
	for in, want := range map[string]Result{
		"": Pending, "1-0": Win1, "1/2-1/2": Draw, "½-½": Draw, "=": Draw, "1/2": Draw,
		"0-1": Win2, "+/-": Forfeit1, "+-": Forfeit1, "-/+": Forfeit2, "-+": Forfeit2, "-/-": DoubleForfeit, "--": DoubleForfeit,
	} {
		got, err := ParseResult(in)
		if err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for r := Pending; r <= DoubleForfeit; r++ {
		if got, err := ParseResult(r.String()); err != nil || got != r {
			t.Errorf("%v does not read back: %v %v", r, got, err)
		}
	}
	if _, err := ParseResult("1:0"); err == nil {
		t.Error("1:0 accepted")
	}
}
