package board_test

import (
	"tandem/board"
	"testing"
)

// FuzzFEN: any text either fails with *FENError or gives a position whose
// FEN reads back to the same FEN, and whose moves can be listed and
// played without a panic.
func FuzzFEN(f *testing.F) {
	for _, c := range readPerft(f) {
		f.Add(c.fen)
	}
	f.Add(board.Start)
	f.Add("4k3/8/8/8/8/8/8/4K3/ w - - 0 1")
	f.Add("8/8/8/8/8/8/8/8[] w - - 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPPP] w")
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq e3 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		for _, r := range []board.Rules{board.CrazyhouseRules, rulesFor(t, "fics"), rulesFor(t, "reglamento")} {
			p, err := board.ParseFEN(fen, r)
			if err != nil {
				if _, ok := err.(*board.FENError); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			out := p.FEN()
			q, err := board.ParseFEN(out, r)
			if err != nil {
				t.Fatalf("%q -> %q does not read back: %v", fen, out, err)
			}
			if q.FEN() != out {
				t.Fatalf("%q -> %q -> %q", fen, out, q.FEN())
			}
			var l board.MoveList
			p.LegalMoves(&l)
			if n := p.CountLegal(); n != l.N {
				t.Fatalf("%s: CountLegal %d, LegalMoves %d", out, n, l.N)
			}
			for _, m := range l.Slice() {
				san := p.SAN(m)
				back, err := p.ParseMove(san)
				if err != nil || back != m {
					t.Fatalf("%s: %s reads back as %v, %v", out, san, back, err)
				}
				u := p.Make(m)
				p.Unmake(m, &u)
			}
			_ = p.Status()
		}
	})
}

// FuzzSAN: any text is a legal move (which reads back from its own SAN
// and UCI) or an *IllegalError; nothing panics.
func FuzzSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd5", "O-O", "0-0-0", "e8=Q", "N@f3", "@e3", "$146@g4",
		"xe6", "g1f3", "e7e8q", "P@e4+", "Qxf7#", "Nbd2", "R1a3", "", "@", "=Q", "Kxe1", "e2e4e5"} {
		f.Add(s)
	}
	fens := []string{
		board.Start,
		"r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R[QRBNPqrbnp] w KQkq e6 0 1",
		"4k3/8/8/8/8/8/6b1/4K2R[RR] b K - 0 1",
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, fen := range fens {
			p, err := board.ParseFEN(fen, rulesFor(t, "fics"))
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(text)
			if err != nil {
				if _, ok := err.(*board.IllegalError); !ok {
					t.Fatalf("%q: error of type %T", text, err)
				}
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%q gave %s, which IsLegal refuses", text, m.UCI())
			}
			for _, again := range []string{p.SAN(m), m.UCI()} {
				if back, err := p.ParseMove(again); err != nil || back != m {
					t.Fatalf("%q -> %s reads back as %v, %v", text, again, back, err)
				}
			}
		}
	})
}
