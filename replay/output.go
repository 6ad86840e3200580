package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// Millis formats d as a JSON number of milliseconds, exactly: whole
// milliseconds without a fraction ("118585"), otherwise with up to six
// decimals ("118585.5").
func Millis(d time.Duration) json.Number {
	neg := ""
	if d < 0 {
		neg, d = "-", -d
	}
	ms, frac := d/time.Millisecond, d%time.Millisecond
	if frac == 0 {
		return json.Number(fmt.Sprintf("%s%d", neg, ms))
	}
	return json.Number(strings.TrimRight(fmt.Sprintf("%s%d.%06d", neg, ms, frac), "0"))
}

// Clock formats d as m:ss.mmm (minutes unbounded, milliseconds truncated),
// e.g. "1:58.585".
func Clock(d time.Duration) string {
	neg := ""
	if d < 0 {
		neg, d = "-", -d
	}
	ms := d / time.Millisecond
	return fmt.Sprintf("%s%d:%02d.%03d", neg, ms/60000, ms/1000%60, ms%1000)
}

type jsonClocks struct {
	AWhite json.Number `json:"A-white"`
	ABlack json.Number `json:"A-black"`
	BWhite json.Number `json:"B-white"`
	BBlack json.Number `json:"B-black"`
}

type jsonBoards struct {
	A string `json:"A"`
	B string `json:"B"`
}

type jsonNote struct {
	Line    int         `json:"line"`
	AtMS    json.Number `json:"at_ms"`
	Event   string      `json:"event"`
	Why     string      `json:"why"`
	Refused bool        `json:"refused"`
}

type jsonRecord struct {
	Result string `json:"result"`
	// View is how Result is written: "team1" (docs/rules.md) or "board" (the
	// deciding board's game, FICS).
	View        string `json:"view"`
	Termination string `json:"termination,omitempty"`
	Agrees      bool   `json:"agrees"`
	Mismatch    string `json:"mismatch,omitempty"`
	// Unchecked: what could not be checked without the clocks.
	Unchecked string `json:"unchecked,omitempty"`
}

type jsonReport struct {
	Result       string       `json:"result"`
	Reason       string       `json:"reason"`
	Seats        []string     `json:"seats"`
	Decided      bool         `json:"decided"`
	DecidedAtMS  *json.Number `json:"decided_at_ms"`
	AtMS         *json.Number `json:"at_ms"`
	ClocksMS     *jsonClocks  `json:"clocks_ms"`
	Clocks       string       `json:"clocks,omitempty"`
	ClocksReason string       `json:"clocks_reason,omitempty"`
	Boards       jsonBoards   `json:"boards"`
	Source       string       `json:"source"`
	Preset       string       `json:"preset"`
	Control      string       `json:"control"`
	Players      *[4]string   `json:"players,omitempty"`
	Ignored      int          `json:"ignored"`
	Notes        []jsonNote   `json:"notes"`
	Record       *jsonRecord  `json:"record,omitempty"`
	Moves        *jsonMoves   `json:"moves,omitempty"`
}

// jsonMoves is MoveCheck in the JSON report.
type jsonMoves struct {
	Variant  string            `json:"variant"`
	Checked  int               `json:"checked"`
	Legal    bool              `json:"legal"`
	Illegal  *jsonIllegal      `json:"illegal"`
	Mate     string            `json:"mate,omitempty"`
	Reserves map[string]string `json:"reserves"`
	FEN      string            `json:"fen"`
}

type jsonIllegal struct {
	Board  string `json:"board"`
	Seat   string `json:"seat"`
	Number int    `json:"number"`
	Move   string `json:"move"`
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Rule   string `json:"rule"`
	FEN    string `json:"fen"`
}

func (mc *MoveCheck) json() *jsonMoves {
	if mc == nil {
		return nil
	}
	j := &jsonMoves{Variant: mc.Variant, Checked: mc.Checked, Legal: mc.Illegal == nil, FEN: mc.FEN, Reserves: map[string]string{}}
	for _, s := range bughouse.Seats {
		j.Reserves[s.String()] = mc.Reserves[s]
	}
	if mc.MateClaimed {
		j.Mate = mc.MateStatus
	}
	if m := mc.Illegal; m != nil {
		j.Illegal = &jsonIllegal{Board: m.Board.String(), Seat: m.Seat.String(), Number: m.Number, Move: m.Move, Line: m.Line, Reason: m.Reason, Rule: m.Rule, FEN: m.FEN}
	}
	return j
}

// MarshalJSON writes the report as one object:
//
//	{"result":"0-1","reason":"flag","seats":["B-white"],"decided":true,
//	 "decided_at_ms":631290,"at_ms":631290,
//	 "clocks_ms":{"A-white":...,"A-black":...,"B-white":0,"B-black":136738},
//	 "source":"bpgn","preset":"fics","control":"5m",
//	 "players":["Alba","Bruno","Carla","Dario"],"ignored":0,"notes":[],
//	 "record":{"result":"0-1","termination":"Carla forfeits on time","agrees":true}}
//
// Times are milliseconds (Millis). An undecided match has result "*",
// reason "", seats [], decided false and decided_at_ms null; at_ms is then
// the last instant of the replay, where the clocks are taken. players and
// record appear for BPGN records only.
//
// A record whose clocks could not be adjudicated (Report.NoClocks) has
// "clocks":"not adjudicated" and "clocks_reason" (which move lacks its
// stamp, and its line), and decided_at_ms, at_ms and clocks_ms null; the
// key clocks is absent when the clocks were adjudicated. What the record
// says that could not be checked without them is record.unchecked.
func (r *Report) MarshalJSON() ([]byte, error) {
	j := jsonReport{
		Result: r.Result.String(), Seats: []string{}, Decided: r.Decided,
		Source: r.Source, Preset: r.Preset, Control: r.Control,
		Ignored: r.Ignored, Notes: []jsonNote{},
		Boards: jsonBoards{r.Boards[bughouse.BoardA].Outcome.String(), r.Boards[bughouse.BoardB].Outcome.String()},
	}
	if r.NoClocks != "" {
		j.Clocks, j.ClocksReason = "not adjudicated", r.NoClocks
	} else {
		at := Millis(r.At)
		j.AtMS = &at
		j.ClocksMS = &jsonClocks{Millis(r.Clocks[bughouse.AWhite]), Millis(r.Clocks[bughouse.ABlack]), Millis(r.Clocks[bughouse.BWhite]), Millis(r.Clocks[bughouse.BBlack])}
	}
	if r.Reason != rules.NoReason {
		j.Reason = r.Reason.String()
	}
	for _, s := range r.Seats {
		j.Seats = append(j.Seats, s.String())
	}
	if r.Decided && r.NoClocks == "" {
		n := Millis(r.DecidedAt)
		j.DecidedAtMS = &n
	}
	if r.Names != [4]string{} {
		j.Players = &r.Names
	}
	for _, n := range r.Notes {
		j.Notes = append(j.Notes, jsonNote{Line: n.Line, AtMS: Millis(n.At), Event: n.Event, Why: n.Why, Refused: n.Refused})
	}
	if r.Expect != nil {
		view := "team1"
		if r.Expect.BoardResult {
			view = "board"
		}
		j.Record = &jsonRecord{Result: r.Expect.Result, View: view, Termination: r.Expect.Text, Agrees: r.Mismatch == "", Mismatch: r.Mismatch, Unchecked: r.Unchecked}
	}
	j.Moves = r.Moves.json()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// WriteJSON writes the report as MarshalJSON does, without escaping
// "&", "<" and ">", followed by a newline.
func (r *Report) WriteJSON(w io.Writer) error {
	b, err := r.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteText writes the report for people: the first illegal move, if any,
// on the line after the header; result and reason, decisive seats,
// decision instant, the four clocks (m:ss.mmm and ms), the ignored events,
// for a record whether it agrees, and the move check.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	src := r.Source
	if r.Dialect != "" {
		src += " (" + r.Dialect + " stamps)"
	}
	fmt.Fprintf(tw, "replay\t%s, preset %s, time control %s\n", src, r.Preset, r.Control)
	if mc := r.Moves; mc != nil && mc.Illegal != nil {
		// First, before the clocks' verdict: the game broke a rule at this
		// move, and the result below is only what the clocks and the
		// record say (see "moves").
		fmt.Fprintf(tw, "ILLEGAL\tline %d: %s (the result below is the clocks' and the record's; the moves after this one are not checked)\n", mc.Illegal.Line, mc.Illegal)
	}
	timed := r.NoClocks == ""
	if r.Decided {
		fmt.Fprintf(tw, "result\t%s  %s  (%s)  %s\n", r.Result, r.Reason, r.Article, teamVerdict(r.Result))
		fmt.Fprintf(tw, "decisive\t%s\n", seatList(r.Seats, r.Names))
		if timed {
			fmt.Fprintf(tw, "decided at\t%s  (%s ms)\n", Clock(r.DecidedAt), Millis(r.DecidedAt))
		}
	} else {
		fmt.Fprintf(tw, "result\t*  not decided\n")
		if timed {
			fmt.Fprintf(tw, "last instant\t%s  (%s ms)\n", Clock(r.At), Millis(r.At))
		}
	}
	if !timed {
		fmt.Fprintf(tw, "clocks\tnot adjudicated: %s\n", r.NoClocks)
	} else {
		fmt.Fprintf(tw, "clocks at\t%s\n", Clock(r.At))
	}
	for _, s := range bughouse.Seats {
		name := ""
		if r.Names[s] != "" {
			name = "  " + r.Names[s]
		}
		if !timed {
			if name != "" {
				fmt.Fprintf(tw, "  %s\t%s\n", s, name[2:])
			}
			continue
		}
		fmt.Fprintf(tw, "  %s\t%s  (%s ms)%s\n", s, Clock(r.Clocks[s]), Millis(r.Clocks[s]), name)
	}
	fmt.Fprintf(tw, "boards\tA %s, B %s  (each game from its White's view)\n", r.Boards[bughouse.BoardA].Outcome, r.Boards[bughouse.BoardB].Outcome)
	fmt.Fprintf(tw, "ignored\t%d\n", r.Ignored)
	for _, n := range r.Notes {
		what := "ignored"
		if n.Refused {
			what = "refused"
		}
		fmt.Fprintf(tw, "  line %d\tat %s s: %s: %s: %s\n", n.Line, clock.FormatSeconds(n.At), n.Event, what, n.Why)
	}
	if e := r.Expect; e != nil {
		verdict := "agrees"
		switch {
		case r.Mismatch != "":
			verdict = "MISMATCH: " + r.Mismatch
		case r.Unchecked != "":
			verdict = "NOT CHECKED: " + r.Unchecked
		}
		rec := e.Result
		if rec == "" {
			rec = "(no result)"
		}
		if e.BoardResult {
			rec += " (FICS: the deciding board's game)"
		}
		if e.Text != "" {
			rec += fmt.Sprintf(" %q", e.Text)
		}
		fmt.Fprintf(tw, "record\t%s: %s\n", rec, verdict)
	}
	if mc := r.Moves; mc != nil {
		if mc.Illegal == nil {
			fmt.Fprintf(tw, "moves\tall %d legal under %s (%s)\n", mc.Checked, r.Preset, mc.Variant)
		} else {
			fmt.Fprintf(tw, "moves\t%d legal under %s (%s), then ILLEGAL\n", mc.Checked, r.Preset, mc.Variant)
			fmt.Fprintf(tw, "  illegal\tline %d: %s\n", mc.Illegal.Line, mc.Illegal)
			fmt.Fprintf(tw, "  position\t%s\n", mc.Illegal.FEN)
		}
		if mc.MateClaimed {
			fmt.Fprintf(tw, "  mate\tthe recorded checkmate: the board is %s\n", mc.MateStatus)
		}
		var res []string
		for _, s := range bughouse.Seats {
			v := mc.Reserves[s]
			if v == "" {
				v = "-"
			}
			res = append(res, s.String()+" "+v)
		}
		fmt.Fprintf(tw, "  reserves\t%s\n", strings.Join(res, ", "))
	}
	return tw.Flush()
}

// teamVerdict says the result in team terms: "team 1 wins (A-white +
// B-black)", "team 2 wins (A-black + B-white)" or "match drawn".
func teamVerdict(r rules.Result) string {
	switch r {
	case rules.Team1Wins:
		return "team 1 wins (A-white + B-black)"
	case rules.Team2Wins:
		return "team 2 wins (A-black + B-white)"
	case rules.MatchDraw:
		return "match drawn"
	}
	return ""
}
