package i18n

import (
	"strings"
	"testing"
)

// checkLines asserts that each error's message reads back in Spanish as
// want, and that the English printer leaves it as it is.
func checkLines(t *testing.T, cases []msgCase) {
	t.Helper()
	es, en := For(Spanish), For(English)
	for _, c := range cases {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := c.err.Error()
		if got := es.Line(msg); got != c.want {
			t.Errorf("%s: Spanish of\n\t%q is\n\t%q, want\n\t%q", c.name, msg, got, c.want)
		}
		if got := en.Line(msg); got != msg {
			t.Errorf("%s: English %q, want %q", c.name, got, msg)
		}
		if !readBack(en, msg) {
			t.Errorf("%s: no English template reads %q", c.name, msg)
		}
	}
}

type msgCase struct {
	name string
	err  error
	want string
}

// lineError is an error whose message is a line as a command prints it.
type lineError string

func (e lineError) Error() string { return string(e) }

// readBack reports whether p's Message reads msg, or a tail of it after a
// ": " (its head a file, a line, a field), back from a template.
func readBack(p *Printer, msg string) bool {
	for at := 0; ; {
		if _, ok := p.Message(msg[at:]); ok {
			return true
		}
		i := strings.Index(msg[at:], ": ")
		if i < 0 {
			return false
		}
		at += i + 2
	}
}
