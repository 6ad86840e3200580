package tournament

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"tandem/bughouse"
)

// Result is a match's result from team 1's view (Art 31-36), or Pending.
type Result uint8

// The results a match can have.
const (
	// Pending: not played yet, or not recorded. It counts for nothing in
	// the standings.
	Pending Result = iota
	// Win1 "1-0": team 1 (A-white + B-black) wins.
	Win1
	// Draw "1/2-1/2" (Art 34, 35).
	Draw
	// Win2 "0-1": team 2 (A-black + B-white) wins.
	Win2
	// Forfeit1 "+/-": team 2 did not show up and loses by forfeit
	// (Art 44); team 1 wins.
	Forfeit1
	// Forfeit2 "-/+": team 1 did not show up; team 2 wins.
	Forfeit2
	// DoubleForfeit "-/-": neither showed up; both lose.
	DoubleForfeit
)

var resultNames = []string{"", "1-0", "1/2-1/2", "0-1", "+/-", "-/+", "-/-"}

// String returns the result as ParseResult reads it: "1-0", "1/2-1/2",
// "0-1", "+/-", "-/+", "-/-", or "" for Pending.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("Result(%d)", uint8(r))
}

// ParseResult reads a result from team 1's view: "1-0", "1/2-1/2" (also
// "1/2", "½-½", "=", "0.5-0.5"), "0-1", the forfeits "+/-", "-/+", "-/-"
// (also "+-", "-+", "--", as TRF's record 330 writes them), and "" for
// Pending. An unknown text is an error listing these.
func ParseResult(s string) (Result, error) {
	switch strings.TrimSpace(s) {
	case "":
		return Pending, nil
	case "1-0":
		return Win1, nil
	case "1/2-1/2", "1/2", "½-½", "½", "=", "0.5-0.5":
		return Draw, nil
	case "0-1":
		return Win2, nil
	case "+/-", "+-", "+:-":
		return Forfeit1, nil
	case "-/+", "-+", "-:+":
		return Forfeit2, nil
	case "-/-", "--", "-:-":
		return DoubleForfeit, nil
	}
	return Pending, fmt.Errorf("unknown result %q; allowed: 1-0, 1/2-1/2, 0-1 (team 1's view), +/- or -/+ (forfeit, Art 44), -/- (both absent), or empty (not played yet)", s)
}

// ParseMatchResult reads a match's result as Match.Text writes it: a
// Result (ParseResult), or in a tournament that plays both boards the
// two boards' results from team 1's view, board A first, separated by
// blanks ("1-0 1/2-1/2"): boards is then set and r is their sum's
// (SumResult). An error lists what is allowed.
func ParseMatchResult(s string) (r Result, boards [2]Result, err error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		r, err = ParseResult(s)
		return r, boards, err
	}
	for i, t := range f {
		b, err := ParseResult(t)
		if err != nil || (b != Win1 && b != Draw && b != Win2) {
			return Pending, [2]Result{}, fmt.Errorf("board %c's result %q; each board is 1-0, 1/2-1/2 or 0-1 (team 1's view), e.g. \"1-0 1/2-1/2\"", 'A'+i, t)
		}
		boards[i] = b
	}
	return SumResult(boards), boards, nil
}

// SumResult returns the match result of two boards' results (team 1's
// view) added up (seed 003: "El resultado del juego se decide sumando el
// puntaje de los dos tableros"): more game points wins, equal points
// draw.
func SumResult(boards [2]Result) Result {
	g1, g2 := 0.0, 0.0
	for _, b := range boards {
		s1, s2, _ := b.scores()
		g1, g2 = g1+s1, g2+s2
	}
	switch {
	case g1 > g2:
		return Win1
	case g2 > g1:
		return Win2
	}
	return Draw
}

// scores returns what team 1 and team 2 score (Art 36: win 1, draw 1/2,
// loss 0), and whether the match was played over the board.
func (r Result) scores() (s1, s2 float64, played bool) {
	switch r {
	case Win1:
		return 1, 0, true
	case Draw:
		return 0.5, 0.5, true
	case Win2:
		return 0, 1, true
	case Forfeit1:
		return 1, 0, false
	case Forfeit2:
		return 0, 1, false
	}
	return 0, 0, false
}

// Match is one pairing of a round and its result.
type Match struct {
	// Round (from 1) and Table (from 1; 0 for a bye, which has no table).
	Round, Table int
	// Team1 sits A-white and B-black, Team2 A-black and B-white: their
	// ids (starting ranks). Team2 is 0 for a bye: Team1 is paired with
	// no one and scores Tournament.ByePoints.
	Team1, Team2 int
	// Result from Team1's view; Pending for a bye.
	Result Result
	// Boards are team 1's result on board A and board B (Win1, Draw or
	// Win2) in a tournament that plays both boards (Tournament.BothBoards)
	// for a match played over the board: Result is then their sum's
	// (SumResult) and the match scores its game points. Zero otherwise
	// (a forfeit scores both boards).
	Boards [2]Result
	// Line is the line of the pairing file the match was read from, 0
	// when it was built in code. Errors about it name it.
	Line int
}

// Bye reports whether the match is a pairing-allocated bye.
func (m Match) Bye() bool { return m.Team2 == 0 }

// Text returns the match's result as ParseMatchResult reads it: the two
// boards' results when Boards is set ("1-0 1/2-1/2"), else Result's.
func (m Match) Text() string {
	if m.Boards[0] != Pending {
		return m.Boards[0].String() + " " + m.Boards[1].String()
	}
	return m.Result.String()
}

// gamePoints returns what team 1 and team 2 score in game points (a
// board won 1, drawn 1/2) and whether the match was played: its boards'
// sum when Boards is set, both boards of a forfeit to the team present,
// else twice the match's result (both boards take it, Art 31, 36).
func (m Match) gamePoints() (g1, g2 float64, played bool) {
	if m.Boards[0] != Pending {
		a1, a2, _ := m.Boards[0].scores()
		b1, b2, _ := m.Boards[1].scores()
		return a1 + b1, a2 + b2, true
	}
	s1, s2, played := m.Result.scores()
	return 2 * s1, 2 * s2, played
}

// boardScores returns team 1's score on each board (1, 1/2, 0): its
// boards' when Boards is set, else the match's on both.
func (m Match) boardScores() [2]float64 {
	if m.Boards[0] != Pending {
		a, _, _ := m.Boards[0].scores()
		b, _, _ := m.Boards[1].scores()
		return [2]float64{a, b}
	}
	s, _, _ := m.Result.scores()
	return [2]float64{s, s}
}

// SetRound replaces round's pairings with matches (their Round is set to
// round). Each match needs a team 1, a team 2 different from it or 0 for a
// bye, and a table number from 1 unused in the round (a bye has table 0);
// no team may appear twice in the round; a bye's result must be Pending.
// Results in matches are kept. On error nothing changes: the error names
// the match's line when it has one.
func (t *Tournament) SetRound(round int, matches []Match) error {
	ms, err := t.checkRound(round, matches)
	if err != nil {
		return err
	}
	if t.rounds == nil {
		t.rounds = map[int][]Match{}
	}
	t.rounds[round] = ms
	return nil
}

// checkRound checks round's matches as SetRound says and returns them with
// Round set, in table order, byes last.
func (t *Tournament) checkRound(round int, matches []Match) ([]Match, error) {
	if round < 1 || round > t.Rounds {
		return nil, fmt.Errorf("tournament: round %d; the tournament has rounds 1 to %d", round, t.Rounds)
	}
	seen := map[int]Match{}
	tables := map[int]Match{}
	out := make([]Match, 0, len(matches))
	for _, m := range matches {
		m.Round = round
		bad := func(format string, args ...any) error {
			msg := fmt.Sprintf(format, args...)
			if m.Line > 0 {
				return &Error{Line: m.Line, Msg: msg}
			}
			return fmt.Errorf("tournament: round %d: %s", round, msg)
		}
		// A pairing names teams by starting rank, white (first) then
		// black (second): Team1 and Team2.
		if t.Team(m.Team1) == nil {
			return nil, bad("white (first) team: no team with starting rank %d; teams are 1 to %d", m.Team1, len(t.Teams))
		}
		if m.Team2 != 0 && t.Team(m.Team2) == nil {
			return nil, bad("black (second) team: no team with starting rank %d; teams are 1 to %d (0 for a bye)", m.Team2, len(t.Teams))
		}
		if m.Team1 == m.Team2 {
			return nil, bad("team %d is paired with itself", m.Team1)
		}
		for _, id := range []int{m.Team1, m.Team2} {
			if id == 0 {
				continue
			}
			if prev, ok := seen[id]; ok {
				return nil, bad("team %d (%s) is paired twice in round %d (also %s)", id, t.Team(id).Name, round, prev.where())
			}
			seen[id] = m
		}
		if m.Bye() {
			if m.Result != Pending {
				return nil, bad("a bye has no result (it scores %v)", t.ByePoints)
			}
			m.Table = 0
		} else {
			if m.Table < 1 {
				return nil, bad("table %d; tables are numbered from 1", m.Table)
			}
			if prev, ok := tables[m.Table]; ok {
				return nil, bad("table %d is given twice in round %d (also %s)", m.Table, round, prev.where())
			}
			tables[m.Table] = m
		}
		if m.Result > DoubleForfeit {
			return nil, bad("unknown result %d", m.Result)
		}
		if err := t.checkBoards(m.Result, m.Boards); err != nil {
			return nil, bad("%v", err)
		}
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool { return tableKey(out[i]) < tableKey(out[j]) })
	return out, nil
}

// tableKey sorts tables in order and byes last.
func tableKey(m Match) int {
	if m.Bye() {
		return 1 << 30
	}
	return m.Table
}

func (m Match) where() string {
	if m.Line > 0 {
		return fmt.Sprintf("line %d", m.Line)
	}
	if m.Bye() {
		return "a bye"
	}
	return fmt.Sprintf("table %d", m.Table)
}

// Record sets the result of round's match at table (team 1's view). A
// round without pairings, a table not in it, or an unknown result is an
// error and changes nothing; so is a result played over the board in a
// tournament that plays both boards (RecordBoards gives each board's).
// Recording Pending clears a result.
func (t *Tournament) Record(round, table int, r Result) error {
	return t.record(round, table, r, [2]Result{})
}

// RecordBoards sets the result of round's match at table in a tournament
// that plays both boards (BothBoards): each board's result, team 1's
// view (Win1, Draw or Win2), board A first; the match's Result is their
// sum's (SumResult). Errors as Record's, and for a tournament that plays
// the first decision (the match has one result, Record).
func (t *Tournament) RecordBoards(round, table int, boards [2]Result) error {
	return t.record(round, table, SumResult(boards), boards)
}

// checkBoards refuses a result that does not fit the tournament's format:
// boards given outside BothBoards or not a played result, a result
// played over the board without boards in it.
func (t *Tournament) checkBoards(r Result, boards [2]Result) error {
	set := boards[0] != Pending || boards[1] != Pending
	switch {
	case set && !t.BothBoards:
		return errors.New("a result per board, but the first decision decides this tournament's matches (match_format first-decision): give the match's result")
	case set:
		for _, b := range boards {
			if b != Win1 && b != Draw && b != Win2 {
				return fmt.Errorf("board result %q; each board is 1-0, 1/2-1/2 or 0-1", b)
			}
		}
		if SumResult(boards) != r {
			return fmt.Errorf("the boards %s and %s add up to %s, not %s", boards[0], boards[1], SumResult(boards), r)
		}
	case t.BothBoards && (r == Win1 || r == Draw || r == Win2):
		return fmt.Errorf("%s: both boards are played out in this tournament (match_format both-boards): give each board's result, team 1's view, e.g. \"1-0 1/2-1/2\"", r)
	}
	return nil
}

func (t *Tournament) record(round, table int, r Result, boards [2]Result) error {
	if r > DoubleForfeit {
		return fmt.Errorf("tournament: unknown result %d", r)
	}
	if err := t.checkBoards(r, boards); err != nil {
		return fmt.Errorf("tournament: round %d table %d: %v", round, table, err)
	}
	ms := t.rounds[round]
	if len(ms) == 0 {
		return fmt.Errorf("tournament: round %d has no pairings", round)
	}
	for i := range ms {
		if !ms[i].Bye() && ms[i].Table == table {
			ms[i].Result, ms[i].Boards = r, boards
			return nil
		}
	}
	return fmt.Errorf("tournament: round %d has no table %d", round, table)
}

// Matches returns a copy of round's matches in table order, byes last; nil
// for a round without pairings.
func (t *Tournament) Matches(round int) []Match {
	return append([]Match(nil), t.rounds[round]...)
}

// PairedRounds returns the numbers of the rounds that have pairings, in
// order.
func (t *Tournament) PairedRounds() []int {
	var rs []int
	for r := 1; r <= t.Rounds; r++ {
		if len(t.rounds[r]) > 0 {
			rs = append(rs, r)
		}
	}
	return rs
}

// Table is one table of a round as its players sit.
type Table struct {
	// Number is the table number, from 1.
	Number int
	// Team1 sits A-white and B-black, Team2 A-black and B-white.
	Team1, Team2 *Team
	// Seats holds the four players in bughouse.Seat order: A-white,
	// A-black, B-white, B-black. A team's first player plays board A,
	// its second board B.
	Seats [4]Player
	// Result is the match's result so far.
	Result Result
}

// Player returns the player at seat s.
func (tb Table) Player(s bughouse.Seat) Player { return tb.Seats[s] }

// Tables returns round's tables in number order, each with its four players
// by seat; byes have no table (see Byes). A round without pairings gives an
// error.
func (t *Tournament) Tables(round int) ([]Table, error) {
	ms := t.rounds[round]
	if len(ms) == 0 {
		return nil, fmt.Errorf("tournament: round %d has no pairings", round)
	}
	var out []Table
	for _, m := range ms {
		if m.Bye() {
			continue
		}
		t1, t2 := t.Team(m.Team1), t.Team(m.Team2)
		tb := Table{Number: m.Table, Team1: t1, Team2: t2, Result: m.Result}
		for _, s := range bughouse.Seats {
			team := t2
			if s.Team() == bughouse.Team1 {
				team = t1
			}
			tb.Seats[s] = t.Player(round, team.ID, int(s.Board()))
		}
		out = append(out, tb)
	}
	return out, nil
}

// Byes returns the teams given a pairing-allocated bye in round.
func (t *Tournament) Byes(round int) []*Team {
	var out []*Team
	for _, m := range t.rounds[round] {
		if m.Bye() {
			out = append(out, t.Team(m.Team1))
		}
	}
	return out
}
