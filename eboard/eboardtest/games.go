package eboardtest

import (
	"fmt"
	"math/rand/v2"
	"time"

	"tandem/board"
	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/eboard"
	"tandem/eboard/infer"
	"tandem/eboard/session"
)

// GameOpts configures SessionOf. The zero value makes every move
// cleanly, both boards the right way round.
type GameOpts struct {
	// Noise is what the players' hands do besides the moves (Motions).
	Noise Noise
	// Rng chooses the noise (nil: none).
	Rng *rand.Rand
	// Rotated stands board b turned round.
	Rotated [2]bool
	// LatePutDown, in [0, 1], is the share of moves whose last change
	// comes just after the press (the press reached the clock before the
	// piece was set down).
	LatePutDown float64
	// Step is the time between moves (zero: one second).
	Step time.Duration
}

// SessionOf turns a game's moves, in the record's order, into the session
// two e-boards and the clock make of it: each board's dump at 0, then for
// each move the field updates of the mover's hands (Motions) and the
// mover's press. r are the board rules the moves are played under. It
// returns the session and the game after the last move; an error names
// the first move that is not legal.
func SessionOf(g *bpgn.Game, r board.Rules, opts *GameOpts) (*session.Session, *board.Game, error) {
	if opts == nil {
		opts = &GameOpts{}
	}
	step := opts.Step
	if step <= 0 {
		step = time.Second
	}
	orient := [2]eboard.Orientation{eboard.Normal, eboard.Normal}
	for b, rot := range opts.Rotated {
		if rot {
			orient[b] = eboard.Rotated
		}
	}
	game := board.NewGame(r)
	s := &session.Session{}
	for b := range 2 {
		var f [64]byte
		for sq := board.Square(0); sq < 64; sq++ {
			f[orient[b].Field(sq)] = eboard.Code(infer.StartSquares[sq])
		}
		s.Items = append(s.Items, session.Item{Kind: session.Message, Board: bughouse.Board(b), Msg: eboard.Message{ID: eboard.MsgBoardDump, Data: f[:]}})
	}
	at := step
	for _, mv := range g.Moves {
		b := mv.Seat.Board()
		p := game.Board(b)
		m, err := p.ParseMove(mv.SAN)
		if err != nil {
			return nil, nil, fmt.Errorf("eboardtest: %s: %w", mv.Label(), err)
		}
		cs := Motions(p, m, opts.Noise, opts.Rng)
		if err := game.Make(b, m, mv.SAN); err != nil {
			return nil, nil, fmt.Errorf("eboardtest: %s: %w", mv.Label(), err)
		}
		late := opts.Rng != nil && opts.Rng.Float64() < opts.LatePutDown
		t := at
		for i, c := range cs {
			if late && i == len(cs)-1 {
				s.Items = append(s.Items, session.Item{Kind: session.Press, At: t, Seat: mv.Seat})
				t += 30 * time.Millisecond
			}
			s.Items = append(s.Items, session.Item{Kind: session.Message, At: t, Board: b,
				Msg: eboard.Message{ID: eboard.MsgFieldUpdate, Data: []byte{orient[b].Field(c.Square), eboard.Code(c.Piece)}}})
			t += 40 * time.Millisecond
		}
		if !late {
			s.Items = append(s.Items, session.Item{Kind: session.Press, At: t, Seat: mv.Seat})
		}
		at += step
	}
	return s, game, nil
}
