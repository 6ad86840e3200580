package lineerr

import (
	"strconv"
	"strings"

	"tandem/internal/printable"
)

// Format writes the message of an error about a key of a file, as the
// configuration's and the tournament file's errors show it:
// "file:line: field: msg", e.g.
// `tandem.toml:7: rules.stalemate: unknown stalemate "lose"; allowed: ...`.
// The parts that are empty or zero are left out ("file: msg", "field:
// msg"); a line without a file is written "line 7: field: msg".
func Format(file string, line int, field, msg string) string {
	var b strings.Builder
	switch {
	case file != "":
		b.WriteString(file)
		if line > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(line))
		}
		b.WriteString(": ")
	case line > 0:
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(line))
		b.WriteString(": ")
	}
	if field != "" {
		b.WriteString(field)
		b.WriteString(": ")
	}
	b.WriteString(msg)
	// What came from the input (a key, a value, the file's name) may hold
	// control characters: escaped, the message is safe on a terminal.
	return printable.Escape(b.String())
}
