package tournament

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// exampleWithResults is the example file with testdata/results.csv: the
// six-team worked example of TestStandings_SixTeamSwiss.
func exampleWithResults(t *testing.T) *Tournament {
	t.Helper()
	tn := loadExample(t)
	f, err := os.Open("testdata/results.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ms, err := tn.ReadCSV("results.csv", f)
	if err != nil {
		t.Fatal(err)
	}
	if err := tn.Apply("results.csv", ms); err != nil {
		t.Fatal(err)
	}
	return tn
}

func writeTRF(t *testing.T, tn *Tournament, o *TRFOpts) []string {
	t.Helper()
	var b strings.Builder
	if err := tn.WriteTRF(&b, o); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if !strings.HasSuffix(s, "\r\n") || strings.Count(s, "\n") != strings.Count(s, "\r\n") {
		t.Fatal("lines do not all end in CR LF")
	}
	return strings.Split(strings.TrimSuffix(s, "\r\n"), "\r\n")
}

// col returns columns from..to (counted from 1, in characters) of line,
// as the format numbers them; short lines read as blanks.
func col(line string, from, to int) string {
	rs := []rune(line)
	for len(rs) < to {
		rs = append(rs, ' ')
	}
	return string(rs[from-1 : to])
}

func find(lines []string, prefix string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

// TestWriteTRF_Columns checks the team report column by column against the
// TRF-2026 tables (FIDE Handbook TRF26, echoed in docs/tournament.md).
func TestWriteTRF_Columns(t *testing.T) {
	lines := writeTRF(t, exampleWithResults(t), nil)
	head := map[string]string{
		"012": "Open de Bughouse de Primavera", "022": "Madrid", "032": "ESP",
		"042": "2026/03/14", "052": "2026/03/15", "062": "12", "072": "10", "082": "6",
		"102": "Ruiz, Carmen", "112": "Ortega, Pablo", "122": "5m", "142": "4",
		"222": "300", "352": "WB",
	}
	for tag, want := range head {
		got := find(lines, tag+" ")
		if len(got) != 1 || got[0][4:] != want {
			t.Errorf("tag %s: %q, want %q", tag, got, want)
		}
	}
	// 132: the round dates as YY/MM/DD from column 92, every 10.
	d := find(lines, "132")[0]
	for i, want := range []string{"26/03/14", "26/03/14", "26/03/15", "26/03/15"} {
		if got := col(d, 92+10*i, 99+10*i); got != want {
			t.Errorf("132 round %d: %q", i+1, got)
		}
	}
	// 362: TW, TD, TL with Art 36's points in 162's value columns.
	m := find(lines, "362")[0]
	if col(m, 5, 6) != "TW" || col(m, 7, 10) != " 1.0" || col(m, 14, 15) != "TD" || col(m, 16, 19) != " 0.5" ||
		col(m, 23, 24) != "TL" || col(m, 25, 28) != " 0.0" {
		t.Errorf("362: %q", m)
	}
	if len(find(lines, "162")) != 0 {
		t.Error("162 written for the default scoring")
	}

	players := find(lines, "001")
	if len(players) != 12 {
		t.Fatalf("%d player records", len(players))
	}
	// García, Lucía: team 1's board A player, starting rank 1.
	p := players[0]
	for _, c := range []struct {
		from, to int
		want     string
	}{
		{1, 3, "001"}, {4, 4, " "}, {5, 8, "   1"}, {9, 10, "  "}, {11, 13, "WFM"}, {14, 14, " "},
		{15, 47, "García, Lucía                    "}, {48, 48, " "}, {49, 52, "2105"}, {53, 53, " "},
		{54, 56, "ESP"}, {57, 57, " "}, {58, 68, "    2201234"}, {69, 80, "            "},
		{81, 84, " 2.5"}, {85, 85, " "}, {86, 89, "   2"}, {90, 91, "  "},
		// Round 1: table 1, team 1 vs team 6: board A opponent is team 6's
		// first player, 11; White (A-white); won.
		{92, 95, "  11"}, {96, 96, " "}, {97, 97, "w"}, {98, 98, " "}, {99, 99, "1"},
		// Round 2: team 1 vs team 2, drawn: White against 3.
		{102, 105, "   3"}, {107, 107, "w"}, {109, 109, "="},
		// Round 3: team 3 (team 1) vs team 1 (team 2), 0-1: Black, won.
		{112, 115, "   5"}, {117, 117, "b"}, {119, 119, "1"},
		// Round 4: team 1 vs team 4, 0-1: White, lost.
		{122, 125, "   7"}, {127, 127, "w"}, {129, 129, "0"},
	} {
		if got := col(p, c.from, c.to); got != c.want {
			t.Errorf("001 García columns %d-%d: %q, want %q", c.from, c.to, got, c.want)
		}
	}
	if n := len([]rune(p)); n != 129 {
		t.Errorf("García's record is %d characters, want 129 (trailing blanks cut)", n)
	}
	// Martín, Diego: same team, board B: Black where his partner is White.
	if got := col(players[1], 92, 99); got != "  12 b 1" {
		t.Errorf("Martín round 1: %q", got)
	}
	// Team 6's players in round 2 (absent: lost by forfeit to team 4).
	if got := col(players[10], 102, 109); got != "   7 w -" {
		t.Errorf("Herrera round 2: %q", got)
	}
	if got := col(players[6], 102, 109); got != "  11 b +" {
		t.Errorf("López round 2: %q", got)
	}
	// An unrated player without FIDE id or federation leaves them blank.
	if got := col(players[8], 49, 68); strings.TrimSpace(got) != "" {
		t.Errorf("Pérez: %q", got)
	}

	teams := find(lines, "310")
	if len(teams) != 6 {
		t.Fatalf("%d team records", len(teams))
	}
	tm := teams[3] // Torre y Media, first
	for _, c := range []struct {
		from, to int
		want     string
	}{
		{1, 3, "310"}, {5, 7, "  4"}, {9, 40, "Torre y Media                   "}, {42, 46, "     "},
		{48, 53, "  1815"}, {55, 60, "   3.5"}, {62, 67, "   7.0"}, {69, 71, "  1"},
		{74, 77, "   7"}, {79, 82, "   8"},
	} {
		if got := col(tm, c.from, c.to); got != c.want {
			t.Errorf("310 team 4 columns %d-%d: %q, want %q", c.from, c.to, got, c.want)
		}
	}
	// 330: the forfeit of round 2, team 6 (team 1, "white") absent.
	if f := find(lines, "330"); len(f) != 1 || f[0] != "330 -+ 002 006 004" {
		t.Errorf("330: %q", f)
	}
	if len(find(lines, "320")) != 0 {
		t.Error("320 written without a bye")
	}
}

func TestWriteTRF_ByesAndScoring(t *testing.T) {
	tn := newTeams(5, 3)
	tn.ByePoints = 0.5
	play(t, tn, 1, "1-2 1-0", "3-4 0-1", "5-0")
	play(t, tn, 2, "4-1 1/2", "5-2 -/-") // team 3 absent, no bye
	lines := writeTRF(t, tn, nil)
	if got := find(lines, "162"); len(got) != 1 || got[0] != "162  P 0.5" {
		t.Errorf("162: %q", got)
	}
	if got := find(lines, "320"); len(got) != 1 || got[0] != "320  0.5  1.0 005 000" {
		t.Errorf("320: %q", got)
	}
	if got := find(lines, "330"); len(got) != 1 || got[0] != "330 -- 002 005 002" {
		t.Errorf("330: %q", got)
	}
	players := find(lines, "001")
	// Team 5's board A player (9): bye in round 1, double forfeit in round 2.
	if got := col(players[8], 92, 109); got != "0000 - U     3 w -" {
		t.Errorf("team 5 player: %q", got)
	}
	// Team 3's board B player (6): absent in round 2.
	if got := col(players[5], 102, 109); got != "0000 - Z" {
		t.Errorf("team 3 player: %q", got)
	}
	e := writeTRF(t, tn, &TRFOpts{Form: TRFEngine})
	if got := find(e, "XXS"); len(got) != 1 || got[0] != "XXS PAB=0.5" {
		t.Errorf("XXS: %q", got)
	}
}

func TestWriteTRF_PendingResult(t *testing.T) {
	tn := newTeams(4, 2)
	play(t, tn, 1, "1-2 1-0", "3-4")
	var b strings.Builder
	err := tn.WriteTRF(&b, nil)
	if err == nil || !strings.Contains(err.Error(), "round 1 table 2 has no result") {
		t.Errorf("got %v", err)
	}
	if b.Len() != 0 {
		t.Error("something was written")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteTRF_WriteError(t *testing.T) {
	if err := newTeams(2, 1).WriteTRF(failWriter{}, nil); err == nil || err.Error() != "disk full" {
		t.Errorf("got %v", err)
	}
}

// trfPlayer is what the small reader below takes from a 001 record.
type trfPlayer struct {
	id, rating, rank int
	name, fed, title string
	fideID           int64
	points           float64
	rounds           []trfGame
}

type trfGame struct {
	opp            int
	colour, result byte
}

// readTRF reads the 001 and 310 records by the format's columns.
func readTRF(t *testing.T, lines []string) (players map[int]trfPlayer, teams map[int][3]int, names map[int]string) {
	t.Helper()
	atoi := func(s string) int {
		s = strings.TrimSpace(s)
		if s == "" {
			return 0
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%q is not a number", s)
		}
		return n
	}
	atoi64 := func(s string) int64 {
		s = strings.TrimSpace(s)
		if s == "" {
			return 0
		}
		n, err := strconv.ParseInt(s, 10, 64) // an 11-digit FIDE id overflows a 32-bit int
		if err != nil {
			t.Fatalf("%q is not a number", s)
		}
		return n
	}
	players, teams, names = map[int]trfPlayer{}, map[int][3]int{}, map[int]string{}
	for _, l := range lines {
		switch l[:3] {
		case "001":
			p := trfPlayer{id: atoi(col(l, 5, 8)), title: strings.TrimSpace(col(l, 11, 13)),
				name: strings.TrimSpace(col(l, 15, 47)), rating: atoi(col(l, 49, 52)),
				fed: strings.TrimSpace(col(l, 54, 56)), fideID: atoi64(col(l, 58, 68)),
				rank: atoi(col(l, 86, 89))}
			var err error
			if p.points, err = strconv.ParseFloat(strings.TrimSpace(col(l, 81, 84)), 64); err != nil {
				t.Fatal(err)
			}
			for base := 92; base <= len([]rune(l)); base += 10 {
				p.rounds = append(p.rounds, trfGame{opp: atoi(col(l, base, base+3)),
					colour: col(l, base+5, base+5)[0], result: col(l, base+7, base+7)[0]})
			}
			players[p.id] = p
		case "310":
			id := atoi(col(l, 5, 7))
			teams[id] = [3]int{atoi(col(l, 69, 71)), atoi(col(l, 74, 77)), atoi(col(l, 79, 82))}
			names[id] = strings.TrimSpace(col(l, 9, 40))
		}
	}
	return players, teams, names
}

// TestWriteTRF_RoundTrip reads the team report back by its columns and
// rebuilds every team, player and match from it.
func TestWriteTRF_RoundTrip(t *testing.T) {
	tn := exampleWithResults(t)
	play(t, tn, 4, "6-5 1-0", "1-4 0-1", "2-3 -/+") // a forfeit of each kind
	players, teams, names := readTRF(t, writeTRF(t, tn, nil))
	st := map[int]Standing{}
	for _, s := range tn.Standings() {
		st[s.Team.ID] = s
	}
	for _, tm := range tn.Teams {
		rec := teams[tm.ID]
		if names[tm.ID] != tm.Name || rec[0] != st[tm.ID].Rank {
			t.Errorf("team %d: %q rank %d", tm.ID, names[tm.ID], rec[0])
		}
		for b, pl := range tm.Players {
			p := players[rec[1+b]]
			if p.name != pl.Name || p.rating != pl.Rating || p.fideID != pl.FIDEID || p.fed != pl.Federation ||
				p.title != pl.Title || p.points != st[tm.ID].Points || p.rank != st[tm.ID].Rank {
				t.Errorf("team %d board %d: read %+v, have %+v", tm.ID, b, p, pl)
			}
		}
	}
	// Rebuild the matches from the board A players (White = team 1).
	teamOf := func(player int) int { return (player + 1) / 2 }
	for r := 1; r <= 4; r++ {
		for _, m := range tn.Matches(r) {
			a := players[2*m.Team1-1].rounds[r-1]
			bb := players[2*m.Team1].rounds[r-1]
			if teamOf(a.opp) != m.Team2 || a.colour != 'w' || bb.colour != 'b' || a.opp != 2*m.Team2-1 || bb.opp != 2*m.Team2 {
				t.Errorf("round %d table %d: board A %+v, board B %+v", r, m.Table, a, bb)
			}
			o := players[2*m.Team2-1].rounds[r-1]
			got, err := ParseResult(string([]byte{a.result, '/', o.result}))
			if a.result == '1' || a.result == '0' || a.result == '=' {
				got, err = map[byte]Result{'1': Win1, '=': Draw, '0': Win2}[a.result], nil
			}
			if err != nil || got != m.Result || a.result != bb.result {
				t.Errorf("round %d table %d: codes %c/%c (board B %c), want %v", r, m.Table, a.result, o.result, bb.result, m.Result)
			}
		}
	}
}

// TestWriteTRF_EngineRoundTrip: the pairing-engine form has one record per
// team, named and ranked as the team, its colour that of team 1.
func TestWriteTRF_EngineRoundTrip(t *testing.T) {
	tn := exampleWithResults(t)
	lines := writeTRF(t, tn, &TRFOpts{Form: TRFEngine})
	if got := find(lines, "XXR"); len(got) != 1 || got[0] != "XXR 4" {
		t.Errorf("XXR: %q", got)
	}
	if len(find(lines, "310")) != 0 || len(find(lines, "352")) != 0 {
		t.Error("team records in the engine form")
	}
	players, _, _ := readTRF(t, lines)
	if len(players) != 6 {
		t.Fatalf("%d records", len(players))
	}
	for _, s := range tn.Standings() {
		p := players[s.Team.ID]
		if p.name != s.Team.Name || p.rating != s.Team.Rating() || p.points != s.Points || p.rank != s.Rank {
			t.Errorf("team %d: %+v", s.Team.ID, p)
		}
	}
	for r := 1; r <= 4; r++ {
		for _, m := range tn.Matches(r) {
			g1, g2 := players[m.Team1].rounds[r-1], players[m.Team2].rounds[r-1]
			if g1.opp != m.Team2 || g2.opp != m.Team1 || g1.colour != 'w' || g2.colour != 'b' {
				t.Errorf("round %d: %+v %+v for %+v", r, g1, g2, m)
			}
		}
	}
	// Federation: both players ESP -> ESP; mixed or none -> blank.
	if players[1].fed != "ESP" || players[4].fed != "" {
		t.Errorf("federations %q %q", players[1].fed, players[4].fed)
	}
}

func TestEncodeControl(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "5m": "300", "3m+2s": "180+2", "40/90m+30s, 30m+30s": "40/5400+30:1800+30",
		"5m d2s": "", "nonsense": "",
	} {
		if got := encodeControl(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
