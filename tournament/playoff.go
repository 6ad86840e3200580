package tournament

import "fmt"

// This file holds Art 43.6: "Match relámpago de desempate, si la
// convocatoria lo prevé." Teams still tied after the five computed
// tie-breaks may play a playoff match; its result ranks them (the sixth
// tie-break of Standings). A playoff counts for nothing else: not for
// points, Buchholz or wins.

// AddPlayoff adds a playoff match (Art 43.6) between team1 (A-white,
// B-black) and team2 at table (from 1). It is refused, changing nothing,
// unless the tournament announced one (Armageddon), for unknown or equal
// teams, and for a pair that has a playoff already.
func (t *Tournament) AddPlayoff(team1, team2, table int) error {
	switch {
	case !t.Armageddon:
		return fmt.Errorf("tournament: the announcement has no tie-break match (armageddon = false): Art 43.6 applies only when it provides one")
	case t.Team(team1) == nil || t.Team(team2) == nil:
		return fmt.Errorf("tournament: a playoff between teams %d and %d; teams are 1 to %d", team1, team2, len(t.Teams))
	case team1 == team2:
		return fmt.Errorf("tournament: team %d cannot play itself", team1)
	case table < 1:
		return fmt.Errorf("tournament: table %d; tables are numbered from 1", table)
	}
	if _, ok := t.playoff(team1, team2); ok {
		return fmt.Errorf("tournament: %s and %s have a playoff already", t.Team(team1).Name, t.Team(team2).Name)
	}
	t.playoffs = append(t.playoffs, Match{Table: table, Team1: team1, Team2: team2})
	return nil
}

// RecordPlayoff records the result of the playoff between team1 and
// team2 (team 1 as AddPlayoff named it: its view; in a tournament that
// plays both boards, boards gives each board and result is their sum's,
// as RecordBoards). No such playoff, or a result that does not fit the
// format (Record's rules), is an error and changes nothing.
func (t *Tournament) RecordPlayoff(team1, team2 int, result Result, boards [2]Result) error {
	i, ok := t.playoff(team1, team2)
	if !ok || t.playoffs[i].Team1 != team1 {
		return fmt.Errorf("tournament: no playoff with team %d as team 1 and team %d as team 2", team1, team2)
	}
	if boards[0] != Pending {
		result = SumResult(boards)
	}
	if result > DoubleForfeit {
		return fmt.Errorf("tournament: unknown result %d", result)
	}
	if err := t.checkBoards(result, boards); err != nil {
		return fmt.Errorf("tournament: playoff: %v", err)
	}
	t.playoffs[i].Result, t.playoffs[i].Boards = result, boards
	return nil
}

// Playoffs returns a copy of the playoff matches (Round 0), in the order
// added.
func (t *Tournament) Playoffs() []Match { return append([]Match(nil), t.playoffs...) }

func (t *Tournament) playoff(a, b int) (int, bool) {
	for i, m := range t.playoffs {
		if (m.Team1 == a && m.Team2 == b) || (m.Team1 == b && m.Team2 == a) {
			return i, true
		}
	}
	return 0, false
}
