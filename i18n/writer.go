package i18n

import (
	"io"
	"strings"
)

// Writer writes the command line's messages in a language: each line of
// each Write is passed through P.Line (a line a template matches is
// translated, any other is written as it came) before it goes to W.
//
// The command line writes a message with one Write (fmt.Fprintf); a line
// split over several Writes is translated piece by piece, which leaves
// pieces no template matches in English. Writer is for messages, never
// for data (an export, a report scripts read).
type Writer struct {
	P *Printer
	W io.Writer
}

var _ io.Writer = Writer{}

// Write writes b's lines translated and returns len(b) when all of it
// was written, or W's error.
func (w Writer) Write(b []byte) (int, error) {
	if w.P == nil || w.P.lang == English {
		return w.W.Write(b)
	}
	lines := strings.SplitAfter(string(b), "\n")
	var out strings.Builder
	for _, l := range lines {
		body, nl := strings.CutSuffix(l, "\n")
		out.WriteString(w.P.Line(body))
		if nl {
			out.WriteByte('\n')
		}
	}
	if _, err := io.WriteString(w.W, out.String()); err != nil {
		return 0, err
	}
	return len(b), nil
}
