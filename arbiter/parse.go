package arbiter

import (
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// Request is a command in text form, as the web console's POST
// /api/action body and the hall's command messages carry it. Which fields
// matter depends on Action (Kind's words):
//
//	start, pause, stop, uphold, reject
//	resume   run                 seats whose clock runs (at most one per
//	                             board; none: the turns in progress)
//	adjust   seat, delta         "+30", "-0:10", "+1:30", "+5m", "+1m30s" (ParseDelta)
//	claim    seat, reason,       illegal-move, flag or other; accused
//	         accused             (optional, illegal-move only): the seat
//	                             accused, else seat's board opponent
//	declare  board, outcome,     "A", "1-0" | "0-1" | "1/2-1/2", checkmate,
//	         reason              resignation, illegal-move, forfeit,
//	                             agreement, stalemate, repetition,
//	                             fifty-moves
//	warn     seat                a warning (Art 40)
//	penalty  seat                loss of the match by penalty (Art 40)
//	agree                        all four players agree to a draw
//	call     tolerance           the no-show countdown starts ("15m";
//	                             optional: the no_show_tolerance option)
//	arrive   seat                the seat's player is at the table
//	new      preset, control     both optional: a preset name, a time
//	                             control in clock syntax ("3m+2s")
//	players  players             four names, A-white first
//	move     board, move         "Nf3", "N@f3", "e7e8q"
//	takeback board
type Request struct {
	Action  string    `json:"action"`
	Seat    string    `json:"seat,omitempty"`
	Board   string    `json:"board,omitempty"`
	Outcome string    `json:"outcome,omitempty"`
	Reason  string    `json:"reason,omitempty"`
	Delta   string    `json:"delta,omitempty"`
	Run     []string  `json:"run,omitempty"`
	Preset  string    `json:"preset,omitempty"`
	Control string    `json:"control,omitempty"`
	Players [4]string `json:"players,omitzero"`
	Move    string    `json:"move,omitempty"`
	// Accused is a claim's accused seat; Tolerance a call's ("15m",
	// clock.ParseDuration).
	Accused   string `json:"accused,omitempty"`
	Tolerance string `json:"tolerance,omitempty"`
}

// Parse reads r into a validated Command. Its error is a *BadRequest
// naming the field that is wrong.
func Parse(r Request) (Command, error) {
	k, err := ParseKind(r.Action)
	if err != nil {
		return Command{}, &BadRequest{Field: "action", Msg: err.Error()}
	}
	c := Command{Kind: k}
	seat := func() error {
		s, err := bughouse.ParseSeat(r.Seat)
		if err != nil {
			return &BadRequest{Field: "seat", Msg: err.Error()}
		}
		c.Seat = s
		return nil
	}
	board := func() error {
		b, err := bughouse.ParseBoard(r.Board)
		if err != nil {
			return &BadRequest{Field: "board", Msg: err.Error()}
		}
		c.Board = b
		return nil
	}
	switch k {
	case Resume:
		for _, name := range r.Run {
			s, err := bughouse.ParseSeat(name)
			if err != nil {
				return Command{}, &BadRequest{Field: "run", Msg: err.Error()}
			}
			if c.Run.Set[s.Board()] {
				return Command{}, bad("run", "two seats of board %s", s.Board())
			}
			c.Run = c.Run.Choose(s)
		}
	case Adjust:
		if err := seat(); err != nil {
			return Command{}, err
		}
		if c.Delta, err = ParseDelta(r.Delta); err != nil {
			return Command{}, &BadRequest{Field: "delta", Msg: err.Error()}
		}
	case Claim:
		if err := seat(); err != nil {
			return Command{}, err
		}
		why, err := rules.ParseReason(r.Reason)
		if err != nil || (why != rules.IllegalMove && why != rules.Flag && why != rules.OtherClaim) {
			return Command{}, bad("reason", "a claim is illegal-move, flag or other")
		}
		c.Reason = why
		if r.Accused != "" {
			s, err := bughouse.ParseSeat(r.Accused)
			if err != nil {
				return Command{}, &BadRequest{Field: "accused", Msg: err.Error()}
			}
			c.Accused, c.AccusedSet = s, true
		}
	case Warn, Penalty, Arrive:
		if err := seat(); err != nil {
			return Command{}, err
		}
	case Call:
		if r.Tolerance != "" {
			d, err := clock.ParseDuration(r.Tolerance)
			if err != nil {
				return Command{}, &BadRequest{Field: "tolerance", Msg: err.Error()}
			}
			c.Delta = d
		}
	case Declare:
		if err := board(); err != nil {
			return Command{}, err
		}
		if c.Outcome, err = rules.ParseOutcome(r.Outcome); err != nil {
			return Command{}, &BadRequest{Field: "outcome", Msg: err.Error()}
		}
		if c.Reason, err = rules.ParseReason(r.Reason); err != nil {
			return Command{}, &BadRequest{Field: "reason", Msg: err.Error()}
		}
	case NewMatch:
		c.Preset = r.Preset
		if r.Control != "" {
			ctl, err := clock.Parse(r.Control)
			if err != nil {
				return Command{}, &BadRequest{Field: "control", Msg: err.Error()}
			}
			c.Control = &ctl
		}
	case SetPlayers:
		c.Players = r.Players
	case Move:
		if err := board(); err != nil {
			return Command{}, err
		}
		c.Text = r.Move
	case TakeBack:
		if err := board(); err != nil {
			return Command{}, err
		}
	}
	if err := c.Validate(); err != nil {
		return Command{}, err
	}
	return c, nil
}

// Request returns c in text form: Parse(c.Request()) gives c back.
func (c Command) Request() Request {
	r := Request{Action: c.Kind.String()}
	switch c.Kind {
	case Resume:
		for b := range c.Run.Set {
			if c.Run.Set[b] {
				r.Run = append(r.Run, c.Run.Seat[b].String())
			}
		}
	case Adjust:
		r.Seat, r.Delta = c.Seat.String(), deltaText(c.Delta)
	case Claim:
		r.Seat, r.Reason = c.Seat.String(), c.Reason.String()
		if c.AccusedSet {
			r.Accused = c.Accused.String()
		}
	case Warn, Penalty, Arrive:
		r.Seat = c.Seat.String()
	case Call:
		if c.Delta > 0 {
			r.Tolerance = clock.FormatDuration(c.Delta)
		}
	case Declare:
		r.Board, r.Outcome, r.Reason = c.Board.String(), c.Outcome.String(), c.Reason.String()
	case NewMatch:
		r.Preset = c.Preset
		if c.Control != nil {
			r.Control = c.Control.String()
		}
	case SetPlayers:
		r.Players = c.Players
	case Move:
		r.Board, r.Move = c.Board.String(), c.Text
	case TakeBack:
		r.Board = c.Board.String()
	}
	return r
}

// deltaText writes d in ParseDelta's grammar: a sign and seconds.
func deltaText(d time.Duration) string {
	if d < 0 {
		return clock.FormatSeconds(d)
	}
	return "+" + clock.FormatSeconds(d)
}
