// Package enum is the text form shared by the rule options that are a
// choice among words (drop_check = "forbidden", stalemate = "wait"): each
// value has one name, used by configuration files, timelines and the
// console.
package enum

import (
	"fmt"
	"strings"
)

// Names are the words of an option's values, indexed by value.
type Names[T ~uint8] []string

// Name returns v's word, or its number when v has none.
func (e Names[T]) Name(v T) string {
	if int(v) < len(e) {
		return e[v]
	}
	return fmt.Sprintf("%d", uint8(v))
}

// Valid reports whether v has a word.
func (e Names[T]) Valid(v T) bool { return int(v) < len(e) }

// Parse returns the value whose word is s; the error names the option
// (what) and lists the allowed words.
func (e Names[T]) Parse(what, s string) (T, error) {
	for i, n := range e {
		if n == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q; allowed: %s", what, s, strings.Join(e, ", "))
}

// Set assigns the value whose word is b to v (an UnmarshalText); v is
// unchanged on error.
func (e Names[T]) Set(v *T, what string, b []byte) error {
	x, err := e.Parse(what, string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}
