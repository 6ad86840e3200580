package tournament

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// newTeams returns a tournament of n teams "T1".."Tn" (two players each,
// "T1a" on board A and "T1b" on board B) and rounds rounds.
func newTeams(n, rounds int) *Tournament {
	tn := &Tournament{Name: "test", Rounds: rounds, ByePoints: 1}
	for i := 1; i <= n; i++ {
		tn.Teams = append(tn.Teams, Team{ID: i, Name: fmt.Sprintf("T%d", i),
			Players: [2]Player{{Name: fmt.Sprintf("T%da", i)}, {Name: fmt.Sprintf("T%db", i)}}})
	}
	return tn
}

// play sets round r from "t1-t2 RESULT" items; "t1-0" is a bye.
func play(t *testing.T, tn *Tournament, r int, items ...string) {
	t.Helper()
	var ms []Match
	table := 0
	for _, it := range items {
		var a, b int
		var res string
		if _, err := fmt.Sscanf(it, "%d-%d %s", &a, &b, &res); err != nil {
			if _, err := fmt.Sscanf(it, "%d-%d", &a, &b); err != nil {
				t.Fatalf("bad item %q", it)
			}
		}
		rr, err := ParseResult(res)
		if err != nil {
			t.Fatal(err)
		}
		m := Match{Team1: a, Team2: b, Result: rr}
		if b != 0 {
			table++
			m.Table = table
		}
		ms = append(ms, m)
	}
	if err := tn.SetRound(r, ms); err != nil {
		t.Fatal(err)
	}
}

// row is a standings line as the worked examples write it: id, rank,
// points, DE ("-" not applied), BH-1, BH, SB, wins.
type row struct {
	id, rank     int
	pts          float64
	de           string
	cut1, bh, sb float64
	wins         int
}

func checkRows(t *testing.T, got []Standing, want []row) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		de := "-"
		if g.DirectApplied {
			de = num(g.DirectEncounter)
		}
		gr := row{g.Team.ID, g.Rank, g.Points, de, g.BuchholzCut1, g.Buchholz, g.SonnebornBerger, g.Wins}
		if gr != w {
			t.Errorf("line %d:\n got  %+v\n want %+v", i+1, gr, w)
		}
	}
}

// TestStandings_SixTeamSwiss is the worked example of docs/tournament.md,
// computed by hand. Six teams, four rounds (team 1 first):
//
//	R1: 1-6 1-0    2-5 1-0    3-4 1/2
//	R2: 6-4 -/+ (team 6 absent: 4 wins by forfeit, Art 44)
//	    5-3 0-1    1-2 1/2
//	R3: 2-6 1/2    3-1 0-1    4-5 1-0
//	R4: 6-5 1-0    1-4 0-1    2-3 1/2
//
// Points (Art 36): T1 1+.5+1+0 = 2.5; T2 1+.5+.5+.5 = 2.5; T3 .5+1+0+.5 = 2;
// T4 .5+1(forfeit)+1+1 = 3.5; T5 0; T6 0+0(forfeit)+.5+1 = 1.5. Sum 12 =
// 12 matches' point each (the forfeit's too).
//
// Opponents' points for Buchholz count unplayed rounds as draws: T4 has
// 3.5 - 1 + .5 = 3; T6 1.5 - 0 + .5 = 2; the others their points.
//
// Virtual opponents (n = 4): T4 in R2 (forfeit won): Svon = .5 (before
// R2) + (1 - 1) + .5*(4-2) = 1.5. T6 in R2 (forfeit lost): 0 + (1 - 0) +
// .5*2 = 2.
//
//	T1: opponents 6,2,3,4 -> 2 + 2.5 + 2 + 3 = 9.5; cut 1 (drop 2) 7.5;
//	    SB 1*2 + .5*2.5 + 1*2 + 0*3 = 5.25; wins 2
//	T2: opponents 5,1,6,3 -> 0 + 2.5 + 2 + 2 = 6.5; cut 1 (drop 0) 6.5;
//	    SB 1*0 + .5*2.5 + .5*2 + .5*2 = 3.25; wins 1
//	T3: opponents 4,5,1,2 -> 3 + 0 + 2.5 + 2.5 = 8; cut 1 8;
//	    SB .5*3 + 1*0 + 0 + .5*2.5 = 2.75; wins 1
//	T4: 3 (2), virtual (1.5), 5 (0), 1 (2.5) -> 6; cut 1 6;
//	    SB .5*2 + 1*1.5 + 1*0 + 1*2.5 = 5; wins 3 (the forfeit is a win)
//	T5: opponents 2,3,4,6 -> 2.5 + 2 + 3 + 2 = 9.5; cut 1 7.5; SB 0; wins 0
//	T6: 1 (2.5), virtual (2), 2 (2.5), 5 (0) -> 7; cut 1 7;
//	    SB 0 + 0*2 + .5*2.5 + 1*0 = 1.25; wins 1
//
// T1 and T2 tie on 2.5 and met (R2, drawn): direct encounter .5 each, so
// Buchholz cut 1 decides: T1 7.5 > T2 6.5.
func TestStandings_SixTeamSwiss(t *testing.T) {
	tn := newTeams(6, 4)
	play(t, tn, 1, "1-6 1-0", "2-5 1-0", "3-4 1/2")
	play(t, tn, 2, "6-4 -/+", "5-3 0-1", "1-2 1/2")
	play(t, tn, 3, "2-6 1/2", "3-1 0-1", "4-5 1-0")
	play(t, tn, 4, "6-5 1-0", "1-4 0-1", "2-3 1/2")
	checkRows(t, tn.Standings(), []row{
		{4, 1, 3.5, "-", 6, 6, 5, 3},
		{1, 2, 2.5, "0.5", 7.5, 9.5, 5.25, 2},
		{2, 3, 2.5, "0.5", 6.5, 6.5, 3.25, 1},
		{3, 4, 2, "-", 8, 8, 2.75, 1},
		{6, 5, 1.5, "-", 7, 7, 1.25, 1},
		{5, 6, 0, "-", 7.5, 9.5, 0, 0},
	})
}

// TestStandings_ExampleFiles reads the same tournament from the example
// file and the results CSV, as `tandem tournament standings` does.
func TestStandings_ExampleFiles(t *testing.T) {
	tn := loadExample(t)
	f, err := os.Open("testdata/results.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ms, err := tn.ReadCSV("testdata/results.csv", f)
	if err != nil {
		t.Fatal(err)
	}
	if err := tn.Apply("testdata/results.csv", ms); err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, s := range tn.Standings() {
		ids = append(ids, s.Team.ID)
	}
	if fmt.Sprint(ids) != "[4 1 2 3 6 5]" {
		t.Errorf("order %v", ids)
	}
}

// TestStandings_ByeAndPartialMeetings, by hand. Five teams, two rounds, a
// pairing-allocated bye each round (1 point):
//
//	R1: 1-2 1-0    3-4 0-1    5 bye
//	R2: 4-1 1/2    5-2 0-1    3 bye
//
// Points: T1 1.5, T4 1.5, T2 1, T3 0+1 = 1, T5 1+0 = 1.
// Opponents' points, unplayed rounds as draws: T1 1.5, T2 1, T3 0+.5 = .5,
// T4 1.5, T5 .5+0 = .5.
// Virtual opponents (n = 2): T5's bye in R1: 0 + (1-1) + .5*(2-1) = .5;
// T3's bye in R2: 0 + (1-1) + .5*0 = 0.
//
//	T1: 2 (1), 4 (1.5): BH 2.5, cut 1 1.5, SB 1*1 + .5*1.5 = 1.75
//	T4: 3 (.5), 1 (1.5): BH 2, cut 1 1.5, SB 1*.5 + .5*1.5 = 1.25
//	T2: 1 (1.5), 5 (.5): BH 2, cut 1 1.5, SB 0 + 1*.5 = .5
//	T3: 4 (1.5), virtual (0): BH 1.5, cut 1 1.5, SB 0 + 1*0 = 0
//	T5: virtual (.5), 2 (1): BH 1.5, cut 1 1, SB 1*.5 + 0 = .5
//
// T1 and T4 met (drawn): DE .5 each; cut 1 equal; Buchholz 2.5 > 2: T1.
// T2, T3, T5 tie on 1 but only T2-T5 met: direct encounter does not
// apply; cut 1 puts T5 last, Buchholz T2 (2) before T3 (1.5).
func TestStandings_ByeAndPartialMeetings(t *testing.T) {
	tn := newTeams(5, 2)
	play(t, tn, 1, "1-2 1-0", "3-4 0-1", "5-0")
	play(t, tn, 2, "4-1 1/2", "5-2 0-1", "3-0")
	checkRows(t, tn.Standings(), []row{
		{1, 1, 1.5, "0.5", 1.5, 2.5, 1.75, 1},
		{4, 2, 1.5, "0.5", 1.5, 2, 1.25, 1},
		{2, 3, 1, "-", 1.5, 2, 0.5, 1},
		{3, 4, 1, "-", 1.5, 1.5, 0, 0},
		{5, 5, 1, "-", 1, 1.5, 0.5, 0},
	})
}

// TestStandings_ByePoints: a bye worth half a point scores half a point,
// and its virtual opponent has 1 - 1/2 from it.
func TestStandings_ByePoints(t *testing.T) {
	tn := newTeams(3, 1)
	tn.ByePoints = 0.5
	play(t, tn, 1, "1-2 1-0", "3-0")
	// T3: virtual opponent 0 + (1 - .5) + 0 = .5; SB .5*.5 = .25.
	checkRows(t, tn.Standings(), []row{
		{1, 1, 1, "-", 0, 0, 0, 1},
		{3, 2, 0.5, "-", 0, 0.5, 0.25, 0},
		{2, 3, 0, "-", 0, 1, 0, 0},
	})
}

// TestStandings_DirectEncounterDecides: T2 beat T1; both end on 2 in a
// round robin of four. Buchholz cannot separate them (a round robin's
// Buchholz is the same for equal points); direct encounter ranks T2 first
// although T1 has the lower starting rank.
//
//	R1: 1-2 0-1    3-4 1-0
//	R2: 1-3 1-0    2-4 1/2
//	R3: 1-4 1-0    2-3 1/2
//
// T1 0+1+1 = 2, T2 1+.5+.5 = 2, T3 1+0+.5 = 1.5, T4 0+.5+0 = .5.
// T1: 2 (2), 3 (1.5), 4 (.5): BH 4, cut 1 3.5, SB 0 + 1.5 + .5 = 2.
// T2: 1 (2), 4 (.5), 3 (1.5): BH 4, cut 1 3.5, SB 2 + .25 + .75 = 3.
// T3: 4 (.5), 1 (2), 2 (2): BH 4.5, cut 1 4, SB .5 + 0 + 1 = 1.5.
// T4: 3 (1.5), 2 (2), 1 (2): BH 5.5, cut 1 4, SB 0 + 1 + 0 = 1.
func TestStandings_DirectEncounterDecides(t *testing.T) {
	tn := newTeams(4, 3)
	play(t, tn, 1, "1-2 0-1", "3-4 1-0")
	play(t, tn, 2, "1-3 1-0", "2-4 1/2")
	play(t, tn, 3, "1-4 1-0", "2-3 1/2")
	checkRows(t, tn.Standings(), []row{
		{2, 1, 2, "1", 3.5, 4, 3, 1},
		{1, 2, 2, "0", 3.5, 4, 2, 2},
		{3, 3, 1.5, "-", 4, 4.5, 1.5, 1},
		{4, 4, 0.5, "-", 4, 5.5, 1, 0},
	})
}

// TestStandings_SharedRank: four teams all on 1 point after two rounds,
// each pair not having met (1-4 and 2-3 never played): no direct
// encounter, and every other tie-break equal, so all four share rank 1
// (Art 43.6's armageddon is for the arbiter).
//
//	R1: 1-2 0-1    3-4 1-0
//	R2: 1-3 1-0    2-4 0-1
//
// Everyone: opponents on 1 each: BH 2, cut 1 1, SB 1, wins 1.
func TestStandings_SharedRank(t *testing.T) {
	tn := newTeams(4, 2)
	play(t, tn, 1, "1-2 0-1", "3-4 1-0")
	play(t, tn, 2, "1-3 1-0", "2-4 0-1")
	checkRows(t, tn.Standings(), []row{
		{1, 1, 1, "-", 1, 2, 1, 1},
		{2, 1, 1, "-", 1, 2, 1, 1},
		{3, 1, 1, "-", 1, 2, 1, 1},
		{4, 1, 1, "-", 1, 2, 1, 1},
	})
	var b strings.Builder
	if err := WriteText(&b, tn.Standings()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(b.String(), "1="); got != 4 {
		t.Errorf("text shows %d shared ranks, want 4:\n%s", got, b.String())
	}
}

// TestStandings_DoubleForfeitAndAbsence: both absent lose (0 each, no
// win); a team not paired at all in a round scores 0 there.
func TestStandings_DoubleForfeitAndAbsence(t *testing.T) {
	tn := newTeams(5, 1)
	play(t, tn, 1, "1-2 -/-", "3-4 +/-") // team 5 neither paired nor given a bye
	st := tn.Standings()
	byID := map[int]Standing{}
	for _, s := range st {
		byID[s.Team.ID] = s
	}
	for id, want := range map[int]float64{1: 0, 2: 0, 3: 1, 4: 0, 5: 0} {
		if byID[id].Points != want || byID[id].Rounds != 1 || byID[id].Played != 0 {
			t.Errorf("T%d: %+v, want %v points, 1 round, 0 played", id, byID[id], want)
		}
	}
	if byID[1].Wins != 0 || byID[3].Wins != 1 {
		t.Errorf("wins: T1 %d T3 %d", byID[1].Wins, byID[3].Wins)
	}
	// Every unplayed round of n = 1 has a virtual opponent of 1 - score.
	if byID[3].Buchholz != 0 || byID[4].Buchholz != 1 || byID[5].Buchholz != 1 {
		t.Errorf("virtual opponents: T3 %v T4 %v T5 %v", byID[3].Buchholz, byID[4].Buchholz, byID[5].Buchholz)
	}
}

// TestStandings_PendingCountsForNothing: during a round, a match without
// a result changes neither team's line, while the recorded ones count.
func TestStandings_PendingCountsForNothing(t *testing.T) {
	tn := newTeams(4, 2)
	play(t, tn, 1, "1-2 1-0", "3-4 1-0")
	play(t, tn, 2, "1-3", "2-4 1-0")
	if n := tn.LastRound(); n != 2 {
		t.Fatalf("LastRound %d", n)
	}
	byID := map[int]Standing{}
	for _, s := range tn.Standings() {
		byID[s.Team.ID] = s
	}
	if byID[1].Rounds != 1 || byID[1].Points != 1 || byID[3].Rounds != 1 || byID[2].Points != 1 {
		t.Errorf("T1 %+v\nT3 %+v\nT2 %+v", byID[1], byID[3], byID[2])
	}
	if err := tn.Record(2, 1, Draw); err != nil {
		t.Fatal(err)
	}
	for _, s := range tn.Standings() {
		if s.Team.ID == 1 && s.Points != 1.5 {
			t.Errorf("after recording: T1 %v points", s.Points)
		}
	}
}

func TestStandings_NoResults(t *testing.T) {
	tn := newTeams(3, 2)
	for _, s := range tn.Standings() {
		if s.Rank != 1 || s.Points != 0 || s.Rounds != 0 {
			t.Errorf("%+v", s)
		}
	}
	if tn.LastRound() != 0 {
		t.Error("LastRound")
	}
}

func TestWriteCSV(t *testing.T) {
	tn := newTeams(5, 2)
	play(t, tn, 1, "1-2 1-0", "3-4 0-1", "5-0")
	play(t, tn, 2, "4-1 1/2", "5-2 0-1", "3-0")
	var b strings.Builder
	if err := WriteCSV(&b, tn.Standings()); err != nil {
		t.Fatal(err)
	}
	want := `rank,id,team,player_a,player_b,points,direct_encounter,buchholz_cut1,buchholz,sonneborn_berger,wins,playoff,match_points,game_points
1,1,T1,T1a,T1b,1.5,0.5,1.5,2.5,1.75,1,,1.5,3
2,4,T4,T4a,T4b,1.5,0.5,1.5,2,1.25,1,,1.5,3
3,2,T2,T2a,T2b,1,,1.5,2,0.5,1,,1,2
4,3,T3,T3a,T3b,1,,1.5,1.5,0,0,,1,2
5,5,T5,T5a,T5b,1,,1,1.5,0.5,0,,1,2
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
