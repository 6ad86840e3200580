package dashboard

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"tandem/arbiter"
	"tandem/internal/webapi"
	"tandem/tournament"
)

// This file holds the pairing upload and the players' delivery: a round's
// pairing file read, checked and applied, and each hall table sent its
// players until it takes them.

// PairingUpload is the body of POST /api/pairings: a pairing file for a
// round. Name is the file's name: one ending in ".csv" is read as CSV
// (round,table,team1,team2[,result], every row of Round), any other as a
// pairing engine's output (bbpPairings, JaVaFo: the number of pairs,
// then "WHITE BLACK" starting ranks, 0 for a bye). Round 0 means the
// round after the current one. Data is the file's text. Replace must be
// true to upload again a round that already has a recorded result: the
// results of the tables whose pairing changes then stop counting.
type PairingUpload struct {
	Round   int    `json:"round"`
	Name    string `json:"name"`
	Data    string `json:"data"`
	Replace bool   `json:"replace,omitempty"`
}

// PairingTable is one table of an uploaded round in POST /api/pairings's
// answer.
type PairingTable struct {
	// Number is the tournament table; Table the hall table that plays it
	// ("" none yet: Note says why).
	Number  int       `json:"number"`
	Table   string    `json:"table"`
	Team1   string    `json:"team1"`
	Team2   string    `json:"team2"`
	Players [4]string `json:"players"`
	Note    string    `json:"note,omitempty"`
}

// PairingResult is POST /api/pairings's answer.
type PairingResult struct {
	Round  int            `json:"round"`
	Tables []PairingTable `json:"tables"`
	Byes   []string       `json:"byes"`
	// Absent are the teams neither paired nor given a bye in the round:
	// they score 0 there (tournament.StandingsAfter).
	Absent []string `json:"absent"`
}

// servePairings answers POST /api/pairings (arbiter): the round's pairing
// replaces any earlier one of that round and becomes the current round;
// each hall table is then sent its players (at once, and again until it
// takes them). 200 PairingResult; 400 a bad request, a bad file (the
// error names the file, line and field), or an earlier round without a
// pairing ("round 2 has no pairing yet: upload round 2 first"): nothing
// changes; 409 no tournament, or the round already has a recorded result
// and Replace is false (the error says which; nothing changes); 500 the
// state file cannot be written (nothing changes).
func (s *Server) servePairings(w http.ResponseWriter, r *http.Request) {
	var req PairingUpload
	if err := webapi.Decode(w, r, &req, maxBody); err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	res, code, err := s.upload(req)
	s.mu.Unlock()
	if err != nil {
		webapi.Error(w, code, err.Error())
		return
	}
	s.wakeDelivery()
	webapi.Write(w, http.StatusOK, res)
}

// upload applies a pairing upload (s.mu held): the answer, or the HTTP
// code and error, with nothing changed.
func (s *Server) upload(req PairingUpload) (PairingResult, int, error) {
	tn := &s.tn
	if tn.t == nil {
		return PairingResult{}, http.StatusConflict, fmt.Errorf("the hub has no tournament: start it with tandem-hall --tournament FILE")
	}
	round := req.Round
	if round == 0 {
		round = tn.round + 1
	}
	if round < 1 || round > tn.t.Rounds {
		return PairingResult{}, http.StatusBadRequest, fmt.Errorf("round %d: the tournament has rounds 1 to %d", round, tn.t.Rounds)
	}
	// Rounds are paired in order: a round skipped would count every team
	// absent in it (0 points) and the standings would run past it.
	for r := 1; r < round; r++ {
		if len(tn.t.Matches(r)) == 0 {
			return PairingResult{}, http.StatusBadRequest, fmt.Errorf("round %d has no pairing yet: upload round %d first", r, r)
		}
	}
	name := req.Name
	if name == "" {
		name = "pairings"
	}
	var ms []tournament.Match
	var err error
	if strings.HasSuffix(strings.ToLower(name), ".csv") {
		ms, err = tn.t.ReadCSV(name, strings.NewReader(req.Data))
		for _, m := range ms {
			if err == nil && m.Round != round {
				err = &tournament.Error{File: name, Line: m.Line, Field: "round", Msg: fmt.Sprintf("round %d; this upload is for round %d", m.Round, round)}
			}
		}
	} else {
		ms, err = tournament.ReadEnginePairings(name, strings.NewReader(req.Data), round)
	}
	if err == nil && len(ms) == 0 {
		err = fmt.Errorf("%s: no pairing in it", name)
	}
	if err != nil {
		return PairingResult{}, http.StatusBadRequest, err
	}
	prev := tn.t.Matches(round)
	if !req.Replace {
		var done []string
		for _, m := range prev {
			if m.Result != tournament.Pending {
				done = append(done, fmt.Sprintf("table %d %s", m.Table, m.Result))
			}
		}
		if len(done) > 0 {
			return PairingResult{}, http.StatusConflict, fmt.Errorf("round %d already has results (%s): its pairing is kept; "+
				"upload it again with replace to replace it (a table whose pairing changes loses its result)", round, strings.Join(done, ", "))
		}
	}
	if err := tn.t.Apply(name, ms); err != nil {
		return PairingResult{}, http.StatusBadRequest, err
	}
	old := struct {
		round    int
		uploaded []tournament.Match
		had      bool
		sent     map[string]int
		counted  map[string]slot
	}{tn.round, tn.uploaded[round], false, clone(tn.sent), cloneSlots(tn.counted)}
	_, old.had = tn.uploaded[round]
	tn.uploaded[round] = tn.t.Matches(round)
	tn.round = round
	for id, r := range tn.sent {
		if r == round {
			delete(tn.sent, id) // a new pairing of the round: send it again
		}
	}
	clear(tn.errs)
	// The round's results counted before stay counted where the pairing
	// kept those players at that table.
	for _, res := range tn.results {
		key := resultKey(res)
		sl, ok := tn.counted[key]
		if !ok || sl.Round != round {
			continue
		}
		if m, ok := tn.match(round, sl.Number); ok && tn.seats(m) == res.Players {
			tn.record(sl, res)
		} else {
			delete(tn.counted, key)
		}
	}
	if err := tn.save(); err != nil {
		// Put everything back as it was.
		tn.t.SetRound(round, prev)
		tn.round, tn.sent, tn.counted = old.round, old.sent, old.counted
		if old.had {
			tn.uploaded[round] = old.uploaded
		} else {
			delete(tn.uploaded, round)
		}
		return PairingResult{}, http.StatusInternalServerError, err
	}
	s.rebuildLists()
	s.refreshViews()
	out := PairingResult{Round: round, Tables: []PairingTable{}, Byes: []string{}, Absent: []string{}}
	placed := map[int]bool{}
	for _, m := range tn.t.Matches(round) {
		placed[m.Team1], placed[m.Team2] = true, true
	}
	for _, team := range tn.t.Teams {
		if !placed[team.ID] {
			out.Absent = append(out.Absent, team.Name)
		}
	}
	for _, m := range tn.t.Matches(round) {
		if m.Bye() {
			out.Byes = append(out.Byes, tn.t.Team(m.Team1).Name)
			continue
		}
		id, why := tn.hallFor(m.Table)
		out.Tables = append(out.Tables, PairingTable{Number: m.Table, Table: id, Team1: tn.t.Team(m.Team1).Name,
			Team2: tn.t.Team(m.Team2).Name, Players: tn.seats(m), Note: why})
	}
	return out, 0, nil
}

func clone(m map[string]int) map[string]int {
	c := make(map[string]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func cloneSlots(m map[string]slot) map[string]slot {
	c := make(map[string]slot, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// wakeDelivery makes the players' delivery look again now.
func (s *Server) wakeDelivery() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// deliver sends the current round's players to every online table that
// has not taken them: after an upload, when a table comes online, and
// every Opts.Retry.
func (s *Server) deliver() {
	defer s.wg.Done()
	tick := time.NewTicker(s.opts.Retry)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-s.wake:
		case <-tick.C:
		}
		s.deliverOnce()
	}
}

// delivery is one table's players to send.
type delivery struct {
	id      string
	round   int
	players [4]string
}

// deliverOnce sends each waiting online table its players, Opts.Parallel
// at a time, and notes who took them.
func (s *Server) deliverOnce() {
	s.mu.Lock()
	var todo []delivery
	if s.tn.round > 0 {
		for id, st := range s.states {
			if st.Online && s.tn.waiting(id) {
				m, _ := s.tn.current(id)
				todo = append(todo, delivery{id, s.tn.round, s.tn.seats(m)})
			}
		}
	}
	s.mu.Unlock()
	sem := make(chan struct{}, s.opts.Parallel)
	var wg sync.WaitGroup
	for _, d := range todo {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			_, err := s.hub.Command(s.ctx, d.id, arbiter.Request{Action: "players", Players: d.players})
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.tn.round != d.round {
				return // another pairing since: sent again
			}
			if m, ok := s.tn.current(d.id); !ok || s.tn.seats(m) != d.players {
				return
			}
			if err != nil {
				s.tn.errs[d.id] = err.Error() + " (sent again in a moment)"
			} else {
				s.tn.sent[d.id] = d.round
				delete(s.tn.errs, d.id)
				s.tn.save()
				s.rebuildLists()
			}
			if st, ok := s.states[d.id]; ok {
				s.views[d.id] = s.tableView(st)
				for c := range s.clients {
					c.tables[d.id] = true
					c.signal()
				}
			}
		}()
	}
	wg.Wait()
}
