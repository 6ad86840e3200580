package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tandem/board"
	"tandem/clock"
)

// OptionKeys lists the option names Set accepts, in docs/rules.md's order.
var OptionKeys = []string{
	"start", "increment_before_first_move", "simultaneous_window", "one_board_draw",
	"illegal_move", "stalemate", "repetition_draw",
	"drop_check", "pawn_drop_ranks", "piece_drop_ranks", "mate", "promotion",
	"castle_dropped_rook", "dropped_pawn_double_step",
	"illegal_move_claim", "draw_agreement", "deadlock_draw", "move_limit", "fifty_move_draw",
	"match_format", "no_show_tolerance",
}

// AddedOptionKeys maps each option key added to OptionKeys after the
// first record format to its text before it existed: what tandem did
// then (the zero Options value). A record of a match written before a key
// existed lacks it, and reads it as this value (package journal).
var AddedOptionKeys = map[string]string{
	"illegal_move_claim": "board-opponent", "draw_agreement": "one-board", "deadlock_draw": "false",
	"move_limit": "0", "fifty_move_draw": "false", "match_format": "first-decision", "no_show_tolerance": "0s",
}

// switchKeys are the options that are switches (true or false).
var switchKeys = [...]string{"increment_before_first_move", "repetition_draw", "castle_dropped_rook", "dropped_pawn_double_step",
	"deadlock_draw", "fifty_move_draw"}

// IsSwitch reports whether the option called key is a switch, true or
// false (a configuration file writes it as a TOML boolean).
func IsSwitch(key string) bool { return slices.Contains(switchKeys[:], key) }

// Set sets the option called key from its text form, as configuration
// files and timelines write it: words for the choices ("other-continues"),
// "true"/"false" (or "yes"/"no") for switches, a duration for
// simultaneous_window ("1ms"), and "[2, 6]" or "2-6" for rank ranges.
// increment_before_first_move applies to every seat's control. The error
// names the key and lists what is allowed; o is unchanged on error.
func (o *Options) Set(key, value string) error {
	value = strings.TrimSpace(value)
	var err error
	switch key {
	case "start":
		err = o.Start.UnmarshalText([]byte(value))
	case "one_board_draw":
		err = o.OneBoardDraw.UnmarshalText([]byte(value))
	case "illegal_move":
		err = o.IllegalMove.UnmarshalText([]byte(value))
	case "stalemate":
		err = o.Stalemate.UnmarshalText([]byte(value))
	case "drop_check":
		err = o.DropCheck.UnmarshalText([]byte(value))
	case "mate":
		err = o.Mate.UnmarshalText([]byte(value))
	case "promotion":
		err = o.Promotion.UnmarshalText([]byte(value))
	case "illegal_move_claim":
		err = o.ClaimIllegal.UnmarshalText([]byte(value))
	case "draw_agreement":
		err = o.DrawAgreement.UnmarshalText([]byte(value))
	case "match_format":
		err = o.Format.UnmarshalText([]byte(value))
	case "move_limit":
		n, e := strconv.Atoi(value)
		if e != nil || n < 0 || n > MaxMoveLimit {
			return fmt.Errorf("move_limit %q: write a number of moves of both boards, 0 (no limit) to %d", value, MaxMoveLimit)
		}
		o.MoveLimit = n
	case "no_show_tolerance":
		d, e := clock.ParseDuration(value)
		if e != nil {
			return fmt.Errorf("no_show_tolerance: %v", e)
		}
		if d < 0 || d > MaxNoShowTolerance {
			return fmt.Errorf("no_show_tolerance %v: allowed 0 (none) to 24h", d)
		}
		o.NoShowTolerance = d
	case "simultaneous_window":
		d, e := clock.ParseDuration(value)
		if e != nil {
			return fmt.Errorf("simultaneous_window: %v", clock.TooLarge(e, value, 1e9))
		}
		if d > 1e9 {
			return fmt.Errorf("simultaneous_window %v: allowed 0 to 1s", d)
		}
		o.SimultaneousWindow = d
	case "pawn_drop_ranks", "piece_drop_ranks":
		r, e := parseRanks(value)
		if e != nil {
			return fmt.Errorf("%s: %v", key, e)
		}
		if key == "pawn_drop_ranks" {
			o.PawnDropRanks = r
		} else {
			o.PieceDropRanks = r
		}
	case switchKeys[0], switchKeys[1], switchKeys[2], switchKeys[3], switchKeys[4], switchKeys[5]:
		b, e := parseBool(value)
		if e != nil {
			return fmt.Errorf("%s: %v", key, e)
		}
		switch key {
		case "increment_before_first_move":
			o.Control.IncrementBeforeFirstMove = b
			for i, c := range o.SeatControls {
				if c != nil {
					cc := *c
					cc.IncrementBeforeFirstMove = b
					o.SeatControls[i] = &cc
				}
			}
		case "repetition_draw":
			o.RepetitionDraw = b
		case "castle_dropped_rook":
			o.CastleDroppedRook = b
		case "deadlock_draw":
			o.DeadlockDraw = b
		case "fifty_move_draw":
			o.FiftyMoveDraw = b
		default:
			o.DroppedPawnDoubleStep = b
		}
	default:
		return fmt.Errorf("unknown option %q; options are %s", key, strings.Join(OptionKeys, ", "))
	}
	return err
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "true", "yes", "on":
		return true, nil
	case "false", "no", "off":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a switch; write true or false", s)
}

// parseRanks reads "[2, 6]", "[2,6]" or "2-6".
func parseRanks(s string) (board.Ranks, error) {
	t := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "["), "]")
	a, b, ok := strings.Cut(t, ",")
	if !ok {
		a, b, ok = strings.Cut(t, "-")
	}
	if ok {
		lo, e1 := strconv.Atoi(strings.TrimSpace(a))
		hi, e2 := strconv.Atoi(strings.TrimSpace(b))
		if r := (board.Ranks{lo, hi}); e1 == nil && e2 == nil && r.Valid() {
			return r, nil
		}
	}
	return board.Ranks{}, fmt.Errorf("%q is not a rank range; write [min, max] with 1 <= min <= max <= 8, e.g. [2, 6]", s)
}

// Get returns the text form of the option called key, as Set reads it.
func (o *Options) Get(key string) (string, error) {
	switch key {
	case "start":
		return o.Start.String(), nil
	case "increment_before_first_move":
		return strconv.FormatBool(o.Control.IncrementBeforeFirstMove), nil
	case "simultaneous_window":
		return clock.FormatDuration(o.SimultaneousWindow), nil
	case "one_board_draw":
		return o.OneBoardDraw.String(), nil
	case "illegal_move":
		return o.IllegalMove.String(), nil
	case "stalemate":
		return o.Stalemate.String(), nil
	case "repetition_draw":
		return strconv.FormatBool(o.RepetitionDraw), nil
	case "drop_check":
		return o.DropCheck.String(), nil
	case "pawn_drop_ranks":
		return o.PawnDropRanks.String(), nil
	case "piece_drop_ranks":
		return o.PieceDropRanks.String(), nil
	case "mate":
		return o.Mate.String(), nil
	case "promotion":
		return o.Promotion.String(), nil
	case "castle_dropped_rook":
		return strconv.FormatBool(o.CastleDroppedRook), nil
	case "dropped_pawn_double_step":
		return strconv.FormatBool(o.DroppedPawnDoubleStep), nil
	case "illegal_move_claim":
		return o.ClaimIllegal.String(), nil
	case "draw_agreement":
		return o.DrawAgreement.String(), nil
	case "deadlock_draw":
		return strconv.FormatBool(o.DeadlockDraw), nil
	case "move_limit":
		return strconv.Itoa(o.MoveLimit), nil
	case "fifty_move_draw":
		return strconv.FormatBool(o.FiftyMoveDraw), nil
	case "match_format":
		return o.Format.String(), nil
	case "no_show_tolerance":
		return clock.FormatDuration(o.NoShowTolerance), nil
	}
	return "", fmt.Errorf("unknown option %q; options are %s", key, strings.Join(OptionKeys, ", "))
}
