package printable

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// unsafe reports whether r must not be shown raw: a C0 or C1 control
// character, DEL, or a bidirectional embedding, override or isolate
// (U+202A to U+202E, U+2066 to U+2069), or the byte order mark inside
// text.
func unsafe(r rune) bool {
	return r < 0x20 || r >= 0x7f && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0xfeff
}

// Escape returns s with every unsafe character written as a Go escape:
// \t, \n and \r for those three, \xNN for the other bytes below 0x20 and
// for DEL, \uNNNN for the rest, and \xNN for each byte that is not UTF-8.
// A string with none is returned as it is (no allocation).
func Escape(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for s = s[i:]; s != ""; {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

// firstUnsafe returns the index of s's first unsafe character or non-UTF-8
// byte, -1 when there is none.
func firstUnsafe(s string) int {
	for i, r := range s {
		if unsafe(r) || r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			return i
		}
	}
	return -1
}

// Check returns an error naming the first unsafe character of s (or a
// byte that is not UTF-8), nil when s has none: `holds the control
// character \x1b`.
func Check(s string) error {
	i := firstUnsafe(s)
	if i < 0 {
		return nil
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 {
		return fmt.Errorf(`holds the byte \x%02x, which is not UTF-8 text`, s[i])
	}
	return fmt.Errorf("holds the control character %s", Escape(string(r)))
}

// Writer escapes what it writes to W as Escape does, but for '\n' and
// '\t', which lay out the text: give it a command's standard error, where
// messages echo file names and other input. Each Write is escaped on its
// own (fmt.Fprintf writes a message with one call).
type Writer struct {
	W io.Writer
}

var _ io.Writer = Writer{}

// Write writes p escaped and returns len(p) when all of it was written.
func (w Writer) Write(p []byte) (int, error) {
	s := string(p)
	if firstUnsafe(strings.NewReplacer("\n", "", "\t", "").Replace(s)) < 0 {
		return w.W.Write(p)
	}
	var b strings.Builder
	for {
		i := strings.IndexAny(s, "\n\t")
		if i < 0 {
			b.WriteString(Escape(s))
			break
		}
		b.WriteString(Escape(s[:i]))
		b.WriteByte(s[i])
		s = s[i+1:]
	}
	if _, err := io.WriteString(w.W, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}
