package session

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/eboard"
	"tandem/eboard/infer"
	"tandem/internal/lineerr"
	"tandem/scoresheet"
)

// Alert is an alert a press raised during the replay.
type Alert struct {
	// At is the press instant; Board, Seat and Kind the alert's
	// (infer.Alert), Text its words and Squares the squares that differ.
	At      time.Duration
	Board   bughouse.Board
	Seat    bughouse.Seat
	Kind    infer.AlertKind
	Text    string
	Squares []string
	// Resolved is true when it cleared later in the session (the piece
	// set down after the press, the board restored).
	Resolved bool
}

// Result is a replay's outcome.
type Result struct {
	// Sheet is both boards' scoresheet: the moves entered, each stamped
	// with its press, and the reserves.
	Sheet *scoresheet.Sheet
	// Alerts are the alerts raised, in order.
	Alerts []Alert
	// Presses counts the presses that ended a turn; Ignored those that
	// did not (the player whose clock was not running).
	Presses, Ignored int
}

// Replay plays s under the board rules r (a preset's rules.Options.Rules),
// both boards from the initial position and found either way round
// (eboard.Fields). Each board's messages feed its tracker; a press by the
// player whose clock runs on that board (the clocks are not timed: each
// board's turn passes at each such press) commits the board's change
// since its last press (infer.Tracker.Press), entering the move found
// on the scoresheet. Errors are an *Error at the line of a message
// whose field or piece code is out of range.
func Replay(name string, s *Session, r board.Rules) (*Result, error) {
	sheet, err := scoresheet.New(r, nil)
	if err != nil {
		return nil, err
	}
	res := &Result{Sheet: sheet}
	var (
		fields   = [2]*eboard.Fields{eboard.NewFields(eboard.Unknown), eboard.NewFields(eboard.Unknown)}
		trackers = [2]*infer.Tracker{infer.NewTracker(bughouse.BoardA), infer.NewTracker(bughouse.BoardB)}
		turn     [2]bughouse.Color
		open     [2]int // index+1 in res.Alerts of the board's open alert
	)
	enter := func(e *infer.Entry) error {
		if _, err := sheet.Enter(e.Board, e.UCI, e.At); err != nil {
			// Explain played the move on a copy of the same game.
			return fmt.Errorf("session: the move found cannot be entered: %w", err)
		}
		return nil
	}
	// settle looks at each board's open alert again until nothing
	// changes: a move entered on one board may explain the other's (a
	// drop of the piece its partner took).
	settle := func() error {
		for changed := true; changed; {
			changed = false
			for b := range trackers {
				g := sheet.Game()
				out := trackers[b].Check(&g)
				if out.Enter != nil {
					if err := enter(out.Enter); err != nil {
						return err
					}
					changed = true
				}
				if out.Alert == nil && open[b] > 0 {
					res.Alerts[open[b]-1].Resolved = true
					open[b] = 0
				}
			}
		}
		return nil
	}
	for i := range s.Items {
		it := &s.Items[i]
		switch it.Kind {
		case Message:
			b := it.Board & 1
			reports, err := fields[b].Message(it.Msg)
			if err != nil {
				return nil, &lineerr.Error{File: name, Line: it.Line, Msg: err.Error()}
			}
			for _, rep := range reports {
				switch rep.Kind {
				case eboard.BoardDump:
					if rep.Orientation == eboard.Unknown {
						g := sheet.Game()
						want := infer.SquaresOf(g.Board(b))
						if want != (infer.Squares{}) && want != infer.StartSquares {
							// A board that came up in the middle of a game.
							f, _ := eboard.Dump(it.Msg)
							fields[b].SetOrientation(eboard.Guess(&f, &want))
							rep.Squares, _ = eboard.Squares(&f, fields[b].Orientation())
						}
					}
					trackers[b].Set(it.At, &rep.Squares)
				case eboard.Update:
					trackers[b].Put(it.At, rep.Square, rep.Piece)
				}
			}
		case Press:
			b := it.Seat.Board()
			if it.Seat.Color() != turn[b] {
				res.Ignored++
				continue
			}
			res.Presses++
			turn[b] = turn[b].Other()
			g := sheet.Game()
			out := trackers[b].Press(it.At, it.Seat, &g)
			if open[b] > 0 { // a new press replaces the board's alert
				open[b] = 0
			}
			if out.Enter != nil {
				if err := enter(out.Enter); err != nil {
					return nil, err
				}
			}
			if a := out.Alert; a != nil {
				res.Alerts = append(res.Alerts, Alert{At: a.At, Board: a.Board, Seat: a.Seat, Kind: a.Kind, Text: a.String(), Squares: a.Squares()})
				open[b] = len(res.Alerts)
			}
		}
		if err := settle(); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// Moves returns board b's moves in SAN.
func (r *Result) Moves(b bughouse.Board) []string {
	out := []string{}
	for _, m := range r.Sheet.Moves() {
		if m.Board == b {
			out = append(out, m.SAN)
		}
	}
	return out
}

// Reserves returns the four reserves as letters (board.Game.Reserve),
// indexed by bughouse.Seat.
func (r *Result) Reserves() [4]string {
	g := r.Sheet.Game()
	var out [4]string
	for _, s := range bughouse.Seats {
		out[s] = g.Reserve(s)
	}
	return out
}

// WriteText writes each board's moves in SAN with its FEN, the four
// reserves, and the alerts.
func (r *Result) WriteText(w io.Writer) error {
	g := r.Sheet.Game()
	for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
		fmt.Fprintf(w, "board %s: %d moves\n", b, len(r.Moves(b)))
		line := ""
		for i, m := range r.Moves(b) {
			if i%2 == 0 {
				line += fmt.Sprintf("%d. ", i/2+1)
			}
			line += m + " "
		}
		if line != "" {
			fmt.Fprintf(w, "  %s\n", line[:len(line)-1])
		}
		fmt.Fprintf(w, "  FEN %s\n", g.Board(b).FEN())
	}
	// One format a line, so that a translated report reads each back
	// (package i18n's msg.eboard.session templates).
	reserves := make([]string, 0, len(bughouse.Seats))
	for _, s := range bughouse.Seats {
		res := g.Reserve(s)
		if res == "" {
			res = "-"
		}
		reserves = append(reserves, s.String()+" "+res)
	}
	fmt.Fprintf(w, "reserves: %s\n", strings.Join(reserves, " "))
	fmt.Fprintf(w, "presses: %d (%d ignored: not that player's turn)\n", r.Presses, r.Ignored)
	if len(r.Alerts) == 0 {
		_, err := fmt.Fprintf(w, "no alerts\n")
		return err
	}
	fmt.Fprintf(w, "alerts: %d\n", len(r.Alerts))
	for _, a := range r.Alerts {
		note := ""
		if a.Resolved {
			note = " (resolved later)"
		}
		fmt.Fprintf(w, "  %ss %s%s\n", clock.FormatSeconds(a.At), a.Text, note)
	}
	return nil
}

// jsonBoard is one board in WriteJSON's output.
type jsonBoard struct {
	Moves []string `json:"moves"`
	FEN   string   `json:"fen"`
}

type jsonAlert struct {
	At       string   `json:"at"`
	Board    string   `json:"board"`
	Seat     string   `json:"seat"`
	Kind     string   `json:"kind"`
	Text     string   `json:"text"`
	Squares  []string `json:"squares"`
	Resolved bool     `json:"resolved"`
}

// WriteJSON writes {"A":{"moves":[...],"fen":"..."},"B":{...},
// "reserves":{"A-white":"...",...},"alerts":[...]} on one line.
func (r *Result) WriteJSON(w io.Writer) error {
	g := r.Sheet.Game()
	out := struct {
		A        jsonBoard         `json:"A"`
		B        jsonBoard         `json:"B"`
		Reserves map[string]string `json:"reserves"`
		Alerts   []jsonAlert       `json:"alerts"`
		Presses  int               `json:"presses"`
		Ignored  int               `json:"ignored"`
	}{
		A:        jsonBoard{Moves: r.Moves(bughouse.BoardA), FEN: g.Board(bughouse.BoardA).FEN()},
		B:        jsonBoard{Moves: r.Moves(bughouse.BoardB), FEN: g.Board(bughouse.BoardB).FEN()},
		Reserves: map[string]string{}, Alerts: []jsonAlert{}, Presses: r.Presses, Ignored: r.Ignored,
	}
	for _, s := range bughouse.Seats {
		out.Reserves[s.String()] = g.Reserve(s)
	}
	for _, a := range r.Alerts {
		out.Alerts = append(out.Alerts, jsonAlert{At: clock.FormatSeconds(a.At), Board: a.Board.String(), Seat: a.Seat.String(),
			Kind: a.Kind.String(), Text: a.Text, Squares: a.Squares, Resolved: a.Resolved})
	}
	return json.NewEncoder(w).Encode(out)
}
