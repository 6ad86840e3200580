package replay_test

import (
	"os"
	"path/filepath"
	"testing"

	"tandem/bpgn"
	"tandem/replay"
	"tandem/rules"
	"tandem/timeline"
)

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

func FuzzBPGN(f *testing.F) {
	addSeeds(f, "../testdata/bpgn/*.bpgn",
		tags+"1A. e4{59} 1B. d4{58.5} 1a. e5{[%clk 0:00:57.25]} {b resigns} 1-0",
		tags+"1A.e4{[ts=1]} 1a... e5 {[ts=1]} $1 ; comment\n% escape\n*")
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := bpgn.Parse(data)
		if err != nil {
			if _, ok := err.(*bpgn.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		_ = g.Termination()
		p, err := replay.FromBPGN(g, "")
		if err != nil {
			return
		}
		checkRun(t, p)
	})
}

func FuzzTimeline(f *testing.F) {
	addSeeds(f, "../testdata/timeline/*.timeline", "control 1m us2s\n0 start\n1 press A-white\n2 end\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := timeline.Parse(data)
		if err != nil {
			return
		}
		for i := 1; i < len(s.Entries); i++ {
			if s.Entries[i].Event.At < s.Entries[i-1].Event.At || s.Entries[i].Line <= s.Entries[i-1].Line {
				t.Fatalf("entry %d out of order: %+v after %+v", i, s.Entries[i], s.Entries[i-1])
			}
		}
		if n := len(s.Entries); s.EndLine > 0 && n > 0 && s.End < s.Entries[n-1].Event.At {
			t.Fatalf("end %v before the last event %v", s.End, s.Entries[n-1].Event.At)
		}
		p, err := replay.FromTimeline(s, "")
		if err != nil {
			return
		}
		checkRun(t, p)
	})
}

// BenchmarkReplayGame replays a whole real game: parse the record, rebuild
// the presses and run the engine (FICS 1934461, 125 moves, lost on time).
func BenchmarkReplayGame(b *testing.B) {
	src, err := os.ReadFile("../testdata/bpgn/fics_1934461_flag.bpgn")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		p, err := replay.Load("fics_1934461_flag.bpgn", src, "")
		if err != nil {
			b.Fatal(err)
		}
		r, err := p.Run(nil)
		if err != nil || r.Result != rules.Team1Wins {
			b.Fatal(err, r.Result)
		}
	}
}
