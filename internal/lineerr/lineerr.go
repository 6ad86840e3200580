// Package lineerr is the error of a text reader that points at a line:
// the BPGN and timeline readers and the replay that wraps them all report
// "file:line: what is wrong" with this one type.
package lineerr

import (
	"fmt"

	"tandem/internal/printable"
)

// Error is malformed input: File (may be empty) and Line (1-based) say
// where, Msg what is wrong and, where it helps, what is allowed.
type Error struct {
	File string
	Line int
	Msg  string
}

// Error returns "file:line: what is wrong", or "line N: what is wrong"
// without a file.
// Control characters and bidirectional overrides in either, which come
// from the input (a move, a tag, a file name), are escaped
// (printable.Escape): the message is safe on a terminal.
func (e *Error) Error() string {
	if e.File == "" {
		return printable.Escape(fmt.Sprintf("line %d: %s", e.Line, e.Msg))
	}
	return printable.Escape(fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg))
}

// New returns an *Error at line with a formatted message and no file.
func New(line int, format string, args ...any) *Error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...)}
}
