package dashboard

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// This file holds the lists the page shows below the tables: the results,
// the standings and the tournament's teams, encoded once per change.

// ResultRow is one line of the results table: a decided match the hub's
// results stream holds, in the stream's order.
type ResultRow struct {
	// Round and Number are the round and tournament table the result
	// counts for (0: it counts for none, Note says why).
	Round  int `json:"round,omitempty"`
	Number int `json:"number,omitempty"`
	// Table is the hall table id; Match the match's id in its record.
	Table string `json:"table"`
	Match string `json:"match"`
	// Team1 (A-white and B-black) and Team2 (A-black and B-white): the
	// pairing's team names, or the players' names when it counts for no
	// pairing.
	Team1 string `json:"team1"`
	Team2 string `json:"team2"`
	// Result is team 1's view as the tournament writes it
	// (tournament.Match.Text: "1-0", "0-1", "1/2-1/2"; a forfeit "+/-",
	// "-/+", "-/-"; both boards played out, each board: "1-0 1/2-1/2"),
	// Reason why ("flag", "checkmate", "board-sum", ...), Decisive the
	// decisive seats.
	Result   string   `json:"result"`
	Reason   string   `json:"reason"`
	Decisive []string `json:"decisive,omitempty"`
	// Players by seat, as the match's record says.
	Players [4]string `json:"players"`
	// WallMs is the table's wall clock at the decision (Unix ms), MatchMs
	// the match time of the decision since the start (ms).
	WallMs  int64 `json:"wall_ms"`
	MatchMs int64 `json:"match_ms"`
	// Note says why the result counts for no pairing ("" when it counts
	// or there is no tournament).
	Note string `json:"note,omitempty"`
}

// StandingRow is one team's line of the standings (tournament.Standing):
// match points and the tie-breaks of Art 43 in order.
type StandingRow struct {
	// Rank from 1; Shared is true when another team has it too (teams
	// equal on points and every tie-break): the page writes "3=", as
	// tournament.WriteText does.
	Rank    int       `json:"rank"`
	Shared  bool      `json:"shared,omitempty"`
	Team    string    `json:"team"`
	Players [2]string `json:"players"`
	Points  float64   `json:"points"`
	// DirectEncounter is null when it does not apply (Art 43.1: the team
	// is not tied, or the tied teams have not all met).
	DirectEncounter *float64 `json:"direct_encounter"`
	BuchholzCut1    float64  `json:"buchholz_cut1"`
	Buchholz        float64  `json:"buchholz"`
	SonnebornBerger float64  `json:"sonneborn_berger"`
	Wins            int      `json:"wins"`
	Played          int      `json:"played"`
}

// TournamentView is the tournament's state on the page (null without
// one).
type TournamentView struct {
	Name   string `json:"name"`
	Rounds int    `json:"rounds"`
	// Round is the current round (the last pairing uploaded; 0 none) and
	// Paired the rounds with pairings.
	Round  int   `json:"round"`
	Paired []int `json:"paired"`
	// Counted is the round the standings are after: the last with a
	// recorded result (tournament.LastRound), 0 none. It may be before
	// Round while the current round is played.
	Counted int `json:"counted"`
	// Byes are the teams with a bye in the current round; Unplaced the
	// current round's tables that no hall table plays (and why).
	Byes     []string `json:"byes"`
	Unplaced []string `json:"unplaced"`
	// Sent counts the current round's tables that took their players,
	// of Tables.
	Sent   int `json:"sent"`
	Tables int `json:"tables"`
	// SaveErr says why the state file cannot be written ("" when it can).
	SaveErr string `json:"save_err,omitempty"`
}

// rows returns the results table (s.mu held).
func (tn *tourney) rows() []ResultRow {
	out := make([]ResultRow, 0, len(tn.results))
	for _, r := range tn.results {
		row := ResultRow{Table: r.Table, Match: r.Match, Result: tn.resultText(r), Reason: r.Reason, Decisive: r.Decisive,
			Players: r.Players, WallMs: r.Wall.UnixMilli(), MatchMs: r.MatchMs, Note: tn.note(r)}
		if sl, ok := tn.counted[resultKey(r)]; ok && row.Note == "" {
			m, _ := tn.match(sl.Round, sl.Number)
			row.Round, row.Number = sl.Round, sl.Number
			row.Team1, row.Team2 = tn.t.Team(m.Team1).Name, tn.t.Team(m.Team2).Name
		} else {
			row.Team1 = pair(r.Players[0], r.Players[3])
			row.Team2 = pair(r.Players[1], r.Players[2])
		}
		out = append(out, row)
	}
	return out
}

// pair names a team by its two players ("?" for one unknown).
func pair(a, b string) string {
	if a == "" {
		a = "?"
	}
	if b == "" {
		b = "?"
	}
	return a + " & " + b
}

// standings returns the standings, nil without a tournament (s.mu held).
func (tn *tourney) standings() []StandingRow {
	if tn.t == nil {
		return nil
	}
	st := tn.t.Standings()
	out := make([]StandingRow, 0, len(st))
	for i, s := range st {
		row := StandingRow{Rank: s.Rank, Shared: i > 0 && st[i-1].Rank == s.Rank || i+1 < len(st) && st[i+1].Rank == s.Rank, Team: s.Team.Name, Players: [2]string{s.Team.Players[0].Name, s.Team.Players[1].Name},
			Points: s.Points, BuchholzCut1: s.BuchholzCut1, Buchholz: s.Buchholz, SonnebornBerger: s.SonnebornBerger,
			Wins: s.Wins, Played: s.Played}
		if s.DirectApplied {
			de := s.DirectEncounter
			row.DirectEncounter = &de
		}
		out = append(out, row)
	}
	return out
}

// view returns the tournament's view, nil without one (s.mu held).
func (tn *tourney) view() *TournamentView {
	if tn.t == nil {
		return nil
	}
	v := &TournamentView{Name: tn.t.Name, Rounds: tn.t.Rounds, Round: tn.round, Paired: tn.t.PairedRounds(), Counted: tn.t.LastRound(),
		Byes: []string{}, Unplaced: []string{}, SaveErr: tn.saveErr}
	if v.Paired == nil {
		v.Paired = []int{}
	}
	if tn.round > 0 {
		for _, team := range tn.t.Byes(tn.round) {
			v.Byes = append(v.Byes, team.Name)
		}
		for _, m := range tn.t.Matches(tn.round) {
			if m.Bye() {
				continue
			}
			v.Tables++
			id, why := tn.hallFor(m.Table)
			switch {
			case id == "":
				v.Unplaced = append(v.Unplaced, fmt.Sprintf("table %d: %s", m.Table, why))
			case tn.sent[id] == tn.round:
				v.Sent++
			}
		}
	}
	return v
}

// rebuildLists encodes the results, standings and tournament members and
// marks them for every client (s.mu held).
func (s *Server) rebuildLists() {
	var b bytes.Buffer
	enc := func(name string, v any) {
		data, _ := json.Marshal(v) // plain values: Marshal cannot fail
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + name + `":`)
		b.Write(data)
	}
	enc("results", s.tn.rows())
	enc("standings", s.tn.standings())
	enc("tournament", s.tn.view())
	s.lists = b.Bytes()
	for c := range s.clients {
		c.lists = true
		c.signal()
	}
}
