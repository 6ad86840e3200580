package journal

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/clocksync"
	"tandem/rules"
	"tandem/scoresheet"
	"tandem/timeline"
)

// Summary is a match's outcome as the record shows it: the replay of its
// events up to Until (Replay).
type Summary struct {
	Result  rules.Result
	Reason  rules.Reason
	Seats   []bughouse.Seat
	Decided bool
	// DecidedAt is the decision instant, relative to the match's begin
	// (ns), valid when Decided.
	DecidedAt time.Duration
	// At is where Clocks are taken, relative to the match's begin:
	// DecidedAt, or Until.
	At     time.Duration
	Clocks [4]time.Duration
	// Started is true once the match started, at StartedAt (relative to
	// the match's begin). The console's match time counts from there:
	// DecidedAt - StartedAt is the decision's match time.
	Started   bool
	StartedAt time.Duration
	// Boards are the two boards' games (outcome from that board's
	// White's view, reason, end instant on the table's epoch), indexed
	// by bughouse.Board.
	Boards [2]rules.BoardView
	// BothBoards is true when the match was played with match_format =
	// both-boards: its result is the sum of the boards' Points.
	BothBoards bool
}

// Points returns the teams' game points of s's boards
// (rules.GamePoints).
func (s *Summary) Points() (team1, team2 float64) { return rules.GamePoints(s.Boards) }

// Summarize replays m (Replay) and returns its outcome.
func (m *Match) Summarize() (*Summary, error) {
	rm, err := m.Replay()
	if err != nil {
		return nil, err
	}
	s := &Summary{At: rm.Now() - m.Begin.At, BothBoards: m.Options.Format == rules.FormatBothBoards}
	snap := rm.Snapshot(rm.Now())
	if snap.Started {
		s.Started, s.StartedAt = true, snap.StartedAt-m.Begin.At
	}
	s.Boards = snap.Boards
	res, why, seats, at := rm.Result()
	if rm.Status() == rules.Decided {
		s.Result, s.Reason, s.Seats, s.Decided = res, why, seats, true
		s.DecidedAt = at - m.Begin.At
		s.At = s.DecidedAt
	}
	for _, seat := range bughouse.Seats {
		s.Clocks[seat] = rm.Remaining(seat, s.At+m.Begin.At)
	}
	return s, nil
}

// ErrHandicap is returned by WriteTimeline for a match with per-seat
// controls, which the timeline syntax cannot state.
var ErrHandicap = errors.New("journal: the timeline format has no per-seat time controls (handicap): export it as json")

// WriteTimeline writes m as a .timeline script (package timeline) that
// tandem replay adjudicates to the same result and clocks: the preset and
// every option as headers, each recorded event at its instant in seconds
// from the match's begin (ignored and refused events too, as comments say),
// and an end line at the last instant the record vouches for, so a flag
// that fell then falls in the replay too. The scoresheet's moves and take
// backs are comment lines at their instants ("# 12.5 move 1A. e4
// (A-white)"): a timeline has no moves (WriteBPGN writes them).
func WriteTimeline(w io.Writer, m *Match) error {
	for _, c := range m.Options.SeatControls {
		if c != nil {
			return ErrHandicap
		}
	}
	tw := timeline.NewWriter(w)
	preset := m.Begin.Preset
	if _, err := rules.LookupPreset(preset); err != nil {
		preset = rules.DefaultPreset // every option is written below anyway
	}
	head := "tandem record: match " + m.ID()
	if m.Begin.Table != "" {
		head += ", table " + m.Begin.Table
	}
	began := ", began " + m.Begin.Wall.UTC().Format(time.RFC3339)
	if m.Begin.WallClock == clocksync.Unsynced.String() {
		// The Pi's guess: say so where the date is read.
		began += " (the table's wall clock was never synchronised: the date and times of day are guesses)"
	}
	tw.Comment(head + began)
	if p := m.Begin.Players; p != nil && *p != [4]string{} {
		for _, s := range bughouse.Seats {
			tw.Comment(s.String() + ": " + p[s])
		}
	}
	base, times := timelineBase(m)
	tw.Comment(times)
	tw.Preset(preset)
	tw.Control(m.Options.Control)
	for _, k := range rules.OptionKeys {
		v, err := m.Options.Get(k)
		if err != nil {
			return err
		}
		tw.Option(k, v)
	}
	// The lines in instant order: a press is recorded at its own instant,
	// which may come before a later press on the other board that the
	// loop applied first (the boards' clocks are independent, so the
	// order between them changes nothing).
	type line struct {
		at    time.Duration
		write func()
	}
	var lines []line
	for _, r := range m.Records {
		r := r
		at := max(r.At-base, 0) // what came before the start is at 0, before it
		if r.Kind == KindMove || r.Kind == KindTakeBack {
			// The scoresheet, for people: the timeline has no moves.
			what := "move"
			if r.Kind == KindTakeBack {
				what = "takeback of"
			}
			mv := scoresheet.Move{Ply: r.Ply, SAN: r.SAN}
			mv.Board, _ = bughouse.ParseBoard(r.Board)
			mv.Seat, _ = bughouse.ParseSeat(r.Seat)
			lines = append(lines, line{at, func() {
				tw.Comment(fmt.Sprintf("%s %s %s. %s (%s)", clock.FormatSeconds(at), what, mv.Number(), r.SAN, r.Seat))
			}})
			continue
		}
		if r.Kind != KindEvent || r.Event == nil || isReset(r) {
			continue
		}
		note := ""
		switch {
		case r.Recovered:
			note = "the table restarted: recovered paused"
		case r.Refused != "":
			note = "refused: " + r.Refused
		case r.Ignored != "":
			note = "ignored: " + r.Ignored
		}
		lines = append(lines, line{at, func() { tw.Event(at, *r.Event, note) }})
	}
	slices.SortStableFunc(lines, func(a, b line) int { return cmp.Compare(a.at, b.at) })
	for _, l := range lines {
		l.write()
	}
	tw.End(max(m.Until()-base, 0))
	return tw.Flush()
}

// timelineBase returns the instant a timeline's times count from, and
// the comment that says so: the match's start, as the console, the
// terminal and the CSV count (what came before it, the ready table's
// adjustments, is written at 0, before the start). A match that never
// started, or whose no-show countdown ran before the start (Art 44: its
// timing is the record's), counts from the record's begin.
func timelineBase(m *Match) (time.Duration, string) {
	s, err := m.Summarize()
	called := false
	for _, r := range m.Records {
		if r.Kind == KindEvent && r.Event != nil && r.Event.Kind == rules.Call && r.Refused == "" && r.Ignored == "" {
			called = true
		}
	}
	switch {
	case err != nil || !s.Started:
		return m.Begin.At, "times: seconds since the match's record began (the table ready); it never started"
	case called:
		return m.Begin.At, "times: seconds since the match's record began (the table ready), for the no-show countdown; the match started at " +
			clock.FormatSeconds(s.StartedAt) + ": the console's match time is the time here minus that"
	}
	return m.Begin.At + s.StartedAt, "times: seconds from the match's start, as the console, the terminal table and the CSV count them" +
		pick(s.StartedAt > 0, " (the table was ready "+clock.FormatSeconds(s.StartedAt)+" s before)", "")
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// boardText is a board's result for a row: "0-1 flag", "*" while it goes
// on.
func boardText(b rules.BoardView) string {
	if b.Outcome == rules.Undecided {
		return "*"
	}
	return b.Outcome.String() + " " + b.Reason.String()
}

// isReset reports whether r is an accepted reset: it ends the match, and
// is not part of its replay.
func isReset(r Record) bool {
	return r.Event.Kind == rules.Reset && r.Refused == "" && r.Ignored == ""
}

// WriteJSON writes m as one JSON object: the match (id, table, players,
// preset, options, began), its outcome (as Summarize, times in whole
// milliseconds, rounded to the nearest; each board's result, and the game
// points under match_format = both-boards) and every record as stored.
func WriteJSON(w io.Writer, m *Match) error { return writeJSON(w, m, false) }

// WriteJSONExact is WriteJSON with the outcome's times exact: a fraction
// of a millisecond where there is one (tandem export --exact).
func WriteJSONExact(w io.Writer, m *Match) error { return writeJSON(w, m, true) }

func writeJSON(w io.Writer, m *Match, exact bool) error {
	millis := wholeMillis
	if exact {
		millis = exactMillis
	}
	s, err := m.Summarize()
	if err != nil {
		return err
	}
	type out struct {
		Match       string            `json:"match"`
		Table       string            `json:"table"`
		Players     map[string]string `json:"players"`
		Preset      string            `json:"preset"`
		Options     map[string]string `json:"options"`
		Began       time.Time         `json:"began"`
		Result      string            `json:"result"`
		Reason      string            `json:"reason"`
		Seats       []string          `json:"seats"`
		Decided     bool              `json:"decided"`
		DecidedAtMS *json.Number      `json:"decided_at_ms"`
		StartedAtMS *json.Number      `json:"started_at_ms"`
		MatchTimeMS *json.Number      `json:"decided_match_time_ms"`
		AtMS        json.Number       `json:"at_ms"`
		ClocksMS    map[string]any    `json:"clocks_ms"`
		Boards      map[string]string `json:"boards"`
		Points      string            `json:"points,omitempty"`
		Records     []Record          `json:"records"`
	}
	o := out{Match: m.ID(), Table: m.Begin.Table, Players: map[string]string{}, Preset: m.Begin.Preset,
		Options: m.Begin.Options, Began: m.Begin.Wall, Result: s.Result.String(), Seats: []string{},
		Decided: s.Decided, AtMS: millis(s.At), ClocksMS: map[string]any{}, Records: append([]Record{m.Begin}, m.Records...),
		Boards: map[string]string{"A": boardText(s.Boards[0]), "B": boardText(s.Boards[1])}}
	if s.BothBoards {
		o.Points = rules.PointsText(s.Points())
	}
	if s.Decided {
		o.Reason = s.Reason.String()
		d := millis(s.DecidedAt)
		o.DecidedAtMS = &d
		if s.Started {
			mt := millis(s.DecidedAt - s.StartedAt)
			o.MatchTimeMS = &mt
		}
	}
	if s.Started {
		st := millis(s.StartedAt)
		o.StartedAtMS = &st
	}
	for _, seat := range s.Seats {
		o.Seats = append(o.Seats, seat.String())
	}
	for _, seat := range bughouse.Seats {
		if m.Begin.Players != nil {
			o.Players[seat.String()] = m.Begin.Players[seat]
		}
		o.ClocksMS[seat.String()] = millis(s.Clocks[seat])
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(o)
}

// wholeMillis writes d in whole milliseconds, rounded to the nearest.
func wholeMillis(d time.Duration) json.Number {
	return json.Number(strconv.FormatInt(int64(d.Round(time.Millisecond)/time.Millisecond), 10))
}

// exactMillis writes d in milliseconds, with a fraction only when needed.
func exactMillis(d time.Duration) json.Number {
	if d%time.Millisecond == 0 {
		return json.Number(strconv.FormatInt(int64(d/time.Millisecond), 10))
	}
	return json.Number(strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64))
}

// CSVHeader is the first row WriteCSV writes.
var CSVHeader = []string{"date", "match", "table", "A-white", "A-black", "B-white", "B-black",
	"preset", "control", "result", "reason", "decisive", "decided_at_s",
	"A-white_s", "A-black_s", "B-white_s", "B-black_s", "board_A", "board_B", "points"}

// WriteCSV writes one row per match, after CSVHeader: the date it began
// (UTC, YYYY-MM-DD HH:MM:SS), its id, table, the four players, the preset
// and control, the result (team 1's view, "*" undecided), the reason, the
// decisive seats ("A-white B-black"), the decision instant and the four
// clocks there (seconds from the match's begin, 3 decimals; the clocks at
// the last recorded instant when undecided), each board's result (its
// White's view and reason, "1/2-1/2 agreement"; "*" while it goes on),
// and for a match played with match_format = both-boards the game points
// that decided it ("1.5-0.5", team 1 first; "" otherwise).
func WriteCSV(w io.Writer, ms []*Match) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, m := range ms {
		s, err := m.Summarize()
		if err != nil {
			return err
		}
		row := []string{m.Begin.Wall.UTC().Format("2006-01-02 15:04:05"), m.ID(), m.Begin.Table}
		for _, seat := range bughouse.Seats {
			name := ""
			if m.Begin.Players != nil {
				name = m.Begin.Players[seat]
			}
			row = append(row, name)
		}
		var seats []string
		for _, seat := range s.Seats {
			seats = append(seats, seat.String())
		}
		reason, decidedAt := "", ""
		if s.Decided {
			// The match time of the decision, as the console and the
			// terminal show it: from the start, not from the record's begin.
			reason, decidedAt = s.Reason.String(), fmt.Sprintf("%.3f", (s.DecidedAt-s.StartedAt).Seconds())
		}
		row = append(row, m.Begin.Preset, m.Options.Control.String(), s.Result.String(), reason,
			strings.Join(seats, " "), decidedAt)
		for _, seat := range bughouse.Seats {
			row = append(row, fmt.Sprintf("%.3f", s.Clocks[seat].Seconds()))
		}
		for _, b := range s.Boards {
			row = append(row, boardText(b))
		}
		points := ""
		if s.BothBoards {
			points = rules.PointsText(s.Points())
		}
		row = append(row, points)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
