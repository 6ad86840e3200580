package dashboard

import (
	"fmt"
	"net/http"
	"strconv"

	"tandem/internal/webapi"
	"tandem/tournament"
)

// This file holds Art 9's substitutes on the dashboard: the head arbiter
// enters a team's registered substitute between rounds, and the tables
// get the round's players as the lineup says.

// LineupRequest is the body of POST /api/lineup: who plays for Team
// (its name or starting rank) from Round on: Players are the names of its
// board A and board B players, among the team's players and registered
// substitutes (the tournament file's team.substitutes).
type LineupRequest struct {
	Round   int       `json:"round"`
	Team    string    `json:"team"`
	Players [2]string `json:"players"`
}

// savedLineup is a lineup in the state file.
type savedLineup struct {
	Round   int    `json:"round"`
	Team    int    `json:"team"`
	Members [2]int `json:"members"`
}

// serveLineup answers POST /api/lineup (arbiter): 200 {"round", "team",
// "players"}; 400 a bad request (an unknown team or player); 409 no
// tournament, or the lineup refused (Art 9: no substitutes registered, or
// the round already has the team's result: a substitute enters between
// rounds); 500 the state file cannot be written (nothing changes). A
// table of the round that had its players is sent them again.
func (s *Server) serveLineup(w http.ResponseWriter, r *http.Request) {
	var req LineupRequest
	if err := webapi.Decode(w, r, &req, 4096); err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	code, err := s.lineup(req)
	s.mu.Unlock()
	if err != nil {
		webapi.Error(w, code, err.Error())
		return
	}
	s.wakeDelivery()
	webapi.Write(w, http.StatusOK, req)
}

// lineup applies req (s.mu held): the HTTP code and error, with nothing
// changed.
func (s *Server) lineup(req LineupRequest) (int, error) {
	tn := &s.tn
	if tn.t == nil {
		return http.StatusConflict, fmt.Errorf("the hub has no tournament: start it with tandem hall --tournament FILE")
	}
	team := tn.t.TeamByName(req.Team)
	if id, err := strconv.Atoi(req.Team); err == nil {
		team = tn.t.Team(id)
	}
	if team == nil {
		return http.StatusBadRequest, fmt.Errorf("team %q: no such team", req.Team)
	}
	var members [2]int
	for b, name := range req.Players {
		if members[b] = team.MemberIndex(name); members[b] < 0 {
			return http.StatusBadRequest, fmt.Errorf("%s has no player or registered substitute %q", team.Name, name)
		}
	}
	before := tn.t.Lineup(req.Round, team.ID)
	if err := tn.t.SetLineup(req.Round, team.ID, members); err != nil {
		return http.StatusConflict, err
	}
	tn.lineups = append(tn.lineups, savedLineup{Round: req.Round, Team: team.ID, Members: members})
	if err := tn.save(); err != nil {
		tn.lineups = tn.lineups[:len(tn.lineups)-1]
		tn.t.SetLineup(req.Round, team.ID, before) // the round has no result: cannot fail
		return http.StatusInternalServerError, err
	}
	// The table of the team's match in this round takes its players again.
	if req.Round == tn.round {
		for id, r := range tn.sent {
			if m, ok := tn.current(id); r == tn.round && ok && (m.Team1 == team.ID || m.Team2 == team.ID) {
				delete(tn.sent, id)
			}
		}
	}
	s.refreshViews()
	return http.StatusOK, nil
}

// loadLineups applies the state file's lineups to t, before its rounds'
// results (a lineup is set before its round is played).
func loadLineups(t *tournament.Tournament, file string, ls []savedLineup) error {
	for _, l := range ls {
		if err := t.SetLineup(l.Round, l.Team, l.Members); err != nil {
			return fmt.Errorf("dashboard: state file %s: lineup of team %d in round %d: %v", file, l.Team, l.Round, err)
		}
	}
	return nil
}
