package tournament

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// ReadEnginePairings reads round's pairings as pairing engines write them
// (bbpPairings, JaVaFo): the first line is the number of pairs, then one
// line per pair, "WHITE BLACK", two starting ranks; "N 0" is a bye for N.
// The white team sits as team 1 (A-white, B-black). Tables are numbered
// from 1 in the file's order, byes left out. Blank lines are skipped.
//
// Errors are *Error naming name and the line: a count that is not a number
// or disagrees with the lines, a line without exactly two numbers. Whether
// the teams exist and appear once is checked by Apply.
func ReadEnginePairings(name string, r io.Reader, round int) ([]Match, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var out []Match
	count, countLine, line, table := -1, 0, 0, 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		bad := func(format string, args ...any) error {
			return &Error{File: name, Line: line, Msg: fmt.Sprintf(format, args...)}
		}
		if count < 0 {
			n, err := strconv.Atoi(fields[0])
			if len(fields) != 1 || err != nil || n < 0 {
				return nil, bad("%q: the first line is the number of pairs (the engine's output format)", sc.Text())
			}
			count, countLine = n, line
			continue
		}
		if len(fields) != 2 {
			return nil, bad("%q: a pair is two starting ranks, \"WHITE BLACK\" (BLACK 0 for a bye)", sc.Text())
		}
		var ids [2]int
		for i, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 {
				return nil, bad("%q is not a starting rank", f)
			}
			ids[i] = n
		}
		if ids[0] == 0 {
			return nil, bad("white is 0: only BLACK may be 0 (a bye)")
		}
		m := Match{Round: round, Team1: ids[0], Team2: ids[1], Line: line}
		if !m.Bye() {
			table++
			m.Table = table
		}
		out = append(out, m)
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{File: name, Line: line + 1, Msg: err.Error()}
	}
	if count < 0 {
		return nil, &Error{File: name, Msg: "empty: the engine's output starts with the number of pairs"}
	}
	switch {
	case len(out) == count:
	case count == 1:
		return nil, &Error{File: name, Line: countLine, Msg: fmt.Sprintf("1 pair announced, %d found", len(out))}
	default:
		return nil, &Error{File: name, Line: countLine, Msg: fmt.Sprintf("%d pairs announced, %d found", count, len(out))}
	}
	return out, nil
}

// CSVHeader is the header row of ReadCSV's files; the result column may be
// left out.
var CSVHeader = []string{"round", "table", "team1", "team2", "result"}

// ReadCSV reads matches from a CSV file, one row per match:
// round,table,team1,team2[,result]. A first row with a cell "round" is a
// header: the columns are then found by name (any order, case-insensitive;
// round, table, team1 and team2 required, result optional) and any other
// column is ignored, so the hall dashboard's results.csv (round, table,
// hall_table, team1, team2, result, reason, ...) is read as it is. A row
// whose round and table are both empty counts for no pairing and is
// skipped (results.csv lists so the results that count for none). A row
// may leave out trailing cells after the last required column (the
// result); no row is longer than the header.
//
// Teams are named by id (starting rank) or by name (case-insensitive);
// team2 empty, "0", "-" or "bye" is a bye for team1 (table empty or 0).
// The result is team 1's view (ParseResult); empty or missing means not
// played yet. The file may hold several rounds.
//
// Errors are *Error naming name, the line and the column. Whether the teams
// appear once per round and tables are unique is checked by Apply.
func (t *Tournament) ReadCSV(name string, r io.Reader) ([]Match, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.Comment = '#'
	var out []Match
	var cols []int // with a header: the file's column of each CSVHeader name (-1 none)
	width := 0     // with a header: its number of columns
	first := true
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &Error{File: name, Line: pe.Line, Msg: pe.Err.Error()}
			}
			return nil, &Error{File: name, Msg: err.Error()}
		}
		line, _ := cr.FieldPos(0)
		if first {
			first = false
			if isHeader(rec) {
				var herr string
				cols, herr = headerColumns(rec)
				if herr != "" {
					return nil, &Error{File: name, Line: line, Msg: herr}
				}
				width = len(rec)
				continue
			}
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		row := rec
		if cols != nil {
			// A row may leave out trailing cells the matches do not
			// need (the result), no more.
			need := slices.Max(cols[:4]) + 1
			switch {
			case len(rec) == 1:
				// A row without commas: most likely a file with
				// tabs or semicolons between the cells.
				return nil, &Error{File: name, Line: line, Msg: fmt.Sprintf("1 column; the header has %d, separated by commas", width)}
			case len(rec) > width || len(rec) < need:
				return nil, &Error{File: name, Line: line, Msg: fmt.Sprintf("%d columns; the header has %d", len(rec), width)}
			}
			row = make([]string, 0, len(CSVHeader))
			for _, c := range cols {
				switch {
				case c >= 0 && c < len(rec):
					row = append(row, rec[c])
				case c >= 0:
					row = append(row, "") // a result left out
				}
			}
			if strings.TrimSpace(row[0]) == "" && strings.TrimSpace(row[1]) == "" {
				continue // a result that counts for no pairing
			}
		}
		m, merr := t.csvMatch(row)
		if merr != nil {
			merr.File, merr.Line = name, line
			return nil, merr
		}
		m.Line = line
		out = append(out, m)
	}
	return out, nil
}

// isHeader reports whether a first row is a header: a cell says "round".
func isHeader(rec []string) bool {
	for _, h := range rec {
		if strings.EqualFold(strings.TrimSpace(h), "round") {
			return true
		}
	}
	return false
}

// headerColumns returns the column of each CSVHeader name in a header row
// (-1 for a missing result), or what is wrong with it.
func headerColumns(rec []string) ([]int, string) {
	cols := []int{-1, -1, -1, -1, -1}
	for i, h := range rec {
		k := slices.IndexFunc(CSVHeader, func(c string) bool { return strings.EqualFold(strings.TrimSpace(h), c) })
		if k < 0 {
			continue // another column: ignored
		}
		if cols[k] >= 0 {
			return nil, fmt.Sprintf("header: column %q twice (columns %d and %d)", CSVHeader[k], cols[k]+1, i+1)
		}
		cols[k] = i
	}
	for k, c := range cols[:4] {
		if c < 0 {
			return nil, fmt.Sprintf("header %q has no column %q; the columns are %s (result optional, others ignored)",
				strings.Join(rec, ","), CSVHeader[k], strings.Join(CSVHeader, ","))
		}
	}
	return cols, ""
}

func (t *Tournament) csvMatch(rec []string) (Match, *Error) {
	var m Match
	switch {
	case len(rec) == 1:
		// A row without commas: most likely a file with tabs or
		// semicolons between the cells.
		return m, &Error{Msg: "1 column; a row is round,table,team1,team2[,result], separated by commas"}
	case len(rec) < 4 || len(rec) > 5:
		return m, &Error{Msg: fmt.Sprintf("%d columns; a row is round,table,team1,team2[,result]", len(rec))}
	}
	for i := range rec {
		rec[i] = strings.TrimSpace(rec[i])
	}
	round, err := strconv.Atoi(rec[0])
	switch {
	case strings.EqualFold(rec[0], "playoff"):
		// Art 43.6: a tie-break match, Round 0.
		if !t.Armageddon {
			return m, &Error{Field: "round", Msg: "playoff: the announcement has no tie-break match (armageddon = false, Art 43.6)"}
		}
		round = 0
	case err != nil || round < 1 || round > t.Rounds:
		return m, &Error{Field: "round", Msg: fmt.Sprintf("%q; rounds are 1 to %d, or playoff (Art 43.6)", rec[0], t.Rounds)}
	}
	m.Round = round
	team := func(col, s string, byeOK bool) (int, *Error) {
		switch strings.ToLower(s) {
		case "", "0", "-", "bye":
			if byeOK {
				return 0, nil
			}
			return 0, &Error{Field: col, Msg: "missing: name a team by id or name"}
		}
		if id, err := strconv.Atoi(s); err == nil {
			if t.Team(id) == nil {
				return 0, &Error{Field: col, Msg: fmt.Sprintf("no team with starting rank %d; teams are 1 to %d", id, len(t.Teams))}
			}
			return id, nil
		}
		if tm := t.TeamByName(s); tm != nil {
			return tm.ID, nil
		}
		return 0, &Error{Field: col, Msg: fmt.Sprintf("no team named %q", s)}
	}
	var e *Error
	if m.Team1, e = team("team1", rec[2], false); e != nil {
		return m, e
	}
	if m.Team2, e = team("team2", rec[3], true); e != nil {
		return m, e
	}
	switch {
	case rec[1] == "" && m.Bye():
	default:
		n, err := strconv.Atoi(rec[1])
		if err != nil || n < 0 || (n == 0 && !m.Bye()) {
			return m, &Error{Field: "table", Msg: fmt.Sprintf("%q; tables are numbered from 1 (empty or 0 for a bye)", rec[1])}
		}
		if m.Bye() {
			n = 0
		}
		m.Table = n
	}
	if m.Round == 0 && m.Bye() {
		return m, &Error{Field: "team2", Msg: "a playoff is between two teams"}
	}
	if len(rec) == 5 {
		r, boards, err := ParseMatchResult(rec[4])
		if err == nil {
			err = t.checkBoards(r, boards)
		}
		if err != nil {
			return m, &Error{Field: "result", Msg: err.Error()}
		}
		if m.Bye() && r != Pending {
			return m, &Error{Field: "result", Msg: fmt.Sprintf("%q: a bye has no result", rec[4])}
		}
		m.Result, m.Boards = r, boards
	}
	return m, nil
}

// Apply stores matches read from file (ReadEnginePairings, ReadCSV): each
// round they hold replaces that round's pairings and results (SetRound);
// the playoffs (Round 0) are added with their results (AddPlayoff,
// RecordPlayoff). Every round is checked before any is stored, so on
// error nothing changes; the error is an *Error naming file and the
// match's line.
func (t *Tournament) Apply(file string, matches []Match) error {
	byRound := map[int][]Match{}
	var playoffs []Match
	for _, m := range matches {
		if m.Round == 0 {
			playoffs = append(playoffs, m)
			continue
		}
		byRound[m.Round] = append(byRound[m.Round], m)
	}
	try := *t
	try.playoffs = t.Playoffs()
	if len(playoffs) > 0 {
		for _, m := range playoffs {
			err := try.AddPlayoff(m.Team1, m.Team2, m.Table)
			if err == nil {
				err = try.RecordPlayoff(m.Team1, m.Team2, m.Result, m.Boards)
			}
			if err != nil {
				return &Error{File: file, Line: m.Line, Msg: strings.TrimPrefix(err.Error(), "tournament: ")}
			}
		}
	}
	rounds := make([]int, 0, len(byRound))
	for r := range byRound {
		rounds = append(rounds, r)
	}
	sort.Ints(rounds)
	checked := map[int][]Match{}
	for _, r := range rounds {
		ms, err := t.checkRound(r, byRound[r])
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				e.File = file
			}
			return err
		}
		checked[r] = ms
	}
	if t.rounds == nil {
		t.rounds = map[int][]Match{}
	}
	for r, ms := range checked {
		t.rounds[r] = ms
	}
	t.playoffs = try.playoffs
	return nil
}
