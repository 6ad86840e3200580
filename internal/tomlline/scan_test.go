package tomlline

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

func scanErr(t *testing.T, doc string, lim Limits) *LimitError {
	t.Helper()
	_, err := Scan([]byte(doc), lim)
	if err == nil {
		return nil
	}
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("%q: %v is not a *LimitError", doc, err)
	}
	return le
}

func TestScan_Depth(t *testing.T) {
	lim := Limits{Depth: 4}
	for doc, want := range map[string]string{
		"[a.b]\nc.d = 1\n":             "",
		"[a.b]\nc.d.e = 1\n":           "line 2: a.b.c.d.e: tables and keys nested more than 4 deep",
		"a = { b = { c = [[1]] } }\n":  "line 1: a.b.c.0.0: tables and keys nested more than 4 deep",
		"[[a]]\n[[a.b]]\n[a.b.c]\n":    "line 3: a.0.b.0.c: tables and keys nested more than 4 deep",
		"x.y.z.w = 1\n\n\nq.r.s.t.u=2": "line 4: q.r.s.t.u: tables and keys nested more than 4 deep",
	} {
		le := scanErr(t, doc, lim)
		got := ""
		if le != nil {
			got = le.Error()
		}
		if got != want {
			t.Errorf("%q: got %q, want %q", doc, got, want)
		}
	}
}

func TestScan_NamesCountedOnce(t *testing.T) {
	// [a.b] and [a.c] name a, a.b, a.c: three names; d under a.c four.
	if le := scanErr(t, "[a.b]\n[a.c]\nd = 1\n", Limits{Names: 4}); le != nil {
		t.Errorf("4 names within 4: %v", le)
	}
	le := scanErr(t, "[a.b]\n[a.c]\nd = 1\ne = [1, 2]\n", Limits{Names: 4})
	if le == nil || le.Line != 4 || strings.Join(le.Path, ".") != "a.c.e" || le.Limit != "Names" {
		t.Errorf("the 5th name: %+v", le)
	}
}

// TestScan_LiveForgetsEarlierElements: the keys of an element of an array
// of tables stop counting as live when the next element starts, nested
// arrays included (counted once, not twice).
func TestScan_LiveForgetsEarlierElements(t *testing.T) {
	var b strings.Builder
	for range 100 {
		b.WriteString("[[team]]\nid = 1\nname = \"x\"\n[[team.p]]\nk = 1\n[[team.p]]\nk = 2\n")
	}
	// Live at most: team, team.0, id, name, p, p.0, k (7); p.1 starts
	// with p.0 and its k forgotten, team.1 with all of team.0's.
	if le := scanErr(t, b.String(), Limits{Live: 7}); le != nil {
		t.Errorf("100 teams within 7 live names: %v", le)
	}
	if le := scanErr(t, b.String(), Limits{Live: 6}); le == nil || le.Limit != "Live" || le.Line != 5 {
		t.Errorf("6 live names: %+v", le)
	}
	if le := scanErr(t, b.String(), Limits{Names: 100}); le == nil || le.Limit != "Names" {
		t.Errorf("100 names in all: %+v", le)
	}
	// Not an array of tables: every table stays live.
	var c strings.Builder
	for i := range 100 {
		c.WriteString("[t" + strings.Repeat("x", i) + "]\n")
	}
	if le := scanErr(t, c.String(), Limits{Live: 50}); le == nil || le.Line != 51 {
		t.Errorf("100 tables, 50 live: %+v", le)
	}
}

// TestScan_IndexAgreesWithNew: within its limits, Scan indexes what New
// does.
func TestScan_IndexAgreesWithNew(t *testing.T) {
	doc := []byte("[[team]]\nid = 1\nplayers = [{ name = \"a\" }, { name = \"b\" }]\n[[team]]\nid = 2\n[x.y]\nz = [1, [2, 3]]\n")
	ix, err := Scan(doc, Limits{Depth: 8, Names: 100, Live: 100})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	New(doc).each(func(p []string, line int) { want[strings.Join(p, ".")] = line })
	got := map[string]int{}
	ix.each(func(p []string, line int) { got[strings.Join(p, ".")] = line })
	if len(got) != len(want) {
		t.Fatalf("Scan named %d paths, New %d", len(got), len(want))
	}
	for p, l := range want {
		if got[p] != l {
			t.Errorf("%s: line %d, want %d", p, got[p], l)
		}
	}
}

// TestScan_ExpressionSizeBeforeParsing: an expression with more
// separators than its names could need is refused before go-toml parses
// it, on the line reached; separators inside strings and comments are
// text and do not count.
func TestScan_ExpressionSizeBeforeParsing(t *testing.T) {
	lim := Limits{Names: 10}
	text := strings.Repeat(".,=[{", 1000)
	for _, doc := range []string{
		"a = \"" + text + "\"\n",
		"a = '" + text + "'\n",
		"a = \"\"\"\n" + text + "\n\"\\\"\"\"\n" + text + "\n\"\"\"\n",
		"a = '''" + text + "\n" + text + "''''\n",
		"# " + text + "\na = 1 # " + text + "\n",
		"a = \"\\\"" + text + "\"\n",
		"a = [\n1.5,\n2.5,\n]\nb = [{ c.d = 1.5 }, {}]\n",
	} {
		if _, err := Scan([]byte(doc), lim); err != nil {
			t.Errorf("%.40q...: %v", doc, err)
		}
	}
	doc := "a = [\n" + strings.Repeat("1,\n", 200) + "]\n"
	_, err := Scan([]byte(doc), lim)
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != "Names" || len(le.Path) != 0 || le.Line != partsPerName*10+8 {
		t.Errorf("a long array: %v", err)
	}
	if le != nil && le.Error() != fmt.Sprintf("line %d: more than 10 keys, tables and array elements", le.Line) {
		t.Errorf("message %q", le.Error())
	}
	// Each expression is counted alone: many small ones pass this scan
	// (and are counted as names by the index).
	if err := expressionSizes([]byte(strings.Repeat("[t]\nx = [1, 2, 3]\n", 1000)), lim); err != nil {
		t.Errorf("small expressions: %v", err)
	}
}

// FuzzScan checks Scan against New: a document whose index is within
// the limits (New's nodes and depth) is never refused, by the count of
// its expressions' separators least of all; one beyond them always is,
// at a line of the document. `go test` runs the seeds; fuzz with
//
//	go test -run '^$' -fuzz FuzzScan -fuzztime 60s ./internal/tomlline
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"a = 1\n", "[t]\nk.l = { m = [1, {n = 2}] }\n", "[[a]]\n[[a.b]]\n[a.c]\nd = 1\n",
		"a = [1.5, 2.5,]\n", "a = [[], [{}]]\n", "x = 1979-05-27T07:32:00.999Z\n", "a = \"x.y,z\" # .,=\n",
		"a.b.c = 1.0\n", "a = '''\n.,[\n'''\n", "a = \"\"\"\\\"\"\"\"\n",
	} {
		f.Add([]byte(s))
	}
	lim := Limits{Depth: 4, Names: 6}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Scan(data, lim)
		lines := strings.Count(string(data), "\n") + 1
		if err != nil {
			var le *LimitError
			if !errors.As(err, &le) || le.Line < 1 || le.Line > lines {
				t.Fatalf("%v: not a *LimitError at a line of the %d", err, lines)
			}
		}
		var v map[string]any
		if toml.Unmarshal(data, &v) != nil {
			return
		}
		nodes, depth := 0, 0
		New(data).eachNode(func(n *node, _ int) {
			nodes++
			depth = max(depth, n.depth)
		})
		within := nodes <= lim.Names && depth <= lim.Depth
		if within != (err == nil) {
			t.Fatalf("%d names %d deep (limits %d, %d): Scan says %v in\n%q", nodes, depth, lim.Names, lim.Depth, err, data)
		}
	})
}
