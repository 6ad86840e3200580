package board

import (
	"fmt"

	"tandem/internal/enum"
)

// The board options of docs/rules.md ("Board rules"): the choices a preset
// makes and a configuration may override, with the words configuration
// files write.

// DropCheck says whether a drop may give check (docs/rules.md board rules).
type DropCheck uint8

const (
	DropCheckAllowed   DropCheck = iota // drops may check and mate
	DropCheckNoMate                     // drops may check but not mate
	DropCheckForbidden                  // drops may not check (Art 18.2)
)

var dropCheckNames = enum.Names[DropCheck]{"allowed", "no-mate", "forbidden"}

// String returns the option's word, as configuration files write it.
func (v DropCheck) String() string { return dropCheckNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v DropCheck) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *DropCheck) UnmarshalText(b []byte) error { return dropCheckNames.Set(v, "drop_check", b) }

// MateRule says which interpositions count when judging mate (Art 23).
type MateRule uint8

const (
	// MateBughouse: not mate while any drop could block, even with an
	// empty reserve (the player may wait for a piece).
	MateBughouse MateRule = iota
	// MateReserve: only the pieces on the board and in the reserve now.
	MateReserve
)

var mateNames = enum.Names[MateRule]{"bughouse", "reserve"}

// String returns the option's word, as configuration files write it.
func (v MateRule) String() string { return mateNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v MateRule) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *MateRule) UnmarshalText(b []byte) error { return mateNames.Set(v, "mate", b) }

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

var promotionNames = enum.Names[Promotion]{"upgrade", "steal"}

// String returns the option's word, as configuration files write it.
func (v Promotion) String() string { return promotionNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v Promotion) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *Promotion) UnmarshalText(b []byte) error { return promotionNames.Set(v, "promotion", b) }

// StalemateRule says what a player with no legal move and no check means.
type StalemateRule uint8

const (
	StalemateDraw              StalemateRule = iota // the board is drawn (Art 34)
	StalemateWait                                   // no result: the player waits for a piece
	StalemateWinForStalemated                       // the stalemated player wins (seed 004)
	StalemateLossForStalemated                      // the stalemated player loses
)

var stalemateNames = enum.Names[StalemateRule]{"draw", "wait", "win-for-stalemated", "loss-for-stalemated"}

// String returns the option's word, as configuration files write it.
func (v StalemateRule) String() string { return stalemateNames.Name(v) }

// MarshalText writes the option's word (encoding.TextMarshaler).
func (v StalemateRule) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the option's word; on error, listing the allowed
// words, v is unchanged.
func (v *StalemateRule) UnmarshalText(b []byte) error { return stalemateNames.Set(v, "stalemate", b) }

// Ranks is an inclusive range of ranks counted from the dropping player's
// side (1 = his first rank), e.g. {2, 6}.
type Ranks [2]int

// Valid reports whether 1 <= min <= max <= 8.
func (r Ranks) Valid() bool { return 1 <= r[0] && r[0] <= r[1] && r[1] <= 8 }

// String returns "[2, 6]".
func (r Ranks) String() string { return fmt.Sprintf("[%d, %d]", r[0], r[1]) }

// Validate reports the first board option that cannot be played, naming
// it as configuration files do.
func (r *Rules) Validate() error {
	if !r.PawnDropRanks.Valid() {
		return fmt.Errorf("pawn_drop_ranks %v: need 1 <= min <= max <= 8", r.PawnDropRanks)
	}
	if !r.PieceDropRanks.Valid() {
		return fmt.Errorf("piece_drop_ranks %v: need 1 <= min <= max <= 8", r.PieceDropRanks)
	}
	switch {
	case !stalemateNames.Valid(r.Stalemate):
		return fmt.Errorf("stalemate: value %d out of range", r.Stalemate)
	case !dropCheckNames.Valid(r.DropCheck):
		return fmt.Errorf("drop_check: value %d out of range", r.DropCheck)
	case !mateNames.Valid(r.Mate):
		return fmt.Errorf("mate: value %d out of range", r.Mate)
	case !promotionNames.Valid(r.Promotion):
		return fmt.Errorf("promotion: value %d out of range", r.Promotion)
	case r.Variant > Crazyhouse:
		return fmt.Errorf("variant: value %d out of range", r.Variant)
	}
	return nil
}
