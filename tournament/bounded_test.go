package tournament

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// parseAttack parses doc and returns its *Error and the bytes Parse
// allocated (runtime.MemStats.TotalAlloc: work counted, not timed).
func parseAttack(t *testing.T, doc string) (*Error, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Parse("attack.toml", []byte(doc))
	runtime.ReadMemStats(&after)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse: %v (%T), want an *Error", err, err)
	}
	return e, after.TotalAlloc - before.TotalAlloc
}

const head = "name = \"Open\"\nrounds = 1\n"

// TestParse_AttackManyTablesAndKeys: empty tables or keys by the
// thousand made go-toml's decoder quadratic (50 000 empty tables: 87 s
// of CPU) before the schema refused the first. The name after the
// MaxLiveKeys-th outside the [[team]] tables is refused, naming its line
// and key, before go-toml sees any of them.
func TestParse_AttackManyTablesAndKeys(t *testing.T) {
	for _, line := range []string{"[t%d]\n", "x.k%d = 1\n"} {
		var b strings.Builder
		b.WriteString(head)
		for i := range 20_000 {
			fmt.Fprintf(&b, line, i)
		}
		e, n := parseAttack(t, b.String())
		want := fmt.Sprintf("more than %d keys, tables and array elements outside the earlier elements of arrays of tables", MaxLiveKeys)
		// name, rounds, (x,) then one name a line.
		wantLine, wantField := MaxLiveKeys+1, fmt.Sprintf("t%d", MaxLiveKeys-2)
		if strings.HasPrefix(line, "x") {
			wantLine, wantField = MaxLiveKeys, fmt.Sprintf("x.k%d", MaxLiveKeys-3)
		}
		if e.Line != wantLine || e.Msg != want || e.Field != wantField {
			t.Errorf("%q: got %v (line %d, field %q), want line %d, %s: %q", line, e, e.Line, e.Field, wantLine, wantField, want)
		}
		if n > 32<<20 {
			t.Errorf("%q: Parse allocated %d MB", line, n>>20)
		}
	}
}

// TestParse_AttackOneDottedKey: one key of 400 000 parts (800 KB) built
// as many nested tables in go-toml's decoder (809 MB allocated); it is
// refused by its size before go-toml parses it, and a key of 2 000 parts
// at its part after MaxKeyDepth.
func TestParse_AttackOneDottedKey(t *testing.T) {
	doc := head + "x." + strings.Repeat("a.", 400_000) + "a = 1\n"
	e, n := parseAttack(t, doc)
	want := fmt.Sprintf("more than %d keys, tables and array elements outside the earlier elements of arrays of tables", MaxLiveKeys)
	if e.Line != 3 || e.Msg != want {
		t.Errorf("got %v (line %d), want line 3, %q", e, e.Line, want)
	}
	if n > 4<<20 {
		t.Errorf("Parse allocated %d MB for a file of %d KB", n>>20, len(doc)>>10)
	}
	doc = head + "x." + strings.Repeat("a.", 2000) + "a = 1\n"
	e, _ = parseAttack(t, doc)
	want = fmt.Sprintf("tables and keys nested more than %d deep", MaxKeyDepth)
	if e.Line != 3 || e.Msg != want || e.Field != "x"+strings.Repeat(".a", MaxKeyDepth) {
		t.Errorf("got %v (line %d, field %q), want line 3, %q", e, e.Line, e.Field, want)
	}
}

// TestParse_ManyTeamsWithinTheLimits: MaxTeams teams, each with its
// players and every substitute, stay within the limits: the keys of a
// [[team]] are forgotten (by go-toml, and by the count) when the next
// starts.
func TestParse_ManyTeamsWithinTheLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString(head)
	for i := range MaxTeams {
		fmt.Fprintf(&b, "[[team]]\nname = \"T%d\"\nplayers = [{ name = \"A%d\", rating = 2000 }, { name = \"B%d\" }]\n", i, i, i)
		b.WriteString("substitutes = [")
		for k := range MaxSubstitutes {
			fmt.Fprintf(&b, "{ name = \"S%d-%d\", rating = 1500, federation = \"ESP\" },", i, k)
		}
		b.WriteString("]\n")
	}
	tm, err := Parse("big.toml", []byte(b.String()))
	if err != nil {
		t.Fatalf("%d teams: %v", MaxTeams, err)
	}
	if len(tm.Teams) != MaxTeams {
		t.Errorf("%d teams read, want %d", len(tm.Teams), MaxTeams)
	}
}
