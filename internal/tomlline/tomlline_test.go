package tomlline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"pgregory.net/rapid"
)

// p splits a path written with dots; tests use no dotted parts.
func p(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ".")
}

func TestExact(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		lines     map[string]int // path -> Exact; 0 = not named
	}{
		{"top-level keys", "a = 1\n\nb = 'x'\n", map[string]int{"a": 1, "b": 3, "c": 0}},
		{"tables", "x = 1\n[t]\nk = 2\n[u]\n\nk = 3\n", map[string]int{"t": 2, "t.k": 3, "u": 4, "u.k": 6, "k": 0}},
		{"dotted header", "[time.seats]\nA = 1\n", map[string]int{"time": 1, "time.seats": 1, "time.seats.A": 2}},
		{"dotted key", "[rules]\n\nclock.mode = 'delay'\n", map[string]int{"rules": 1, "rules.clock": 3, "rules.clock.mode": 3}},
		{"dotted key at top", "a.b.c = 1\na.b.d = 2\n", map[string]int{"a": 1, "a.b": 1, "a.b.c": 1, "a.b.d": 2}},
		{"quoted keys", "[time.seats]\n\"A white\" = 1\n'x.y' = 2\n", map[string]int{"time.seats.A white": 2, "time.seats.x.y": 0}},
		{"inline table", "[time]\nseats = { A = 1,\n  B = 2 }\n", map[string]int{"time.seats": 2, "time.seats.A": 2, "time.seats.B": 3}},
		{"nested inline tables", "t = { u = { v = 1 } }\n", map[string]int{"t": 1, "t.u": 1, "t.u.v": 1}},
		{"array elements", "a = [\n  1,\n  2,\n]\n", map[string]int{"a": 1, "a.0": 2, "a.1": 3, "a.2": 0}},
		{"array on one line", "d = ['x', 'y']\n", map[string]int{"d": 1, "d.0": 1, "d.1": 1}},
		{"inline tables in an array", "p = [\n  { name = 'a' },\n\n  {\n    name = 'b', rating = 3 },\n]\n",
			map[string]int{"p.0": 2, "p.0.name": 2, "p.1": 4, "p.1.name": 5, "p.1.rating": 5}},
		{"empty inline table in an array", "p = [\n  {},\n]\n", map[string]int{"p": 1, "p.0": 2}},
		{"nested arrays", "a = [\n  [1,\n   2],\n]\n", map[string]int{"a.0": 1, "a.0.0": 2, "a.0.1": 3}},
		{"array of tables", "[[team]]\nname = 'a'\n[[team]]\n\nname = 'b'\n",
			map[string]int{"team": 1, "team.0": 1, "team.0.name": 2, "team.1": 3, "team.1.name": 5, "team.name": 0}},
		{"sub-array under the last element", "[[team]]\nname = 'a'\n[[team]]\nname = 'b'\n[[team.players]]\nname = 'x'\n[[team.players]]\nname = 'y'\n",
			map[string]int{"team.1.players": 5, "team.1.players.0": 5, "team.1.players.0.name": 6, "team.1.players.1": 7, "team.1.players.1.name": 8, "team.0.players": 0}},
		{"sub-table under the last element", "[[team]]\n[[team]]\n[team.info]\nk = 1\n",
			map[string]int{"team.1.info": 3, "team.1.info.k": 4, "team.0.info": 0}},
		{"array of tables in a table", "[gpio]\n[[gpio.leds]]\npin = 4\n", map[string]int{"gpio": 1, "gpio.leds": 2, "gpio.leds.0": 2, "gpio.leds.0.pin": 3}},
		{"inline array of tables", "[[team]]\nplayers = [\n  { name = 'x' },\n  { name = 'y' },\n]\n",
			map[string]int{"team.0.players": 2, "team.0.players.1": 4, "team.0.players.1.name": 4}},
		{"first naming wins", "[a]\n[a.b]\nc = 1\n[a.d]\n", map[string]int{"a": 1, "a.b": 2, "a.d": 4}},
		{"key named twice", "[t]\nk = 1\n[u]\n[t.v]\n", map[string]int{"t": 1, "t.v": 4}},
		{"comments and blank lines", "# c\n\n[t] # c\n# k = 1\nk = 2\n", map[string]int{"t": 3, "t.k": 5}},
		{"CRLF line ends", "a = 1\r\n[t]\r\nk = 2\r\n", map[string]int{"a": 1, "t": 2, "t.k": 3}},
		{"multi-line string before a key", "s = '''\nx\ny'''\nk = 1\n", map[string]int{"s": 1, "k": 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := New([]byte(tc.doc))
			for path, want := range tc.lines {
				if got := x.Exact(p(path)); got != want {
					t.Errorf("Exact(%q) = %d, want %d", path, got, want)
				}
			}
		})
	}
}

func TestLine(t *testing.T) {
	doc := "a = 1\n[t]\nk = 2\n[[team]]\n[[team]]\nplayers = [\n  { name = 'x' },\n]\n"
	x := New([]byte(doc))
	for _, tc := range []struct {
		path string
		want int
	}{
		{"a", 1},
		{"a.b.c", 1},            // a missing key under a: a's line
		{"t.missing", 2},        // a missing key of a table: the header
		{"team.1.players.0", 7}, // named exactly
		{"team.1.players.0.rating", 7},
		{"team.1.players.5", 6}, // no such element: the array's key
		{"team.1.id", 5},        // the element's header
		{"team.7.id", 4},        // no such element: where team is first named
		{"missing", 0},
		{"", 0},
	} {
		if got := x.Line(p(tc.path)); got != tc.want {
			t.Errorf("Line(%q) = %d, want %d", tc.path, got, tc.want)
		}
	}
}

func TestLongest(t *testing.T) {
	x := New([]byte("[t]\nb.c = 1\na = { d = 2, e = { d = 3 } }\n[u]\nd = 4\n[v]\nd = 5\n"))
	for _, tc := range []struct {
		line int
		last string
		want []string
	}{
		{3, "d", []string{"t", "a", "e", "d"}},
		{3, "a", []string{"t", "a"}},
		{2, "c", []string{"t", "b", "c"}},
		{2, "b", []string{"t", "b"}},
		{2, "d", nil},
		{9, "d", nil},
		{5, "d", []string{"u", "d"}},
	} {
		if got := x.Longest(tc.line, tc.last); !slices.Equal(got, tc.want) {
			t.Errorf("Longest(%d, %q) = %q, want %q", tc.line, tc.last, got, tc.want)
		}
	}
	// Equals: the first sorted part by part.
	y := New([]byte("b = { k = 1 }\na = { k = 1 }\nc = { k = 1 }\n"))
	z := New([]byte("b.k = 1\na.k = 2\n[c]\n"))
	w := New([]byte("x = [{ k = 1 }, { k = 2 }]\n"))
	if got := y.Longest(1, "k"); !slices.Equal(got, []string{"b", "k"}) {
		t.Errorf("one per line: %q", got)
	}
	if got := z.Longest(2, "k"); !slices.Equal(got, []string{"a", "k"}) {
		t.Errorf("%q", got)
	}
	if got := w.Longest(1, "k"); !slices.Equal(got, []string{"x", "0", "k"}) {
		t.Errorf("equals on one line: %q, want the first sorted", got)
	}
}

func TestZeroAndBroken(t *testing.T) {
	var zero Index
	if zero.Line(p("a")) != 0 || zero.Exact(p("a")) != 0 || zero.Longest(1, "a") != nil {
		t.Error("the zero Index names something")
	}
	// A syntax error ends the scan; the keys before it are kept.
	x := New([]byte("a = 1\nb = \nc = 3\n"))
	if x.Exact(p("a")) != 1 || x.Exact(p("c")) != 0 {
		t.Errorf("after a syntax error: a at %d, c at %d", x.Exact(p("a")), x.Exact(p("c")))
	}
}

// TestWrittenLines writes random documents of tables, arrays of tables and
// keys, one per line, and checks that every key is found at the line it
// was written on, under the element it belongs to.
func TestWrittenLines(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		line := 0
		writeln := func(format string, args ...any) {
			fmt.Fprintf(&b, format+"\n", args...)
			line++
		}
		want := map[string]int{}
		keyName := rapid.SampledFrom([]string{"k", "name", "A white", "x-y", "é"})
		quoteKey := func(k string) string {
			if k == "A white" || k == "é" {
				return fmt.Sprintf("%q", k)
			}
			return k
		}
		arrays := map[string]int{}
		tables := map[string]bool{}
		// Top-level keys first, then sections; each section gets
		// distinct keys.
		nsec := rapid.IntRange(0, 6).Draw(t, "sections")
		for s := 0; s <= nsec; s++ {
			var base []string
			if s > 0 {
				name := rapid.SampledFrom([]string{"t", "u", "team"}).Draw(t, "section")
				array := rapid.Bool().Draw(t, "array")
				if tables[name] || arrays[name] > 0 && !array {
					continue // a table may not be defined twice
				}
				if array {
					writeln("[[%s]]", name)
					base = []string{name, fmt.Sprint(arrays[name])}
					arrays[name]++
				} else {
					writeln("[%s]", name)
					base = []string{name}
					tables[name] = true
				}
				want[strings.Join(base, ".")] = line
			}
			used := map[string]bool{}
			for range rapid.IntRange(0, 4).Draw(t, "keys") {
				k := keyName.Draw(t, "key")
				if used[k] {
					continue
				}
				used[k] = true
				if rapid.Bool().Draw(t, "blank") {
					writeln("")
				}
				writeln("%s = %d", quoteKey(k), line)
				want[strings.Join(append(slices.Clone(base), k), ".")] = line
			}
		}
		doc := b.String()
		var v map[string]any
		if err := toml.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatalf("the generator wrote invalid TOML: %v\n%s", err, doc)
		}
		x := New([]byte(doc))
		for path, l := range want {
			parts := strings.Split(path, ".")
			if got := x.Exact(parts); got != l {
				t.Fatalf("Exact(%q) = %d, want %d in\n%s", parts, got, l, doc)
			}
		}
	})
}

// FuzzNew checks that any input indexes without a panic, to lines that
// exist, and that every key of a document that decodes is found.
func FuzzNew(f *testing.F) {
	for _, s := range []string{
		"a = 1\n", "[t]\nk.l = { m = [1, {n = 2}] }\n", "[[a]]\n[[a.b]]\n[a.c]\nd = 1\n",
		"'q.k' = 1\n\"x\\ty\" = 2\n", "a = [\n[\n1]]\n", "[t\n", "a = {\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x := New(data)
		lines := strings.Count(string(data), "\n") + 1
		x.each(func(p []string, l int) {
			if l < 1 || l > lines {
				t.Fatalf("%q at line %d of %d", p, l, lines)
			}
		})
		var v map[string]any
		if toml.Unmarshal(data, &v) != nil {
			return
		}
		var walk func(path []string, v any)
		walk = func(path []string, v any) {
			if len(path) > 0 && x.Exact(path) == 0 {
				t.Fatalf("%q decodes but is not indexed", path)
			}
			switch v := v.(type) {
			case map[string]any:
				for k, e := range v {
					walk(append(slices.Clone(path), k), e)
				}
			case []any:
				for i, e := range v {
					walk(append(slices.Clone(path), fmt.Sprint(i)), e)
				}
			}
		}
		walk(nil, v)
	})
}

// deepInline is a document whose one key holds inline tables nested depth
// deep: {a = {a = ... 1 ...}}.
func deepInline(depth int) []byte {
	return []byte("x = " + strings.Repeat("{a = ", depth) + "1" + strings.Repeat("}", depth) + "\n")
}

// TestNew_DeepInlineTable: 9 999 inline tables nested in one 60 KB line
// index as 10 000 paths, the deepest found exactly. (The index used to
// keep every path as a joined string: 935 MB for this document; its
// memory is BenchmarkNew_DeepInlineTable's.)
func TestNew_DeepInlineTable(t *testing.T) {
	const depth = 9999
	x := New(deepInline(depth))
	n := 0
	x.eachNode(func(*node, int) { n++ })
	if n != depth+1 {
		t.Fatalf("%d paths indexed, want %d", n, depth+1)
	}
	path := append([]string{"x"}, slices.Repeat([]string{"a"}, depth)...)
	if x.Exact(path) != 1 || x.Exact(append(path, "a")) != 0 || x.Line(append(path, "a", "b")) != 1 {
		t.Errorf("Exact(deepest) = %d, Exact(deeper) = %d", x.Exact(path), x.Exact(append(path, "a")))
	}
	if got := x.Longest(1, "a"); len(got) != depth+1 {
		t.Errorf("Longest(1, a): %d parts, want %d", len(got), depth+1)
	}
}

// BenchmarkNew_DeepInlineTable indexes the 60 KB document of 9 999 nested
// inline tables: bytes/op is the index's memory (about 2 MB; 935 MB when
// paths were joined strings).
func BenchmarkNew_DeepInlineTable(b *testing.B) {
	doc := deepInline(9999)
	b.ReportAllocs()
	for b.Loop() {
		New(doc)
	}
}
