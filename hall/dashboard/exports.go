package dashboard

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tandem/internal/webapi"
	"tandem/tournament"
)

// This file holds the downloads: the results and the standings as CSV, and
// the tournament report as TRF-2026.

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
					m.Text(), "", "", "", "", "", "", "", "", "", note})
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
		webapi.Error(w, http.StatusNotFound, "the hub has no tournament: start it with tandem-hall --tournament FILE")
	case err != nil:
		webapi.Error(w, http.StatusInternalServerError, err.Error())
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
		webapi.Error(w, http.StatusBadRequest, "form: teams (default) or engine")
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
		webapi.Error(w, http.StatusNotFound, "the hub has no tournament: start it with tandem-hall --tournament FILE")
	case err != nil:
		webapi.Error(w, http.StatusConflict, err.Error())
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
