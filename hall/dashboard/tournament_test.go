package dashboard

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tandem/bughouse"
	"tandem/daemon"
	"tandem/rules"
	"tandem/tournament"
)

// upload posts a pairing file and returns the status and the answer.
func upload(t *testing.T, ts *testServer, round int, name, data string) (int, PairingResult, string) {
	t.Helper()
	body, _ := json.Marshal(PairingUpload{Round: round, Name: name, Data: data})
	code, ans := ts.post(ts.arbiter(), "/api/pairings", string(body))
	var res PairingResult
	json.Unmarshal([]byte(ans), &res)
	return code, res, ans
}

// decide declares board A won by White on d (a whole match: started, then
// decided), as an arbiter would.
func decide(t *testing.T, d *daemon.Daemon) {
	t.Helper()
	do(t, d, rules.Event{Kind: rules.Start})
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
}

// A pairing upload sends each table its players, at once when online and
// when it comes online otherwise; the result played with those players
// counts for the pairing's teams in the results and the standings, and
// all of it survives a restart of the dashboard from its state file.
func TestPairings_DeliveryResultsStandingsRestart(t *testing.T) {
	h := newHub(t, "")
	state := filepath.Join(t.TempDir(), "dashboard.json")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t), StateFile: state})
	d1 := startTable(t, h, "t1", "")
	eventually(t, "t1 online", func() bool { v, ok := h.Table("t1"); return ok && v.Online })

	// Bad files change nothing.
	for _, c := range []struct{ name, data, want string }{
		{"r1.txt", "2\n1 2\n1 4\n", "r1.txt:3: "},
		{"r1.txt", "3\n1 2\n3 4\n", "r1.txt:1: 3 pairs announced, 2 found"},
		{"r1.csv", "round,table,team1,team2\n2,1,1,2\n", "r1.csv:2: round: round 2; this upload is for round 1"},
		{"r1.csv", "round,table,team1,team2\n1,1,Alfiles,Nobody\n", "r1.csv:2: "},
		{"r1.txt", "", "r1.txt: empty"},
	} {
		code, _, ans := upload(t, ts, 0, c.name, c.data)
		var e struct{ Error string }
		json.Unmarshal([]byte(ans), &e)
		if code != 400 || !strings.HasPrefix(e.Error, c.want) {
			t.Errorf("%q: %d %s; want 400 %q", c.data, code, ans, c.want)
		}
	}
	if code, _, ans := upload(t, ts, 6, "r6.txt", "1\n1 2\n"); code != 400 || !strings.Contains(ans, "rounds 1 to 5") {
		t.Errorf("round 6: %d %s", code, ans)
	}
	// Rounds are paired in order: round 2 before round 1 is refused.
	if code, _, ans := upload(t, ts, 2, "r2.txt", "2\n1 2\n3 4\n"); code != 400 || !strings.Contains(ans, `"round 1 has no pairing yet: upload round 1 first"`) {
		t.Errorf("round 2 first: %d %s", code, ans)
	}
	if _, err := os.Stat(state); err == nil {
		t.Fatal("a refused upload wrote the state file")
	}
	_, st, _ := ts.get("/api/state")
	if !strings.Contains(st, `"round":0,`) {
		t.Fatalf("a refused upload changed the round: %.300s", st)
	}

	code, res, ans := upload(t, ts, 0, "round1.txt", "2\n1 2\n3 4\n")
	if code != 200 || res.Round != 1 || len(res.Tables) != 2 || res.Tables[0].Table != "t1" || res.Tables[1].Table != "" ||
		!strings.Contains(res.Tables[1].Note, "no hall table numbered 2") {
		t.Fatalf("upload: %d %s", code, ans)
	}
	// Team 1 (Alfiles: Ana board A, Bea board B) sits A-white and B-black.
	want1 := [4]string{"Ana, A", "Ciro, C", "Dani, D", "Bea, B"}
	eventually(t, "t1's players", func() bool { v, _ := h.Table("t1"); return v.Snap.Players == want1 })
	// Table 2 comes online after the upload: it gets its players then.
	d2 := startTable(t, h, "t2", "")
	want2 := [4]string{"Eva, E", "Gala, G", "Hugo, H", "Fede, F"}
	eventually(t, "t2's players", func() bool { v, _ := h.Table("t2"); return v.Snap.Players == want2 })
	w := ts.ws()
	w.until("both sent", func(w *wsClient) bool { return w.tour != nil && w.tour.Sent == 2 && w.tour.Tables == 2 })
	if p := w.tables["t2"].Pairing; p == nil || !p.Sent || p.Number != 2 || p.Team1 != "Caballos" || p.Team2 != "Damas" {
		t.Errorf("t2's pairing: %+v", p)
	}

	decide(t, d1)
	w.until("t1's result counted", func(w *wsClient) bool { return len(w.result) == 1 && w.result[0].Round == 1 })
	r := w.result[0]
	if r.Number != 1 || r.Table != "t1" || r.Team1 != "Alfiles" || r.Team2 != "Torres" || r.Result != "1-0" || r.Reason != "resignation" || r.Note != "" {
		t.Errorf("result row %+v", r)
	}
	if len(w.stand) != 4 || w.stand[0].Team != "Alfiles" || w.stand[0].Points != 1 || w.stand[0].Rank != 1 || w.stand[0].Shared || w.stand[0].Wins != 1 {
		t.Errorf("standings %+v", w.stand)
	}
	// A second match at the same table does not count twice.
	do(t, d1, rules.Event{Kind: rules.Reset})
	decide(t, d1)
	w.until("the second result", func(w *wsClient) bool { return len(w.result) == 2 })
	if r := w.result[1]; r.Round != 0 || !strings.Contains(r.Note, "not counted") || r.Team1 != "Ana, A & Bea, B" {
		t.Errorf("second result %+v", r)
	}
	if w.stand[0].Points != 1 {
		t.Errorf("counted twice: %+v", w.stand[0])
	}
	code, csv, hdr := ts.get("/export/standings.csv")
	if code != 200 || !strings.Contains(csv, "Alfiles") || !strings.Contains(hdr.Get("Content-Disposition"), "standings.csv") {
		t.Errorf("standings.csv: %d %s", code, csv)
	}
	if code, csv, _ := ts.get("/export/results.csv"); code != 200 || strings.Count(csv, "\n") != 4 || !strings.Contains(csv, "1,1,t1,Alfiles,Torres,1-0,resignation") ||
		!strings.Contains(csv, "\n1,2,,Caballos,Damas,,") {
		t.Errorf("results.csv: %d %s", code, csv)
	}
	// TRF needs every result of the rounds played: table 2 has none.
	if code, ans, _ := ts.get("/export/tournament.trf"); code != 409 || !strings.Contains(ans, "table 2 has no result") {
		t.Errorf("trf with a result missing: %d %s", code, ans)
	}
	decide(t, d2)
	w.until("both counted", func(w *wsClient) bool { return len(w.result) == 3 && w.result[2].Round == 1 })
	code, trf, _ := ts.get("/export/tournament.trf")
	if code != 200 || !strings.Contains(trf, "012 Hall Open") {
		t.Errorf("trf: %d %s", code, trf)
	}

	// A new dashboard on the same hub and state file: the same round,
	// players sent, results counted.
	ts.hs.Close()
	ts.s.Close()
	ts2 := newServer(t, h, Opts{Tournament: loadTournament(t), StateFile: state})
	w2 := ts2.ws()
	w2.until("the state", func(w *wsClient) bool { return len(w.msgs) > 0 })
	if w2.tour == nil || w2.tour.Round != 1 || w2.tour.Sent != 2 || len(w2.result) != 3 || w2.result[0].Round != 1 || w2.result[1].Round != 0 || w2.result[2].Round != 1 {
		t.Fatalf("after a restart: %+v %+v", w2.tour, w2.result)
	}
	if w2.stand[0].Points != 1 || w2.stand[0].Team != "Alfiles" {
		t.Errorf("standings after a restart: %+v", w2.stand)
	}
	// Round 2: t2 is offline; it gets its players when it is back.
	d2.Close()
	eventually(t, "t2 offline", func() bool { v, _ := h.Table("t2"); return !v.Online })
	// Round 4 with round 3 never paired: refused, nothing changed.
	if code, _, ans := upload(t, ts2, 4, "r4.txt", "2\n1 2\n3 4\n"); code != 400 || !strings.Contains(ans, `"round 2 has no pairing yet: upload round 2 first"`) {
		t.Errorf("round 4 after round 1: %d %s", code, ans)
	}
	if _, st, _ := ts2.get("/api/state"); !strings.Contains(st, `"round":1,`) || !strings.Contains(st, `"paired":[1]`) {
		t.Errorf("a refused round 4 changed the state: %.400s", st)
	}
	code, res, ans = upload(t, ts2, 0, "round2.csv", "round,table,team1,team2\n2,1,Damas,Alfiles\n2,2,Torres,Caballos\n")
	if code != 200 || res.Round != 2 {
		t.Fatalf("round 2: %d %s", code, ans)
	}
	w2.until("t2 waiting", func(w *wsClient) bool {
		p := w.tables["t2"].Pairing
		return p != nil && p.Round == 2 && !p.Sent && strings.Contains(p.Err, "offline")
	})
	startTable(t, h, "t2", "")
	want := [4]string{"Ciro, C", "Eva, E", "Fede, F", "Dani, D"}
	eventually(t, "t2's round 2 players", func() bool { v, _ := h.Table("t2"); return v.Online && v.Snap.Players == want })
	var saved savedState
	data, _ := os.ReadFile(state)
	if err := json.Unmarshal(data, &saved); err != nil || saved.Round != 2 || len(saved.Rounds) != 2 || len(saved.Counted) != 2 {
		t.Errorf("state file: %v %s", err, data)
	}
}

// TableNumber reads the number a table id ends in.
func TestTableNumber(t *testing.T) {
	for id, want := range map[string]int{"t07": 7, "7": 7, "hall-b-12": 12, "t0": 0, "tx": 0, "t99999": 0, "t9999": 9999, "": 0, "a1b": 0} {
		if got := TableNumber(id); got != want {
			t.Errorf("TableNumber(%q) = %d, want %d", id, got, want)
		}
	}
}

// A decided table's card keeps its match (round, teams, the players its
// record names) after the next round's pairing is sent to it; the new
// pairing is shown as the table's next match until the table starts it.
func TestPairings_DecidedCardKeepsItsMatch(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t)})
	d1 := startTable(t, h, "t1", "")
	w := ts.ws()
	w.until("t1 online", func(w *wsClient) bool { return w.tables["t1"].Online })
	if len(w.stand) != 4 {
		t.Fatalf("standings %+v", w.stand)
	}
	for _, s := range w.stand {
		if s.Rank != 1 || !s.Shared {
			t.Errorf("before any result %s has rank %d, shared %v; want 1, shared", s.Team, s.Rank, s.Shared)
		}
	}
	if code, _, ans := upload(t, ts, 1, "r1.txt", "2\n1 2\n3 4\n"); code != 200 {
		t.Fatalf("round 1: %d %s", code, ans)
	}
	want1 := [4]string{"Ana, A", "Ciro, C", "Dani, D", "Bea, B"}
	w.until("round 1's players sent", func(w *wsClient) bool {
		v := w.tables["t1"]
		return v.Pairing != nil && v.Pairing.Sent && v.Snap.Players == want1
	})
	if v := w.tables["t1"]; v.Match != nil || !v.Pairing.Next || v.Players != want1 {
		t.Errorf("ready: match %+v pairing %+v players %q; want no match, the pairing next", v.Match, v.Pairing, v.Players)
	}
	do(t, d1, rules.Event{Kind: rules.Start})
	w.until("running", func(w *wsClient) bool { return w.tables["t1"].Snap.Status == "running" })
	if v := w.tables["t1"]; v.Match == nil || v.Match.Round != 1 || v.Match.Team1 != "Alfiles" || v.Pairing.Next {
		t.Errorf("running: match %+v pairing %+v; want round 1's, not next", v.Match, v.Pairing)
	}
	do(t, d1, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
	w.until("the result counted", func(w *wsClient) bool { return len(w.result) == 1 && w.result[0].Round == 1 })

	// Round 2: t1 (still showing round 1's decision) gets Damas v Alfiles.
	if code, _, ans := upload(t, ts, 2, "r2.txt", "2\n4 1\n2 3\n"); code != 200 {
		t.Fatalf("round 2: %d %s", code, ans)
	}
	want2 := [4]string{"Gala, G", "Ana, A", "Bea, B", "Hugo, H"}
	w.until("round 2's players sent", func(w *wsClient) bool {
		p := w.tables["t1"].Pairing
		return p != nil && p.Round == 2 && p.Sent
	})
	v := w.tables["t1"]
	if v.Snap.Status != "decided" || v.Snap.Result != "1-0" {
		t.Fatalf("t1 is not showing its decision: %+v", v.Snap)
	}
	if v.Match == nil || v.Match.Round != 1 || v.Match.Number != 1 || v.Match.Team1 != "Alfiles" || v.Match.Team2 != "Torres" {
		t.Errorf("decided card's match %+v; want R1 T1 Alfiles v Torres", v.Match)
	}
	if v.Players != want1 {
		t.Errorf("decided card's players %q (snapshot %q); want round 1's %q", v.Players, v.Snap.Players, want1)
	}
	if p := v.Pairing; !p.Next || p.Team1 != "Damas" || p.Team2 != "Alfiles" || p.Result != "" {
		t.Errorf("pairing %+v; want round 2's, next", p)
	}

	// A new match with round 2's players: ready, still next; started, it
	// is the card's match.
	do(t, d1, rules.Event{Kind: rules.Reset})
	w.until("ready with round 2's players", func(w *wsClient) bool {
		v := w.tables["t1"]
		return v.Snap.Status == "ready" && v.Snap.Players == want2
	})
	if v := w.tables["t1"]; v.Match != nil || !v.Pairing.Next || v.Players != want2 {
		t.Errorf("ready for round 2: match %+v pairing %+v players %q", v.Match, v.Pairing, v.Players)
	}
	do(t, d1, rules.Event{Kind: rules.Start})
	w.until("round 2 running", func(w *wsClient) bool { return w.tables["t1"].Snap.Status == "running" })
	if v := w.tables["t1"]; v.Match == nil || v.Match.Round != 2 || v.Match.Team1 != "Damas" || v.Pairing.Next {
		t.Errorf("round 2 running: match %+v pairing %+v", v.Match, v.Pairing)
	}
}

// The results CSV holds every point of the standings, byes included, in
// columns tournament.ReadCSV (tandem tournament standings --results)
// reads: read back into the tournament file, it gives the dashboard's
// standings. Its header is the one of the CLI's test fixture.
func TestResultsCSV_GivesTheStandings(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("..", "..", "tournament", "testdata", "hall-results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _, _ := strings.Cut(string(fixture), "\n"); got != strings.Join(ResultsCSVHeader, ",") {
		t.Errorf("tournament/testdata/hall-results.csv's header %q is not the export's %q", got, strings.Join(ResultsCSVHeader, ","))
	}
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t)})
	d1 := startTable(t, h, "t1", "")
	w := ts.ws()
	w.until("t1 online", func(w *wsClient) bool { return w.tables["t1"].Online })
	// Round 1: Alfiles v Torres at table 1, Caballos a bye; Damas absent.
	if code, _, ans := upload(t, ts, 1, "r1.txt", "2\n1 2\n3 0\n"); code != 200 {
		t.Fatalf("round 1: %d %s", code, ans)
	}
	w.until("players sent", func(w *wsClient) bool { p := w.tables["t1"].Pairing; return p != nil && p.Sent })
	decide(t, d1)
	w.until("counted", func(w *wsClient) bool { return len(w.result) == 1 && w.result[0].Round == 1 })
	// A second match at the table: listed, counted for none.
	do(t, d1, rules.Event{Kind: rules.Reset})
	decide(t, d1)
	w.until("the second result", func(w *wsClient) bool { return len(w.result) == 2 })

	code, csv, _ := ts.get("/export/results.csv")
	if code != 200 || !strings.Contains(csv, "\n1,,,Caballos,bye,") {
		t.Fatalf("results.csv without the bye: %d\n%s", code, csv)
	}
	fresh := loadTournament(t)
	ms, err := fresh.ReadCSV("results.csv", strings.NewReader(csv))
	if err == nil {
		err = fresh.Apply("results.csv", ms)
	}
	if err != nil {
		t.Fatalf("results.csv read back: %v\n%s", err, csv)
	}
	var mine bytes.Buffer
	if err := tournament.WriteCSV(&mine, fresh.Standings()); err != nil {
		t.Fatal(err)
	}
	_, theirs, _ := ts.get("/export/standings.csv")
	if mine.String() != theirs {
		t.Errorf("standings from results.csv:\n%s\nthe dashboard's:\n%s", mine.String(), theirs)
	}
	if !strings.Contains(theirs, ",Caballos,") || !strings.HasPrefix(strings.SplitN(theirs, "\n", 3)[1], "1,1,Alfiles,") {
		t.Errorf("standings.csv:\n%s", theirs)
	}
}

// After a hub restart (a new hub that knows no table yet, the same state
// file) the round's summary counts the tables that took their players as
// they come back online, with no result or command to trigger it.
func TestPairings_SummaryAfterHubRestart(t *testing.T) {
	state := filepath.Join(t.TempDir(), "dashboard.json")
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t), StateFile: state})
	d1, d2 := startTable(t, h, "t1", ""), startTable(t, h, "t2", "")
	if code, _, ans := upload(t, ts, 1, "r1.txt", "2\n1 2\n3 4\n"); code != 200 {
		t.Fatalf("round 1: %d %s", code, ans)
	}
	w := ts.ws()
	w.until("both sent", func(w *wsClient) bool { return w.tour != nil && w.tour.Sent == 2 })
	ts.hs.Close()
	ts.s.Close()
	d1.Close()
	d2.Close()
	h.Close()

	h2 := newHub(t, "")
	ts2 := newServer(t, h2, Opts{Tournament: loadTournament(t), StateFile: state})
	w2 := ts2.ws()
	w2.until("the state", func(w *wsClient) bool { return w.tour != nil })
	if w2.tour.Sent != 0 || len(w2.tour.Unplaced) != 2 {
		t.Fatalf("no table back yet: %+v", w2.tour)
	}
	startTable(t, h2, "t1", "")
	startTable(t, h2, "t2", "")
	w2.until("the summary recomputed", func(w *wsClient) bool {
		return w.tour.Sent == 2 && w.tour.Tables == 2 && len(w.tour.Unplaced) == 0
	})
	_, st, _ := ts2.get("/api/state")
	if !strings.Contains(st, `"unplaced":[]`) || !strings.Contains(st, `"sent":2,`) {
		t.Errorf("/api/state after the restart: %.600s", st)
	}
}

// While a paired match has no result, the results CSV lists it with an
// empty result, which tournament.ReadCSV (tandem tournament standings
// --results) reads as pending: the standings from the file are the
// dashboard's, the pending match's teams not counted absent.
func TestResultsCSV_PendingMatchGivesTheStandings(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t)})
	d1 := startTable(t, h, "t1", "")
	w := ts.ws()
	w.until("t1 online", func(w *wsClient) bool { return w.tables["t1"].Online })
	// Table 2 (Caballos v Damas) has no hall table: pending.
	if code, _, ans := upload(t, ts, 1, "r1.txt", "2\n1 2\n3 4\n"); code != 200 {
		t.Fatalf("round 1: %d %s", code, ans)
	}
	w.until("players sent", func(w *wsClient) bool { p := w.tables["t1"].Pairing; return p != nil && p.Sent })
	decide(t, d1)
	w.until("counted", func(w *wsClient) bool { return len(w.result) == 1 && w.result[0].Round == 1 })

	_, csv, _ := ts.get("/export/results.csv")
	if !strings.Contains(csv, "\n1,2,,Caballos,Damas,,,") {
		t.Fatalf("results.csv without the pending match:\n%s", csv)
	}
	fresh := loadTournament(t)
	ms, err := fresh.ReadCSV("results.csv", strings.NewReader(csv))
	if err == nil {
		err = fresh.Apply("results.csv", ms)
	}
	if err != nil {
		t.Fatalf("results.csv read back: %v\n%s", err, csv)
	}
	var mine bytes.Buffer
	if err := tournament.WriteCSV(&mine, fresh.Standings()); err != nil {
		t.Fatal(err)
	}
	_, theirs, _ := ts.get("/export/standings.csv")
	if mine.String() != theirs {
		t.Errorf("standings from results.csv:\n%s\nthe dashboard's:\n%s", mine.String(), theirs)
	}
	for _, s := range fresh.Standings() {
		if (s.Team.Name == "Caballos" || s.Team.Name == "Damas") && s.Rounds != 0 {
			t.Errorf("%s counted %d rounds with its match pending", s.Team.Name, s.Rounds)
		}
	}
}

// Uploading again a round that has a recorded result is refused unless
// the upload says replace, with nothing changed; the answer names the
// teams neither paired nor given a bye (absent).
func TestPairings_ReuploadWithResultsAndAbsentTeams(t *testing.T) {
	h := newHub(t, "")
	state := filepath.Join(t.TempDir(), "dashboard.json")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t), StateFile: state})
	d1 := startTable(t, h, "t1", "")
	w := ts.ws()
	w.until("t1 online", func(w *wsClient) bool { return w.tables["t1"].Online })
	// Alfiles v Torres, a bye for Caballos: Damas is absent.
	code, res, ans := upload(t, ts, 1, "r1.txt", "2\n1 2\n3 0\n")
	if code != 200 || len(res.Absent) != 1 || res.Absent[0] != "Damas" || len(res.Byes) != 1 || res.Byes[0] != "Caballos" {
		t.Fatalf("round 1: %d %s; want Damas absent, Caballos a bye", code, ans)
	}
	w.until("players sent", func(w *wsClient) bool { p := w.tables["t1"].Pairing; return p != nil && p.Sent })
	decide(t, d1)
	w.until("counted", func(w *wsClient) bool { return len(w.result) == 1 && w.result[0].Round == 1 })
	before, _ := os.ReadFile(state)
	_, standBefore, _ := ts.get("/export/standings.csv")

	code, _, ans = upload(t, ts, 1, "r1.txt", "2\n2 1\n3 4\n")
	if code != 409 || !strings.Contains(ans, "round 1 already has results (table 1 1-0)") || !strings.Contains(ans, "replace") {
		t.Errorf("re-upload of a round with a result: %d %s", code, ans)
	}
	after, _ := os.ReadFile(state)
	_, standAfter, _ := ts.get("/export/standings.csv")
	if !bytes.Equal(before, after) || standBefore != standAfter {
		t.Errorf("a refused re-upload changed the state:\n%s\n%s", before, after)
	}
	// A bad file is still a 400 naming it, before the round's results.
	if code, _, ans := upload(t, ts, 1, "r1.txt", "2\n1 2\n"); code != 400 || !strings.Contains(ans, "r1.txt:") {
		t.Errorf("bad re-upload: %d %s", code, ans)
	}

	body, _ := json.Marshal(PairingUpload{Round: 1, Name: "r1.txt", Data: "2\n2 1\n3 4\n", Replace: true})
	code, ans = ts.post(ts.arbiter(), "/api/pairings", string(body))
	var rep PairingResult
	json.Unmarshal([]byte(ans), &rep)
	if code != 200 || len(rep.Absent) != 0 || len(rep.Byes) != 0 {
		t.Fatalf("replace: %d %s", code, ans)
	}
	w.until("the result no longer counts", func(w *wsClient) bool { return len(w.result) == 1 && w.result[0].Round == 0 })
}
