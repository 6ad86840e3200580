package config

import (
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// lineIndex maps a key path (parts joined by pathSep) to the line, counted
// from 1, where the file first names it: a table header, a key of a
// key/value pair, a part of a dotted key or a key inside an inline table.
//
// go-toml's decoder keeps no positions for values that decode without an
// error, so semantic errors ("unknown stalemate") take their line from this
// index, built with go-toml's own parser so that both agree on what a key is.
type lineIndex map[string]int

// pathSep joins key parts; a TOML key may contain dots when quoted, but a NUL
// byte is rare enough not to matter for a line lookup.
const pathSep = "\x00"

// arrayMark stands for "an element of an array of tables" in paths, so that
// the keys under [[x]] are not taken for keys of a table x.
const arrayMark = "\x00[]"

// indexLines parses data and records the line of every key. A syntax error
// ends the scan; the caller only builds the index for documents that decoded.
func indexLines(data []byte) lineIndex {
	idx := lineIndex{}
	newlines := []int{}
	for i, b := range data {
		if b == '\n' {
			newlines = append(newlines, i)
		}
	}
	lineOf := func(n *unstable.Node) int {
		off := int(n.Raw.Offset)
		// The number of newlines before off, plus one.
		return sort.SearchInts(newlines, off) + 1
	}

	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			it := e.Key()
			table = idx.addKey(nil, &it, lineOf)
			if e.Kind == unstable.ArrayTable {
				table = append(table, arrayMark)
			}
		case unstable.KeyValue:
			idx.addKeyValue(table, e, lineOf)
		}
	}
	return idx
}

// addKey records every prefix of base+key and returns the full path.
func (idx lineIndex) addKey(base []string, it *unstable.Iterator, lineOf func(*unstable.Node) int) []string {
	path := append([]string(nil), base...)
	for it.Next() {
		k := it.Node()
		path = append(path, string(k.Data))
		s := strings.Join(path, pathSep)
		if _, ok := idx[s]; !ok {
			idx[s] = lineOf(k)
		}
	}
	return path
}

// addKeyValue records a key/value pair and, for an inline table, its keys.
func (idx lineIndex) addKeyValue(base []string, kv *unstable.Node, lineOf func(*unstable.Node) int) {
	it := kv.Key()
	path := idx.addKey(base, &it, lineOf)
	if v := kv.Value(); v.Kind == unstable.InlineTable {
		children := v.Children()
		for children.Next() {
			if c := children.Node(); c.Kind == unstable.KeyValue {
				idx.addKeyValue(path, c, lineOf)
			}
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

// exactLine returns the line of path itself, or 0.
func (idx lineIndex) exactLine(path []string) int {
	return idx[strings.Join(path, pathSep)]
}

// fieldName writes a key path the way a TOML file would: dotted, with parts
// quoted when they are not bare keys, e.g. rules.stalemate or
// time.seats."A white".
func fieldName(path []string) string {
	parts := make([]string, len(path))
	for i, k := range path {
		if isBareKey(k) {
			parts[i] = k
		} else {
			parts[i] = quote(k)
		}
	}
	return strings.Join(parts, ".")
}

func isBareKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// quote writes s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789ABCDEF"[r>>4])
			b.WriteByte("0123456789ABCDEF"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
