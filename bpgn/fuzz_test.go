package bpgn_test

import (
	"os"
	"path/filepath"
	"testing"

	"tandem/bpgn"
	"tandem/replay"
	"tandem/rules"
)

// FuzzBPGN parses arbitrary text as a record: errors are *bpgn.Error with
// a line inside the text; an accepted record's replay, when planned, runs
// (checkRun). go test -fuzz FuzzBPGN ./bpgn
func FuzzBPGN(f *testing.F) {
	const tags = "[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n[TimeControl \"60+0\"]\n"
	addSeeds(f, "../testdata/bpgn/*.bpgn",
		tags+"1A. e4{59} 1B. d4{58.5} 1a. e5{[%clk 0:00:57.25]} {b resigns} 1-0",
		tags+"1A.e4{[ts=1]} 1a... e5 {[ts=1]} $1 ; comment\n% escape\n*",
		tags+"[Result \"0-1\"]\n1A. e4{59} 1a. e5 {-5} {abc}\n",
		tags+"{b resigns} 1A. e4{59} 1-0")
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := bpgn.Parse(data)
		if err != nil {
			e, ok := err.(*bpgn.Error)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if e.Line < 1 || e.Line > countLines(data) {
				t.Fatalf("error on line %d of a %d-line text: %v", e.Line, countLines(data), err)
			}
			return
		}
		if n := len(g.Moves); n > 0 && (g.LastLine < g.Moves[n-1].Line || g.LastLine > countLines(data)) {
			t.Fatalf("last line %d, last move on line %d", g.LastLine, g.Moves[n-1].Line)
		}
		term := g.Termination()
		if term.Moves < 0 || term.Moves > len(g.Moves) {
			t.Fatalf("termination after %d of %d moves", term.Moves, len(g.Moves))
		}
		p, err := replay.FromBPGN(g, "")
		if err != nil {
			if _, ok := err.(*replay.InputError); !ok {
				t.Fatalf("plan error of type %T: %v", err, err)
			}
			return
		}
		checkRun(t, p)
	})
}

func countLines(b []byte) int {
	n := 1
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}

func addSeeds(f *testing.F, pattern string, extra ...string) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in %s: %v", pattern, err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkRun replays an accepted plan: its steps never go back in time, and
// the report is sane.
func checkRun(t *testing.T, p *replay.Plan) {
	for i := 1; i < len(p.Steps); i++ {
		if p.Steps[i].Event.At < p.Steps[i-1].Event.At {
			t.Fatalf("step %d at %v is before step %d at %v", i, p.Steps[i].Event.At, i-1, p.Steps[i-1].Event.At)
		}
	}
	r, err := p.Run(func(st replay.Step, m *rules.Match, eff rules.Effect, err error) {
		if err == rules.ErrBackwards {
			t.Fatalf("%v: %v", st, err)
		}
	})
	if err != nil {
		t.Fatalf("an accepted plan must run: %v", err)
	}
	for _, c := range r.Clocks {
		if c < 0 {
			t.Fatalf("negative clock %v", c)
		}
	}
	if r.Decided != (r.Result != rules.NoResult) || (r.Decided && r.At != r.DecidedAt) {
		t.Fatalf("inconsistent report %+v", r)
	}
	if _, err := r.MarshalJSON(); err != nil {
		t.Fatal(err)
	}
}
