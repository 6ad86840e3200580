package rules

import (
	"fmt"
	"strings"
	"tandem/bughouse"
	"tandem/clock"
	"time"
)

// Kind is the kind of an Event.
type Kind uint8

const (
	// Start: the arbiter starts both boards (clock rule 1).
	Start Kind = iota + 1
	// Press: Seat pressed the clock button.
	Press
	// Pause: the pause switch or the arbiter stops both boards at once.
	Pause
	// Resume: play continues. Run chooses whose clock runs on each board;
	// a zero Run continues the turns that were in progress.
	// Before the start, a Resume with a zero Run is the pause switch being
	// released: it starts both boards (clock rule 1) unless start is
	// "black-press".
	Resume
	// Adjust: the arbiter adds Delta (negative to remove) to Seat's time
	// while the clocks are stopped (penalty or correction, Art 40).
	Adjust
	// Claim: Seat claims (Reason: illegal-move, flag, or other); play stops
	// on both boards (Art 29).
	Claim
	// Uphold and Reject resolve the pending claim. An upheld illegal-move
	// claim punishes the claimant's opponent as the illegal_move option says.
	Uphold
	Reject
	// Declare: the arbiter declares Board's result: Outcome with Reason
	// (checkmate, resignation, illegal-move, forfeit, agreement, stalemate,
	// repetition).
	Declare
	// Reset: back to a new match, ready to start, with the same options.
	Reset
	// PauseSwitch: the arbiter's pause switch (a momentary button, the
	// terminal's space, the simulated panel): a Pause while the clocks run,
	// otherwise a Resume of the turns in progress (Match.Resolve). It is
	// resolved inside the loop, against the match as it is when the event
	// is applied, never against a snapshot an input read earlier; the
	// record keeps the resolved event.
	PauseSwitch

	lastKind // one past the last kind
)

var kindNames = [...]string{"", "start", "press", "pause", "resume", "adjust", "claim", "uphold", "reject", "result", "reset", "pause-switch"}

// String returns the kind's timeline word: "start", "press", ..., "result".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Reason says why a board or the match was decided, or what a claim is
// about.
type Reason uint8

// Reasons.
const (
	NoReason Reason = iota
	Flag
	SimultaneousFlag
	Checkmate
	Resignation
	IllegalMove
	Forfeit
	Agreement
	Stalemate
	Repetition
	// BothBoards: both boards were decided at the same instant with
	// opposite results, or the order cannot be determined (clock rule 7,
	// Art 35).
	BothBoards
	// OtherClaim is a claim about anything else (conduct, a wrong press).
	OtherClaim
	// BothDrawn: one board was drawn, the other played on and was drawn
	// too (Art 34).
	BothDrawn
)

var reasonNames = [...]string{"", "flag", "simultaneous-flag", "checkmate", "resignation", "illegal-move", "forfeit", "agreement", "stalemate", "repetition", "both-boards", "other", "both-drawn"}

// String returns the reason's word, e.g. "simultaneous-flag".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// ParseReason reads a reason word as String writes it; "draw" is read as
// agreement and "mate" as checkmate.
func ParseReason(s string) (Reason, error) {
	switch s {
	case "draw":
		return Agreement, nil
	case "mate":
		return Checkmate, nil
	case "illegal":
		return IllegalMove, nil
	}
	for i, n := range reasonNames {
		if i > 0 && n == s {
			return Reason(i), nil
		}
	}
	return NoReason, fmt.Errorf("unknown reason %q; allowed: %s", s, strings.Join(reasonNames[1:], ", "))
}

// Article returns the article of the regulation (seed 000) behind r, for
// result displays; Options.Article refines it for presets whose rule comes
// from elsewhere.
func (r Reason) Article() string {
	switch r {
	case Flag:
		return "Art 33"
	case SimultaneousFlag, BothBoards:
		return "Art 35"
	case Checkmate:
		return "Art 22-23"
	case Resignation:
		return "Art 32"
	case IllegalMove:
		return "Art 27"
	case Agreement, Stalemate, Repetition, BothDrawn:
		return "Art 34"
	case Forfeit:
		return "Art 44"
	}
	return ""
}

// RunChoice says whose clock runs on each board when play resumes. The
// zero value continues the turns in progress.
type RunChoice struct {
	// Set[b] is true when the arbiter chose Seat[b]'s clock on board b.
	Set  [2]bool
	Seat [2]bughouse.Seat
}

// Choose returns c with s's clock chosen to run on s's board.
func (c RunChoice) Choose(s bughouse.Seat) RunChoice {
	c.Set[s.Board()], c.Seat[s.Board()] = true, s
	return c
}

// Event is one input to the match. At is its instant since the match epoch.
// Which other fields matter depends on Kind (see each Kind). Event has no
// pointers, so copies are independent.
type Event struct {
	Kind    Kind
	At      time.Duration
	Seat    bughouse.Seat
	Board   bughouse.Board
	Delta   time.Duration
	Outcome Outcome
	Reason  Reason
	Run     RunChoice
}

// String describes e in the timeline syntax (without the instant).
func (e Event) String() string {
	switch e.Kind {
	case Press:
		return "press " + e.Seat.String()
	case Resume:
		s := "resume"
		for b := range e.Run.Set {
			if e.Run.Set[b] {
				s += " " + e.Run.Seat[b].String()
			}
		}
		return s
	case Adjust:
		sign := "+"
		d := e.Delta
		if d < 0 {
			sign, d = "-", -d
		}
		return fmt.Sprintf("adjust %s %s%s", e.Seat, sign, clock.FormatSeconds(d)+"s")
	case Claim:
		return fmt.Sprintf("claim %s %s", e.Seat, e.Reason)
	case Declare:
		return fmt.Sprintf("result %s %s %s", e.Board, e.Outcome, e.Reason)
	}
	return e.Kind.String()
}

// Effect says what an applied event did. Events that change nothing
// (clock rule 3) are still recorded: Ignored says why.
type Effect struct {
	// Ignored is non-empty when the event changed nothing, e.g.
	// "not A-white's turn", "paused", "match decided".
	Ignored string
	// Refused is the error's text when Apply refused the event (it changed
	// nothing); the snapshot's Last then shows an attempt, not an action.
	Refused string
	// Decided is true when this event (or a flag that fell before it)
	// decided the match.
	Decided bool
}
