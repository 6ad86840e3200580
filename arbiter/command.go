package arbiter

import (
	"fmt"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
	"tandem/scoresheet"
)

// Kind is what a Command does.
type Kind uint8

// The arbiter's commands. Which Command fields each uses is listed here;
// the others are ignored.
const (
	// Start starts both boards (both White clocks run; clock rule 1).
	Start Kind = iota + 1
	// Pause stops both boards.
	Pause
	// Stop stops both boards if the clocks run, and does nothing
	// otherwise: what a claim or result form does when it opens.
	Stop
	// Resume continues play: Run chooses whose clock runs on each board
	// (clock rule 8); its zero value continues the turns in progress.
	Resume
	// Adjust adds Delta (negative to remove) to Seat's time while the
	// clocks are stopped (Art 40: a penalty, or a correction).
	Adjust
	// Claim records Seat's claim (Reason: rules.IllegalMove, rules.Flag or
	// rules.OtherClaim), stopping the clocks first (Art 29). An
	// illegal-move claim accuses Accused when AccusedSet (under
	// illegal_move_claim = opposing-team, a partner of the board opponent
	// may claim), else the claimant's board opponent.
	Claim
	// Uphold and Reject resolve the pending claim.
	Uphold
	Reject
	// Declare declares Board's result: Outcome (that board's White's
	// view) with Reason, stopping the clocks first.
	Declare
	// NewMatch starts a new match, ready to start: with Preset (the
	// preset's options) when it is not "", with Control (every seat's
	// time control) when it is not nil, else with the same rules. It is
	// refused while the clocks run (pause first).
	NewMatch
	// SetPlayers sets the players' names (Players, bughouse.Seat order, ""
	// unknown): for the match on the table while it has not started,
	// otherwise for the next match (the match played keeps its players).
	SetPlayers
	// Move enters Text (SAN or UCI, a drop "N@f3") as the next move on
	// Board's scoresheet, by the player to move there.
	Move
	// TakeBack takes back Board's last move on the scoresheet.
	TakeBack
	// Warn warns Seat (Art 40): recorded and counted, the clocks go on.
	Warn
	// Penalty makes Seat lose the match by penalty (Art 40), stopping the
	// clocks.
	Penalty
	// Agree records that all four players agree to draw the match (seed
	// 002's agreement of all players; both boards drawn at once under the
	// other presets), stopping the clocks first.
	Agree
	// Call calls the match before its start: the no-show tolerance
	// (Delta when positive, else the no_show_tolerance option) counts down,
	// and a team not at the table when it runs out loses by forfeit
	// (Art 44).
	Call
	// Arrive marks Seat's player at the table before the start (Art 44).
	Arrive

	lastKind
)

var kindNames = [...]string{"", "start", "pause", "stop", "resume", "adjust", "claim", "uphold", "reject", "declare", "new", "players", "move", "takeback",
	"warn", "penalty", "agree", "call", "arrive"}

// String returns the command's word, as Request.Action writes it.
func (k Kind) String() string {
	if k > 0 && k < lastKind {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind reads a command's word.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if i > 0 && n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown action %q; actions are %s", s, strings.Join(kindNames[1:], ", "))
}

// Command is one arbiter action. Make it in code or with Parse; Validate
// says whether it can be carried out at all (the match may still refuse
// it: Result).
type Command struct {
	Kind    Kind
	Seat    bughouse.Seat
	Board   bughouse.Board
	Outcome rules.Outcome
	Reason  rules.Reason
	// Delta is Adjust's time (ns), signed, never zero, at most MaxDelta
	// either way (ParseDelta's grammar); Call's tolerance (0: the
	// option's, at most rules.MaxNoShowTolerance).
	Delta time.Duration
	// Accused and AccusedSet: Claim's accused (rules.Event.Accused).
	Accused    bughouse.Seat
	AccusedSet bool
	Run        rules.RunChoice
	// Preset and Control are NewMatch's ("" and nil keep the match's).
	Preset  string
	Control *clock.Control
	// Players are SetPlayers' names, each one line of at most MaxName
	// bytes.
	Players [4]string
	// Text is Move's move.
	Text string
}

// MaxName is the longest player's name accepted (bytes).
const MaxName = 100

// MaxMoveText is the longest move text accepted (bytes): the longest SAN
// ("Qh4xe1+") or UCI is far shorter.
const MaxMoveText = 16

// Validate reports the first reason c cannot be carried out whatever the
// match's state: a field out of range, an adjustment that is zero or over
// MaxDelta, a claim or result reason of the wrong kind, a name that is
// not one line. Its error is a *BadRequest naming the field.
func (c *Command) Validate() error {
	switch {
	case c.Kind == 0 || c.Kind >= lastKind:
		return bad("action", "unknown action %d", c.Kind)
	case c.Seat > bughouse.BBlack:
		return bad("seat", "unknown seat %d", c.Seat)
	case c.Board > bughouse.BoardB:
		return bad("board", "unknown board %d", c.Board)
	case c.AccusedSet && c.Accused > bughouse.BBlack:
		return bad("accused", "unknown seat %d", c.Accused)
	}
	for b := range c.Run.Set {
		if c.Run.Set[b] && c.Run.Seat[b].Board() != bughouse.Board(b) {
			return bad("run", "%s is not on board %s", c.Run.Seat[b], bughouse.Board(b))
		}
	}
	switch c.Kind {
	case Adjust:
		if c.Delta == 0 {
			return bad("delta", "the adjustment is zero: it adjusts nothing")
		}
		if c.Delta > MaxDelta || c.Delta < -MaxDelta {
			return bad("delta", "%s is more than 10 hours", clock.FormatDuration(c.Delta))
		}
	case Claim:
		switch c.Reason {
		case rules.IllegalMove, rules.Flag, rules.OtherClaim:
		default:
			return bad("reason", "a claim is illegal-move, flag or other")
		}
		if c.AccusedSet && c.Reason != rules.IllegalMove {
			return bad("accused", "only an illegal-move claim names the accused")
		}
		if c.AccusedSet && c.Accused.Team() == c.Seat.Team() {
			return bad("accused", "%s is %s's own team", c.Accused, c.Seat)
		}
	case Call:
		if c.Delta < 0 || c.Delta > rules.MaxNoShowTolerance {
			return bad("tolerance", "%s; a tolerance is 0 (the no_show_tolerance option) to 24h", clock.FormatDuration(c.Delta))
		}
	case Declare:
		if c.Outcome == rules.Undecided || c.Outcome > rules.Drawn {
			return bad("outcome", "write 1-0, 0-1 or 1/2-1/2")
		}
		switch c.Reason {
		case rules.Checkmate, rules.Resignation, rules.IllegalMove, rules.Forfeit, rules.Agreement, rules.Stalemate, rules.Repetition, rules.FiftyMoves:
		default:
			return bad("reason", "%q is not a reason for a board result; use checkmate, resignation, illegal-move, forfeit, agreement, stalemate, repetition or fifty-moves", c.Reason.String())
		}
	case NewMatch:
		if c.Preset != "" {
			if _, err := rules.LookupPreset(c.Preset); err != nil {
				return bad("preset", "%v", err)
			}
		}
		if c.Control != nil {
			if err := c.Control.Validate(); err != nil {
				return bad("control", "%v", err)
			}
		}
	case SetPlayers:
		for i, name := range c.Players {
			if len(name) > MaxName || strings.ContainsAny(name, "\n\r\x00") {
				return bad("players", "%s's name is not one line of at most %d bytes", bughouse.Seats[i], MaxName)
			}
		}
	case Move:
		if strings.TrimSpace(c.Text) == "" {
			return bad("move", "type a move (SAN such as Nf3, exd5, e8=Q, O-O, N@f3; or UCI such as g1f3)")
		}
		if len(c.Text) > MaxMoveText {
			return bad("move", "%d bytes is not a move", len(c.Text))
		}
	}
	return nil
}

// String describes c for a log, e.g. "adjust A-black +30s".
func (c Command) String() string {
	s := c.Kind.String()
	switch c.Kind {
	case Adjust:
		sign := "+"
		if c.Delta < 0 {
			sign = ""
		}
		s += " " + c.Seat.String() + " " + sign + clock.FormatDuration(c.Delta)
	case Claim:
		s += " " + c.Seat.String() + " " + c.Reason.String()
		if c.AccusedSet {
			s += " " + c.Accused.String()
		}
	case Warn, Penalty, Arrive:
		s += " " + c.Seat.String()
	case Call:
		if c.Delta > 0 {
			s += " " + clock.FormatDuration(c.Delta)
		}
	case Declare:
		s += fmt.Sprintf(" %s %s %s", c.Board, c.Outcome, c.Reason)
	case Resume:
		for b := range c.Run.Set {
			if c.Run.Set[b] {
				s += " " + c.Run.Seat[b].String()
			}
		}
	case NewMatch:
		if c.Preset != "" {
			s += " " + c.Preset
		}
		if c.Control != nil {
			s += " " + c.Control.String()
		}
	case Move:
		s += " " + c.Board.String() + " " + c.Text
	case TakeBack:
		s += " " + c.Board.String()
	}
	return s
}

// BadRequest is the error of a command that cannot be carried out
// whatever the match's state: Field says which part is wrong ("seat",
// "delta", ...), Msg what is wrong with it.
type BadRequest struct {
	Field, Msg string
}

// Error returns "field: msg".
func (e *BadRequest) Error() string { return e.Field + ": " + e.Msg }

func bad(field, format string, args ...any) error {
	return &BadRequest{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Result is what the table answers to a command.
type Result struct {
	// OK is true when the command changed the match (or the scoresheet,
	// or the players).
	OK bool
	// Ignored says why an accepted command changed nothing (e.g. "already
	// started"); Refused why it was refused, and Rule the article or rule
	// option behind the refusal ("" when none applies).
	Ignored string
	Refused string
	Rule    string
	// Notice says what the arbiter should know next, e.g. "board A drawn;
	// board B plays on and decides the match (Art 34): resume it".
	Notice string
	// Status is the match's status after the command.
	Status rules.Status
	// Move is the move entered or taken back (Move, TakeBack).
	Move *scoresheet.Move
}
