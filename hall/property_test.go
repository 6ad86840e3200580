package hall

import (
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

// CompareIDs is a total order that numbers tables as people do.
func TestProperty_CompareIDs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gen := rapid.StringMatching(`[a-c]{0,2}[0-9]{0,3}[a-b]?`)
		a, b, c := gen.Draw(t, "a"), gen.Draw(t, "b"), gen.Draw(t, "c")
		if CompareIDs(a, a) != 0 || sign(CompareIDs(a, b)) != -sign(CompareIDs(b, a)) {
			t.Fatalf("not antisymmetric: %q %q", a, b)
		}
		if CompareIDs(a, b) < 0 && CompareIDs(b, c) < 0 && CompareIDs(a, c) >= 0 {
			t.Fatalf("not transitive: %q %q %q", a, b, c)
		}
		n, m := rapid.IntRange(1, 9999).Draw(t, "n"), rapid.IntRange(1, 9999).Draw(t, "m")
		if sign(CompareIDs(tid(n), tid(m))) != sign(n-m) {
			t.Fatalf("t%d vs t%d", n, m)
		}
	})
}

func tid(n int) string { return "t" + strconv.Itoa(n) }

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
