package tournament

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"tandem/clock"
	"tandem/internal/inputfile"
	"tandem/internal/lineerr"
	"tandem/internal/printable"
	"tandem/internal/tomlline"
)

// Tournament is a team tournament: what the file says about the event and
// its teams, plus the rounds' matches and results recorded since.
type Tournament struct {
	// Name, City and Federation (three letters, e.g. "ESP") describe the
	// event (TRF-2026 tags 012, 022, 032). Name is required.
	Name, City, Federation string
	// Start and End are the event's first and last days (tags 042, 052);
	// the zero time when the file gives none.
	Start, End time.Time
	// ChiefArbiter (tag 102) and DeputyArbiters (one 112 line each).
	ChiefArbiter   string
	DeputyArbiters []string
	// Rounds is the number of rounds the event will play (1 to MaxRounds).
	Rounds int
	// TimeControl is the time control as tandem writes it (clock.Parse),
	// e.g. "5m" or "3m+2s"; empty when the file gives none.
	TimeControl string
	// RoundDates are the rounds' dates in order (tag 132); may be shorter
	// than Rounds, or empty.
	RoundDates []time.Time
	// ByePoints is what a pairing-allocated bye scores: 1 (a win, the
	// default), 0.5 or 0.
	ByePoints float64
	// Armageddon records that the event announced a tie-break match
	// ("match relámpago de desempate", Art 43.6) for teams still tied
	// after the five tie-breaks: only then may playoffs be recorded
	// (AddPlayoff), and their results rank the teams they tied.
	Armageddon bool
	// BothBoards: the matches are played with both boards played out and
	// scored as the sum of the boards (match_format = "both-boards",
	// seed 003): results give each board (Match.Boards) and the
	// standings count game points. False: the first decision decides the
	// match (Art 31) and the standings count match points (Art 36).
	BothBoards bool
	// NoShowTolerance is the lateness tolerance the announcement fixes
	// (Art 44: "la tolerancia fijada por la convocatoria"); a hall calls
	// each round's matches with it. Zero: none.
	NoShowTolerance time.Duration
	// Teams in starting-rank order: Teams[i].ID == i+1.
	Teams []Team
	// Source is the file name given to Parse or Load.
	Source string

	rounds   map[int][]Match        // by round number
	lineups  map[int]map[int][2]int // round -> team id -> the player index of each board (Lineup)
	playoffs []Match                // Art 43.6: Round 0, in the order added
}

// Team is a pair of players (Art 5).
type Team struct {
	// ID is the team's starting rank, 1 to the number of teams: pairing
	// engines and CSV files name teams by it.
	ID int
	// Name is unique in the tournament (case-insensitive); CSV files may
	// name teams by it.
	Name string
	// Players: Players[0] plays board A, Players[1] board B, unless a
	// round's lineup says otherwise (Lineup).
	Players [2]Player
	// Substitutes are the registered substitutes ("suplentes
	// registrados", Art 9), who may replace a player between rounds
	// (SetLineup). A player index (Lineup) counts Players first (0, 1),
	// then Substitutes (2, ...).
	Substitutes []Player
}

// Member returns the team's player of index i: Players[0], Players[1],
// then the Substitutes; false when there is none.
func (tm *Team) Member(i int) (Player, bool) {
	switch {
	case i >= 0 && i < 2:
		return tm.Players[i], true
	case i >= 2 && i-2 < len(tm.Substitutes):
		return tm.Substitutes[i-2], true
	}
	return Player{}, false
}

// Player is one member of a team.
type Player struct {
	// Name as FIDE writes it, "Lastname, Firstname" (TRF: 33 characters
	// at most are written).
	Name string
	// Rating is the FIDE rating, 0 for unrated.
	Rating int
	// FIDEID is the FIDE identification number, 0 when unknown.
	FIDEID int64
	// Federation is the three-letter FIDE code, e.g. "ESP"; may be empty.
	Federation string
	// Title is one of GM, IM, WGM, FM, WIM, CM, WFM, WCM, or empty.
	Title string
}

// Limits of the file's values (those of TRF-2026's columns).
const (
	MaxRounds    = 99   // two digits are plenty; TRF has no hard limit
	MaxTeams     = 999  // record 310's team number has 3 digits
	MaxRating    = 3500 // 4 columns; no one is rated above 2900
	MaxFIDEID    = 99999999999
	maxNameRunes = 200
)

var titles = []string{"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}

// Error is a tournament file or pairing file error: where it is and what is
// wrong. Every error Parse, Load, ReadEnginePairings and ReadCSV return
// about a file's content is an *Error.
type Error struct {
	// File is the name given to the reader; may be empty.
	File string
	// Line is the line of the offending key or row, counted from 1; 0
	// when the error is about no particular line (e.g. a team missing).
	Line int
	// Field is the dotted key in question, e.g. "team[3].players[1].rating"
	// (indexes from 1, as a reader counts), or a CSV column name; empty
	// for a syntax error.
	Field string
	// Msg says what is wrong and what is allowed.
	Msg string
}

// Error returns "file:line: field: message", leaving out what is empty or
// zero; a line without a file is written "line 7: field: message".
func (e *Error) Error() string {
	return lineerr.Format(e.File, e.Line, e.Field, e.Msg)
}

// fileDoc is the TOML schema (docs/tournament.md).
type fileDoc struct {
	Name           string           `toml:"name"`
	City           string           `toml:"city"`
	Federation     string           `toml:"federation"`
	Start          *toml.LocalDate  `toml:"start"`
	End            *toml.LocalDate  `toml:"end"`
	ChiefArbiter   string           `toml:"chief_arbiter"`
	DeputyArbiters []string         `toml:"deputy_arbiters"`
	Rounds         int              `toml:"rounds"`
	TimeControl    string           `toml:"time_control"`
	RoundDates     []toml.LocalDate `toml:"round_dates"`
	ByePoints      *float64         `toml:"bye_points"`
	Armageddon     bool             `toml:"armageddon"`
	MatchFormat    string           `toml:"match_format"`
	NoShow         string           `toml:"no_show_tolerance"`
	Team           []teamDoc        `toml:"team"`
}

type teamDoc struct {
	ID          *int        `toml:"id"`
	Name        string      `toml:"name"`
	Players     []playerDoc `toml:"players"`
	Substitutes []playerDoc `toml:"substitutes"`
}

// MaxSubstitutes is the most registered substitutes a team may have.
const MaxSubstitutes = 8

type playerDoc struct {
	Name       string `toml:"name"`
	Rating     int    `toml:"rating"`
	FIDEID     int64  `toml:"fide_id"`
	Federation string `toml:"federation"`
	Title      string `toml:"title"`
}

// MaxFileSize is the largest tournament file read (bytes): MaxTeams teams
// of two players take some 300 KB.
const MaxFileSize = 1 << 20

// MaxKeyDepth, MaxKeys and MaxLiveKeys bound a tournament file's keys
// (package tomlline): a path of at most MaxKeyDepth parts
// (team[3].players[1].rating is 5), at most MaxKeys keys, tables and array
// elements in all (MaxTeams teams with every substitute name some 64 000),
// and at most MaxLiveKeys outside the [[team]] tables before the last
// (a real file, some 300). Parse refuses a file beyond them before
// decoding it, with an *Error naming the line and the key: go-toml's
// decoder's time is the number of keys times the keys not forgotten at a
// [[team]] header.
const (
	MaxKeyDepth = 8
	MaxKeys     = 1 << 16
	MaxLiveKeys = 1024
)

var limits = tomlline.Limits{Depth: MaxKeyDepth, Names: MaxKeys, Live: MaxLiveKeys}

// MaxListSize is the largest pairings or results file the tandem
// tournament command reads (bytes): MaxRounds rounds of MaxTeams/2
// matches take about 2 MB.
const MaxListSize = 4 << 20

// Load reads the tournament file at path (see Parse), at most MaxFileSize
// bytes. A file that cannot be read gives the *fs.PathError of opening
// it; one that is larger, or not a regular file (a FIFO, a device), the
// error of package inputfile, naming path.
func Load(path string) (*Tournament, error) {
	data, err := inputfile.Read(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads a tournament file (TOML, docs/tournament.md); name is used in
// errors and kept as Source. It checks every value: required name and
// rounds, dates, the time control (clock.Parse), bye points, and each team:
// ids that are the starting ranks 1..N without repeats (a team without id
// takes its place in the file), unique names, exactly two players, each
// with a name, a rating of 0 (unrated) to MaxRating, a FIDE id (no two
// players with the same one), a three-letter federation and a FIDE title
// when given; round_dates in round order (several rounds may share a
// day). A value of the wrong kind (rounds = "4", an unquoted text, a date
// written "14/03/2026") is named by the kind expected and an example. The
// first problem found gives an *Error with the line and field; the
// Tournament is then nil.
func Parse(name string, data []byte) (*Tournament, error) {
	if len(data) > MaxFileSize {
		return nil, &Error{File: name, Line: 1, Msg: fmt.Sprintf("the file is %d bytes; a tournament file is at most %d bytes (1 MiB)", len(data), MaxFileSize)}
	}
	// The syntax and each value's kind first, in the file's words
	// (checkKinds); then the schema, which reports unknown keys.
	// Counted before go-toml decodes: its decoder's time is the number of
	// keys times the keys it has seen (a file of 50 000 empty tables took
	// 87 s), and its memory grows with a dotted key's parts.
	lines, err := tomlline.Scan(data, limits)
	if err != nil {
		var le *tomlline.LimitError
		if !errors.As(err, &le) {
			return nil, &Error{File: name, Msg: err.Error()}
		}
		return nil, &Error{File: name, Line: le.Line, Field: fieldName(le.Path), Msg: le.Msg()}
	}
	var generic map[string]any
	if err := toml.Unmarshal(data, &generic); err != nil {
		return nil, decodeError(name, data, err)
	}
	p := &parser{file: name, lines: lines}
	if err := p.checkKinds(generic); err != nil {
		return nil, err
	}
	var doc fileDoc
	d := toml.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&doc); err != nil {
		return nil, decodeError(name, data, err)
	}
	t := p.build(&doc)
	if p.err != nil {
		return nil, p.err
	}
	t.Source = name
	return t, nil
}

// decodeError turns an error of go-toml's decoder into an *Error.
func decodeError(file string, data []byte, err error) *Error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		e := &sm.Errors[0]
		line, _ := e.Position()
		return &Error{File: file, Line: line, Field: unknownField(data, line, e.Key()),
			Msg: "unknown key; see docs/tournament.md for the keys a tournament file has"}
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		return &Error{File: file, Line: line,
			Msg: fmt.Sprintf("invalid at column %d: %s", col, strings.TrimPrefix(de.Error(), "toml: "))}
	}
	return &Error{File: file, Msg: "invalid TOML: " + strings.TrimPrefix(err.Error(), "toml: ")}
}

// unknownField names an unknown key with its array indexes: go-toml's key
// leaves out the arrays and the tables between ("team.elo" for a key of
// an inline table in team[2].players[1]), so the key is looked up in the
// line index: the longest path at that line ending in the same key.
func unknownField(data []byte, line int, key []string) string {
	if len(key) == 0 {
		return ""
	}
	best := tomlline.New(data).Longest(line, key[len(key)-1])
	if best == nil {
		return strings.Join(key, ".")
	}
	return fieldName(best)
}

// parser checks a decoded document; err keeps the first problem.
type parser struct {
	file  string
	lines tomlline.Index
	err   *Error
}

// fail records the first error at the line of key path (parts as the TOML
// file names them, array indexes from 0).
func (p *parser) fail(path []string, format string, args ...any) {
	if p.err != nil {
		return
	}
	p.err = &Error{File: p.file, Line: p.lines.Line(path), Field: fieldName(path),
		Msg: fmt.Sprintf(format, args...)}
}

// fieldName writes a path as a reader counts: team[3].players[1].rating.
func fieldName(path []string) string {
	var b strings.Builder
	for _, k := range path {
		if n, err := strconv.Atoi(k); err == nil {
			fmt.Fprintf(&b, "[%d]", n+1)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(k)
	}
	return b.String()
}

func (p *parser) build(doc *fileDoc) *Tournament {
	t := &Tournament{
		Name:           strings.TrimSpace(doc.Name),
		City:           strings.TrimSpace(doc.City),
		Federation:     strings.TrimSpace(doc.Federation),
		ChiefArbiter:   strings.TrimSpace(doc.ChiefArbiter),
		DeputyArbiters: doc.DeputyArbiters,
		Rounds:         doc.Rounds,
		TimeControl:    strings.TrimSpace(doc.TimeControl),
		ByePoints:      1,
		Armageddon:     doc.Armageddon,
		rounds:         map[int][]Match{},
	}
	switch doc.MatchFormat {
	case "", "first-decision":
	case "both-boards":
		t.BothBoards = true
	default:
		p.fail([]string{"match_format"}, "%q; allowed: first-decision (the default: the first game decided decides the match, Art 31) or both-boards (both boards played out, the match is their sum, seed 003)", doc.MatchFormat)
	}
	if doc.NoShow != "" {
		d, err := clock.ParseDuration(doc.NoShow)
		switch {
		case err != nil:
			p.fail([]string{"no_show_tolerance"}, "%v; write a duration such as \"15m\"", err)
		case d > 24*time.Hour:
			p.fail([]string{"no_show_tolerance"}, "%s; allowed up to 24h", doc.NoShow)
		}
		t.NoShowTolerance = d
	}
	p.text([]string{"name"}, t.Name, true)
	p.text([]string{"city"}, t.City, false)
	p.federation([]string{"federation"}, t.Federation)
	p.text([]string{"chief_arbiter"}, t.ChiefArbiter, false)
	for i, a := range doc.DeputyArbiters {
		p.text([]string{"deputy_arbiters", strconv.Itoa(i)}, a, true)
	}
	if doc.Start != nil {
		t.Start = p.date([]string{"start"}, *doc.Start)
	}
	if doc.End != nil {
		t.End = p.date([]string{"end"}, *doc.End)
	}
	if !t.Start.IsZero() && !t.End.IsZero() && t.End.Before(t.Start) {
		p.fail([]string{"end"}, "%s is before start %s", t.End.Format(time.DateOnly), t.Start.Format(time.DateOnly))
	}
	switch {
	case p.lines.Exact([]string{"rounds"}) == 0:
		p.fail([]string{"rounds"}, "missing: the number of rounds (1 to %d) is required", MaxRounds)
	case t.Rounds < 1 || t.Rounds > MaxRounds:
		p.fail([]string{"rounds"}, "%d rounds; allowed 1 to %d", t.Rounds, MaxRounds)
	}
	if t.TimeControl != "" {
		c, err := clock.Parse(t.TimeControl)
		if err == nil {
			err = c.Validate()
		}
		if err != nil {
			p.fail([]string{"time_control"}, "%v", strings.TrimPrefix(err.Error(), "clock: "))
		}
	}
	if len(doc.RoundDates) > t.Rounds && t.Rounds > 0 {
		p.fail([]string{"round_dates"}, "%d dates, but rounds = %d: at most one date per round", len(doc.RoundDates), t.Rounds)
	}
	for i, d := range doc.RoundDates {
		at := []string{"round_dates", strconv.Itoa(i)}
		t.RoundDates = append(t.RoundDates, p.date(at, d))
		// Several rounds may share a day; none comes before the last.
		if i > 0 && t.RoundDates[i].Before(t.RoundDates[i-1]) {
			p.fail(at, "round %d's date %s is before round %d's %s: the dates go in round order", i+1,
				t.RoundDates[i].Format(time.DateOnly), i, t.RoundDates[i-1].Format(time.DateOnly))
		}
	}
	if doc.ByePoints != nil {
		switch b := *doc.ByePoints; b {
		case 0, 0.5, 1:
			t.ByePoints = b
		default:
			p.fail([]string{"bye_points"}, "%v; allowed 1 (a win, the default), 0.5 or 0", b)
		}
	}
	p.teams(t, doc.Team)
	return t
}

func (p *parser) teams(t *Tournament, docs []teamDoc) {
	n := len(docs)
	switch {
	case n < 2:
		p.fail([]string{"team"}, "a tournament needs at least 2 teams ([[team]] tables); the file has %d", n)
		return
	case n > MaxTeams:
		p.fail([]string{"team"}, "%d teams; at most %d", n, MaxTeams)
		return
	}
	t.Teams = make([]Team, n)
	placed := make([]int, n+1) // id -> index+1 of the team that has it
	names := map[string]int{}
	fideIDs := map[int64]string{} // FIDE id -> the player's field name
	for i, td := range docs {
		path := []string{"team", strconv.Itoa(i)}
		at := func(k ...string) []string { return append(append([]string(nil), path...), k...) }
		id := i + 1
		if td.ID != nil {
			id = *td.ID
			if id < 1 || id > n {
				p.fail(at("id"), "%d is out of range: ids are the starting ranks 1 to %d (the number of teams)", id, n)
				return
			}
		}
		if j := placed[id]; j != 0 {
			p.fail(at("id"), "duplicate id %d: team[%d] has it already", id, j)
			return
		}
		placed[id] = i + 1
		name := strings.TrimSpace(td.Name)
		if !p.text(at("name"), name, true) {
			return
		}
		if j, ok := names[strings.ToLower(name)]; ok {
			p.fail(at("name"), "duplicate team name %q: team[%d] has it already", name, j)
			return
		}
		names[strings.ToLower(name)] = i + 1
		if len(td.Players) != 2 {
			p.fail(at("players"), "a team is two players (Art 5), board A first, then board B; this one has %d", len(td.Players))
			return
		}
		team := Team{ID: id, Name: name}
		for k, pd := range td.Players {
			pp := at("players", strconv.Itoa(k))
			pl, ok := p.player(pp, pd)
			if !ok {
				return
			}
			// A FIDE id is one person's: two players with one id is a
			// typing error that would merge them in the rating report.
			if pl.FIDEID != 0 {
				if other, ok := fideIDs[pl.FIDEID]; ok {
					p.fail(append(pp, "fide_id"), "duplicate FIDE id %d: %s has it already", pl.FIDEID, other)
					return
				}
				fideIDs[pl.FIDEID] = fieldName(pp)
			}
			team.Players[k] = pl
		}
		if len(td.Substitutes) > MaxSubstitutes {
			p.fail(at("substitutes"), "%d substitutes; at most %d (Art 9: registered substitutes)", len(td.Substitutes), MaxSubstitutes)
			return
		}
		for k, pd := range td.Substitutes {
			pp := at("substitutes", strconv.Itoa(k))
			pl, ok := p.player(pp, pd)
			if !ok {
				return
			}
			if pl.FIDEID != 0 {
				if other, ok := fideIDs[pl.FIDEID]; ok {
					p.fail(append(pp, "fide_id"), "duplicate FIDE id %d: %s has it already", pl.FIDEID, other)
					return
				}
				fideIDs[pl.FIDEID] = fieldName(pp)
			}
			team.Substitutes = append(team.Substitutes, pl)
		}
		t.Teams[id-1] = team
	}
}

func (p *parser) player(path []string, d playerDoc) (Player, bool) {
	at := func(k string) []string { return append(append([]string(nil), path...), k) }
	pl := Player{
		Name:       strings.TrimSpace(d.Name),
		Rating:     d.Rating,
		FIDEID:     d.FIDEID,
		Federation: strings.TrimSpace(d.Federation),
		Title:      strings.ToUpper(strings.TrimSpace(d.Title)),
	}
	if p.lines.Exact(at("name")) == 0 {
		p.fail(path, "missing player name")
		return pl, false
	}
	p.text(at("name"), pl.Name, true)
	if pl.Rating < 0 || pl.Rating > MaxRating {
		p.fail(at("rating"), "%d; a rating is 0 (unrated) to %d", pl.Rating, MaxRating)
	}
	if pl.FIDEID < 0 || pl.FIDEID > MaxFIDEID {
		p.fail(at("fide_id"), "%d; a FIDE id is a positive number of at most 11 digits", pl.FIDEID)
	}
	p.federation(at("federation"), pl.Federation)
	if pl.Title != "" && !contains(titles, pl.Title) {
		p.fail(at("title"), "unknown title %q; allowed: %s", d.Title, strings.Join(titles, ", "))
	}
	return pl, p.err == nil
}

// text checks a free text value: required if need, one line of printable
// text, not too long.
func (p *parser) text(path []string, s string, need bool) bool {
	switch {
	case need && s == "":
		if p.lines.Exact(path) == 0 {
			p.fail(path, "missing")
		} else {
			p.fail(path, "empty")
		}
	case strings.ContainsAny(s, "\r\n\t"):
		p.fail(path, "%q: one line without tabs, please", s)
	case printable.Check(s) != nil:
		// Names go to terminals, the TRF, the dashboard: no escape
		// sequence or NUL may ride along.
		p.fail(path, "%q %v; names are printable text", s, printable.Check(s))
	case len([]rune(s)) > maxNameRunes:
		p.fail(path, "%d characters; at most %d", len([]rune(s)), maxNameRunes)
	default:
		return true
	}
	return false
}

func (p *parser) federation(path []string, s string) {
	if s == "" {
		return
	}
	if len(s) != 3 || strings.ToUpper(s) != s || strings.IndexFunc(s, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 {
		p.fail(path, "%q; a federation is FIDE's three capital letters, e.g. ESP", s)
	}
}

func (p *parser) date(path []string, d toml.LocalDate) time.Time {
	t := time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
	if d.Year < 1900 || d.Year > 2999 {
		p.fail(path, "year %d; write a date like 2026-03-14", d.Year)
	}
	return t
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Team returns the team with starting rank id, or nil.
func (t *Tournament) Team(id int) *Team {
	if id < 1 || id > len(t.Teams) {
		return nil
	}
	return &t.Teams[id-1]
}

// TeamByName returns the team named name (case-insensitive, spaces around
// ignored), or nil.
func (t *Tournament) TeamByName(name string) *Team {
	name = strings.TrimSpace(name)
	for i := range t.Teams {
		if strings.EqualFold(t.Teams[i].Name, name) {
			return &t.Teams[i]
		}
	}
	return nil
}

// Rating returns the team's average rating, rounded half up, counting only
// rated players; 0 when neither is rated. It is what the pairing engine
// form of WriteTRF gives a team, and TRF's record 310 strength factor.
func (tm *Team) Rating() int {
	sum, n := 0, 0
	for _, p := range tm.Players {
		if p.Rating > 0 {
			sum += p.Rating
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return (sum + n/2) / n
}
