package tournament

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzParse: any input gives a Tournament or an *Error, never a panic, and
// a Tournament that came back is consistent (ids are the starting ranks).
func FuzzParse(f *testing.F) {
	if data, err := os.ReadFile(exampleFile); err == nil {
		f.Add(data)
	}
	f.Add([]byte(minimal))
	f.Add([]byte("name = \"x\"\nrounds = 1\n[[team]]\nid = 2\n[[team.players]]\nname = \"a\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tn, err := Parse("f.toml", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || tn != nil {
				t.Fatalf("%T %v (tournament %v)", err, err, tn != nil)
			}
			return
		}
		for i, tm := range tn.Teams {
			if tm.ID != i+1 || tm.Players[0].Name == "" || tm.Players[1].Name == "" {
				t.Fatalf("team %d: %+v", i, tm)
			}
		}
		if err := tn.WriteTRF(&bytes.Buffer{}, nil); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzPairings: the engine and CSV readers and Apply never panic; what
// Apply accepts gives tables with four players each and standings whose
// points never exceed the rounds.
func FuzzPairings(f *testing.F) {
	f.Add("3\n1 6\n2 5\n3 4\n", true)
	f.Add("2\n1 2\n3 0\n", true)
	f.Add("round,table,team1,team2,result\n1,1,1,6,1-0\n1,,5,bye\n2,1,Los Alfiles,2,-/+\n", false)
	f.Fuzz(func(t *testing.T, in string, engine bool) {
		tn, err := Load(exampleFile)
		if err != nil {
			t.Fatal(err)
		}
		var ms []Match
		if engine {
			ms, err = ReadEnginePairings("p", strings.NewReader(in), 1)
		} else {
			ms, err = tn.ReadCSV("p", strings.NewReader(in))
		}
		if err == nil {
			err = tn.Apply("p", ms)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v", err, err)
			}
			return
		}
		for _, r := range tn.PairedRounds() {
			tables, err := tn.Tables(r)
			if err != nil && len(tn.Byes(r)) == 0 {
				t.Fatal(err)
			}
			for _, tb := range tables {
				for _, p := range tb.Seats {
					if p.Name == "" {
						t.Fatalf("round %d table %d: empty seat", r, tb.Number)
					}
				}
			}
		}
		for _, s := range tn.Standings() {
			if s.Points > float64(s.Rounds) {
				t.Fatalf("%+v", s)
			}
		}
	})
}
