package tomlline

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Index maps the path of every key and array element of a document to the
// line, counted from 1, where the document first names it: a table
// header, a key of a key/value pair, a part of a dotted key, a key inside
// an inline table, or the start of an array element. The zero Index names
// nothing.
type Index struct {
	lines map[string]int
}

// sep joins a path's parts into a map key. A TOML key may hold any
// character when quoted, but a NUL byte in a key is rare enough not to
// matter for a line lookup.
const sep = "\x00"

// New parses data and records the line of every key and array element.
// It is meant for a document that has already decoded: a syntax error ends
// the scan, and the index then holds the keys before it.
func New(data []byte) Index {
	ix := &indexer{lines: map[string]int{}, arrays: map[string]int{}}
	for i, b := range data {
		if b == '\n' {
			ix.newlines = append(ix.newlines, i)
		}
	}
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			it := e.Key()
			table = ix.header(&it, e.Kind == unstable.ArrayTable)
		case unstable.KeyValue:
			ix.keyValue(table, e)
		}
	}
	return Index{lines: ix.lines}
}

// Line returns the line of path, or of its longest prefix the document
// names, or 0 if the document names none of it: the line of an error
// about a value that is missing is that of its table.
func (x Index) Line(path []string) int {
	for n := len(path); n > 0; n-- {
		if l, ok := x.lines[strings.Join(path[:n], sep)]; ok {
			return l
		}
	}
	return 0
}

// Exact returns the line of path itself, or 0 when the document does not
// name it; Exact(path) > 0 tells whether the key is in the document.
func (x Index) Exact(path []string) int {
	return x.lines[strings.Join(path, sep)]
}

// Paths returns the paths first named at line, sorted part by part, or
// none. A decoder that reports a key by its line and its name relative to
// a table (go-toml's unknown keys) can be matched against them.
func (x Index) Paths(line int) [][]string {
	var paths [][]string
	for p, l := range x.lines {
		if l == line {
			paths = append(paths, strings.Split(p, sep))
		}
	}
	slices.SortFunc(paths, slices.Compare)
	return paths
}

type indexer struct {
	lines    map[string]int
	newlines []int // offsets of the '\n' bytes, ascending
	// arrays counts the elements of each array of tables by its concrete
	// path, so that [[team.players]] lands under the last [[team]].
	arrays map[string]int
}

// lineOf returns the line of n: the number of newlines before it, plus one.
func (ix *indexer) lineOf(n *unstable.Node) int {
	return sort.SearchInts(ix.newlines, int(n.Raw.Offset)) + 1
}

// record keeps the first line that names path.
func (ix *indexer) record(path []string, line int) {
	s := strings.Join(path, sep)
	if _, ok := ix.lines[s]; !ok {
		ix.lines[s] = line
	}
}

// header resolves a [table] or [[array]] header to its concrete path: a
// part that names an array of tables is followed by the index of its last
// element, and [[array]] itself starts a new element.
func (ix *indexer) header(it *unstable.Iterator, array bool) []string {
	var path []string
	for it.Next() {
		k := it.Node()
		path = append(path, string(k.Data))
		line := ix.lineOf(k)
		ix.record(path, line)
		s := strings.Join(path, sep)
		switch {
		case it.IsLast() && array:
			ix.arrays[s]++
			path = append(path, strconv.Itoa(ix.arrays[s]-1))
			ix.record(path, line)
		case ix.arrays[s] > 0:
			path = append(path, strconv.Itoa(ix.arrays[s]-1))
		}
	}
	return path
}

// keyValue records a key/value pair under base and, inside its value, the
// keys of inline tables and the elements of arrays.
func (ix *indexer) keyValue(base []string, kv *unstable.Node) {
	path := slices.Clone(base)
	it := kv.Key()
	line := 0
	for it.Next() {
		k := it.Node()
		path = append(path, string(k.Data))
		line = ix.lineOf(k)
		ix.record(path, line)
	}
	ix.value(path, kv.Value(), line)
}

// value records the keys and elements inside v, the value at path whose
// key is at line.
func (ix *indexer) value(path []string, v *unstable.Node, line int) {
	switch v.Kind {
	case unstable.InlineTable:
		children := v.Children()
		for children.Next() {
			if c := children.Node(); c.Kind == unstable.KeyValue {
				ix.keyValue(path, c)
			}
		}
	case unstable.Array:
		children := v.Children()
		for i := 0; children.Next(); i++ {
			c := children.Node()
			el := append(slices.Clone(path), strconv.Itoa(i))
			// The parser gives scalars and inline tables their position
			// (an inline table's is its "{"), but not a nested array,
			// which takes the line of the key.
			l := line
			if c.Raw.Length > 0 {
				l = ix.lineOf(c)
			}
			ix.record(el, l)
			ix.value(el, c, l)
		}
	}
}
