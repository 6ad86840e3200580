package tomlline

import (
	"fmt"
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
//
// It is a tree of the paths' parts, so that its memory is linear in the
// document's size: a document of 60 KB that nests inline tables 9 999
// deep names 9 999 paths whose joined lengths add up to 50 million
// parts, but only 9 999 nodes.
type Index struct {
	root *node
}

// node is one part of a path: the line that first names it (0 for the
// root), the part itself and the node above it (nil for the root), and
// the parts under it.
type node struct {
	line   int
	key    string
	parent *node
	kids   map[string]*node
	// tables counts the elements of the array of tables at this path
	// ([[path]] headers), so that [[team.players]] lands under the last
	// [[team]].
	tables int
	// depth is the number of parts of the node's path (0 for the root);
	// live the number of live nodes of its subtree, itself included
	// (kept only when Scan counts: see Limits.Live).
	depth, live int
}

// child returns n's part k, created at line when new (the first naming
// wins).
func (n *node) child(k string, line int) *node {
	if c, ok := n.kids[k]; ok {
		return c
	}
	if n.kids == nil {
		n.kids = map[string]*node{}
	}
	c := &node{line: line, key: k, parent: n, depth: n.depth + 1, live: 1}
	n.kids[k] = c
	return c
}

// New parses data and records the line of every key and array element.
// It is meant for a document that has already decoded: a syntax error ends
// the scan, and the index then holds the keys before it. It counts
// nothing: a document read from outside goes through Scan first.
func New(data []byte) Index {
	ix, _ := Scan(data, Limits{})
	return ix
}

// Limits bound what Scan accepts, so that nothing that reads the
// document after it (go-toml's decoder above all) sees more than a
// tandem file can hold. A zero field sets no limit.
type Limits struct {
	// Depth is the most parts a path may have: a table header's parts,
	// then a key's dotted parts, plus one for each inline table or array
	// the key is inside ([hub.tables.t07] user = "x" is 4 parts).
	Depth int
	// Names is the most different paths the document may name: keys,
	// tables and array elements, counted once each. Each is a node of
	// the index; the count bounds its memory and the decoder's.
	Names int
	// Live is the most paths named outside the earlier elements of an
	// array of tables. go-toml's decoder checks each key against every
	// key it has seen (a linear search) and forgets an element's keys
	// when the array's next [[header]] starts: its work is the number of
	// keys times this count, which Live keeps small even where Names is
	// large (a tournament file's [[team]] tables).
	Live int
}

// LimitError is the error of Scan for a document beyond one of its
// Limits, at the first expression that goes beyond it.
type LimitError struct {
	// Line is the line of the part that went beyond the limit, from 1.
	Line int
	// Path is that part's path (for Depth, its first Depth+1 parts).
	Path []string
	// Limit is the field of Limits exceeded: "Depth", "Names" or "Live".
	Limit string
	// Max is that limit's value.
	Max int
}

// Error says which limit, as "line 3: a.b.c: keys nested more than 16
// deep".
func (e *LimitError) Error() string {
	if len(e.Path) == 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg())
	}
	return fmt.Sprintf("line %d: %s: %s", e.Line, strings.Join(e.Path, "."), e.Msg())
}

// Msg is the message without the line and path: what the document does
// beyond which limit.
func (e *LimitError) Msg() string {
	switch e.Limit {
	case "Depth":
		return fmt.Sprintf("tables and keys nested more than %d deep", e.Max)
	case "Names":
		return fmt.Sprintf("more than %d keys, tables and array elements", e.Max)
	}
	return fmt.Sprintf("more than %d keys, tables and array elements outside the earlier elements of arrays of tables", e.Max)
}

// Scan is New, counting: it stops at the first part of the document
// beyond lim, with a *LimitError naming its line and path, and returns
// the index of what came before. Its time is linear in len(data) whatever
// the document holds; with limits, the index holds at most lim.Names
// nodes and go-toml's parser, which holds one expression whole (some 60
// bytes a part: a key of 300 000 parts took 100 MB), never sees an
// expression of more than a few times lim.Live or lim.Names parts
// (expressionSizes).
func Scan(data []byte, lim Limits) (Index, error) {
	if err := expressionSizes(data, lim); err != nil {
		return Index{}, err
	}
	ix := &indexer{root: &node{live: 1}, lim: lim}
	for i, b := range data {
		if b == '\n' {
			ix.newlines = append(ix.newlines, i)
		}
	}
	var p unstable.Parser
	p.Reset(data)
	table := ix.root
	for ix.err == nil && p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			it := e.Key()
			table = ix.header(&it, e.Kind == unstable.ArrayTable)
		case unstable.KeyValue:
			ix.keyValue(table, e)
		}
	}
	if ix.err != nil {
		return Index{root: ix.root}, ix.err
	}
	return Index{root: ix.root}, nil
}

// partsPerName bounds the separators ('.', ',', '=', '[', '{' outside
// strings and comments) an expression spends on each name it makes: a
// name's own '=' or '.' before it, the ',' after it, its value's '[' or
// '{' and that value's trailing ',', a '.' in its value (1.5, a time's
// fraction), a header's "[[": never more than 6.
const partsPerName = 6

// expressionSizes refuses, before go-toml parses it, an expression (a
// header, or a key/value pair up to its last line) with more separators
// than partsPerName times the smallest of lim.Live and lim.Names, plus a
// few: it names more than that limit allows, which Scan would refuse
// after go-toml's parser had held it whole. The scan follows TOML's
// strings (basic, literal, multi-line) and comments, whose bytes are
// text, and its brackets, inside which a newline does not end the
// expression. A document that is not TOML is counted as best it can:
// go-toml reports what is wrong with it.
func expressionSizes(data []byte, lim Limits) error {
	max, limit := lim.Names, "Names"
	if lim.Live > 0 && (max == 0 || lim.Live < max) {
		max, limit = lim.Live, "Live"
	}
	if max == 0 {
		return nil
	}
	most := partsPerName*max + 8
	line, depth, parts := 1, 0, 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line++
			if depth == 0 {
				parts = 0
			}
		case '#':
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			multi := i+2 < len(data) && data[i+1] == c && data[i+2] == c
			if multi {
				i += 2
			}
			for i++; i < len(data); i++ {
				d := data[i]
				if d == '\\' && c == '"' {
					if i+1 < len(data) && data[i+1] == '\n' {
						line++
					}
					i++
					continue
				}
				if d == '\n' {
					line++
					if !multi {
						break // not TOML; the line ends the string
					}
				}
				if d == c && (!multi || i+2 < len(data) && data[i+1] == c && data[i+2] == c) {
					if multi {
						i += 2
						// """" ends with a quote of its text.
						for i+1 < len(data) && data[i+1] == c {
							i++
						}
					}
					break
				}
			}
		case '[', '{':
			depth++
			parts++
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case '.', ',', '=':
			parts++
		}
		if parts > most {
			return &LimitError{Line: line, Limit: limit, Max: max}
		}
	}
	return nil
}

// walk returns the node of path's longest prefix the index names, and
// that prefix's length.
func (x Index) walk(path []string) (*node, int) {
	n := x.root
	if n == nil {
		return nil, 0
	}
	for i, k := range path {
		c, ok := n.kids[k]
		if !ok {
			return n, i
		}
		n = c
	}
	return n, len(path)
}

// Line returns the line of path, or of its longest prefix the document
// names, or 0 if the document names none of it: the line of an error
// about a value that is missing is that of its table.
func (x Index) Line(path []string) int {
	n, _ := x.walk(path)
	if n == nil {
		return 0
	}
	return n.line // the root's is 0
}

// Exact returns the line of path itself, or 0 when the document does not
// name it; Exact(path) > 0 tells whether the key is in the document.
func (x Index) Exact(path []string) int {
	n, depth := x.walk(path)
	if n == nil || depth < len(path) {
		return 0
	}
	return n.line
}

// Longest returns, of the paths first named at line whose last part is
// last, the longest written out (its parts' bytes plus one separator
// between each two), the first sorted part by part among equals; nil when
// there is none. A decoder that reports a key by its line and its name
// relative to a table (go-toml's unknown keys) finds the full path with
// it. It never builds more than two paths at a time: a document of
// thousands of nested tables names a quadratic number of path parts.
func (x Index) Longest(line int, last string) []string {
	var best *node
	bestLen := -1
	var a, b []string // paths of two equals, compared
	x.eachNode(func(n *node, written int) {
		if n.line != line || n.key != last || written < bestLen {
			return
		}
		if written == bestLen {
			a, b = n.path(a[:0]), best.path(b[:0])
			if slices.Compare(a, b) >= 0 {
				return
			}
		}
		best, bestLen = n, written
	})
	if best == nil {
		return nil
	}
	return best.path(nil)
}

// path writes n's path into b (reused) and returns it.
func (n *node) path(b []string) []string {
	for m := n; m.parent != nil; m = m.parent {
		b = append(b, m.key)
	}
	slices.Reverse(b)
	return b
}

// eachNode calls f with every node but the root, and its path's written
// length, in no particular order (iteratively: a tree may be thousands
// deep).
func (x Index) eachNode(f func(n *node, written int)) {
	if x.root == nil {
		return
	}
	type frame struct {
		n       *node
		written int
	}
	stack := []frame{{x.root, -1}}
	for len(stack) > 0 {
		fr := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if fr.n != x.root {
			f(fr.n, fr.written)
		}
		for k, c := range fr.n.kids {
			stack = append(stack, frame{c, fr.written + 1 + len(k)})
		}
	}
}

// each calls f with every path the index names and its line, in no
// particular order (for tests: a path is built per node).
func (x Index) each(f func(path []string, line int)) {
	var b []string
	x.eachNode(func(n *node, _ int) {
		b = n.path(b[:0])
		f(b, n.line)
	})
}

type indexer struct {
	root     *node
	newlines []int // offsets of the '\n' bytes, ascending
	lim      Limits
	// names counts the nodes made, live those not under an element of
	// an array of tables that a later element followed.
	names, live int
	// err is the first limit exceeded; nothing is indexed after it.
	err error
}

// child is n.child(k, line), counted against the limits: once one is
// exceeded it returns n and indexes nothing more.
func (ix *indexer) child(n *node, k string, line int) *node {
	if ix.err != nil {
		return n
	}
	if c, ok := n.kids[k]; ok {
		return c
	}
	fail := func(limit string, max int) *node {
		path := append(n.path(nil), k)
		ix.err = &LimitError{Line: line, Path: path, Limit: limit, Max: max}
		return n
	}
	switch {
	case ix.lim.Depth > 0 && n.depth+1 > ix.lim.Depth:
		return fail("Depth", ix.lim.Depth)
	case ix.lim.Names > 0 && ix.names+1 > ix.lim.Names:
		return fail("Names", ix.lim.Names)
	case ix.lim.Live > 0 && ix.live+1 > ix.lim.Live:
		return fail("Live", ix.lim.Live)
	}
	ix.names++
	ix.live++
	c := n.child(k, line)
	if ix.lim != (Limits{}) {
		// The live counts of the subtrees, for retire; a walk of at
		// most Depth nodes, so linear in the nodes made.
		for m := n; m != nil; m = m.parent {
			m.live++
		}
	}
	return c
}

// retire takes the nodes under an element of an array of tables out of
// the live count, once the array's next element starts: go-toml's
// decoder forgets them then.
func (ix *indexer) retire(el *node) {
	d := el.live
	for m := el; m != nil; m = m.parent {
		m.live -= d
	}
	ix.live -= d
}

// lineOf returns the line of n: the number of newlines before it, plus one.
func (ix *indexer) lineOf(n *unstable.Node) int {
	return sort.SearchInts(ix.newlines, int(n.Raw.Offset)) + 1
}

// header resolves a [table] or [[array]] header to its concrete node: a
// part that names an array of tables is followed by the index of its last
// element, and [[array]] itself starts a new element.
func (ix *indexer) header(it *unstable.Iterator, array bool) *node {
	n := ix.root
	for it.Next() && ix.err == nil {
		k := it.Node()
		line := ix.lineOf(k)
		n = ix.child(n, string(k.Data), line)
		switch {
		case ix.err != nil:
		case it.IsLast() && array:
			if n.tables > 0 {
				if prev := n.kids[strconv.Itoa(n.tables-1)]; prev != nil {
					ix.retire(prev)
				}
			}
			n.tables++
			n = ix.child(n, strconv.Itoa(n.tables-1), line)
		case n.tables > 0:
			n = ix.child(n, strconv.Itoa(n.tables-1), line)
		}
	}
	return n
}

// keyValue records a key/value pair under base and, inside its value, the
// keys of inline tables and the elements of arrays.
func (ix *indexer) keyValue(base *node, kv *unstable.Node) {
	n := base
	it := kv.Key()
	line := 0
	for it.Next() && ix.err == nil {
		k := it.Node()
		line = ix.lineOf(k)
		n = ix.child(n, string(k.Data), line)
	}
	if ix.err == nil {
		ix.value(n, kv.Value(), line)
	}
}

// value records the keys and elements inside v, the value at n whose key
// is at line.
func (ix *indexer) value(n *node, v *unstable.Node, line int) {
	switch v.Kind {
	case unstable.InlineTable:
		children := v.Children()
		for children.Next() && ix.err == nil {
			if c := children.Node(); c.Kind == unstable.KeyValue {
				ix.keyValue(n, c)
			}
		}
	case unstable.Array:
		children := v.Children()
		for i := 0; children.Next() && ix.err == nil; i++ {
			c := children.Node()
			// The parser gives scalars and inline tables their position
			// (an inline table's is its "{"), but not a nested array,
			// which takes the line of the key.
			l := line
			if c.Raw.Length > 0 {
				l = ix.lineOf(c)
			}
			el := ix.child(n, strconv.Itoa(i), l)
			if ix.err == nil {
				ix.value(el, c, l)
			}
		}
	}
}
