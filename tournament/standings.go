package tournament

import "sort"

// Standing is one team's line of the standings. Every value is in match
// points (Art 36: win 1, draw 1/2, loss 0), or in game points (a board
// won 1, drawn 1/2: 2 a match) when the tournament plays both boards
// (Tournament.BothBoards); they are exact, being sums of halves and
// quarters, which float64 holds exactly.
type Standing struct {
	// Rank from 1; teams equal on Points and every tie-break share it.
	Rank int
	// Team is the team (a pointer into Tournament.Teams).
	Team *Team
	// Points: match points (Art 36), or game points when the tournament
	// plays both boards; byes and forfeits included.
	Points float64
	// MatchPoints and GamePoints are both counts whatever ranks: match
	// points (a match won 1, drawn 1/2) and game points (a board won 1,
	// drawn 1/2; under the first decision both boards take the match's
	// result, so twice the match points). TRF's record 310 gives both.
	MatchPoints, GamePoints float64
	// Played counts the matches with a result over the board; Rounds the
	// rounds counted (played, forfeited, bye or absent).
	Played, Rounds int
	// DirectEncounter (Art 43.1): the points the team scored in its
	// matches against the teams tied with it on Points, when every pair
	// of them has met (forfeits count as meetings, with their result);
	// DirectApplied is false, and DirectEncounter 0, when the team is not
	// tied or some pair of the tied teams has not met: the tie goes to
	// the next tie-break for all of them.
	DirectEncounter float64
	DirectApplied   bool
	// BuchholzCut1 (Art 43.2): Buchholz without the lowest contribution.
	BuchholzCut1 float64
	// Buchholz (Art 43.3): the sum of the opponents' points, unplayed
	// rounds as Standings says.
	Buchholz float64
	// SonnebornBerger (Art 43.4): the sum, over the rounds, of the team's
	// score times the opponent's Buchholz contribution.
	SonnebornBerger float64
	// Wins (Art 43.5): matches won, over the board or by forfeit (the
	// opponent loses, Art 44); byes are not wins.
	Wins int
	// Playoff (Art 43.6): what the team scored in recorded playoff
	// matches (AddPlayoff) against teams equal with it on Points and the
	// five tie-breaks; PlayoffApplied is true when it played one.
	Playoff        float64
	PlayoffApplied bool
}

// key returns the tie-break vector in Art 43 order, Points first.
func (s *Standing) key() [7]float64 {
	return [7]float64{s.Points, s.DirectEncounter, s.BuchholzCut1, s.Buchholz, s.SonnebornBerger, float64(s.Wins), s.Playoff}
}

// entry is one team's round: its score and opponent, or an unplayed round.
type entry struct {
	counted  bool    // false: paired, result pending (counts for nothing yet)
	played   bool    // over the board
	opponent int     // team id; 0 for a bye or absence
	score    float64 // what the team scored: match or game points (Standing.Points)
	match    float64 // match points
	games    float64 // game points
	boards   [2]float64
	win      bool   // the match won (over the board or by forfeit)
	team1    bool   // sat as team 1
	result   Result // from team 1's view; Pending for a bye or absence
	bye      bool   // pairing-allocated bye
	table    int
}

// full is what a match is worth in the standings' points: 1 match point,
// or 2 game points when the tournament plays both boards.
func (t *Tournament) full() float64 {
	if t.BothBoards {
		return 2
	}
	return 1
}

// LastRound returns the highest round with a recorded result, 0 when none:
// the round Standings counts to.
func (t *Tournament) LastRound() int {
	for r := t.Rounds; r >= 1; r-- {
		for _, m := range t.rounds[r] {
			if m.Result != Pending {
				return r
			}
		}
	}
	return 0
}

// history returns, for each team (index id-1), its rounds 1..n.
func (t *Tournament) history(n int) [][]entry {
	h := make([][]entry, len(t.Teams))
	for i := range h {
		h[i] = make([]entry, n)
		for r := range h[i] {
			h[i][r] = entry{counted: true} // absent unless paired
		}
	}
	for r := 1; r <= n; r++ {
		for _, m := range t.rounds[r] {
			if m.Bye() {
				b := t.ByePoints
				h[m.Team1-1][r-1] = entry{counted: true, bye: true, score: b * t.full(), match: b, games: 2 * b, boards: [2]float64{b, b}, team1: true}
				continue
			}
			e1, e2 := t.entries(m)
			h[m.Team1-1][r-1], h[m.Team2-1][r-1] = e1, e2
		}
	}
	return h
}

// entries returns match m's entry for team 1 and team 2.
func (t *Tournament) entries(m Match) (e1, e2 entry) {
	s1, s2, played := m.Result.scores()
	g1, g2, _ := m.gamePoints()
	b := m.boardScores()
	c := m.Result != Pending
	e1 = entry{counted: c, played: played, opponent: m.Team2, match: s1, games: g1, boards: b, win: s1 == 1, team1: true, result: m.Result, table: m.Table}
	e2 = entry{counted: c, played: played, opponent: m.Team1, match: s2, games: g2, boards: [2]float64{1 - b[0], 1 - b[1]}, win: s2 == 1, result: m.Result, table: m.Table}
	if m.Result == DoubleForfeit || m.Result == Pending {
		e2.boards = [2]float64{}
	}
	e1.score, e2.score = s1, s2
	if t.BothBoards {
		e1.score, e2.score = g1, g2
	}
	return e1, e2
}

// Standings ranks the teams after LastRound (see StandingsAfter).
func (t *Tournament) Standings() []Standing { return t.StandingsAfter(t.LastRound()) }

// StandingsAfter ranks the teams on rounds 1 to n, best first (teams in a
// shared rank by starting rank): by match points (Art 36), or game points
// when the tournament plays both boards, then the tie-breaks of Art 43 in
// its order: 1 direct encounter, 2 Buchholz cut 1, 3 Buchholz, 4
// Sonneborn-Berger, 5 wins, 6 the playoff matches recorded between teams
// still equal (AddPlayoff). A match whose result is not recorded counts
// for nothing, for either team. A team neither paired nor given a bye in
// a round scores 0 there (absent).
//
// Unplayed rounds (bye, forfeit won or lost, absence) follow FIDE's
// virtual-opponent rule (Handbook C.02 13.15):
//
//   - in the team's own Buchholz and Sonneborn-Berger, an unplayed round R
//     counts as a match against a virtual opponent who had the team's
//     points before R, the opposite of the team's score in R, and draws
//     every later round: Svon = S(before R) + (1 - S(R)) + 0.5 * (n - R)
//     (in game points, a match worth 2: S(before R) + (2 - S(R)) +
//     (n - R)); Sonneborn-Berger adds the team's score in R times Svon;
//   - an opponent's points, as seen by the Buchholz and Sonneborn-Berger of
//     the teams it played, count each of its unplayed rounds as a draw
//     (1/2), whatever it scored there.
//
// Buchholz cut 1 drops the lowest contribution, a virtual opponent's
// included. n is clamped to 0..Rounds.
func (t *Tournament) StandingsAfter(n int) []Standing {
	n = max(0, min(n, t.Rounds))
	h := t.history(n)
	full := t.full()
	out := make([]Standing, len(t.Teams))
	adj := make([]float64, len(t.Teams)) // points with unplayed rounds as draws
	for i, rs := range h {
		st := &out[i]
		st.Team = &t.Teams[i]
		for _, e := range rs {
			if !e.counted {
				continue
			}
			st.Rounds++
			st.Points += e.score
			st.MatchPoints += e.match
			st.GamePoints += e.games
			if e.played {
				st.Played++
				adj[i] += e.score
			} else {
				adj[i] += full / 2
			}
			if !e.bye && e.opponent != 0 && e.win {
				st.Wins++
			}
		}
	}
	for i, rs := range h {
		st := &out[i]
		before := 0.0
		var contrib []float64
		for r, e := range rs {
			if !e.counted {
				continue
			}
			var c float64
			if e.played {
				c = adj[e.opponent-1]
			} else {
				c = before + (full - e.score) + full/2*float64(n-(r+1))
			}
			contrib = append(contrib, c)
			st.Buchholz += c
			st.SonnebornBerger += e.score * c
			before += e.score
		}
		if len(contrib) > 0 {
			lowest := contrib[0]
			for _, c := range contrib[1:] {
				lowest = min(lowest, c)
			}
			st.BuchholzCut1 = st.Buchholz - lowest
		}
	}
	directEncounter(out, h)
	t.playoffScores(out)
	sort.SliceStable(out, func(a, b int) bool {
		ka, kb := out[a].key(), out[b].key()
		if ka != kb {
			return greater(ka, kb)
		}
		return out[a].Team.ID < out[b].Team.ID
	})
	for i := range out {
		if i > 0 && out[i].key() == out[i-1].key() {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// playoffScores fills Art 43.6 for each group of teams equal on Points and
// the five computed tie-breaks: what each scored in the recorded playoffs
// against the others of its group.
func (t *Tournament) playoffScores(out []Standing) {
	if len(t.playoffs) == 0 {
		return
	}
	idx := map[int]int{} // team id -> index in out
	for i := range out {
		idx[out[i].Team.ID] = i
	}
	for _, m := range t.playoffs {
		if m.Result == Pending {
			continue
		}
		a, b := &out[idx[m.Team1]], &out[idx[m.Team2]]
		ka, kb := a.key(), b.key()
		if [6]float64(ka[:6]) != [6]float64(kb[:6]) { // not tied: the playoff decides nothing
			continue
		}
		s1, s2, _ := m.Result.scores()
		if t.BothBoards {
			s1, s2, _ = m.gamePoints()
		}
		a.Playoff += s1
		b.Playoff += s2
		a.PlayoffApplied, b.PlayoffApplied = true, true
	}
}

func greater(a, b [7]float64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

// directEncounter fills Art 43.1 for each group of teams tied on points.
func directEncounter(out []Standing, h [][]entry) {
	groups := map[float64][]int{} // points -> indexes into out (= id-1)
	for i := range out {
		groups[out[i].Points] = append(groups[out[i].Points], i)
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		in := map[int]bool{}
		for _, i := range g {
			in[out[i].Team.ID] = true
		}
		met := map[[2]int]bool{}
		score := make(map[int]float64, len(g))
		for _, i := range g {
			for _, e := range h[i] {
				if e.counted && e.opponent != 0 && in[e.opponent] {
					met[[2]int{out[i].Team.ID, e.opponent}] = true
					score[i] += e.score
				}
			}
		}
		all := true
		for _, a := range g {
			for _, b := range g {
				if a != b && !met[[2]int{out[a].Team.ID, out[b].Team.ID}] {
					all = false
				}
			}
		}
		if !all {
			continue
		}
		for _, i := range g {
			out[i].DirectApplied = true
			out[i].DirectEncounter = score[i]
		}
	}
}
