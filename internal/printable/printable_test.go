package printable

import (
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"Alba":               "Alba",
		"Nf3+":               "Nf3+",
		"e\x004":             `e\x004`,
		"\x1b[2J":            `\x1b[2J`,
		"a\tb\nc\rd":         `a\tb\nc\rd`,
		"del\x7f":            `del\x7f`,
		"c1\u0085":           `c1\u0085`,
		"Dar\u202eio":        `Dar\u202eio`,
		"iso\u2066x\u2069":   `iso\u2066x\u2069`,
		"bad\xffutf8":        `bad\xffutf8`,
		"ñandú ♞ 象":          "ñandú ♞ 象",
		"replacement \uFFFD": "replacement \uFFFD",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEscape_Property: the result never holds an unsafe character or a
// byte that is not UTF-8, is the input itself when it has none, and
// escaping again changes nothing.
func TestEscape_Property(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		if rapid.Bool().Draw(t, "bytes") {
			s = string(rapid.SliceOf(rapid.Byte()).Draw(t, "b"))
		}
		e := Escape(s)
		if !utf8.ValidString(e) || firstUnsafe(e) >= 0 {
			t.Fatalf("Escape(%q) = %q still unsafe", s, e)
		}
		if (Check(s) == nil) != (e == s) {
			t.Fatalf("Check(%q) = %v but Escape gives %q", s, Check(s), e)
		}
		if Escape(e) != e {
			t.Fatalf("Escape is not idempotent on %q", e)
		}
	})
}

func TestCheck(t *testing.T) {
	if err := Check("Alba Díaz"); err != nil {
		t.Error(err)
	}
	for in, want := range map[string]string{"a\x00": `\x00`, "\x1b[31m": `\x1b`, "x\u202e": `\u202e`, "\xff": `\xff`} {
		if err := Check(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check(%q) = %v, want %s", in, err, want)
		}
	}
}

func TestWriter_KeepsLinesAndTabs(t *testing.T) {
	var b strings.Builder
	w := Writer{W: &b}
	in := "tandem replay: open a\x1bb.timeline: no such file\n\tnext\x00\n"
	n, err := w.Write([]byte(in))
	if err != nil || n != len(in) {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if want := "tandem replay: open a\\x1bb.timeline: no such file\n\tnext\\x00\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
