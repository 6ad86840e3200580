package tournament

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// genTournament draws a tournament: 2 to 10 teams, 1 to 6 rounds, some
// rounds paired (teams shuffled and paired in order; the odd one out gets
// a bye or stays absent, and now and then a team sits out), each match
// with a random result, forfeits and pending included.
func genTournament(t *rapid.T) *Tournament {
	n := rapid.IntRange(2, 10).Draw(t, "teams")
	rounds := rapid.IntRange(1, 6).Draw(t, "rounds")
	tn := newTeams(n, rounds)
	tn.ByePoints = rapid.SampledFrom([]float64{1, 0.5, 0}).Draw(t, "bye")
	played := rapid.IntRange(0, rounds).Draw(t, "played")
	for r := 1; r <= played; r++ {
		ids := rapid.Permutation(ids(n)).Draw(t, fmt.Sprintf("order%d", r))
		if rapid.IntRange(0, 4).Draw(t, fmt.Sprintf("sitout%d", r)) == 0 {
			ids = ids[1:] // one team absent
		}
		var ms []Match
		for i := 0; i+1 < len(ids); i += 2 {
			res := Result(rapid.IntRange(int(Pending), int(DoubleForfeit)).Draw(t, fmt.Sprintf("r%d.%d", r, i)))
			ms = append(ms, Match{Table: i/2 + 1, Team1: ids[i], Team2: ids[i+1], Result: res})
		}
		if len(ids)%2 == 1 && rapid.Bool().Draw(t, fmt.Sprintf("bye%d", r)) {
			ms = append(ms, Match{Team1: ids[len(ids)-1]})
		}
		if err := tn.SetRound(r, ms); err != nil {
			t.Fatal(err)
		}
	}
	return tn
}

func ids(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// Points sum: every match with a result hands out exactly 1 point (Art 36;
// a forfeit too), a double forfeit 0, and each bye ByePoints.
func TestProperty_PointsSum(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tn := genTournament(t)
		n := tn.LastRound()
		want := 0.0
		for r := 1; r <= n; r++ {
			for _, m := range tn.Matches(r) {
				switch {
				case m.Bye():
					want += tn.ByePoints
				case m.Result == Pending, m.Result == DoubleForfeit:
				default:
					want++
				}
			}
		}
		got := 0.0
		for _, s := range tn.Standings() {
			got += s.Points
			if s.Points > float64(s.Rounds) || s.Wins > s.Rounds || s.Played > s.Rounds {
				t.Fatalf("%s: %v points, %d wins, %d played in %d rounds", s.Team.Name, s.Points, s.Wins, s.Played, s.Rounds)
			}
			if s.BuchholzCut1 > s.Buchholz {
				t.Fatalf("%s: cut 1 %v above Buchholz %v", s.Team.Name, s.BuchholzCut1, s.Buchholz)
			}
		}
		if got != want {
			t.Fatalf("points sum %v, want %v", got, want)
		}
	})
}

// Rank order: the lines are sorted by the tie-break vector (points, DE,
// BH-1, BH, SB, wins), a rank is 1 + the number of teams with a better
// vector, and two lines share a rank exactly when their vectors are equal.
func TestProperty_RankOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := genTournament(t).Standings()
		for i := range st {
			better := 0
			for j := range st {
				if greater(st[j].key(), st[i].key()) {
					better++
				}
			}
			if st[i].Rank != better+1 {
				t.Fatalf("line %d (%s): rank %d, but %d teams are better", i+1, st[i].Team.Name, st[i].Rank, better)
			}
			if i > 0 {
				if greater(st[i].key(), st[i-1].key()) {
					t.Fatalf("line %d above line %d: %v > %v", i+1, i, st[i].key(), st[i-1].key())
				}
				if (st[i].key() == st[i-1].key()) != (st[i].Rank == st[i-1].Rank) {
					t.Fatalf("lines %d and %d: vectors %v %v, ranks %d %d", i, i+1, st[i-1].key(), st[i].key(), st[i-1].Rank, st[i].Rank)
				}
			}
			if !st[i].DirectApplied && st[i].DirectEncounter != 0 {
				t.Fatalf("%s: direct encounter %v where it does not apply", st[i].Team.Name, st[i].DirectEncounter)
			}
		}
	})
}

// Permutation invariance: renumbering the teams (their starting ranks)
// and swapping which team sits as team 1 (with the result seen from the
// other side) changes no team's points, tie-breaks or rank.
func TestProperty_PermutationInvariance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tn := genTournament(t)
		perm := rapid.Permutation(ids(len(tn.Teams))).Draw(t, "perm") // old id i+1 -> perm[i]
		swap := rapid.Bool().Draw(t, "swap")
		other := newTeams(len(tn.Teams), tn.Rounds)
		other.ByePoints = tn.ByePoints
		for i, old := range tn.Teams {
			tm := old
			tm.ID = perm[i]
			other.Teams[perm[i]-1] = tm
		}
		mirror := map[Result]Result{Pending: Pending, Win1: Win2, Draw: Draw, Win2: Win1,
			Forfeit1: Forfeit2, Forfeit2: Forfeit1, DoubleForfeit: DoubleForfeit}
		for _, r := range tn.PairedRounds() {
			var ms []Match
			for _, m := range tn.Matches(r) {
				m.Team1 = perm[m.Team1-1]
				if !m.Bye() {
					m.Team2 = perm[m.Team2-1]
					if swap {
						m.Team1, m.Team2, m.Result = m.Team2, m.Team1, mirror[m.Result]
					}
				}
				ms = append(ms, m)
			}
			if err := other.SetRound(r, ms); err != nil {
				t.Fatal(err)
			}
		}
		type line struct {
			rank         int
			key          [7]float64
			applied      bool
			played, rnds int
		}
		byName := func(st []Standing) map[string]line {
			m := map[string]line{}
			for _, s := range st {
				m[s.Team.Name] = line{s.Rank, s.key(), s.DirectApplied, s.Played, s.Rounds}
			}
			return m
		}
		a, b := byName(tn.Standings()), byName(other.Standings())
		for name, la := range a {
			if lb := b[name]; la != lb {
				t.Fatalf("%s: %+v before, %+v renumbered (swap %v)", name, la, lb, swap)
			}
		}
	})
}
