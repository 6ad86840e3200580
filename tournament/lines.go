package tournament

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// lineIndex maps a key path to the line, counted from 1, where the file
// first names it. Paths are the key parts joined by pathSep, with the index
// of an array element (from 0) as a part: "team", "2", "players", "0",
// "rating" for the third [[team]]'s first player's rating, whether the
// players are an inline array or [[team.players]] tables.
//
// go-toml's decoder keeps no positions for values that decode without an
// error, so the checks of Parse take their lines from this index, built
// with go-toml's own parser so both agree on what a key is.
type lineIndex map[string]int

const pathSep = "\x00"

// indexLines parses data (which has already decoded) and records the line
// of every key and array element.
func indexLines(data []byte) lineIndex {
	ix := &indexer{idx: lineIndex{}, arrays: map[string]int{}}
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
	return ix.idx
}

type indexer struct {
	idx      lineIndex
	newlines []int
	// arrays counts the elements of each array of tables by its concrete
	// path, so that [[team.players]] lands under the last [[team]].
	arrays map[string]int
}

func (ix *indexer) lineOf(n *unstable.Node) int {
	return sort.SearchInts(ix.newlines, int(n.Raw.Offset)) + 1
}

func (ix *indexer) record(path []string, line int) {
	s := strings.Join(path, pathSep)
	if _, ok := ix.idx[s]; !ok {
		ix.idx[s] = line
	}
}

// header resolves a [table] or [[array]] header to its concrete path.
func (ix *indexer) header(it *unstable.Iterator, array bool) []string {
	var path []string
	for it.Next() {
		k := it.Node()
		path = append(path, string(k.Data))
		line := ix.lineOf(k)
		ix.record(path, line)
		s := strings.Join(path, pathSep)
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
	path := append([]string(nil), base...)
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
			el := append(append([]string(nil), path...), strconv.Itoa(i))
			l := line
			if c.Raw.Length > 0 {
				l = ix.lineOf(c)
			} else if c.Kind == unstable.InlineTable {
				if kc := c.Children(); kc.Next() && kc.Node().Kind == unstable.KeyValue {
					if k := kc.Node().Key(); k.Next() {
						l = ix.lineOf(k.Node())
					}
				}
			}
			ix.record(el, l)
			ix.value(el, c, l)
		}
	}
}

// line returns the line of path, or of its longest prefix the file names,
// or 0 if the file names none of it.
func (idx lineIndex) line(path []string) int {
	for n := len(path); n > 0; n-- {
		if l, ok := idx[strings.Join(path[:n], pathSep)]; ok {
			return l
		}
	}
	return 0
}

// exactLine returns the line of path itself, or 0 when the file does not
// name it.
func (idx lineIndex) exactLine(path []string) int {
	return idx[strings.Join(path, pathSep)]
}
