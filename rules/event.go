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
	// Warn: the arbiter warns Seat (Art 40: "advertencia"); it is
	// recorded and counted per player, and changes nothing else.
	Warn
	// Penalize: Seat loses the match by penalty (Art 40: "pérdida del
	// match"), at once, whatever the boards show.
	Penalize
	// AgreeAll: all four players agree to draw the match (seed 002's
	// "acuerdo de todos los jugadores"; under draw_agreement = one-board
	// it is both boards agreed drawn at once, Art 34).
	AgreeAll
	// Deadlocked: no player to move on either board can ever move again
	// (board.Game.Deadlock): under deadlock_draw the match is drawn at
	// that instant (seed 002's safety rule). Match.Moved says when a
	// position is one; the loop applies the event.
	Deadlocked
	// Call: the arbiter calls the match before its start: the no-show
	// tolerance (Delta when positive, else the no_show_tolerance option)
	// counts down from At, and a team not complete at the table when it
	// runs out loses by forfeit (Art 44). A second call restarts it.
	Call
	// Arrive: Seat's player is at the table (Art 44); a team is present
	// when both of its players are.
	Arrive

	lastKind // one past the last kind
)

var kindNames = [...]string{"", "start", "press", "pause", "resume", "adjust", "claim", "uphold", "reject", "result", "reset", "pause-switch",
	"warn", "penalty", "agree", "deadlock", "call", "arrive"}

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
	// Penalty: a loss of the match by penalty (Art 40).
	Penalty
	// AllAgreed: all four players agreed to draw the match (AgreeAll).
	AllAgreed
	// Deadlock: no player to move on either board could ever move again
	// (deadlock_draw, seed 002).
	Deadlock
	// MoveLimit: the move_limit-th move of both boards was made
	// (seed 002: 800 moves).
	MoveLimit
	// FiftyMoves: fifty moves by each player without a capture or a pawn
	// move or drop (FIDE Laws 9.3, through Art 2; fifty_move_draw).
	FiftyMoves
	// BoardSum: both boards were played out and the match is the sum
	// of their points (match_format = both-boards, seed 003).
	BoardSum
)

var reasonNames = [...]string{"", "flag", "simultaneous-flag", "checkmate", "resignation", "illegal-move", "forfeit", "agreement", "stalemate", "repetition", "both-boards", "other", "both-drawn",
	"penalty", "all-agreed", "deadlock", "move-limit", "fifty-moves", "board-sum"}

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
	case Agreement, Stalemate, Repetition, BothDrawn, AllAgreed:
		return "Art 34"
	case Forfeit:
		return "Art 44"
	case Penalty:
		return "Art 40"
	case FiftyMoves:
		return "Art 2: FIDE Laws 9.3"
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
	// Accused, when AccusedSet, is the seat an illegal-move Claim accuses
	// (illegal_move_claim); unset, it is the claimant's board opponent.
	// Events recorded before the field existed read it unset.
	Accused    bughouse.Seat `json:",omitempty"`
	AccusedSet bool          `json:",omitempty"`
}

// Accuses returns the seat an illegal-move claim e accuses: Accused when
// set, else the claimant's board opponent.
func (e *Event) Accuses() bughouse.Seat {
	if e.AccusedSet {
		return e.Accused
	}
	return e.Seat.Opponent()
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
		if e.AccusedSet {
			return fmt.Sprintf("claim %s %s %s", e.Seat, e.Reason, e.Accused)
		}
		return fmt.Sprintf("claim %s %s", e.Seat, e.Reason)
	case Declare:
		return fmt.Sprintf("result %s %s %s", e.Board, e.Outcome, e.Reason)
	case Warn, Penalize, Arrive:
		return e.Kind.String() + " " + e.Seat.String()
	case Call:
		if e.Delta > 0 {
			return "call " + clock.FormatSeconds(e.Delta) + "s"
		}
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
