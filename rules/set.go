package rules

import (
	"fmt"
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
}

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
	case "simultaneous_window":
		d, e := clock.ParseDuration(value)
		if e != nil {
			return fmt.Errorf("simultaneous_window: %v", e)
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
	case "increment_before_first_move", "repetition_draw", "castle_dropped_rook", "dropped_pawn_double_step":
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
	}
	return "", fmt.Errorf("unknown option %q; options are %s", key, strings.Join(OptionKeys, ", "))
}
