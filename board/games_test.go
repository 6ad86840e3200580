package board

import (
	"os"
	"path/filepath"
	"testing"

	"tandem/bpgn"
)

// The real records replay legally move by move, in the record's order.
func TestRealGames_LegalUnderFICS(t *testing.T) {
	files, _ := filepath.Glob("../testdata/bpgn/fics_*.bpgn")
	if len(files) < 4 {
		t.Fatalf("found %d FICS records, want 4", len(files))
	}
	r, err := PresetRules("fics", Bughouse)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := bpgn.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(r)
		for _, m := range rec.Moves {
			if _, err := g.Play(m.Seat, m.SAN); err != nil {
				t.Fatalf("%s:%d: %s: %v\n%s", f, m.Line, m.Label(), err, g.FEN())
			}
		}
	}
}
