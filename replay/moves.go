package replay

import (
	"fmt"
	"strings"

	"tandem/board"
	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/rules"
)

// MoveCheck is the board check of a BPGN record: every move played in the
// record's order on two boards (Game) under the plan's options, with the
// reserves tracked, the first illegal move and, for a game that ended by
// checkmate, whether the board shows the mate.
type MoveCheck struct {
	// Variant is "bughouse", or "crazyhouse" for a record whose Variant
	// or Event tag says crazyhouse (captures to the own hand, one board).
	Variant string
	// Checked counts the moves found legal (all of them when Illegal is
	// nil).
	Checked int
	// Illegal is the first illegal move, nil when every move is legal.
	Illegal *IllegalMove
	// MateClaimed: the record says the game ended by checkmate. Mated
	// says whether the loser's board is then checkmate under the options;
	// MateStatus is that board's status (board.Status words).
	MateClaimed, Mated bool
	MateStatus         string
	// Reserves are the four reserves (indexed by bughouse.Seat, letters as
	// board.Position.Reserve writes them) after the last legal move.
	Reserves [4]string
	// FEN is both boards after the last legal move, "FEN-A | FEN-B".
	FEN string
}

// IllegalMove is a move the rules refuse.
type IllegalMove struct {
	// Board and Seat of the mover; Number is the move number as written
	// ("12" of "12a."); Move is the record's label ("12a. Nxe4").
	Board  bughouse.Board
	Seat   bughouse.Seat
	Number int
	Move   string
	Line   int
	// Reason says why; Rule names the option or article it breaks
	// (board.IllegalError).
	Reason, Rule string
	// FEN is the board before the move.
	FEN string
}

// String returns "board A, move 12a. Nxe4 (A-black): reason (rule)".
func (m *IllegalMove) String() string {
	s := fmt.Sprintf("board %s, move %s (%s): %s", m.Board, m.Move, m.Seat, m.Reason)
	if m.Rule != "" {
		s += " (" + m.Rule + ")"
	}
	return s
}

// isCrazyhouse reports whether the record is a crazyhouse game.
func isCrazyhouse(g *bpgn.Game) bool {
	v, _ := g.Tag("Variant")
	ev, _ := g.Tag("Event")
	return strings.EqualFold(v.Value, "crazyhouse") || strings.Contains(strings.ToLower(ev.Value), "crazyhouse")
}

// checkMoves plays the record's moves under o and reports; mated is the
// mated seat when the record ends by checkmate. The boards start from the
// record's FEN tag ("FEN-A | FEN-B", or one FEN for both boards) when it
// has one; a FEN tag that cannot be read is an *InputError on its line.
func checkMoves(g *bpgn.Game, o *rules.Options, mated *bughouse.Seat) (*MoveCheck, error) {
	v := board.Bughouse
	if isCrazyhouse(g) {
		v = board.Crazyhouse
	}
	r := o.Rules
	r.Variant = v
	mc := &MoveCheck{Variant: v.String()}
	// Game plays bughouse; a crazyhouse record is a lone Position.
	game := board.NewGame(r)
	var zh *board.Position
	if v == board.Crazyhouse {
		zh = board.NewPosition(r)
	}
	if t, ok := g.Tag("FEN"); ok {
		var err error
		if zh != nil {
			first, _, _ := strings.Cut(t.Value, "|")
			zh, err = board.ParseFEN(strings.TrimSpace(first), r)
		} else {
			game, err = board.ParseGameFEN(t.Value, r)
		}
		if err != nil {
			return nil, inputErr(t.Line, "FEN tag: %v", err)
		}
	}
	for i := range g.Moves {
		m := &g.Moves[i]
		var err error
		if zh != nil {
			if m.Seat.Board() != bughouse.BoardA {
				err = &board.IllegalError{Move: m.SAN, Reason: "a crazyhouse game has one board"}
			} else if zh.Side() != bughouse.Color(m.Seat.Color()) {
				err = &board.IllegalError{Move: m.SAN, Reason: fmt.Sprintf("it is %s's turn", zh.Side()), Rule: "FIDE Art 1.1, by Art 2: the players move alternately"}
			} else {
				var mv board.Move
				if mv, err = zh.ParseMove(m.SAN); err == nil {
					zh.Make(mv)
				}
			}
		} else {
			_, err = game.Play(m.Seat, m.SAN)
		}
		if err != nil {
			// A refused move changes nothing: the board is as before it.
			before := game.Board(m.Seat.Board()).FEN()
			if zh != nil {
				before = zh.FEN()
			}
			im := &IllegalMove{Board: m.Seat.Board(), Seat: m.Seat, Number: m.Number, Move: m.Label(), Line: m.Line, Reason: err.Error(), FEN: before}
			if ie, ok := err.(*board.IllegalError); ok {
				im.Reason, im.Rule = ie.Reason, ie.Rule
			}
			mc.Illegal = im
			break
		}
		mc.Checked++
	}
	for _, s := range bughouse.Seats {
		if zh != nil {
			if s.Board() == bughouse.BoardA {
				mc.Reserves[s] = zh.Reserve(bughouse.Color(s.Color()))
			}
			continue
		}
		mc.Reserves[s] = game.Reserve(s)
	}
	if zh != nil {
		mc.FEN = zh.FEN()
	} else {
		mc.FEN = game.FEN()
	}
	if mated != nil && mc.Illegal == nil {
		mc.MateClaimed = true
		p := game.Board(mated.Board())
		if zh != nil {
			p = zh
		}
		st := p.Status()
		mc.MateStatus = st.String()
		mc.Mated = st == board.Checkmate && p.Side() == bughouse.Color(mated.Color())
	}
	return mc, nil
}

// mateMismatch says how the board disagrees with a recorded checkmate,
// "" when it agrees.
func (mc *MoveCheck) mateMismatch(o *rules.Options, s bughouse.Seat) string {
	if mc == nil || !mc.MateClaimed || mc.Mated {
		return ""
	}
	why := "the board is " + mc.MateStatus
	if mc.MateStatus == board.MustWait.String() {
		why += fmt.Sprintf(": a drop could still block the check (mate = %s, Art 23)", o.Mate)
	}
	return fmt.Sprintf("the record says %s was checkmated, but after the last move on board %s %s", s, s.Board(), why)
}
