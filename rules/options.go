package rules

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"tandem/clock"
)

// enum is the text form shared by the option types: each value has one
// name, used by config files, timelines and the console.
type enum[T ~uint8] []string

func (e enum[T]) name(v T) string {
	if int(v) < len(e) {
		return e[v]
	}
	return fmt.Sprintf("%d", uint8(v))
}

func (e enum[T]) parse(what, s string) (T, error) {
	for i, n := range e {
		if n == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q; allowed: %s", what, s, strings.Join(e, ", "))
}

// StartMode says how the clocks start (RULES.md clock rule 1, Art 7).
type StartMode uint8

const (
	// StartArbiter: the arbiter starts both boards at once (pause switch or
	// console); both White clocks start.
	StartArbiter StartMode = iota
	// StartBlackPress: the first press by either Black player starts both
	// White clocks at that instant.
	StartBlackPress
)

var startNames = enum[StartMode]{"arbiter", "black-press"}

// String returns the option's word, as configuration files write it.
func (v StartMode) String() string { return startNames.name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v StartMode) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *StartMode) UnmarshalText(b []byte) error { return set(v, startNames, "start", b) }

// set assigns the value named b to v; v is unchanged on error.
func set[T ~uint8](v *T, e enum[T], what string, b []byte) error {
	x, err := e.parse(what, string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// DropCheck says whether a drop may give check (RULES.md board rules).
type DropCheck uint8

const (
	DropCheckAllowed   DropCheck = iota // drops may check and mate
	DropCheckNoMate                     // drops may check but not mate
	DropCheckForbidden                  // drops may not check (Art 18.2)
)

var dropCheckNames = enum[DropCheck]{"allowed", "no-mate", "forbidden"}

// String returns the option's word, as configuration files write it.
func (v DropCheck) String() string { return dropCheckNames.name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v DropCheck) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *DropCheck) UnmarshalText(b []byte) error { return set(v, dropCheckNames, "drop_check", b) }

// MateRule says which interpositions count when judging mate (Art 23).
type MateRule uint8

const (
	// MateBughouse: not mate while any drop could block, even with an
	// empty reserve (the player may wait for a piece).
	MateBughouse MateRule = iota
	// MateReserve: only the pieces on the board and in the reserve now.
	MateReserve
)

var mateNames = enum[MateRule]{"bughouse", "reserve"}

// String returns the option's word, as configuration files write it.
func (v MateRule) String() string { return mateNames.name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v MateRule) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *MateRule) UnmarshalText(b []byte) error { return set(v, mateNames, "mate", b) }

// Promotion says what a promoting pawn becomes (seed 003).
type Promotion uint8

const (
	// PromotionUpgrade: the pawn becomes the chosen piece (marked as
	// promoted: it returns to a reserve as a pawn, Art 14).
	PromotionUpgrade Promotion = iota
	// PromotionSteal: the chosen piece is taken from the partner's
	// opponent, who receives the pawn.
	PromotionSteal
)

var promotionNames = enum[Promotion]{"upgrade", "steal"}

// String returns the option's word, as configuration files write it.
func (v Promotion) String() string { return promotionNames.name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v Promotion) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *Promotion) UnmarshalText(b []byte) error { return set(v, promotionNames, "promotion", b) }

// StalemateRule says what a player with no legal move and no check means.
type StalemateRule uint8

const (
	StalemateDraw              StalemateRule = iota // the board is drawn (Art 34)
	StalemateWait                                   // no result: the player waits for a piece
	StalemateWinForStalemated                       // the stalemated player wins (seed 004)
	StalemateLossForStalemated                      // the stalemated player loses
)

var stalemateNames = enum[StalemateRule]{"draw", "wait", "win-for-stalemated", "loss-for-stalemated"}

// String returns the option's word, as configuration files write it.
func (v StalemateRule) String() string { return stalemateNames.name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v StalemateRule) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *StalemateRule) UnmarshalText(b []byte) error { return set(v, stalemateNames, "stalemate", b) }

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

var illegalNames = enum[IllegalMovePolicy]{"loss-on-claim", "three-strikes", "arbiter"}

// String returns the option's word, as configuration files write it.
func (v IllegalMovePolicy) String() string { return illegalNames.name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v IllegalMovePolicy) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *IllegalMovePolicy) UnmarshalText(b []byte) error {
	return set(v, illegalNames, "illegal_move", b)
}

// OneBoardDraw says what a draw on one board means (RULES.md clock rule 9).
type OneBoardDraw uint8

const (
	// OtherContinues: the other board decides; if it also draws, the match
	// is drawn (Art 34).
	OtherContinues OneBoardDraw = iota
	// MatchDrawn: a draw on either board draws the match.
	MatchDrawn
)

var oneBoardDrawNames = enum[OneBoardDraw]{"other-continues", "match-draw"}

// String returns the option's word, as configuration files write it.
func (v OneBoardDraw) String() string { return oneBoardDrawNames.name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v OneBoardDraw) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *OneBoardDraw) UnmarshalText(b []byte) error {
	return set(v, oneBoardDrawNames, "one_board_draw", b)
}

// Ranks is an inclusive range of ranks counted from the dropping player's
// side (1 = his first rank), e.g. {2, 6}.
type Ranks [2]int

// Valid reports whether 1 <= min <= max <= 8.
func (r Ranks) Valid() bool { return 1 <= r[0] && r[0] <= r[1] && r[1] <= 8 }

// String returns "[2, 6]".
func (r Ranks) String() string { return fmt.Sprintf("[%d, %d]", r[0], r[1]) }

// Options is a complete rule set: what a preset fixes and a configuration
// may override (RULES.md: options and presets).
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
	// Stalemate: what stalemate means on one board.
	Stalemate StalemateRule
	// RepetitionDraw: threefold repetition (reserves ignored) draws the
	// board; FICS yes, ICC no (RULES.md notes).
	RepetitionDraw bool

	// Board options, stored for the board engine.
	DropCheck             DropCheck
	PawnDropRanks         Ranks
	PieceDropRanks        Ranks
	Mate                  MateRule
	Promotion             Promotion
	CastleDroppedRook     bool
	DroppedPawnDoubleStep bool
}

// ControlFor returns the time control of seat s.
func (o *Options) ControlFor(s Seat) clock.Control {
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
	for _, s := range Seats {
		if c := o.SeatControls[s]; c != nil {
			if err := c.Validate(); err != nil {
				return fmt.Errorf("time control for %s %s: %v", s, c, err)
			}
		}
	}
	if o.SimultaneousWindow < 0 || o.SimultaneousWindow > time.Second {
		return fmt.Errorf("simultaneous_window %v: allowed 0 to 1s", o.SimultaneousWindow)
	}
	if !o.PawnDropRanks.Valid() {
		return fmt.Errorf("pawn_drop_ranks %v: need 1 <= min <= max <= 8", o.PawnDropRanks)
	}
	if !o.PieceDropRanks.Valid() {
		return fmt.Errorf("piece_drop_ranks %v: need 1 <= min <= max <= 8", o.PieceDropRanks)
	}
	for _, e := range []struct {
		name string
		v, n int
	}{
		{"start", int(o.Start), len(startNames)},
		{"one_board_draw", int(o.OneBoardDraw), len(oneBoardDrawNames)},
		{"illegal_move", int(o.IllegalMove), len(illegalNames)},
		{"stalemate", int(o.Stalemate), len(stalemateNames)},
		{"drop_check", int(o.DropCheck), len(dropCheckNames)},
		{"mate", int(o.Mate), len(mateNames)},
		{"promotion", int(o.Promotion), len(promotionNames)},
	} {
		if e.v >= e.n {
			return fmt.Errorf("%s: value %d out of range", e.name, e.v)
		}
	}
	return nil
}

// Preset is a named rule set from RULES.md.
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

// presets holds RULES.md's preset table as data.
var presets = []Preset{
	{
		Name: "reglamento", Source: "seed 000 (Reglamento de Ajedrez Pasapiezas)",
		Summary: "the 45-article regulation: no drop checks, mate counts the reserve only, stalemate draws",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalLossOnClaim, Stalemate: StalemateDraw,
			RepetitionDraw: true,
			DropCheck:      DropCheckForbidden, PawnDropRanks: Ranks{2, 6}, PieceDropRanks: Ranks{1, 8},
			Mate: MateReserve, Promotion: PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
		},
	},
	{
		Name: "pasapiezas", Source: "seed 001 (rules summary)",
		Summary: "no drop checks, nothing dropped on the 8th rank, the stalemated player waits",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalLossOnClaim, Stalemate: StalemateWait,
			RepetitionDraw: true,
			DropCheck:      DropCheckForbidden, PawnDropRanks: Ranks{2, 6}, PieceDropRanks: Ranks{1, 7},
			Mate: MateBughouse, Promotion: PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
		},
	},
	{
		Name: "online", Source: "seed 002 (an online bughouse table)",
		Summary: "online table rules: drop checks allowed, pawns on ranks 2-7, 3+0, draws only by agreement",
		Options: Options{
			Control: clock.SuddenDeath(3 * time.Minute), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalArbiter, Stalemate: StalemateWait,
			RepetitionDraw: false,
			DropCheck:      DropCheckAllowed, PawnDropRanks: Ranks{2, 7}, PieceDropRanks: Ranks{1, 8},
			Mate: MateBughouse, Promotion: PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
		},
	},
	{
		Name: "uscf-fics", Source: "seed 003 (encyclopedia: US federation, FICS, ICC)",
		Summary: "drop checks allowed, pawns on ranks 2-6, steal promotion",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalLossOnClaim, Stalemate: StalemateWait,
			RepetitionDraw: true,
			DropCheck:      DropCheckAllowed, PawnDropRanks: Ranks{2, 6}, PieceDropRanks: Ranks{1, 8},
			Mate: MateBughouse, Promotion: PromotionSteal, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
		},
	},
	{
		Name: "panoriental", Source: "seed 004 (a student-run regional tournament)",
		Summary: "no drop checks, pawns on ranks 1-6, castling with a dropped rook, stalemate wins, three illegal moves lose",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalThreeStrikes, Stalemate: StalemateWinForStalemated,
			RepetitionDraw: true,
			DropCheck:      DropCheckForbidden, PawnDropRanks: Ranks{1, 6}, PieceDropRanks: Ranks{1, 8},
			Mate: MateReserve, Promotion: PromotionUpgrade, CastleDroppedRook: true, DroppedPawnDoubleStep: true,
		},
	},
	{
		Name: "fics", Source: "the FICS server (recorded games in testdata/bpgn)",
		Summary: "what FICS accepted: drop checks allowed, pawns on ranks 2-7, a draw on one board draws the match; replays take the record's time control",
		Options: Options{
			Control: clock.SuddenDeath(2 * time.Minute), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: MatchDrawn, IllegalMove: IllegalArbiter, Stalemate: StalemateWait,
			RepetitionDraw: true,
			DropCheck:      DropCheckAllowed, PawnDropRanks: Ranks{2, 7}, PieceDropRanks: Ranks{1, 8},
			Mate: MateBughouse, Promotion: PromotionUpgrade, CastleDroppedRook: true, DroppedPawnDoubleStep: true,
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
		case StalemateWinForStalemated:
			return "stalemate wins for the stalemated player: seed 004"
		case StalemateLossForStalemated:
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
