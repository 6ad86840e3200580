package config

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc):
// a generous bound on the work a parser does, counted rather than timed.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// parseAttack parses doc and returns its *Error and the bytes allocated.
func parseAttack(t *testing.T, doc string) (*Error, uint64) {
	t.Helper()
	var err error
	n := allocated(func() { _, err = Parse("attack.toml", []byte(doc)) })
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse: %v (%T), want an *Error", err, err)
	}
	return e, n
}

// TestParse_AttackOneDottedKey: a file of 600 KB holding one dotted key
// of 300 000 parts under [hall] took 445 MB and several seconds (go-toml
// built 300 000 nested tables; its parser alone held the expression in
// 100 MB). It is refused on line 1 by its size, before go-toml parses
// it; a key of 2 000 parts, which go-toml may parse, at its 11th part,
// naming it.
func TestParse_AttackOneDottedKey(t *testing.T) {
	doc := "hall." + strings.Repeat("a.", 300_000) + "a = 1\n"
	e, n := parseAttack(t, doc)
	want := fmt.Sprintf("more than %d keys, tables and array elements", MaxKeys)
	if e.Line != 1 || e.Msg != want || e.Field != "" {
		t.Errorf("got %v (line %d, field %q), want line 1, %q", e, e.Line, e.Field, want)
	}
	if n > 4<<20 {
		t.Errorf("Parse allocated %d MB for a file of %d KB", n>>20, len(doc)>>10)
	}
	doc = "\nhall." + strings.Repeat("a.", 2000) + "a = 1\n"
	e, n = parseAttack(t, doc)
	want = fmt.Sprintf("tables and keys nested more than %d deep", MaxKeyDepth)
	if e.Line != 2 || e.Msg != want || e.Field != "hall"+strings.Repeat(".a", MaxKeyDepth) {
		t.Errorf("got %v (line %d, field %q), want line 2, %q", e, e.Line, e.Field, want)
	}
	if n > 4<<20 {
		t.Errorf("Parse allocated %d MB for a file of %d KB", n>>20, len(doc)>>10)
	}
}

// TestParse_AttackOneLongArray: an array of 500 000 elements (1 MiB)
// is one expression, which go-toml's parser holds whole; it is refused
// before, on the line where it holds too many.
func TestParse_AttackOneLongArray(t *testing.T) {
	doc := "[hall]\nurl = [\n" + strings.Repeat("1,\n", 340_000) + "]\n"
	e, n := parseAttack(t, doc)
	want := fmt.Sprintf("more than %d keys, tables and array elements", MaxKeys)
	if e.Msg != want || e.Line < 3 || e.Line > 6*MaxKeys+16 {
		t.Errorf("got %v (line %d), want %q", e, e.Line, want)
	}
	if n > 4<<20 {
		t.Errorf("Parse allocated %d MB for a file of %d KB", n>>20, len(doc)>>10)
	}
}

// TestParse_AttackManyEmptySections: a file of empty tables ([t0] ...
// [t49999], 889 KB) made go-toml's decoder quadratic: it checks each key
// against every key seen (50 000 took 87 s of CPU before the first
// unknown key was reported). The name after the MaxKeys-th is refused,
// naming its line and key, before go-toml sees any of them; the same for
// keys. Below the limit the file reaches the schema, which names the
// first unknown key.
func TestParse_AttackManyEmptySections(t *testing.T) {
	for _, line := range []string{"[t%d]\n", "t%d = 1\n", "[hub.tables.t%d]\n"} {
		var b strings.Builder
		for i := range 20_000 {
			fmt.Fprintf(&b, line, i)
		}
		e, n := parseAttack(t, b.String())
		wantLine, wantField := MaxKeys+1, fmt.Sprintf("t%d", MaxKeys)
		if strings.HasPrefix(line, "[hub") {
			// hub and tables are the first two names.
			wantLine, wantField = MaxKeys-1, fmt.Sprintf("hub.tables.t%d", MaxKeys-2)
		}
		want := fmt.Sprintf("more than %d keys, tables and array elements", MaxKeys)
		if e.Line != wantLine || e.Msg != want || e.Field != wantField {
			t.Errorf("%q: got %v (line %d, field %q), want line %d, %s: %q", line, e, e.Line, e.Field, wantLine, wantField, want)
		}
		if n > 32<<20 {
			t.Errorf("%q: Parse allocated %d MB", line, n>>20)
		}
	}
	var b strings.Builder
	for i := range MaxKeys {
		fmt.Fprintf(&b, "[t%d]\n", i)
	}
	if _, err := Parse("many.toml", []byte(b.String())); err == nil || !strings.Contains(err.Error(), `many.toml:1: t0: unknown key "t0"`) {
		t.Errorf("%d tables: %v", MaxKeys, err)
	}
}
