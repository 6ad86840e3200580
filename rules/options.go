package rules

import (
	"fmt"
	"sort"
	"strings"
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
)

var startNames = enum.Names[StartMode]{"arbiter", "black-press"}

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
	} {
		if e.v >= e.n {
			return fmt.Errorf("%s: value %d out of range", e.name, e.v)
		}
	}
	return nil
}

// Preset is a named rule set from docs/rules.md.
type Preset struct {
	// Name is the preset's key, e.g. "reglamento".
	Name string
	// Source says where the rules come from, e.g. "seed 000".
	Source string
	// Summary is one line for listings.
	Summary string
	// Options are the preset's full options.
	Options Options
}

// DefaultPreset is the preset used when none is named: the regulation the
// product was built from.
const DefaultPreset = "reglamento"

func fiveZero(beforeFirst bool) clock.Control {
	c := clock.SuddenDeath(5 * time.Minute)
	c.IncrementBeforeFirstMove = beforeFirst
	return c
}

// presets holds docs/rules.md's preset table as data.
var presets = []Preset{
	{
		Name: "reglamento", Source: "seed 000 (Reglamento de Ajedrez Pasapiezas)",
		Summary: "the 45-article regulation: no drop checks, mate counts the reserve only, stalemate draws",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalLossOnClaim, RepetitionDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckForbidden, PawnDropRanks: board.Ranks{2, 6}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateReserve, Promotion: board.PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateDraw,
			},
		},
	},
	{
		Name: "pasapiezas", Source: "seed 001 (rules summary)",
		Summary: "no drop checks, nothing dropped on the 8th rank, the stalemated player waits",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalLossOnClaim, RepetitionDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckForbidden, PawnDropRanks: board.Ranks{2, 6}, PieceDropRanks: board.Ranks{1, 7},
				Mate: board.MateBughouse, Promotion: board.PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
	},
	{
		Name: "online", Source: "seed 002 (an online bughouse table)",
		Summary: "online table rules: drop checks allowed, pawns on ranks 2-7, 3+0, draws only by agreement",
		Options: Options{
			Control: clock.SuddenDeath(3 * time.Minute), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalArbiter, RepetitionDraw: false,
			Rules: board.Rules{
				DropCheck: board.DropCheckAllowed, PawnDropRanks: board.Ranks{2, 7}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateBughouse, Promotion: board.PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
	},
	{
		Name: "uscf-fics", Source: "seed 003 (encyclopedia: US federation, FICS, ICC)",
		Summary: "drop checks allowed, pawns on ranks 2-6, steal promotion",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalLossOnClaim, RepetitionDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckAllowed, PawnDropRanks: board.Ranks{2, 6}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateBughouse, Promotion: board.PromotionSteal, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
	},
	{
		Name: "panoriental", Source: "seed 004 (a student-run regional tournament)",
		Summary: "no drop checks, pawns on ranks 1-6, castling with a dropped rook, stalemate wins, three illegal moves lose",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalThreeStrikes, RepetitionDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckForbidden, PawnDropRanks: board.Ranks{1, 6}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateReserve, Promotion: board.PromotionUpgrade, CastleDroppedRook: true, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWinForStalemated,
			},
		},
	},
	{
		Name: "fics", Source: "the FICS server (recorded games in testdata/bpgn)",
		Summary: "what FICS accepted: drop checks allowed, pawns on ranks 2-7, a draw on one board draws the match; replays take the record's time control",
		Options: Options{
			Control: clock.SuddenDeath(2 * time.Minute), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: MatchDrawn, IllegalMove: IllegalArbiter, RepetitionDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckAllowed, PawnDropRanks: board.Ranks{2, 7}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateBughouse, Promotion: board.PromotionUpgrade, CastleDroppedRook: true, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
	},
}

// Presets returns every preset, sorted by name. The returned values are
// copies: changing them changes nothing here.
func Presets() []Preset {
	out := append([]Preset(nil), presets...)
	for i := range out {
		out[i] = out[i].clone()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// clone returns p with its own copy of the control's Stages. Copying a
// Preset copies the Stages slice header only, so writing
// Options.Control.Stages[i] in a returned "copy" rewrote the preset table
// for every later caller (TestPresets_AreCopies). The presets have no
// SeatControls, so nothing else is shared.
func (p Preset) clone() Preset {
	p.Options.Control.Stages = append([]clock.Stage(nil), p.Options.Control.Stages...)
	return p
}

// PresetNames returns the preset names, sorted.
func PresetNames() []string {
	var names []string
	for _, p := range Presets() {
		names = append(names, p.Name)
	}
	return names
}

// LookupPreset returns the preset called name, or an error listing the
// names that exist.
func LookupPreset(name string) (Preset, error) {
	for _, p := range presets {
		if p.Name == name {
			return p.clone(), nil
		}
	}
	return Preset{}, fmt.Errorf("unknown preset %q; presets are %s", name, strings.Join(PresetNames(), ", "))
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
	case Agreement, Repetition:
		if o.OneBoardDraw == MatchDrawn {
			return "one_board_draw = match-draw"
		}
	}
	return r.Article()
}
