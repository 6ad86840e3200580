package replay

import (
	"fmt"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// Note is an event the engine ignored (it changed nothing, docs/rules.md clock
// rule 3) or refused (rules.Match.Apply returned an error, e.g. a result
// after the decision).
type Note struct {
	// Line is the event's source line; At its instant (ns).
	Line int
	At   time.Duration
	// Event is the event in timeline words, with the record's label for
	// a BPGN move, e.g. "press B-white (33B. Nf3)".
	Event string
	// Why is the engine's reason: Effect.Ignored or Apply's error.
	Why string
	// Refused is true when Apply returned an error; false when it ignored
	// the event.
	Refused bool
}

// Report is the outcome of a replay.
type Report struct {
	// Source, Dialect and Preset are the plan's (Plan.Source...).
	Source, Dialect, Preset string
	// Control is the time control, as clock.Control.String writes it.
	Control string
	Result  rules.Result
	Reason  rules.Reason
	// Article is where the rule behind Reason comes from under the
	// plan's options (rules.Options.Article), e.g. "Art 33".
	Article string
	// Seats are the decisive seats (who flagged, was mated, resigned...);
	// none for a draw by agreement.
	Seats   []bughouse.Seat
	Decided bool
	// DecidedAt is the decision instant (ns), valid when Decided.
	DecidedAt time.Duration
	// At is the instant Clocks are taken at: DecidedAt, or the last
	// instant of the replay when undecided.
	At time.Duration
	// Clocks are the four remaining times at At, indexed by bughouse.Seat.
	Clocks [4]time.Duration
	// Boards are each board's game at At, indexed by bughouse.Board: its
	// outcome from that board's White's view, reason and end instant.
	Boards [2]rules.BoardView
	// Names are the players per seat, when the record names them.
	Names [4]string
	// Ignored counts the events the engine ignored or refused; Notes
	// lists them.
	Ignored int
	Notes   []Note
	// Expect is the record's own result (BPGN only); Mismatch says where
	// the replay disagrees with it (its result, its ending, or a recorded
	// checkmate the board does not show), "" when it agrees.
	Expect   *Expect
	Mismatch string
	// Moves is the board check of a BPGN record's moves (Plan.Moves); nil
	// for timelines. Moves.Illegal is the first illegal move.
	Moves *MoveCheck
	// NoClocks, when not "", says why the clocks were not adjudicated
	// (Plan.NoClocks): DecidedAt, At and Clocks then mean nothing (the
	// recorded ending is declared at instant 0 with the clocks untouched)
	// and the reports leave them out.
	NoClocks string
	// Unchecked, when not "", says which part of the record could not be
	// checked without the clocks (a recorded loss on time, or a result
	// with no ending that says how it came); it is then no Mismatch.
	Unchecked string
}

// Observer, when given to Run, is called after each step with the match
// in its state right after the step, the effect and Apply's error.
type Observer func(st Step, m *rules.Match, eff rules.Effect, err error)

// Run replays the plan in virtual time and reports. It fails only if the
// plan's options cannot be played (rules.New's error).
func (p *Plan) Run(observe Observer) (*Report, error) {
	m, err := rules.New(p.Options)
	if err != nil {
		return nil, err
	}
	r := &Report{Source: p.Source, Dialect: p.Dialect, Preset: p.Preset,
		Control: p.Options.Control.String(), Names: p.Names, Expect: p.Expect}
	for _, st := range p.Steps {
		eff, err := m.Apply(st.Event)
		if err != nil || eff.Ignored != "" {
			n := Note{Line: st.Line, At: st.Event.At, Event: st.Event.String(), Why: eff.Ignored, Refused: err != nil}
			if err != nil {
				n.Why = err.Error()
			}
			if st.Label != "" {
				n.Event += " (" + st.Label + ")"
			}
			r.Notes = append(r.Notes, n)
		}
		if observe != nil {
			observe(st, m, eff, err)
		}
	}
	if p.UntilFlag {
		if f, ok := m.NextDeadline(); ok {
			m.Advance(f)
		}
	}
	if p.HasEnd {
		m.Advance(p.End)
	}
	res, why, seats, at := m.Result()
	r.Result, r.Reason, r.Seats = res, why, seats
	r.Decided = res != rules.NoResult
	r.At = m.Now()
	if r.Decided {
		r.DecidedAt, r.At = at, at
		opts := m.Options()
		r.Article = opts.Article(why)
	}
	snap := m.Snapshot(r.At)
	for _, s := range bughouse.Seats {
		r.Clocks[s] = snap.Clocks[s].Remaining
	}
	r.Boards = snap.Boards
	r.Ignored = len(r.Notes)
	r.NoClocks = p.NoClocks
	if e := p.Expect; p.NoClocks != "" && e != nil {
		switch {
		case e.Reason == rules.Flag:
			r.Unchecked = fmt.Sprintf("the record's result %s (%q, a loss on time) is not checked: only the clocks could show the flag", e.Result, e.Text)
		case e.Reason == rules.NoReason && e.Result != "" && e.Result != "*":
			r.Unchecked = fmt.Sprintf("the record's result %s is not checked: no ending says how it came, and without the clocks only a recorded checkmate, resignation or draw can be checked", e.Result)
		}
	}
	if r.Unchecked == "" {
		r.Mismatch = p.Expect.check(r)
	}
	if p.Expect != nil && p.Expect.HasSeat {
		if mm := p.Moves.mateMismatch(&p.Options, p.Expect.Seat); mm != "" {
			if r.Mismatch != "" {
				r.Mismatch += "; "
			}
			r.Mismatch += mm
		}
	}
	r.Moves = p.Moves
	return r, nil
}

// check returns how r disagrees with the record, "" when it agrees (or
// when there is no record).
func (e *Expect) check(r *Report) string {
	if e == nil {
		return ""
	}
	var why []string
	if e.Result != "" {
		if e.BoardResult {
			if want := r.decidingResult(); e.Result != want {
				why = append(why, fmt.Sprintf("the record's result %s (the deciding board's game, as FICS writes it) should be %s: the replay gives %s", e.Result, want, describe(r)))
			}
		} else if e.Result != r.Result.String() {
			why = append(why, fmt.Sprintf("the record's result is %s but the replay gives %s", e.Result, describe(r)))
		}
	}
	if e.Reason != rules.NoReason {
		switch {
		case r.Reason != e.Reason && !(e.Reason == rules.Flag && r.Reason == rules.SimultaneousFlag):
			why = append(why, fmt.Sprintf("the record ends by %s (%q) but the replay ends %s", e.Reason, e.Text, describe(r)))
		case e.HasSeat && !containsSeat(r.Seats, e.Seat):
			why = append(why, fmt.Sprintf("the record says %s (%s, %q) but the replay's decisive seat is %s", e.Seat, r.Names[e.Seat], e.Text, seatList(r.Seats, r.Names)))
		}
	}
	return strings.Join(why, "; ")
}

// decidingResult returns the result of the game on the board that decided
// the match, from that board's White's view ("*" when undecided). When
// both boards ended at the decision instant it is the match result.
func (r *Report) decidingResult() string {
	if !r.Decided {
		return "*"
	}
	var n int
	var out rules.Outcome
	for _, b := range r.Boards {
		if b.Outcome != rules.Undecided && b.At == r.DecidedAt {
			n++
			out = b.Outcome
		}
	}
	if n != 1 {
		return r.Result.String()
	}
	return out.String()
}

func describe(r *Report) string {
	if !r.Decided {
		return "no result (*)"
	}
	s := r.Result.String() + " by " + r.Reason.String()
	if len(r.Seats) > 0 {
		s += " of " + seatList(r.Seats, r.Names)
	}
	return s + " at " + clock.FormatSeconds(r.DecidedAt) + " s"
}

func containsSeat(seats []bughouse.Seat, s bughouse.Seat) bool {
	for _, x := range seats {
		if x == s {
			return true
		}
	}
	return false
}

func seatList(seats []bughouse.Seat, names [4]string) string {
	if len(seats) == 0 {
		return "none"
	}
	var parts []string
	for _, s := range seats {
		p := s.String()
		if names[s] != "" {
			p += " (" + names[s] + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " and ")
}
