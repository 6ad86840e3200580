package timeline

import (
	"bufio"
	"io"
	"strings"
	"time"

	"tandem/clock"
	"tandem/rules"
)

// Writer writes a script that Read reads back: headers first (preset,
// control, options), then the events at their instants, then the end
// line. Comments may come anywhere. It is the one writer of the format:
// the record's export (package journal) writes through it. Write errors
// are kept and returned by Flush.
type Writer struct {
	b *bufio.Writer
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{b: bufio.NewWriter(w)} }

// Comment writes "# text" (one line: line breaks become spaces).
func (w *Writer) Comment(text string) {
	w.b.WriteString("# " + OneLine(text) + "\n")
}

// Preset writes the preset header.
func (w *Writer) Preset(name string) { w.b.WriteString("preset " + name + "\n") }

// Control writes the control header.
func (w *Writer) Control(c clock.Control) { w.b.WriteString("control " + c.String() + "\n") }

// Option writes an option header; a rank range written "[2, 6]" is
// written "2-6", one word as the grammar needs.
func (w *Writer) Option(key, value string) {
	w.b.WriteString("option " + key + " " + rankRange.Replace(value) + "\n")
}

var rankRange = strings.NewReplacer("[", "", "]", "", ", ", "-")

// Event writes e at instant at (seconds, exactly: up to 9 decimals), with
// note as a comment after it when not "". Instants must not decrease from
// one event to the next (Read refuses that).
func (w *Writer) Event(at time.Duration, e rules.Event, note string) {
	w.b.WriteString(clock.FormatSeconds(at) + " " + e.String())
	if note != "" {
		w.b.WriteString("   # " + OneLine(note))
	}
	w.b.WriteString("\n")
}

// End writes the end line: the clocks run to at, and flags fall.
func (w *Writer) End(at time.Duration) { w.b.WriteString(clock.FormatSeconds(at) + " end\n") }

// Flush writes what is buffered and returns the first write error.
func (w *Writer) Flush() error { return w.b.Flush() }

// OneLine returns s with its line breaks made spaces: a name or a reason
// inside a comment stays on its line.
func OneLine(s string) string { return strings.NewReplacer("\n", " ", "\r", " ").Replace(s) }
