package rules

import (
	"fmt"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/enum"
)

// StartMode says how the clocks start (docs/rules.md clock rule 1, Art 7).
type StartMode uint8

const (
	// StartArbiter: the arbiter starts both boards at once (pause switch or
	// console); both White clocks start.
	StartArbiter StartMode = iota
	// StartBlackPress: the first press by either Black player starts both
	// White clocks at that instant.
	StartBlackPress
	// StartBothBlack: both Black players press to start: the first press
	// waits for the other, and the second starts both White clocks at its
	// instant, so both games start together (seed 003: "los jugadores con
	// piezas negras ponen a correr ambos relojes simultáneamente").
	StartBothBlack
)

var startNames = enum.Names[StartMode]{"arbiter", "black-press", "both-black"}

// String returns the option's word, as configuration files write it.
func (v StartMode) String() string { return startNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v StartMode) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *StartMode) UnmarshalText(b []byte) error { return startNames.Set(v, "start", b) }

// IllegalMovePolicy says how an upheld illegal-move claim is punished.
type IllegalMovePolicy uint8

const (
	// IllegalLossOnClaim: the offender loses the game and the match (Art 27).
	IllegalLossOnClaim IllegalMovePolicy = iota
	// IllegalThreeStrikes: the third upheld illegal move loses (seed 004).
	IllegalThreeStrikes
	// IllegalArbiter: the arbiter decides; the claim is recorded and the
	// arbiter declares any result. Used by the online presets, where an
	// illegal move cannot happen, for over-the-board play.
	IllegalArbiter
)

var illegalNames = enum.Names[IllegalMovePolicy]{"loss-on-claim", "three-strikes", "arbiter"}

// String returns the option's word, as configuration files write it.
func (v IllegalMovePolicy) String() string { return illegalNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v IllegalMovePolicy) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *IllegalMovePolicy) UnmarshalText(b []byte) error {
	return illegalNames.Set(v, "illegal_move", b)
}

// OneBoardDraw says what a draw on one board means (docs/rules.md clock rule 9).
type OneBoardDraw uint8

const (
	// OtherContinues: the other board decides; if it also draws, the match
	// is drawn (Art 34).
	OtherContinues OneBoardDraw = iota
	// MatchDrawn: a draw on either board draws the match.
	MatchDrawn
)

var oneBoardDrawNames = enum.Names[OneBoardDraw]{"other-continues", "match-draw"}

// String returns the option's word, as configuration files write it.
func (v OneBoardDraw) String() string { return oneBoardDrawNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v OneBoardDraw) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *OneBoardDraw) UnmarshalText(b []byte) error {
	return oneBoardDrawNames.Set(v, "one_board_draw", b)
}

// ClaimRight says who may claim an illegal move (docs/rules.md:
// illegal_move_claim). The accused is always the last mover of his board
// (Art 26-27).
type ClaimRight uint8

const (
	// ClaimBoardOpponent: only the offender's opponent on that board
	// (Art 29: "Solo pueden reclamar los jugadores del tablero donde
	// ocurrió la irregularidad").
	ClaimBoardOpponent ClaimRight = iota
	// ClaimOpposingTeam: either player of the offender's opposing team,
	// his board opponent or that player's partner (seeds 001 and 003: "es
	// descubierto por alguien del equipo contrario").
	ClaimOpposingTeam
)

var claimRightNames = enum.Names[ClaimRight]{"board-opponent", "opposing-team"}

// String returns the option's word, as configuration files write it.
func (v ClaimRight) String() string { return claimRightNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v ClaimRight) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *ClaimRight) UnmarshalText(b []byte) error {
	return claimRightNames.Set(v, "illegal_move_claim", b)
}

// DrawAgreement says who agrees a draw (docs/rules.md: draw_agreement).
type DrawAgreement uint8

const (
	// AgreeOneBoard: the two players of a board agree their game drawn
	// (a board result by agreement, FIDE Laws 9.1); one_board_draw says
	// what it means for the match.
	AgreeOneBoard DrawAgreement = iota
	// AgreeAllFour: only all four players together may agree, and their
	// agreement draws the match (seed 002: "Solo por acuerdo de todos los
	// jugadores humanos"); a board result by agreement is refused.
	AgreeAllFour
)

var drawAgreementNames = enum.Names[DrawAgreement]{"one-board", "all-four"}

// String returns the option's word, as configuration files write it.
func (v DrawAgreement) String() string { return drawAgreementNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v DrawAgreement) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *DrawAgreement) UnmarshalText(b []byte) error {
	return drawAgreementNames.Set(v, "draw_agreement", b)
}

// MatchFormat says how a match is scored (docs/rules.md: match_format).
type MatchFormat uint8

const (
	// FormatFirstDecision: the first game decided decides the match and
	// the other board stops (Art 31).
	FormatFirstDecision MatchFormat = iota
	// FormatBothBoards: both boards are played out; when one ends the
	// other goes on, its players still drop the pieces in hand but no new
	// piece is passed, and the match result is the sum of the two boards'
	// points (seed 003: "cuando un tablero termina puede continuarse el
	// juego en el otro ... El resultado del juego se decide sumando el
	// puntaje de los dos tableros").
	FormatBothBoards
)

var formatNames = enum.Names[MatchFormat]{"first-decision", "both-boards"}

// String returns the option's word, as configuration files write it.
func (v MatchFormat) String() string { return formatNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v MatchFormat) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *MatchFormat) UnmarshalText(b []byte) error { return formatNames.Set(v, "match_format", b) }

// Limits of the numeric options.
const (
	// MaxMoveLimit is the largest move_limit (moves on both boards).
	MaxMoveLimit = 100000
	// MaxNoShowTolerance is the longest no_show_tolerance.
	MaxNoShowTolerance = 24 * time.Hour
)

// Options is a complete rule set: what a preset fixes and a configuration
// may override (docs/rules.md: options and presets).
type Options struct {
	// Control is every seat's time control (Art 8: the same on both boards).
	Control clock.Control
	// SeatControls, when set for a seat, replaces Control for that seat
	// (handicap). Indexed by Seat.
	SeatControls [4]*clock.Control
	// Start says how the clocks start (clock rule 1).
	Start StartMode
	// SimultaneousWindow: two flags this close count as simultaneous
	// (clock rule 6). Zero means only identical instants.
	SimultaneousWindow time.Duration
	// OneBoardDraw: clock rule 9.
	OneBoardDraw OneBoardDraw
	// IllegalMove: how an upheld illegal move is punished (Art 27).
	IllegalMove IllegalMovePolicy
	// RepetitionDraw: threefold repetition (reserves ignored) draws the
	// board; FICS yes, ICC no (docs/rules.md notes).
	RepetitionDraw bool
	// ClaimIllegal says who may claim an illegal move (illegal_move_claim).
	ClaimIllegal ClaimRight
	// DrawAgreement says who agrees a draw (draw_agreement).
	DrawAgreement DrawAgreement
	// DeadlockDraw: the match is drawn at the instant no player to move
	// on either board can ever move again (deadlock_draw; seed 002's
	// safety rule; board.Game.Deadlock).
	DeadlockDraw bool
	// MoveLimit, when positive, draws the match at the instant the
	// MoveLimit-th move of both boards together is completed by its press
	// (move_limit; seed 002: 800). Zero: no limit.
	MoveLimit int
	// FiftyMoveDraw: a board may be declared drawn by the fifty-move rule
	// (fifty_move_draw; FIDE Laws 9.3, applied through Art 2).
	FiftyMoveDraw bool
	// Format: first decision ends the match, or both boards are played
	// out (match_format).
	Format MatchFormat
	// NoShowTolerance is how long after the match is called a team may
	// still arrive; a team absent when it runs out loses by forfeit
	// (no_show_tolerance; Art 44: "la tolerancia fijada por la
	// convocatoria"). Zero: none set, no automatic forfeit.
	NoShowTolerance time.Duration

	// Rules are the board options (docs/rules.md: board rules), as the
	// board engine takes them: drop_check, the drop ranks, mate,
	// promotion, castle_dropped_rook, dropped_pawn_double_step and
	// stalemate. Their Variant is board.Bughouse in every preset.
	board.Rules
}

// ControlFor returns the time control of seat s.
func (o *Options) ControlFor(s bughouse.Seat) clock.Control {
	if c := o.SeatControls[s]; c != nil {
		return *c
	}
	return o.Control
}

// Validate reports the first option that cannot be played, naming it.
func (o *Options) Validate() error {
	if err := o.Control.Validate(); err != nil {
		return fmt.Errorf("time control %s: %v", o.Control, err)
	}
	for _, s := range bughouse.Seats {
		if c := o.SeatControls[s]; c != nil {
			if err := c.Validate(); err != nil {
				return fmt.Errorf("time control for %s %s: %v", s, c, err)
			}
		}
	}
	if o.SimultaneousWindow < 0 || o.SimultaneousWindow > time.Second {
		return fmt.Errorf("simultaneous_window %v: allowed 0 to 1s", o.SimultaneousWindow)
	}
	if o.MoveLimit < 0 || o.MoveLimit > MaxMoveLimit {
		return fmt.Errorf("move_limit %d: allowed 0 (none) to %d", o.MoveLimit, MaxMoveLimit)
	}
	if o.NoShowTolerance < 0 || o.NoShowTolerance > MaxNoShowTolerance {
		return fmt.Errorf("no_show_tolerance %v: allowed 0 (none) to 24h", o.NoShowTolerance)
	}
	if err := o.Rules.Validate(); err != nil {
		return err
	}
	for _, e := range []struct {
		name string
		v, n int
	}{
		{"start", int(o.Start), len(startNames)},
		{"one_board_draw", int(o.OneBoardDraw), len(oneBoardDrawNames)},
		{"illegal_move", int(o.IllegalMove), len(illegalNames)},
		{"illegal_move_claim", int(o.ClaimIllegal), len(claimRightNames)},
		{"draw_agreement", int(o.DrawAgreement), len(drawAgreementNames)},
		{"match_format", int(o.Format), len(formatNames)},
	} {
		if e.v >= e.n {
			return fmt.Errorf("%s: value %d out of range", e.name, e.v)
		}
	}
	return nil
}

// Article returns where the rule behind a decision for reason r comes from
// under these options: the article of the regulation (Reason.Article), or
// the option and seed when the preset departs from it. It is what result
// displays cite.
func (o *Options) Article(r Reason) string {
	switch r {
	case IllegalMove:
		if o.IllegalMove == IllegalThreeStrikes {
			return "three illegal moves lose: seed 004"
		}
	case Stalemate:
		switch o.Stalemate {
		case board.StalemateWinForStalemated:
			return "stalemate wins for the stalemated player: seed 004"
		case board.StalemateLossForStalemated:
			return "stalemate loses for the stalemated player"
		}
		if o.OneBoardDraw == MatchDrawn {
			return "one_board_draw = match-draw"
		}
	case Agreement, Repetition, FiftyMoves:
		if o.OneBoardDraw == MatchDrawn && o.Format == FormatFirstDecision {
			a := "one_board_draw = match-draw"
			if r == FiftyMoves {
				a += "; " + r.Article()
			}
			return a
		}
	case AllAgreed:
		if o.DrawAgreement == AgreeAllFour {
			return "draw_agreement = all-four: seed 002"
		}
	case Deadlock:
		return "deadlock_draw: no player to move on either board can move again, seed 002"
	case MoveLimit:
		return fmt.Sprintf("move_limit = %d: seed 002", o.MoveLimit)
	case BoardSum:
		return "match_format = both-boards: the sum of both boards, seed 003"
	}
	return r.Article()
}
