package tournament

import (
	"fmt"
	"strings"
)

// This file holds Art 9: "No se permiten cambios de integrantes una vez
// iniciado el torneo, salvo que la convocatoria prevea suplentes
// registrados." A team's registered substitutes (Team.Substitutes) may
// replace its players between rounds: a lineup for a round, set before
// the round has a result.

// Lineup returns the player indexes (Team.Member) of team id on board A
// and board B in round: the lineup SetLineup set, else the file's order
// (0, 1).
func (t *Tournament) Lineup(round, id int) [2]int {
	if l, ok := t.lineups[round][id]; ok {
		return l
	}
	return [2]int{0, 1}
}

// Player returns the player of team id on board b (0 board A, 1 board B)
// in round (Lineup).
func (t *Tournament) Player(round, id, b int) Player {
	tm := t.Team(id)
	if tm == nil {
		return Player{}
	}
	p, _ := tm.Member(t.Lineup(round, id)[b&1])
	return p
}

// SetLineup sets who plays for team id in round, from that round on until
// another lineup: members are two different player indexes (Team.Member:
// 0 and 1 the team's players, 2 and up its registered substitutes), board
// A first. It is refused, changing nothing, for a team without
// substitutes (Art 9: no change without registered substitutes), an
// index the team does not have, the same player on both boards, and
// once round or a later one has a result recorded: a substitute enters
// between rounds.
func (t *Tournament) SetLineup(round, id int, members [2]int) error {
	tm := t.Team(id)
	switch {
	case tm == nil:
		return fmt.Errorf("tournament: no team %d; teams are 1 to %d", id, len(t.Teams))
	case round < 1 || round > t.Rounds:
		return fmt.Errorf("tournament: round %d; the tournament has rounds 1 to %d", round, t.Rounds)
	case members[0] == members[1]:
		return fmt.Errorf("tournament: %s: one player on both boards", tm.Name)
	}
	if members != [2]int{0, 1} && len(tm.Substitutes) == 0 {
		return fmt.Errorf("tournament: %s has no registered substitutes: its players cannot change (Art 9)", tm.Name)
	}
	for _, i := range members {
		if _, ok := tm.Member(i); !ok {
			return fmt.Errorf("tournament: %s has no player %d: 0 and 1 are its players, 2 to %d its substitutes", tm.Name, i, len(tm.Substitutes)+1)
		}
	}
	for r := round; r <= t.Rounds; r++ {
		for _, m := range t.rounds[r] {
			if (m.Team1 == id || m.Team2 == id) && m.Result != Pending {
				return fmt.Errorf("tournament: round %d of %s has a result: a substitute enters between rounds, before the round is played (Art 9)", r, tm.Name)
			}
		}
	}
	if t.lineups == nil {
		t.lineups = map[int]map[int][2]int{}
	}
	for r := round; r <= t.Rounds; r++ {
		if t.lineups[r] == nil {
			t.lineups[r] = map[int][2]int{}
		}
		t.lineups[r][id] = members
	}
	return nil
}

// MemberIndex returns the index (Team.Member) of the team's member named
// name (case-insensitive, spaces around ignored), or -1.
func (tm *Team) MemberIndex(name string) int {
	name = strings.TrimSpace(name)
	for i := 0; i < 2+len(tm.Substitutes); i++ {
		if p, _ := tm.Member(i); strings.EqualFold(p.Name, name) {
			return i
		}
	}
	return -1
}
