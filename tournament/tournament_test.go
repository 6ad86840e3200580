package tournament

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"
)

const exampleFile = "../docs/examples/tournament.toml"

func loadExample(t *testing.T) *Tournament {
	t.Helper()
	tn, err := Load(exampleFile)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

func TestLoad_Example(t *testing.T) {
	tn := loadExample(t)
	if tn.Name != "Open de Bughouse de Primavera" || tn.City != "Madrid" || tn.Federation != "ESP" {
		t.Errorf("event: %q %q %q", tn.Name, tn.City, tn.Federation)
	}
	if want := time.Date(2026, 3, 14, 0, 0, 0, 0, time.UTC); !tn.Start.Equal(want) {
		t.Errorf("start %v", tn.Start)
	}
	if tn.Rounds != 4 || tn.TimeControl != "5m" || tn.ByePoints != 1 || tn.ChiefArbiter != "Ruiz, Carmen" {
		t.Errorf("rounds %d control %q bye %v arbiter %q", tn.Rounds, tn.TimeControl, tn.ByePoints, tn.ChiefArbiter)
	}
	if len(tn.DeputyArbiters) != 1 || len(tn.RoundDates) != 4 {
		t.Errorf("deputies %v, round dates %v", tn.DeputyArbiters, tn.RoundDates)
	}
	if len(tn.Teams) != 6 {
		t.Fatalf("%d teams", len(tn.Teams))
	}
	for i, tm := range tn.Teams {
		if tm.ID != i+1 {
			t.Errorf("Teams[%d].ID = %d", i, tm.ID)
		}
	}
	lucia := tn.Teams[0].Players[0]
	if lucia != (Player{Name: "García, Lucía", Rating: 2105, FIDEID: 2201234, Federation: "ESP", Title: "WFM"}) {
		t.Errorf("first player %+v", lucia)
	}
	// [[team.players]] tables read like the inline array.
	if got := tn.Teams[5].Players; got[0].Name != "Herrera, Pablo" || got[0].Rating != 1650 || got[1].Name != "Molina, Sara" {
		t.Errorf("team 6 players %+v", got)
	}
	if tn.TeamByName("  jaque doble ") != &tn.Teams[4] || tn.TeamByName("nobody") != nil {
		t.Error("TeamByName")
	}
	if tn.Team(0) != nil || tn.Team(7) != nil || tn.Team(6).Name != "Enroque Largo" {
		t.Error("Team")
	}
	if r := tn.Teams[0].Rating(); r != 2078 { // (2105+2050)/2 = 2077.5, half up
		t.Errorf("team 1 rating %d", r)
	}
	if r := tn.Teams[4].Rating(); r != 1710 { // only the rated player counts
		t.Errorf("team 5 rating %d", r)
	}
}

func TestLoad_MissingFile(t *testing.T) {
	_, err := Load("testdata/no-such-file.toml")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("got %v", err)
	}
}

// minimal is a valid file the error cases below alter.
const minimal = `name = "Club"
rounds = 3

[[team]]
name = "A"
players = [{ name = "P1" }, { name = "P2" }]

[[team]]
name = "B"
players = [{ name = "P3" }, { name = "P4" }]
`

func TestParse_Minimal(t *testing.T) {
	tn, err := Parse("t.toml", []byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	if tn.Teams[0].ID != 1 || tn.Teams[1].ID != 2 || tn.Source != "t.toml" || tn.ByePoints != 1 {
		t.Errorf("%+v", tn)
	}
}

func TestParse_IDsOutOfFileOrder(t *testing.T) {
	tn, err := Parse("t.toml", []byte(`name = "Club"
rounds = 1
[[team]]
id = 2
name = "B"
players = [{ name = "P3" }, { name = "P4" }]
[[team]]
id = 1
name = "A"
players = [{ name = "P1" }, { name = "P2" }]
`))
	if err != nil {
		t.Fatal(err)
	}
	if tn.Teams[0].Name != "A" || tn.Teams[1].Name != "B" {
		t.Errorf("teams not in starting-rank order: %q %q", tn.Teams[0].Name, tn.Teams[1].Name)
	}
}

func TestParse_Errors(t *testing.T) {
	cases := []struct {
		name, doc, want string
	}{
		{"syntax", "name = \n", "t.toml:1: invalid at column"},
		{"unknown key", strings.Replace(minimal, "rounds = 3", "rounds = 3\nround = 4", 1), "t.toml:3: round: unknown key"},
		{"unknown player key", strings.Replace(minimal, `{ name = "P4" }`, `{ name = "P4", elo = 1800 }`, 1), "t.toml:10: team[2].players[2].elo: unknown key"},
		{"wrong type", strings.Replace(minimal, "rounds = 3", `rounds = "three"`, 1), "t.toml:2: rounds: expected a whole number such as 4, got a string"},
		// A value of the wrong kind in the file's words, not go-toml's
		// (tournament.fileDoc.Rounds of type int).
		{"rounds a float", strings.Replace(minimal, "rounds = 3", `rounds = 3.5`, 1), "t.toml:2: rounds: expected a whole number such as 4, got a float"},
		{"control a number", strings.Replace(minimal, "rounds = 3", "rounds = 3\ntime_control = 5", 1), `t.toml:3: time_control: expected text in quotes such as "3m+2s", got an integer`},
		{"start by hand", strings.Replace(minimal, "rounds = 3", "rounds = 3\nstart = \"14/03/2026\"", 1), `t.toml:3: start: expected a date such as 2026-03-14 without quotes, got "14/03/2026"`},
		{"end with a time", strings.Replace(minimal, "rounds = 3", "rounds = 3\nend = 2026-03-14T10:00:00", 1), "t.toml:3: end: expected a date such as 2026-03-14 without quotes, got a date or time"},
		{"round date by hand", strings.Replace(minimal, "rounds = 3", "rounds = 3\nround_dates = [2026-03-14,\n  \"15/03\"]", 1), `t.toml:4: round_dates[2]: expected a date such as 2026-03-14 without quotes, got "15/03"`},
		{"round dates one", strings.Replace(minimal, "rounds = 3", "rounds = 3\nround_dates = 2026-03-14", 1), "t.toml:3: round_dates: expected a list of dates such as [2026-03-14, 2026-03-15], got a date or time"},
		{"deputies one", strings.Replace(minimal, "rounds = 3", "rounds = 3\ndeputy_arbiters = \"Ortega, Pablo\"", 1), `t.toml:3: deputy_arbiters: expected a list of names in quotes such as ["Ortega, Pablo"], got "Ortega, Pablo"`},
		{"deputy a number", strings.Replace(minimal, "rounds = 3", "rounds = 3\ndeputy_arbiters = [\"Ortega, Pablo\", 7]", 1), `t.toml:3: deputy_arbiters[2]: expected text in quotes such as "Ortega, Pablo", got an integer`},
		{"armageddon quoted", strings.Replace(minimal, "rounds = 3", "rounds = 3\narmageddon = \"yes\"", 1), `t.toml:3: armageddon: expected true or false (without quotes), got "yes"`},
		{"bye points quoted", strings.Replace(minimal, "rounds = 3", "rounds = 3\nbye_points = \"0.5\"", 1), "t.toml:3: bye_points: expected a number such as 1 or 0.5, got a string"},
		{"team a string", `name = "Club"` + "\nrounds = 3\nteam = \"A\"\n", `t.toml:3: team: expected [[team]] tables, got "A"`},
		{"team id quoted", strings.Replace(minimal, `name = "B"`, "name = \"B\"\nid = \"2\"", 1), "t.toml:10: team[2].id: expected a whole number such as 3, got a string"},
		{"players a string", strings.Replace(minimal, `players = [{ name = "P3" }, { name = "P4" }]`, `players = "P3, P4"`, 1), `t.toml:10: team[2].players: expected a list of players such as [{ name = "García, Lucía" }, { name = "Martín, Diego" }], got "P3, P4"`},
		{"player a string", strings.Replace(minimal, `players = [{ name = "P3" }, { name = "P4" }]`, `players = ["P3", { name = "P4" }]`, 1), `t.toml:10: team[2].players[1]: expected a player such as { name = "García, Lucía", rating = 2105 }, got "P3"`},
		{"rating quoted", strings.Replace(minimal, `{ name = "P4" }`, `{ name = "P4", rating = "1800" }`, 1), "t.toml:10: team[2].players[2].rating: expected a whole number such as 2105, got a string"},
		{"title a number", strings.Replace(minimal, `{ name = "P4" }`, `{ name = "P4", title = 1 }`, 1), `t.toml:10: team[2].players[2].title: expected text in quotes such as "FM", got an integer`},
		{"earliest line first", strings.Replace(strings.Replace(minimal, `{ name = "P4" }`, `{ name = "P4", title = 1 }`, 1), "rounds = 3", `rounds = "3"`, 1), "t.toml:2: rounds: expected a whole number"},
		{"no name", strings.Replace(minimal, `name = "Club"`, ``, 1), "t.toml: name: missing"},
		{"no rounds", strings.Replace(minimal, "rounds = 3", "", 1), "t.toml: rounds: missing: the number of rounds (1 to 99) is required"},
		{"zero rounds", strings.Replace(minimal, "rounds = 3", "rounds = 0", 1), "t.toml:2: rounds: 0 rounds; allowed 1 to 99"},
		{"one team", minimal[:strings.LastIndex(minimal, "[[team]]")], "t.toml:4: team: a tournament needs at least 2 teams ([[team]] tables); the file has 1"},
		{"missing player", strings.Replace(minimal, `players = [{ name = "P3" }, { name = "P4" }]`, `players = [{ name = "P3" }]`, 1), "t.toml:10: team[2].players: a team is two players (Art 5), board A first, then board B; this one has 1"},
		{"no players", strings.Replace(minimal, `players = [{ name = "P3" }, { name = "P4" }]`, ``, 1), "t.toml:8: team[2].players: a team is two players (Art 5), board A first, then board B; this one has 0"},
		{"player without name", strings.Replace(minimal, `{ name = "P4" }`, `{ rating = 1800 }`, 1), "t.toml:10: team[2].players[2]: missing player name"},
		{"empty player name", strings.Replace(minimal, `{ name = "P4" }`, `{ name = " " }`, 1), "t.toml:10: team[2].players[2].name: empty"},
		{"bad rating", strings.Replace(minimal, `{ name = "P4" }`, `{ name = "P4", rating = -5 }`, 1), "t.toml:10: team[2].players[2].rating: -5; a rating is 0 (unrated) to 3500"},
		{"big rating", strings.Replace(minimal, `{ name = "P1" }`, `{ name = "P1", rating = 9000 }`, 1), "t.toml:6: team[1].players[1].rating: 9000"},
		{"bad fide id", strings.Replace(minimal, `{ name = "P1" }`, `{ name = "P1", fide_id = -1 }`, 1), "t.toml:6: team[1].players[1].fide_id: -1; a FIDE id is a positive number"},
		{"bad federation", strings.Replace(minimal, `{ name = "P1" }`, `{ name = "P1", federation = "Spain" }`, 1), `t.toml:6: team[1].players[1].federation: "Spain"; a federation is FIDE's three capital letters`},
		{"bad title", strings.Replace(minimal, `{ name = "P1" }`, `{ name = "P1", title = "XM" }`, 1), `t.toml:6: team[1].players[1].title: unknown title "XM"; allowed: GM, IM`},
		{"duplicate id", strings.Replace(strings.Replace(minimal, `name = "A"`, "id = 1\nname = \"A\"", 1), `name = "B"`, "id = 1\nname = \"B\"", 1), "t.toml:10: team[2].id: duplicate id 1: team[1] has it already"},
		{"id out of range", strings.Replace(minimal, `name = "B"`, "id = 3\nname = \"B\"", 1), "t.toml:9: team[2].id: 3 is out of range: ids are the starting ranks 1 to 2"},
		{"duplicate name", strings.Replace(minimal, `name = "B"`, `name = "a"`, 1), `t.toml:9: team[2].name: duplicate team name "a": team[1] has it already`},
		{"team without name", strings.Replace(minimal, `name = "B"`, ``, 1), "t.toml:8: team[2].name: missing"},
		{"bad control", strings.Replace(minimal, "rounds = 3", "rounds = 3\ntime_control = \"5 minutes\"", 1), "t.toml:3: time_control:"},
		{"bad bye points", strings.Replace(minimal, "rounds = 3", "rounds = 3\nbye_points = 2", 1), "t.toml:3: bye_points: 2; allowed 1 (a win, the default), 0.5 or 0"},
		{"end before start", strings.Replace(minimal, "rounds = 3", "rounds = 3\nstart = 2026-03-15\nend = 2026-03-14", 1), "t.toml:4: end: 2026-03-14 is before start 2026-03-15"},
		{"too many dates", strings.Replace(minimal, "rounds = 3", "rounds = 1\nround_dates = [2026-03-14, 2026-03-15]", 1), "t.toml:3: round_dates: 2 dates, but rounds = 1: at most one date per round"},
		{"dates out of order", strings.Replace(minimal, "rounds = 3", "rounds = 3\nround_dates = [\n  2026-03-14,\n  2026-03-14,\n  2026-03-13,\n]", 1), "t.toml:6: round_dates[3]: round 3's date 2026-03-13 is before round 2's 2026-03-14: the dates go in round order"},
		{"duplicate fide id", strings.Replace(strings.Replace(minimal, `{ name = "P2" }`, `{ name = "P2", fide_id = 2200001 }`, 1), `{ name = "P3" }`, `{ name = "P3", fide_id = 2200001 }`, 1), "t.toml:10: team[2].players[1].fide_id: duplicate FIDE id 2200001: team[1].players[2] has it already"},
		{"multi-line name", strings.Replace(minimal, `name = "Club"`, `name = "Club\nde ajedrez"`, 1), `t.toml:1: name: "Club\nde ajedrez": one line`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tn, err := Parse("t.toml", []byte(c.doc))
			if err == nil {
				t.Fatalf("no error; got %+v", tn)
			}
			if tn != nil {
				t.Error("a Tournament came back with the error")
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T is not *Error: %v", err, err)
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got  %q\nwant %q...", err, c.want)
			}
		})
	}
}

func TestError_Format(t *testing.T) {
	for _, c := range []struct {
		e    Error
		want string
	}{
		{Error{File: "f", Line: 3, Field: "x", Msg: "m"}, "f:3: x: m"},
		{Error{File: "f", Msg: "m"}, "f: m"},
		{Error{Line: 4, Msg: "m"}, "line 4: m"},
		{Error{Field: "team1", Msg: "m"}, "team1: m"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// A date in quotes that is a date is read, as go-toml's LocalDate reads
// it; only one that is not is refused (TestParse_Errors).
func TestParse_QuotedDate(t *testing.T) {
	tn, err := Parse("t.toml", []byte(strings.Replace(minimal, "rounds = 3", "rounds = 3\nstart = \"2026-03-14\"\nround_dates = [\"2026-03-14\"]", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if got := tn.Start.Format("2006-01-02"); got != "2026-03-14" || len(tn.RoundDates) != 1 {
		t.Errorf("start %s, round dates %v", got, tn.RoundDates)
	}
}
