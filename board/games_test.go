package board_test

import (
	"os"
	"path/filepath"
	"tandem/board"
	"testing"

	"tandem/bpgn"
	"tandem/bughouse"
)

// The real records replay legally move by move, in the record's order.
func TestRealGames_LegalUnderFICS(t *testing.T) {
	files, _ := filepath.Glob("../testdata/bpgn/fics_*.bpgn")
	if len(files) < 4 {
		t.Fatalf("found %d FICS records, want 4", len(files))
	}
	r := rulesFor(t, "fics")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := bpgn.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		g := board.NewGame(r)
		for _, m := range rec.Moves {
			if _, err := g.Play(m.Seat, m.SAN); err != nil {
				t.Fatalf("%s:%d: %s: %v\n%s", f, m.Line, m.Label(), err, g.FEN())
			}
		}
	}
}

// The other dialects: chess.com ("$146@g4" knight drops, "@e3" pawn
// drops, board A without stamps) and bughouse.pro ("xe6" pawn captures)
// read and play legally in the record's order, and end in the recorded
// checkmates; the Sunsetter record is crazyhouse (captures to the own
// hand).
func TestDialects_LegalAndMated(t *testing.T) {
	r := rulesFor(t, "fics")
	for _, c := range []struct {
		file  string
		mated bughouse.Board
	}{
		{"chesscom_export_sample.bpgn", bughouse.BoardA},
		{"bughousepro_golden_export_synthetic.bpgn", bughouse.BoardA},
	} {
		src, err := os.ReadFile("../testdata/bpgn/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := bpgn.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		g := board.NewGame(r)
		for _, m := range rec.Moves {
			if _, err := g.Play(m.Seat, m.SAN); err != nil {
				t.Fatalf("%s:%d: %s: %v\n%s", c.file, m.Line, m.Label(), err, g.FEN())
			}
		}
		if st := g.Board(c.mated).Status(); st != board.Checkmate {
			t.Errorf("%s: board %s is %v, want checkmate", c.file, c.mated, st)
		}
	}

	src, _ := os.ReadFile("../testdata/bpgn/sunsetter_bench_crazyhouse.bpgn")
	rec, err := bpgn.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	zh := r
	zh.Variant = board.Crazyhouse
	p := board.NewPosition(zh)
	for _, m := range rec.Moves {
		mv, err := p.ParseMove(m.SAN)
		if err != nil {
			t.Fatalf("sunsetter:%d: %s: %v\n%s", m.Line, m.Label(), err, p.FEN())
		}
		p.Make(mv)
	}
	if st := p.Status(); st != board.Checkmate {
		t.Errorf("sunsetter: %v, want checkmate (Carla checkmated)", st)
	}
}
