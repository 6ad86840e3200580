package infer_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/board"
	"tandem/bughouse"
	"tandem/eboard/eboardtest"
	"tandem/eboard/infer"
	"tandem/scoresheet"
)

// TestTracker_Property_RandomGames: random bughouse games under a random
// preset, each legal move or drop (chosen at random, on either board)
// made with random noise on that board's e-board and committed by the
// mover's press, are entered as exactly the moves played; the sheet's
// reserves are then the game's.
func TestTracker_Property_RandomGames(t *testing.T) {
	presets := map[string]board.Rules{}
	for _, name := range []string{"reglamento", "pasapiezas", "online", "uscf-fics", "panoriental", "fics"} {
		presets[name] = rulesOf(t, name)
	}
	moves := 0
	defer func() { t.Logf("%d moves", moves) }()
	rapid.Check(t, func(t *rapid.T) {
		preset := rapid.SampledFrom([]string{"reglamento", "pasapiezas", "online", "uscf-fics", "panoriental", "fics"}).Draw(t, "preset")
		r := presets[preset]
		sheet, err := scoresheet.New(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3))
		trackers := [2]*infer.Tracker{infer.NewTracker(bughouse.BoardA), infer.NewTracker(bughouse.BoardB)}
		for _, tr := range trackers {
			tr.Set(0, &infer.StartSquares)
		}
		at := time.Duration(0)
		plies := rapid.IntRange(1, 120).Draw(t, "plies")
		for range plies {
			b := bughouse.Board(rapid.IntRange(0, 1).Draw(t, "board"))
			g := sheet.Game()
			p := g.Board(b)
			var l board.MoveList
			p.LegalMoves(&l)
			if l.N == 0 {
				b ^= 1
				p = g.Board(b)
				p.LegalMoves(&l)
				if l.N == 0 {
					return
				}
			}
			m := l.Moves[rapid.IntRange(0, l.N-1).Draw(t, "move")]
			if err := (&g).Make(b, m, m.UCI()); err != nil {
				continue // a steal with nothing to take
			}
			g = sheet.Game()
			for _, c := range eboardtest.Motions(p, m, eboardtest.AllNoise, rng) {
				at += time.Millisecond
				trackers[b].Put(at, c.Square, c.Piece)
			}
			at += time.Millisecond
			seat := bughouse.SeatOf(b, p.Side())
			out := trackers[b].Press(at, seat, &g)
			if out.Enter == nil || out.Enter.UCI != m.UCI() || out.Enter.At != at || out.Enter.Seat != seat {
				t.Fatalf("%s on %s (%s): %+v alert %v", m.UCI(), b, g.Board(b).FEN(), out.Enter, out.Alert)
			}
			if _, err := sheet.Enter(b, out.Enter.UCI, at); err != nil {
				t.Fatal(err)
			}
			after := sheet.Game()
			if now, _ := trackers[b].Board(); now != infer.SquaresOf(after.Board(b)) {
				t.Fatal("the e-board and the sheet differ after the move")
			}
			// A steal promotion takes its piece from the other board: its
			// player lifts it there.
			now, _ := trackers[b^1].Board()
			want := infer.SquaresOf(after.Board(b ^ 1))
			for _, d := range infer.Diff(&now, &want) {
				trackers[b^1].Put(at, d.Square, d.Seen)
			}
			moves++
		}
	})
}
