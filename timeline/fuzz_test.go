package timeline_test

import (
	"os"
	"path/filepath"
	"testing"

	"tandem/replay"
	"tandem/rules"
	"tandem/timeline"
)

// FuzzTimeline parses arbitrary text as a timeline: errors are
// *timeline.Error with a line inside the text; an accepted script has at
// least one event, its entries in time and line order, and its replay
// runs. go test -fuzz FuzzTimeline ./timeline
func FuzzTimeline(f *testing.F) {
	files, err := filepath.Glob("../testdata/timeline/*.timeline")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds: %v", err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{"control 1m us2s\n0 start\n1 press A-white\n2 end\n", "", "# c\npreset fics\n", "-1 start\n",
		"0 pause\n1 adjust A-white 30s\n2 adjust B-black -1m\n", "\ufeff0 start\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := timeline.Parse(data)
		if err != nil {
			e, ok := err.(*timeline.Error)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			lines := 1
			for _, c := range data {
				if c == '\n' {
					lines++
				}
			}
			if e.Line < 1 || e.Line > lines {
				t.Fatalf("error on line %d of a %d-line text: %v", e.Line, lines, err)
			}
			return
		}
		if len(s.Entries) == 0 {
			t.Fatal("a script without events was accepted")
		}
		for i := 1; i < len(s.Entries); i++ {
			if s.Entries[i].Event.At < s.Entries[i-1].Event.At || s.Entries[i].Line <= s.Entries[i-1].Line {
				t.Fatalf("entry %d out of order: %+v after %+v", i, s.Entries[i], s.Entries[i-1])
			}
		}
		for _, e := range s.Entries {
			if e.Event.At < 0 || e.Event.Kind == rules.Adjust && e.Event.Delta == 0 {
				t.Fatalf("accepted %+v", e)
			}
		}
		if n := len(s.Entries); s.EndLine > 0 && s.End < s.Entries[n-1].Event.At {
			t.Fatalf("end %v before the last event %v", s.End, s.Entries[n-1].Event.At)
		}
		p, err := replay.FromTimeline(s, "")
		if err != nil {
			return
		}
		for i := 1; i < len(p.Steps); i++ {
			if p.Steps[i].Event.At < p.Steps[i-1].Event.At {
				t.Fatalf("step %d goes back in time", i)
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
	})
}
