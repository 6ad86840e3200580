package config

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"tandem/internal/lineerr"
)

// Error is a configuration error: where it is and what is allowed instead.
//
// Every error Parse and Load return about a file's content is an *Error:
// TOML syntax errors, keys the schema does not know, values of the wrong
// kind and values the rules or the clock reject.
type Error struct {
	// File is the name given to Parse or the path given to Load; empty for
	// an error about a Config built in code (Validate, Write).
	File string
	// Line is the line of the offending key or character, counted from 1;
	// 0 when the error is about no particular line (e.g. Validate on a
	// Config built in code).
	Line int
	// Field is the dotted key in question, e.g. "rules.stalemate" or
	// "time.seats.A-white"; empty for a TOML syntax error (go-toml names
	// keys relative to their table there, so its message says which).
	Field string
	// Msg says what is wrong and what is allowed, e.g.
	// `unknown stalemate "lose"; allowed: draw, wait, win-for-stalemated, loss-for-stalemated`.
	Msg string
}

// Error returns "file:line: field: message", leaving out the parts that are
// empty or zero, e.g.
// `tandem.toml:7: rules.stalemate: unknown stalemate "lose"; allowed: ...`.
func (e *Error) Error() string {
	line := e.Line
	if e.File == "" {
		// Without a file the message has always left the line out
		// too; only Parse under an empty name has a line and no file.
		line = 0
	}
	return lineerr.Format(e.File, line, e.Field, e.Msg)
}

// syntaxError turns an error of go-toml's decoder into an *Error with the
// position it reports.
func syntaxError(file string, err error) *Error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		return &Error{
			File: file,
			Line: line,
			Msg:  fmt.Sprintf("invalid TOML at column %d: %s", col, msg),
		}
	}
	return &Error{File: file, Msg: "invalid TOML: " + strings.TrimPrefix(err.Error(), "toml: ")}
}
