package session_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tandem/board"
	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/eboard"
	"tandem/eboard/eboardtest"
	"tandem/eboard/infer"
	"tandem/eboard/session"
	"tandem/replay"
	"tandem/scoresheet"
)

// realGames are the bughouse records of testdata/bpgn (the crazyhouse
// engine game has one board and no partner: not a bughouse session).
func realGames(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("../../testdata/bpgn/*.bpgn")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range paths {
		if !strings.Contains(p, "crazyhouse") {
			out = append(out, p)
		}
	}
	if len(out) < 6 {
		t.Fatalf("%d games in testdata/bpgn", len(out))
	}
	return out
}

// TestReplay_EveryRealGame: each real game of testdata/ made on two
// e-boards with every kind of noise (lift order, pieces pushed off, put
// back, slid, set down wrong and corrected, promotions set as a pawn
// first), board B turned round, some pieces set down just after the
// press, written as a session file, read back and replayed: the same
// moves on both boards, the same FEN and the same four reserves as the
// record's own replay (tandem replay), and no alert left open. The record
// with an illegal drop raises an alert at that drop, and nothing after
// it is entered on that board.
func TestReplay_EveryRealGame(t *testing.T) {
	moves := 0
	for _, path := range realGames(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := replay.Load(path, src, "")
			if err != nil {
				t.Fatal(err)
			}
			g, err := bpgn.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			illegal := plan.Moves.Illegal
			if illegal != nil {
				// The e-boards see the record up to the illegal move and
				// the illegal move itself as the hands would make it.
				i := slices.IndexFunc(g.Moves, func(m bpgn.Move) bool { return m.Line == illegal.Line && m.Seat == illegal.Seat })
				g.Moves = g.Moves[:i]
			}
			for seed := range uint64(3) {
				rng := rand.New(rand.NewPCG(seed, 17))
				s, _, err := eboardtest.SessionOf(g, plan.Options.Rules, &eboardtest.GameOpts{
					Noise: eboardtest.AllNoise, Rng: rng, Rotated: [2]bool{false, true}, LatePutDown: 0.1,
				})
				if err != nil {
					t.Fatal(err)
				}
				if illegal != nil {
					addIllegalDrop(t, s, illegal)
				}
				var file bytes.Buffer
				if err := session.Write(&file, s); err != nil {
					t.Fatal(err)
				}
				back, err := session.Read("game.session", &file)
				if err != nil {
					t.Fatal(err)
				}
				res, err := session.Replay("game.session", back, plan.Options.Rules)
				if err != nil {
					t.Fatal(err)
				}
				want := recordSheet(t, g, plan.Options.Rules)
				for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
					if got, w := res.Moves(b), sans(want, b); !slices.Equal(got, w) {
						t.Fatalf("seed %d board %s: %d moves\n%v\nwant %d\n%v\nalerts %+v", seed, b, len(got), got, len(w), w, res.Alerts)
					}
				}
				if res.Sheet.FEN() != plan.Moves.FEN {
					t.Errorf("FEN %s, want %s", res.Sheet.FEN(), plan.Moves.FEN)
				}
				if res.Reserves() != plan.Moves.Reserves {
					t.Errorf("reserves %v, want %v", res.Reserves(), plan.Moves.Reserves)
				}
				for i, a := range res.Alerts {
					if illegal != nil && i == len(res.Alerts)-1 {
						if a.Resolved || a.Kind != infer.AlertUnexplained || !strings.Contains(a.Text, "holds no") || a.Board != illegal.Board {
							t.Errorf("the illegal drop's alert: %+v", a)
						}
						continue
					}
					if !a.Resolved {
						t.Errorf("alert left open: %s", a.Text)
					}
				}
				if illegal != nil && len(res.Alerts) == 0 {
					t.Error("the illegal drop raised no alert")
				}
				moves += len(g.Moves)
			}
		})
	}
	t.Logf("%d moves replayed from e-board sessions", moves)
}

// recordSheet enters the record's moves on a scoresheet.
func recordSheet(t *testing.T, g *bpgn.Game, r board.Rules) *scoresheet.Sheet {
	t.Helper()
	s, err := scoresheet.New(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range g.Moves {
		if _, err := s.Enter(m.Seat.Board(), m.SAN, 0); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func sans(s *scoresheet.Sheet, b bughouse.Board) []string {
	out := []string{}
	for _, m := range s.Moves() {
		if m.Board == b {
			out = append(out, m.SAN)
		}
	}
	return out
}

// addIllegalDrop appends the hands of an illegal drop (a piece set down
// with no lift) and the dropper's press to s.
func addIllegalDrop(t *testing.T, s *session.Session, m *replay.IllegalMove) {
	t.Helper()
	_, text, _ := strings.Cut(m.Move, ". ")
	kind, sq, ok := strings.Cut(strings.TrimRight(text, "+#"), "@")
	to, good := board.ParseSquare(sq)
	if !ok || !good || len(kind) != 1 {
		t.Fatalf("the illegal move %q is not a drop", m.Move)
	}
	k := board.Kind(strings.IndexByte(" PNBRQK", kind[0]))
	pc := board.MakePiece(m.Seat.Color(), k)
	at := s.Items[len(s.Items)-1].At + time.Second
	o := eboard.Normal
	if m.Board == bughouse.BoardB {
		o = eboard.Rotated
	}
	s.Items = append(s.Items,
		session.Item{Kind: session.Message, At: at, Board: m.Board, Msg: eboard.Message{ID: eboard.MsgFieldUpdate, Data: []byte{o.Field(to), eboard.Code(pc)}}},
		session.Item{Kind: session.Press, At: at + time.Second, Seat: m.Seat})
}
