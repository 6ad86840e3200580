package replay

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/lineerr"
	"tandem/rules"
	"tandem/timeline"
)

// MaxSize is the largest input Load is meant for (bytes): the larger of
// the readers' limits (bpgn.MaxSize, timeline.MaxSize). A caller reads a
// file through it before Load (package inputfile).
const MaxSize = max(bpgn.MaxSize, timeline.MaxSize)

// DefaultBPGNPreset is the preset used for a BPGN record when none is
// named: the FICS server's rules, since the shared records come from FICS.
const DefaultBPGNPreset = "fics"

// InputError is a malformed record: File and Line (1-based) say where,
// Msg what is wrong. It is the readers' error type (bpgn.Error and
// timeline.Error are the same), with File set.
type InputError = lineerr.Error

func inputErr(line int, format string, args ...any) *InputError {
	return lineerr.New(line, format, args...)
}

// Step is one event to apply, with where it came from.
type Step struct {
	Event rules.Event
	// Line is the source line (0 for the implicit start of a BPGN game).
	Line int
	// Label is the record's text for a BPGN move ("23B. B@g7#"), or a
	// short description of a synthesized event; "" for timeline lines.
	Label string
	// Stamp is the recorded remaining time of the presser right after a
	// BPGN press (ns), valid when Stamped.
	Stamp   time.Duration
	Stamped bool
}

// Expect is what a record says the replay must reach.
type Expect struct {
	// Result is the recorded result ("1-0", "0-1", "1/2-1/2", "*"), ""
	// when the record has none.
	Result string
	// Reason is the recorded way it ended (rules.NoReason when unknown).
	Reason rules.Reason
	// Seat is the recorded losing seat (flagged, mated, resigned), valid
	// when HasSeat.
	Seat    bughouse.Seat
	HasSeat bool
	// Text is the record's own words, e.g. "Carla forfeits on time".
	Text string
	// BoardResult: Result is the result of the game on the board that
	// decided the match, from that board's White's view, as the FICS
	// records write it (a B-white flag is "0-1"), instead of team 1's view
	// (docs/rules.md: a B-white flag is "1-0" for the match).
	BoardResult bool
}

// Plan is a replay ready to run.
type Plan struct {
	// Source is "bpgn" or "timeline"; Dialect refines it for BPGN
	// ("remaining" stamps or "instant" stamps).
	Source, Dialect string
	// Preset is the preset the options start from.
	Preset  string
	Options rules.Options
	// Steps in the order they are applied; their instants never decrease.
	Steps []Step
	// UntilFlag: after the last step, advance the match to its next flag
	// (a BPGN game lost on time).
	UntilFlag bool
	// End, valid when HasEnd: after the last step, advance the match to
	// this instant (a timeline's end directive).
	End    time.Duration
	HasEnd bool
	// Names are the players' names per seat (BPGN), "" when unknown.
	Names [4]string
	// Expect is the record's own result (BPGN); nil for timelines.
	Expect *Expect
	// Moves is the board check of a BPGN record's moves; nil for
	// timelines.
	Moves *MoveCheck
	// NoClocks, when not "", says why the clocks cannot be adjudicated: a
	// BPGN move without a clock stamp (NoClocksLine is its line). The
	// moves are still checked on the boards and the recorded ending
	// (checkmate, resignation, draw) is declared at instant 0 with no
	// presses; nothing that needs the clocks (a flag, the decision
	// instant, the remaining times) is adjudicated.
	NoClocks     string
	NoClocksLine int
}

// Load reads a record and plans its replay. name's extension chooses the
// format (.bpgn or .pgn: BPGN; .timeline: timeline); otherwise a file
// starting with "[" is BPGN, another a timeline, and an empty one is
// refused. preset, when not "", replaces the format's default preset and
// a timeline's own preset line. Malformed input gives
// an *InputError naming name and the line; an unknown preset gives the
// error of rules.LookupPreset.
func Load(name string, src []byte, preset string) (*Plan, error) {
	var (
		p   *Plan
		err error
	)
	guessed := !knownExt(name)
	if guessed && len(bytes.TrimSpace(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))) == 0 {
		return nil, &InputError{File: name, Line: 1, Msg: fmt.Sprintf("the file is empty: it is neither a BPGN record nor a timeline (%s)", timeline.NoEvents)}
	}
	isRecord := isBPGN(name, src)
	if isRecord {
		var g *bpgn.Game
		if g, err = bpgn.Parse(src); err == nil {
			p, err = FromBPGN(g, preset)
		}
	} else {
		var s *timeline.Script
		if s, err = timeline.Parse(src); err == nil {
			p, err = FromTimeline(s, preset)
		}
	}
	if err != nil {
		var le *InputError
		if !errors.As(err, &le) {
			return nil, err
		}
		msg := le.Msg
		if !isRecord && guessed && le.Line == firstContentLine(src) {
			// One format with the message as its field: a translation
			// reads the message and this note whole.
			msg = fmt.Sprintf(`%s (read as a timeline: the name does not end in .bpgn, .pgn or .timeline and the text does not start with "[")`, msg)
		}
		return nil, &InputError{File: name, Line: le.Line, Msg: msg}
	}
	return p, nil
}

// knownExt reports whether name's extension says its format.
func knownExt(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bpgn", ".pgn", ".timeline":
		return true
	}
	return false
}

// firstContentLine returns the first line of src with anything but blanks
// and a # comment on it (1-based), or 0.
func firstContentLine(src []byte) int {
	for i, l := range bytes.Split(src, []byte("\n")) {
		if j := bytes.IndexByte(l, '#'); j >= 0 {
			l = l[:j]
		}
		if len(bytes.TrimSpace(l)) > 0 {
			return i + 1
		}
	}
	return 0
}

func isBPGN(name string, src []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bpgn", ".pgn":
		return true
	case ".timeline":
		return false
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(t) > 0 && t[0] == '['
}

// FromTimeline plans a timeline's replay. The preset is preset when not
// "" (the command line wins over the file), else the script's preset
// line, else rules.DefaultPreset.
// Errors are *timeline.Error (options that cannot be played, with the
// line) or rules.LookupPreset's.
func FromTimeline(s *timeline.Script, preset string) (*Plan, error) {
	name := preset
	if name == "" {
		name = s.Preset
	}
	if name == "" {
		name = rules.DefaultPreset
	}
	p, err := rules.LookupPreset(name)
	if err != nil {
		return nil, err
	}
	opts, err := s.Options(p)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Source: "timeline", Preset: name, Options: opts, End: s.End, HasEnd: s.EndLine > 0}
	plan.Steps = make([]Step, len(s.Entries))
	for i, e := range s.Entries {
		plan.Steps[i] = Step{Event: e.Event, Line: e.Line}
	}
	return plan, nil
}

// FromBPGN plans a BPGN record's replay under preset (when "": the
// record's Preset tag if it names a preset, else DefaultBPGNPreset), with the record's TimeControl and the increment credited after
// each move (FICS). The clocks need every move's stamp, all of one kind
// (remaining time or instant); when a move has none (a chess.com export
// stamps only one board), the plan checks the moves and the recorded
// ending without the clocks and says why in Plan.NoClocks. Errors are
// *InputError with the line (stamps of two kinds, a last move without a
// stamp and no ending after it, which looks truncated), or
// rules.LookupPreset's.
func FromBPGN(g *bpgn.Game, preset string) (*Plan, error) {
	if preset == "" {
		preset = DefaultBPGNPreset
		// tandem's own export names the match's preset in a Preset tag;
		// "custom" options (or a foreign name) cannot be rebuilt from a
		// name, so the default stays.
		if t, ok := g.Tag("Preset"); ok {
			if _, err := rules.LookupPreset(t.Value); err == nil {
				preset = t.Value
			}
		}
	}
	p, err := rules.LookupPreset(preset)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Source: "bpgn", Preset: preset, Options: p.Options}
	// tandem's export of a match with both boards played out says so
	// (docs/record.md): a flag then ends its board only.
	if t, ok := g.Tag("MatchFormat"); ok {
		if err := plan.Options.Set("match_format", t.Value); err != nil {
			return nil, inputErr(t.Line, "tag MatchFormat: %v", err)
		}
	}
	for _, s := range bughouse.Seats {
		plan.Names[s] = g.Player(s)
	}
	if len(g.Moves) == 0 {
		if g.Result == "" && len(g.Comments) == 0 {
			return nil, inputErr(max(g.LastLine, 1), "the record has no moves to replay: nothing follows the tags; it may be truncated")
		}
		return nil, inputErr(max(g.LastLine, 1), "the record has no moves to replay")
	}
	term := g.Termination()
	// ended: the record says how the game ended, by a result token after
	// the moves or an ending comment or tag.
	ended := g.Result != "" || term.Ending != bpgn.EndUnknown
	kind, first := bpgn.NoStamp, -1
	for i := range g.Moves {
		m := &g.Moves[i]
		if m.StampKind == bpgn.NoStamp {
			if i == len(g.Moves)-1 && !ended {
				return nil, inputErr(m.Line, "move %s has no clock stamp: tandem needs every move's remaining time ({seconds} after the move, e.g. {118.585}) or its instant ({[ts=S]}) to rebuild the presses; it is the last move and no ending or result follows it: the record may be truncated", m.Label())
			}
			if plan.NoClocks == "" {
				plan.NoClocks = fmt.Sprintf("move %s (line %d) has no clock stamp: the presses cannot be rebuilt without every move's remaining time ({seconds}, {[%%clk H:MM:SS]}) or instant ({[ts=S]})", m.Label(), m.Line)
				plan.NoClocksLine = m.Line
			}
			continue
		}
		if first < 0 {
			kind, first = m.StampKind, i
		}
		if m.StampKind != kind {
			// Two formats, not the kinds' names: "a instant stamp"
			// would read badly, and a translation reads each whole.
			if m.StampKind == bpgn.Instant {
				return nil, inputErr(m.Line, "move %s has an instant stamp ({[ts=S]}) but move %s has a remaining-time stamp ({S}); one record uses one kind", m.Label(), g.Moves[first].Label())
			}
			return nil, inputErr(m.Line, "move %s has a remaining-time stamp ({S}) but move %s has an instant stamp ({[ts=S]}); one record uses one kind", m.Label(), g.Moves[first].Label())
		}
	}
	if plan.NoClocks != "" {
		return planWithoutClocks(g, plan, term, ended)
	}
	plan.Dialect = kind.String()

	// The time control: the record's, increment after each move (FICS).
	tc, hasTC := g.Tag("TimeControl")
	if hasTC {
		if err := useTimeControl(plan, tc); err != nil {
			return nil, err
		}
	} else if kind == bpgn.Remaining {
		return nil, inputErr(g.Moves[0].Line, "the record has no TimeControl tag: tandem needs the base time to turn remaining-time stamps into press instants")
	}

	// Each press's instant.
	at := make([]time.Duration, len(g.Moves))
	if kind == bpgn.Remaining {
		if err := remainingInstants(g.Moves, &plan.Options, at); err != nil {
			return nil, err
		}
	} else {
		var last [2]time.Duration
		var lastMove [2]*bpgn.Move
		for i := range g.Moves {
			m := &g.Moves[i]
			b := m.Seat.Board()
			if m.Stamp < last[b] {
				return nil, inputErr(m.Line, "move %s is stamped at %s, before move %s at %s on the same board", m.Label(), clock.FormatSeconds(m.Stamp), lastMove[b].Label(), clock.FormatSeconds(last[b]))
			}
			at[i], last[b], lastMove[b] = m.Stamp, m.Stamp, m
		}
	}

	// Merge the boards by instant; equal instants keep the record's order.
	order := make([]int, len(g.Moves))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case at[a] < at[b]:
			return -1
		case at[a] > at[b]:
			return 1
		}
		return 0
	})

	// How the record says it ended.
	exp, declare, err := expectAndMoves(g, plan, term, ended)
	if err != nil {
		return nil, err
	}
	plan.UntilFlag = exp.Reason == rules.Flag

	// The steps: both White clocks start at 0 (docs/rules.md clock rule 1, as
	// the FICS records confirm), then the presses; a recorded result is
	// declared right after the last press on its board, at its instant.
	plan.Steps = make([]Step, 0, len(g.Moves)+2)
	plan.Steps = append(plan.Steps, Step{Event: rules.Event{Kind: rules.Start}, Label: "start (both White clocks)"})
	lastOn := -1
	if declare != nil {
		for i := range g.Moves {
			if g.Moves[i].Seat.Board() == declare.Board && (lastOn < 0 || at[i] >= at[lastOn]) {
				lastOn = i
			}
		}
		if lastOn < 0 {
			declare.At = 0
			plan.Steps = append(plan.Steps, Step{Event: *declare, Line: term.Line, Label: term.Text})
		}
	}
	for _, i := range order {
		m := &g.Moves[i]
		st := Step{Event: rules.Event{Kind: rules.Press, At: at[i], Seat: m.Seat}, Line: m.Line, Label: m.Label()}
		if kind == bpgn.Remaining {
			st.Stamp, st.Stamped = m.Stamp, true
		}
		plan.Steps = append(plan.Steps, st)
		if i == lastOn {
			declare.At = at[i]
			plan.Steps = append(plan.Steps, Step{Event: *declare, Line: term.Line, Label: term.Text})
		}
	}
	return plan, nil
}

// expectAndMoves reads how the record says it ended (Plan.Expect), the
// result to declare (nil for a flag, which the clocks decide, or an
// unknown ending), and checks the moves on the boards (Plan.Moves).
// Errors are *InputError: a record cut short, an ending before the last
// move, a loser who is not among the players, an unreadable FEN tag.
func expectAndMoves(g *bpgn.Game, plan *Plan, term bpgn.Termination, ended bool) (*Expect, *rules.Event, error) {
	if err := checkEnding(g, term, ended); err != nil {
		return nil, nil, err
	}
	exp := &Expect{Result: g.Result, BoardResult: isFICS(g)}
	if t, ok := g.Tag("Result"); ok {
		exp.Result = t.Value
	}
	exp.Text = term.Text
	var declare *rules.Event
	lastBoard := g.Moves[len(g.Moves)-1].Seat.Board()
	switch term.Ending {
	case bpgn.EndCheckmate, bpgn.EndResignation, bpgn.EndDisconnection, bpgn.EndTime:
		loser, err := loserSeat(g, term, lastBoard)
		if err != nil {
			return nil, nil, err
		}
		exp.Seat, exp.HasSeat = loser, true
		why := map[bpgn.Ending]rules.Reason{bpgn.EndCheckmate: rules.Checkmate, bpgn.EndResignation: rules.Resignation,
			bpgn.EndDisconnection: rules.Forfeit, bpgn.EndTime: rules.Flag}[term.Ending]
		exp.Reason = why
		if why == rules.Flag {
			break
		}
		o := rules.WhiteWins
		if loser.Color() == bughouse.White {
			o = rules.BlackWins
		}
		declare = &rules.Event{Kind: rules.Declare, Board: loser.Board(), Outcome: o, Reason: why}
	case bpgn.EndAgreement, bpgn.EndRepetition:
		why := rules.Agreement
		if term.Ending == bpgn.EndRepetition {
			why = rules.Repetition
		}
		exp.Reason = why
		declare = &rules.Event{Kind: rules.Declare, Board: lastBoard, Outcome: rules.Drawn, Reason: why}
	}
	plan.Expect = exp
	var mated *bughouse.Seat
	if term.Ending == bpgn.EndCheckmate && exp.HasSeat {
		mated = &exp.Seat
	}
	var err error
	if plan.Moves, err = checkMoves(g, &plan.Options, mated); err != nil {
		return nil, nil, err
	}
	return exp, declare, nil
}

// planWithoutClocks plans a record whose clocks cannot be adjudicated
// (plan.NoClocks says why): the moves are checked on the boards, and the
// recorded ending, when it is a checkmate, resignation, forfeit or draw,
// is declared at instant 0 after the start, with no presses. A recorded
// loss on time is not declared: only the clocks could show it.
func planWithoutClocks(g *bpgn.Game, plan *Plan, term bpgn.Termination, ended bool) (*Plan, error) {
	if tc, ok := g.Tag("TimeControl"); ok {
		if err := useTimeControl(plan, tc); err != nil {
			return nil, err
		}
	}
	_, declare, err := expectAndMoves(g, plan, term, ended)
	if err != nil {
		return nil, err
	}
	plan.Steps = []Step{{Event: rules.Event{Kind: rules.Start}, Label: "start (both White clocks)"}}
	if declare != nil {
		plan.Steps = append(plan.Steps, Step{Event: *declare, Line: term.Line, Label: term.Text})
	}
	return plan, nil
}

// checkEnding refuses a record that does not end as a record must: one
// whose moves stop without an ending while its Result tag says the game
// was decided (or there is no Result tag), the mark of a file cut short;
// and one whose ending comment has moves after it.
func checkEnding(g *bpgn.Game, term bpgn.Termination, ended bool) error {
	if term.Ending != bpgn.EndUnknown && term.Moves < len(g.Moves) {
		m := &g.Moves[term.Moves]
		return inputErr(term.Line, "the ending %s comes before move %s (line %d); an ending follows the last move", "{"+term.Text+"}", m.Label(), m.Line)
	}
	if ended {
		return nil
	}
	tag, ok := g.Tag("Result")
	switch {
	case !ok:
		return inputErr(g.LastLine, "the record ends without a result (no Result tag, and no result such as 1-0 or * follows the last move); it may be truncated: end an unfinished game with *")
	case tag.Value == "1/2-1/2":
		return inputErr(g.LastLine, "the record ends without its ending (the Result tag says %s but no \"{Game drawn by ...}\" comment or result follows the last move); it may be truncated", tag.Value)
	case tag.Value != "*":
		return inputErr(g.LastLine, "the record ends without its ending (the Result tag says %s but no \"{... checkmated/resigns/forfeits on time}\" comment or result follows the last move); it may be truncated", tag.Value)
	}
	return nil
}

// remainingInstants computes each press's instant from remaining-time
// stamps: a board's instant is the time both its players had used, and a
// player's used time is what was credited (base, increments, stage times)
// minus the stamp.
func remainingInstants(moves []bpgn.Move, o *rules.Options, at []time.Duration) error {
	var (
		credit [4]time.Duration // credited to each seat so far
		used   [4]time.Duration // used by each seat at its last press
		count  [4]int           // moves made by each seat
	)
	for _, s := range bughouse.Seats {
		c := o.ControlFor(s)
		credit[s] = c.Initial()
	}
	for i := range moves {
		m := &moves[i]
		s := m.Seat
		c := o.ControlFor(s)
		count[s]++
		credit[s] += bonus(&c, count[s])
		u := credit[s] - m.Stamp
		if u < 0 && count[s] == 1 {
			return inputErr(m.Line, "move %s: the stamp %s is more than the %s s %s had (the TimeControl's base time and increment): a clock cannot go up beyond its increments", m.Label(), "{"+clock.FormatSeconds(m.Stamp)+"}", clock.FormatSeconds(credit[s]), s)
		}
		if u < used[s] {
			return inputErr(m.Line, "move %s: the stamp %s leaves %s more time than at its previous move (%s s used before, %s now): a clock cannot go up beyond its increments", m.Label(), "{"+clock.FormatSeconds(m.Stamp)+"}", s, clock.FormatSeconds(used[s]), clock.FormatSeconds(u))
		}
		used[s] = u
		at[i] = u + used[s.Opponent()]
	}
	return nil
}

// bonus returns the time credited to a player by the press that ends his
// move m (1-based): the increment of that move (of move m+1 when the
// increment is credited before the first move) and, when move m ends a
// stage, the next stage's time. It is the PGN TimeControl's meaning,
// written here from the standard rather than taken from package clock, so
// that the replay checks the clock instead of echoing it.
func bonus(c *clock.Control, m int) time.Duration {
	inc := stageOf(c, m).Increment
	if c.IncrementBeforeFirstMove {
		inc = stageOf(c, m+1).Increment
	}
	// Stage time: credited when move m completes a stage's move count.
	end := 0
	for i, s := range c.Stages {
		if s.Moves == 0 {
			return inc
		}
		end += s.Moves
		if m == end {
			if i+1 < len(c.Stages) {
				return inc + c.Stages[i+1].Time
			}
			return inc + s.Time
		}
		if m < end {
			return inc
		}
	}
	last := c.Stages[len(c.Stages)-1] // repeats
	if (m-end)%last.Moves == 0 {
		return inc + last.Time
	}
	return inc
}

// stageOf returns the stage move m (1-based) is played in; the last stage
// repeats.
func stageOf(c *clock.Control, m int) clock.Stage {
	end := 0
	for _, s := range c.Stages {
		if s.Moves == 0 {
			return s
		}
		end += s.Moves
		if m <= end {
			return s
		}
	}
	return c.Stages[len(c.Stages)-1]
}

// loserSeat maps the termination's named players to one seat: a name
// that plays several seats prefers the seat on the board of the last move.
func loserSeat(g *bpgn.Game, t bpgn.Termination, lastBoard bughouse.Board) (bughouse.Seat, error) {
	if len(t.Players) == 0 && len(t.Winners) > 0 {
		return loserOfWinners(g, t, lastBoard)
	}
	var all, onLast []bughouse.Seat
	for _, name := range t.Players {
		for _, s := range g.SeatsOf(name) {
			all = append(all, s)
			if s.Board() == lastBoard {
				onLast = append(onLast, s)
			}
		}
	}
	switch {
	case len(onLast) == 1:
		return onLast[0], nil
	case len(onLast) == 0 && len(all) == 1:
		return all[0], nil
	case len(all) == 0:
		return 0, inputErr(t.Line, "%q names %s, who is not among the players (tags WhiteA, BlackA, WhiteB, BlackB)", t.Text, strings.Join(t.Players, " & "))
	}
	return 0, inputErr(t.Line, "%q: cannot tell which seat lost: %s plays %v", t.Text, strings.Join(t.Players, " & "), all)
}

// loserOfWinners maps a termination that names the winners (the
// chess.com Termination tag) to the losing seat: the opponent, on the
// same board, of the winner's seat, preferring the board of the last
// move. When the names are not the record's players (chess.com writes
// account names), a checkmate's loser is the opponent of the last move's
// mover (the mating move ends the record); another ending cannot be
// placed and is an *InputError.
func loserOfWinners(g *bpgn.Game, t bpgn.Termination, lastBoard bughouse.Board) (bughouse.Seat, error) {
	var all, onLast []bughouse.Seat
	for _, name := range t.Winners {
		for _, s := range g.SeatsOf(name) {
			all = append(all, s.Opponent())
			if s.Board() == lastBoard {
				onLast = append(onLast, s.Opponent())
			}
		}
	}
	switch {
	case len(onLast) == 1:
		return onLast[0], nil
	case len(onLast) == 0 && len(all) == 1:
		return all[0], nil
	case len(all) == 0 && t.Ending == bpgn.EndCheckmate:
		return g.Moves[len(g.Moves)-1].Seat.Opponent(), nil
	case len(all) == 0:
		return 0, inputErr(t.Line, "%q names %s, who is not among the players (tags WhiteA, BlackA, WhiteB, BlackB): cannot tell which seat lost", t.Text, strings.Join(t.Winners, " & "))
	}
	return 0, inputErr(t.Line, "%q: cannot tell which seat lost: %s plays %v", t.Text, strings.Join(t.Winners, " & "), all)
}

// isFICS reports whether the record comes from the FICS server, whose
// Result is the deciding board's game result (fics_1934461: Carla, White
// on B, forfeits on time, Result "0-1"; fics_1934301: Dario, Black on B,
// is mated, Result "1-0").
func isFICS(g *bpgn.Game) bool {
	site, _ := g.Tag("Site")
	ev, _ := g.Tag("Event")
	return strings.EqualFold(site.Value, "freechess.org") || strings.HasPrefix(ev.Value, "FICS ")
}

// useTimeControl sets plan's time control to the record's TimeControl tag
// (FICS: "base increment" in seconds, the increment after each move), for
// every seat. The error names the tag's line.
func useTimeControl(plan *Plan, tc bpgn.Tag) error {
	c, err := clock.ParsePGN(tc.Value)
	if err != nil {
		return inputErr(tc.Line, "%v", err)
	}
	c.IncrementBeforeFirstMove = false
	if err := c.Validate(); err != nil {
		return inputErr(tc.Line, "TimeControl %q: %v", tc.Value, err)
	}
	plan.Options.Control = c
	plan.Options.SeatControls = [4]*clock.Control{}
	return nil
}
