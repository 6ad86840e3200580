package webauth

import (
	"crypto/rand"
	"math/big"
	"strings"
)

// This file holds the one-time codes: the arbiter's way in that a
// spectator spending the PIN's budget cannot block.

// codeAlphabet is the letters of a code: no I, L or O (read as 1, 1 and
// 0), so what the display shows is what the arbiter types.
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ"

// CodeLetters is a code's length: 23^9 is about 1.8e12 (41 bits).
const CodeLetters = 9

// newCode returns a fresh code, "KQWXMTRBP" (FormatCode groups it).
func newCode() string {
	var b strings.Builder
	n := big.NewInt(int64(len(codeAlphabet)))
	for range CodeLetters {
		i, err := rand.Int(rand.Reader, n)
		if err != nil {
			panic("webauth: crypto/rand: " + err.Error())
		}
		b.WriteByte(codeAlphabet[i.Int64()])
	}
	return b.String()
}

// FormatCode writes a code in groups of three, "KQW-XMT-RBP", as the
// table and the hub show it.
func FormatCode(code string) string {
	var b strings.Builder
	for i := 0; i < len(code); i += 3 {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(code[i:min(i+3, len(code))])
	}
	return b.String()
}

// normCode reads a typed code: letters in either case, spaces and dashes
// ignored.
func normCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r == '-' || r == ' ' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
