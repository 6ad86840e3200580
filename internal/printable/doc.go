// Package printable makes input safe to echo back: a name, a move, a tag
// or a key that came from a file or a form is shown in messages, on a
// terminal, on the console and the displays, and a NUL or an escape
// sequence in it must not reach them raw (a terminal would clear the
// screen, recolour or hide text; a bidirectional override would reorder
// what the arbiter reads).
//
// Escape writes such characters as Go escapes (\x00, \x1b, \u202e) and
// leaves everything else as it is, so a message stays readable; Check
// tells a name that holds one, for readers that refuse it.
package printable
