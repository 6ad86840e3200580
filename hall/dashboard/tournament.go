package dashboard

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tandem/bughouse"
	"tandem/hall"
	"tandem/hall/hub"
	"tandem/internal/inputfile"
	"tandem/tournament"
)

// This file owns the tournament side of the dashboard: the rounds'
// pairings uploaded, which hall table plays which match, the players'
// delivery, which result counts for which pairing, and the state file
// that keeps them across a hub restart.
//
// A hall table plays tournament table N when its id ends in the number N
// ("t07", "7", "hall-b-12"): TableNumber. A result counts for round R's
// match at table N when it comes from that table while R is the current
// round, its four players are the pairing's, and the match has no result
// yet; the choice is kept in the state file, so that the results re-read
// from the hub's stream at each start count for the same matches.

// TableNumber returns the tournament table number a hall table id stands
// for: the number its id ends in ("t07" 7, "12" 12, "b-3" 3), 0 when it
// ends in no number from 1 to 9999.
func TableNumber(id string) int {
	i := len(id)
	for i > 0 && id[i-1] >= '0' && id[i-1] <= '9' {
		i--
	}
	n, err := strconv.Atoi(id[i:])
	if err != nil || n < 1 || n > 9999 {
		return 0
	}
	return n
}

// slot is a round's match: the round and the tournament table number.
type slot struct {
	Round  int `json:"round"`
	Number int `json:"number"`
}

// tourney is the dashboard's tournament state (Server.mu).
type tourney struct {
	t     *tournament.Tournament // nil: no tournament
	file  string                 // the state file ("" none)
	round int                    // the current round (the last uploaded), 0 none

	uploaded map[int][]tournament.Match // each round as uploaded (results from the file only)
	sent     map[string]int             // hall id -> the round whose players it took
	errs     map[string]string          // hall id -> why the players are not there yet
	counted  map[string]slot            // result key -> the match it counts for
	ids      map[int][]string           // table number -> hall ids seen with it

	lineups []savedLineup // Art 9: the substitutes entered, in order

	results []hall.Result
	byKey   map[string]int // result key -> its index in results
	saveErr string         // the state file's last write error
}

// savedState is the state file's JSON.
type savedState struct {
	V          int             `json:"v"`
	Tournament string          `json:"tournament"`
	Round      int             `json:"round"`
	Rounds     []savedRound    `json:"rounds"`
	Sent       map[string]int  `json:"sent"`
	Counted    map[string]slot `json:"counted"`
	Lineups    []savedLineup   `json:"lineups,omitempty"`
}

type savedRound struct {
	Round   int          `json:"round"`
	Matches []savedMatch `json:"matches"`
}

type savedMatch struct {
	Table  int    `json:"table"`
	Team1  int    `json:"team1"`
	Team2  int    `json:"team2"`
	Result string `json:"result,omitempty"`
}

// stateVersion is the state file's version ("v").
const stateVersion = 1

// MaxStateSize is the largest state file read back (bytes): the pairings
// and results of tournament.MaxRounds rounds of tournament.MaxTeams teams
// take a few MB. A larger one is refused, not read into memory.
const MaxStateSize = 16 << 20

// load starts the state with tournament t and reads the state file when
// it exists. Errors name the file.
func (tn *tourney) load(t *tournament.Tournament, file string) error {
	tn.t, tn.file = t, file
	tn.uploaded, tn.sent, tn.errs, tn.counted = map[int][]tournament.Match{}, map[string]int{}, map[string]string{}, map[string]slot{}
	tn.ids, tn.byKey = map[int][]string{}, map[string]int{}
	if file == "" || t == nil {
		return nil
	}
	data, err := inputfile.Read(file, MaxStateSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("dashboard: state file: %w", err)
	}
	var st savedState
	if err := json.Unmarshal(data, &st); err != nil {
		return fmt.Errorf("dashboard: state file %s: not the dashboard's JSON: %v", file, err)
	}
	if st.V < 1 || st.V > stateVersion {
		return fmt.Errorf("dashboard: state file %s: version %d; this tandem reads version %d", file, st.V, stateVersion)
	}
	if st.Tournament != t.Name {
		return fmt.Errorf("dashboard: state file %s holds the pairings of tournament %q, not %q: move it away to start %q afresh", file, st.Tournament, t.Name, t.Name)
	}
	if st.Round < 0 || st.Round > t.Rounds {
		return fmt.Errorf("dashboard: state file %s: round %d; the tournament has rounds 1 to %d", file, st.Round, t.Rounds)
	}
	if err := loadLineups(t, file, st.Lineups); err != nil {
		return err
	}
	tn.lineups = st.Lineups
	for _, sr := range st.Rounds {
		ms := make([]tournament.Match, 0, len(sr.Matches))
		for _, m := range sr.Matches {
			r, boards, err := tournament.ParseMatchResult(m.Result)
			if err != nil {
				return fmt.Errorf("dashboard: state file %s: round %d table %d: %v", file, sr.Round, m.Table, err)
			}
			ms = append(ms, tournament.Match{Round: sr.Round, Table: m.Table, Team1: m.Team1, Team2: m.Team2, Result: r, Boards: boards})
		}
		if err := t.SetRound(sr.Round, ms); err != nil {
			return fmt.Errorf("dashboard: state file %s: round %d does not fit the tournament file: %v", file, sr.Round, err)
		}
		tn.uploaded[sr.Round] = ms
	}
	tn.round = st.Round
	for k, v := range st.Sent {
		tn.sent[k] = v
	}
	for k, v := range st.Counted {
		tn.counted[k] = v
	}
	return nil
}

// save writes the state file (atomically: a new file renamed over the
// old, both synced). A failure is kept for the page and returned.
func (tn *tourney) save() error {
	if tn.file == "" || tn.t == nil {
		return nil
	}
	st := savedState{V: stateVersion, Tournament: tn.t.Name, Round: tn.round, Sent: tn.sent, Counted: tn.counted, Lineups: tn.lineups}
	for _, r := range slices.Sorted(mapsKeys(tn.uploaded)) {
		sr := savedRound{Round: r, Matches: []savedMatch{}}
		for _, m := range tn.uploaded[r] {
			sr.Matches = append(sr.Matches, savedMatch{Table: m.Table, Team1: m.Team1, Team2: m.Team2, Result: m.Text()})
		}
		st.Rounds = append(st.Rounds, sr)
	}
	data, _ := json.MarshalIndent(st, "", "  ")
	err := writeFileSync(tn.file, data)
	tn.saveErr = ""
	if err != nil {
		tn.saveErr = fmt.Sprintf("the dashboard's state file cannot be written (%v): a hub restart would lose the pairings", err)
	}
	return err
}

func mapsKeys[V any](m map[int]V) func(func(int) bool) {
	return func(yield func(int) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// writeFileSync replaces file with data: written beside it, synced,
// renamed over it, and the directory synced, so that a power cut leaves
// the old file or the new one.
func writeFileSync(file string, data []byte) error {
	dir := filepath.Dir(file)
	f, err := os.CreateTemp(dir, filepath.Base(file)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, file)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// seeID notes a hall table id by its number, and reports whether it is
// new.
func (tn *tourney) seeID(id string) bool {
	n := TableNumber(id)
	if n > 0 && !slices.Contains(tn.ids[n], id) {
		tn.ids[n] = append(tn.ids[n], id)
		slices.SortFunc(tn.ids[n], hall.CompareIDs)
		return true
	}
	return false
}

// hallFor returns the hall table that plays tournament table n, or why
// there is none.
func (tn *tourney) hallFor(n int) (string, string) {
	switch ids := tn.ids[n]; len(ids) {
	case 0:
		return "", fmt.Sprintf("no hall table numbered %d yet (a table id such as \"t%02d\")", n, n)
	case 1:
		return ids[0], ""
	default:
		return "", fmt.Sprintf("hall tables %s all stand for table %d: rename all but one", strings.Join(ids, ", "), n)
	}
}

// match returns round's match at table number n.
func (tn *tourney) match(round, n int) (tournament.Match, bool) {
	if tn.t == nil || n == 0 {
		return tournament.Match{}, false
	}
	for _, m := range tn.t.Matches(round) {
		if !m.Bye() && m.Table == n {
			return m, true
		}
	}
	return tournament.Match{}, false
}

// seats returns match m's four players' names by seat (tournament.Table).
func (tn *tourney) seats(m tournament.Match) [4]string {
	var p [4]string
	for _, s := range bughouse.Seats {
		team := m.Team2
		if s.Team() == bughouse.Team1 {
			team = m.Team1
		}
		p[s] = tn.t.Player(m.Round, team, int(s.Board())).Name // the round's lineup (Art 9)
	}
	return p
}

// current returns hall table id's match in the current round.
func (tn *tourney) current(id string) (tournament.Match, bool) {
	if tn.round == 0 {
		return tournament.Match{}, false
	}
	n := TableNumber(id)
	if h, _ := tn.hallFor(n); h != id {
		return tournament.Match{}, false
	}
	return tn.match(tn.round, n)
}

// waiting reports whether hall table id has not taken the current
// round's players yet.
func (tn *tourney) waiting(id string) bool {
	_, ok := tn.current(id)
	return ok && tn.sent[id] != tn.round
}

// pairingOf returns hall table id's view of its current match, nil when
// it has none.
func (tn *tourney) pairingOf(id string, states map[string]hub.TableState) *PairingView {
	m, ok := tn.current(id)
	if !ok {
		return nil
	}
	v := &PairingView{Round: tn.round, Number: m.Table, Team1: tn.t.Team(m.Team1).Name, Team2: tn.t.Team(m.Team2).Name,
		Players: tn.seats(m), Sent: tn.sent[id] == tn.round, Result: m.Text()}
	if !v.Sent {
		v.Err = tn.errs[id]
		if st, ok := states[id]; v.Err == "" && (!ok || !st.Online) {
			v.Err = "the table is offline: it gets them when it is back"
		}
	}
	return v
}

// shown returns what hall table id's card shows with its snapshot snap:
// the players by seat, and the tournament match it is (nil: none, or not
// started). A decided match whose result the hub holds shows the
// players its record names, and the match the result counts for (nil
// when it counts for none): the table may already hold the next match's
// players while its decision is still on the screen. A match under way,
// or decided with its result not in yet, is the current round's pairing
// at this table when it has the pairing's players and the pairing has
// no result yet (the match its result would count for, attribute).
func (tn *tourney) shown(id string, snap hall.Snap) ([4]string, *MatchView) {
	players := snap.Players
	var res *hall.Result
	if snap.Status == "decided" && snap.Match != "" {
		if i, ok := tn.byKey[id+"/"+snap.Match]; ok {
			res = &tn.results[i]
			players = res.Players
		}
	}
	if tn.t == nil || snap.Status == "" || snap.Status == "ready" {
		return players, nil
	}
	var sl slot
	if res != nil {
		c, ok := tn.counted[resultKey(*res)]
		if !ok || tn.note(*res) != "" {
			return players, nil
		}
		sl = c
	} else {
		m, ok := tn.current(id)
		if !ok || m.Result != tournament.Pending || tn.seats(m) != players {
			return players, nil
		}
		sl = slot{Round: tn.round, Number: m.Table}
		for _, o := range tn.counted {
			if o == sl {
				return players, nil // another match's result counts for it
			}
		}
	}
	m, ok := tn.match(sl.Round, sl.Number)
	if !ok {
		return players, nil
	}
	return players, &MatchView{Round: sl.Round, Number: sl.Number, Team1: tn.t.Team(m.Team1).Name, Team2: tn.t.Team(m.Team2).Name}
}

// resultKey is a result's identity: the hub counts each once by it.
func resultKey(r hall.Result) string { return r.Table + "/" + r.Match }

// takeResults adds the hub's new results, counting each for its match
// when it has one; it reports whether any was new (s.mu held).
func (s *Server) takeResults(rs []hall.Result) bool {
	tn := &s.tn
	changed, save := false, false
	var fresh []string // the tables of the new results
	for _, r := range rs {
		key := resultKey(r)
		if _, ok := tn.byKey[key]; ok {
			continue
		}
		tn.byKey[key], changed = len(tn.results), true
		tn.results = append(tn.results, r)
		fresh = append(fresh, r.Table)
		if tn.t == nil {
			continue
		}
		sl, ok := tn.counted[key]
		if !ok {
			if sl, ok = tn.attribute(r); ok {
				tn.counted[key], save = sl, true
			}
		}
		if ok {
			tn.record(sl, r)
		}
	}
	if save {
		tn.save()
	}
	if changed && tn.t != nil {
		s.refreshViews() // a pairing's result
	} else {
		for _, id := range fresh {
			s.refreshView(id) // its card shows the recorded players
		}
	}
	return changed
}

// attribute returns the current round's match that result r counts for,
// if any: from the hall table of that match, with its four players, and
// no result yet.
func (tn *tourney) attribute(r hall.Result) (slot, bool) {
	tn.seeID(r.Table) // a result may come before the table's first snapshot
	m, ok := tn.current(r.Table)
	if !ok || m.Result != tournament.Pending || tn.seats(m) != r.Players {
		return slot{}, false
	}
	sl := slot{Round: tn.round, Number: m.Table}
	for _, o := range tn.counted {
		if o == sl {
			return slot{}, false
		}
	}
	return sl, true
}

// record stores r's result for sl's match in the tournament.
func (tn *tourney) record(sl slot, r hall.Result) {
	res, boards, err := tn.resultOf(r)
	switch {
	case err != nil:
	case boards[0] != tournament.Pending:
		tn.t.RecordBoards(sl.Round, sl.Number, boards)
	default:
		tn.t.Record(sl.Round, sl.Number, res) // a pairing changed since: not counted
	}
}

// resultOf returns the tournament's result for table result r: a match
// the table decided by forfeit (Art 44, the no-show tolerance or the
// arbiter's result) is a forfeit, "+/-", "-/+", or "-/-" for a double
// forfeit ("0-0"); in a tournament that plays both boards a match played
// over the board gives each board's result from the record (Result.Boards,
// each its White's view: team 1 has White on board A and Black on board
// B). A result the tournament cannot take is an error (it counts for no
// pairing's result).
func (tn *tourney) resultOf(r hall.Result) (tournament.Result, [2]tournament.Result, error) {
	var boards [2]tournament.Result
	if r.Reason == "forfeit" {
		switch r.Result {
		case "1-0":
			return tournament.Forfeit1, boards, nil
		case "0-1":
			return tournament.Forfeit2, boards, nil
		case "0-0":
			return tournament.DoubleForfeit, boards, nil
		}
	}
	res, err := tournament.ParseResult(r.Result)
	if err != nil || tn.t == nil || !tn.t.BothBoards {
		return res, boards, err
	}
	if len(r.Boards) != 2 {
		return res, boards, fmt.Errorf("the table's record has no board results (a table older than both-boards play)")
	}
	for b, text := range r.Boards {
		o, _, _ := strings.Cut(text, " ")
		switch {
		case o == "1/2-1/2":
			boards[b] = tournament.Draw
		case (o == "1-0") == (b == 0) && (o == "1-0" || o == "0-1"):
			boards[b] = tournament.Win1
		case o == "1-0" || o == "0-1":
			boards[b] = tournament.Win2
		default:
			return res, boards, fmt.Errorf("board %c has no result (%q)", 'A'+b, text)
		}
	}
	return tournament.SumResult(boards), boards, nil
}

// resultText is r's result as the tournament writes it
// (tournament.Match.Text), or the table's when it takes none.
func (tn *tourney) resultText(r hall.Result) string {
	res, boards, err := tn.resultOf(r)
	if err != nil {
		return r.Result
	}
	return tournament.Match{Result: res, Boards: boards}.Text()
}

// note says why result r does not count, "" when it does or there is no
// tournament.
func (tn *tourney) note(r hall.Result) string {
	if tn.t == nil {
		return ""
	}
	if sl, ok := tn.counted[resultKey(r)]; ok {
		if m, ok := tn.match(sl.Round, sl.Number); ok && m.Text() == tn.resultText(r) {
			return ""
		}
		return "not counted: the round's pairing changed since"
	}
	return "not counted: no pairing of this table in the current round has these players and no result yet"
}
