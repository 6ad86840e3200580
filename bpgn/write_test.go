package bpgn

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// same reports whether two parsed games hold the same record (lines
// aside).
func same(a, b *Game) string {
	if len(a.Tags) != len(b.Tags) {
		return "tag count"
	}
	for i := range a.Tags {
		if a.Tags[i].Name != b.Tags[i].Name || a.Tags[i].Value != b.Tags[i].Value {
			return "tag " + a.Tags[i].Name
		}
	}
	if len(a.Moves) != len(b.Moves) {
		return "move count"
	}
	for i := range a.Moves {
		x, y := &a.Moves[i], &b.Moves[i]
		if x.Number != y.Number || x.Seat != y.Seat || x.SAN != y.SAN || x.Stamp != y.Stamp || x.StampKind != y.StampKind || len(x.Comments) != len(y.Comments) {
			return "move " + x.Label()
		}
		for j := range x.Comments {
			if x.Comments[j].Text != y.Comments[j].Text {
				return "comment of " + x.Label()
			}
		}
	}
	if len(a.Comments) != len(b.Comments) || a.before != b.before {
		return "game comments"
	}
	for i := range a.Comments {
		if a.Comments[i].Text != b.Comments[i].Text {
			return "game comment " + a.Comments[i].Text
		}
	}
	if a.Result != b.Result {
		return "result"
	}
	return ""
}

// Every record of testdata/bpgn written and read back is the same record.
func TestWrite_RoundTripsTheRecords(t *testing.T) {
	files, _ := filepath.Glob("../testdata/bpgn/*.bpgn")
	if len(files) < 7 {
		t.Fatalf("%d records", len(files))
	}
	for _, f := range files {
		src, _ := os.ReadFile(f)
		g, err := Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var out bytes.Buffer
		if err := Write(&out, g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		back, err := Parse(out.Bytes())
		if err != nil {
			t.Fatalf("%s: written record does not parse: %v\n%s", f, err, out.String())
		}
		if d := same(g, back); d != "" {
			t.Errorf("%s: differs in %s after writing:\n%s", f, d, out.String())
		}
	}
}

func TestWrite_RefusesCommentWithBrace(t *testing.T) {
	g := &Game{Comments: []Comment{{Text: "a } b", Line: 3}}}
	if err := Write(&bytes.Buffer{}, g); err == nil {
		t.Error("a comment with } was written")
	}
}

// Random stamps survive the round trip to the nanosecond.
func TestWrite_StampsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := []byte(`[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"]` + "\n1A. e4{1} 1a. e5{1} *")
		g, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.Moves {
			g.Moves[i].Stamp = time.Duration(rapid.Int64Range(0, 3600e9).Draw(t, "stamp"))
		}
		var out bytes.Buffer
		if err := Write(&out, g); err != nil {
			t.Fatal(err)
		}
		back, err := Parse(out.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		if d := same(g, back); d != "" {
			t.Fatalf("differs in %s:\n%s", d, out.String())
		}
	})
}
