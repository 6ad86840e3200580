package dashboard

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"tandem/hall"
	"tandem/internal/webauth"
	"tandem/tournament"
)

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
	// Result is team 1's view ("1-0", "0-1", "1/2-1/2"), Reason why
	// ("flag", "checkmate", ...), Decisive the decisive seats.
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
		row := ResultRow{Table: r.Table, Match: r.Match, Result: r.Result, Reason: r.Reason, Decisive: r.Decisive,
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
	if err := decode(w, r, &req, maxBody); err != nil {
		webauth.JSONError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	res, code, err := s.upload(req)
	s.mu.Unlock()
	if err != nil {
		webauth.JSONError(w, code, err.Error())
		return
	}
	s.wakeDelivery()
	webauth.WriteJSON(w, http.StatusOK, res)
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
			_, err := s.hub.Command(s.ctx, d.id, hall.Command{Action: "players", Players: d.players})
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

// ResultsCSVHeader is the header row of GET /export/results.csv.
// tournament.ReadCSV reads the file by these names (round, table, team1,
// team2, result) and ignores the others, so that tandem tournament
// standings --results gives the dashboard's standings.
var ResultsCSVHeader = []string{"round", "table", "hall_table", "team1", "team2", "result", "reason", "decisive",
	"a_white", "a_black", "b_white", "b_black", "wall", "match_ms", "match", "note"}

// serveResultsCSV answers GET /export/results.csv: the results table,
// one row per decided match (round and table empty when it counts for no
// pairing), then a row per paired match no hall result counts for (its
// result as the tournament holds it: empty while pending, which
// tournament.ReadCSV reads as pending, not as the teams absent; note
// "pending: no result yet"), then a row per bye of each paired round
// (team2 "bye", note "bye"): a bye scores. The file then holds every
// pairing and every point of the standings.
func (s *Server) serveResultsCSV(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	rows := s.tn.rows()
	var byes [][]string
	if t := s.tn.t; t != nil {
		done := map[slot]bool{} // the matches a row of rows counts for
		for _, row := range rows {
			if row.Round > 0 {
				done[slot{row.Round, row.Number}] = true
			}
		}
		for _, round := range t.PairedRounds() {
			for _, m := range t.Matches(round) {
				if m.Bye() || done[slot{round, m.Table}] {
					continue
				}
				note := "pending: no result yet"
				if m.Result != tournament.Pending {
					note = "result from the pairing upload"
				}
				byes = append(byes, []string{strconv.Itoa(round), strconv.Itoa(m.Table), "", t.Team(m.Team1).Name, t.Team(m.Team2).Name,
					m.Result.String(), "", "", "", "", "", "", "", "", "", note})
			}
		}
		for _, round := range t.PairedRounds() {
			for _, team := range t.Byes(round) {
				byes = append(byes, []string{strconv.Itoa(round), "", "", team.Name, "bye", "", "", "", "", "", "", "", "", "", "", "bye"})
			}
		}
	}
	s.mu.Unlock()
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	cw.Write(ResultsCSVHeader)
	for _, row := range rows {
		round, num := "", ""
		if row.Round > 0 {
			round, num = strconv.Itoa(row.Round), strconv.Itoa(row.Number)
		}
		cw.Write([]string{round, num, row.Table, row.Team1, row.Team2, row.Result, row.Reason, strings.Join(row.Decisive, " "),
			row.Players[0], row.Players[1], row.Players[2], row.Players[3],
			time.UnixMilli(row.WallMs).UTC().Format(time.RFC3339), strconv.FormatInt(row.MatchMs, 10), row.Match, row.Note})
	}
	cw.WriteAll(byes)
	download(w, "results.csv", "text/csv; charset=utf-8", b.Bytes())
}

// serveStandingsCSV answers GET /export/standings.csv (tournament.
// WriteCSV); 404 without a tournament.
func (s *Server) serveStandingsCSV(w http.ResponseWriter, r *http.Request) {
	var b bytes.Buffer
	s.mu.Lock()
	t := s.tn.t
	var err error
	if t != nil {
		err = tournament.WriteCSV(&b, t.Standings())
	}
	s.mu.Unlock()
	switch {
	case t == nil:
		webauth.JSONError(w, http.StatusNotFound, "the hub has no tournament: start it with tandem-hall --tournament FILE")
	case err != nil:
		webauth.JSONError(w, http.StatusInternalServerError, err.Error())
	default:
		download(w, "standings.csv", "text/csv; charset=utf-8", b.Bytes())
	}
}

// serveTRF answers GET /export/tournament.trf: the tournament as
// TRF-2026 (tournament.WriteTRF; ?form=engine for a pairing engine's
// file). 404 without a tournament; 409 when a round played so far lacks
// a result (a pairing engine needs them all), with the match named.
func (s *Server) serveTRF(w http.ResponseWriter, r *http.Request) {
	o := &tournament.TRFOpts{}
	switch r.URL.Query().Get("form") {
	case "", "teams":
	case "engine":
		o.Form = tournament.TRFEngine
	default:
		webauth.JSONError(w, http.StatusBadRequest, "form: teams (default) or engine")
		return
	}
	var b bytes.Buffer
	s.mu.Lock()
	t := s.tn.t
	var err error
	if t != nil {
		err = t.WriteTRF(&b, o)
	}
	s.mu.Unlock()
	switch {
	case t == nil:
		webauth.JSONError(w, http.StatusNotFound, "the hub has no tournament: start it with tandem-hall --tournament FILE")
	case err != nil:
		webauth.JSONError(w, http.StatusConflict, err.Error())
	default:
		download(w, "tournament.trf", "text/plain; charset=utf-8", b.Bytes())
	}
}

// download answers 200 with data as an attachment named name.
func download(w http.ResponseWriter, name, typ string, data []byte) {
	w.Header().Set("Content-Type", typ)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(data)
}
