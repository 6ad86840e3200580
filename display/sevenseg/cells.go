// Package sevenseg shows one player's clock on a 4-digit 7-segment display:
// an HT16K33 backpack on I2C or a TM1637 module on two GPIO lines.
//
// Digits come from tandem's own segment table (not periph's helpers:
// the HT16K33 WriteString drops a digit when the text has a decimal point,
// docs/hardware.md). The time is display.Format's text: "4:59"
// lights the colon, "19.9" a decimal point, "1:30:00" shows as 1:30
// (hours and minutes). A module without decimal points (most TM1637 clock
// modules have only the colon) shows tenths as 19:9.
//
// The running clock lights the last digit's decimal point on the HT16K33
// (TM1637: nothing; it has none); a flagged clock shows "0.0" and blinks
// (HT16K33 only).
//
// A tenths tick allocates nothing: the digits are written by
// display.AppendFormat into a buffer on the stack, and the HT16K33's
// columns from a buffer the device keeps (periph's WriteColumn allocates
// one for every column).
package sevenseg

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"tandem/bughouse"
	"tandem/display"
	"tandem/rules"
)

// Segment bits of one digit, as both chips take them: bit 0 segment a
// (top), then b, c, d, e, f, g (middle) clockwise from the top, bit 7 the
// decimal point.
const (
	SegA, SegB, SegC, SegD, SegE, SegF, SegG, SegDP byte = 1, 2, 4, 8, 16, 32, 64, 128
)

// segments maps the characters a clock shows to their segments; a
// character missing is blank.
var segments = map[rune]byte{
	'0': SegA | SegB | SegC | SegD | SegE | SegF,
	'1': SegB | SegC,
	'2': SegA | SegB | SegG | SegE | SegD,
	'3': SegA | SegB | SegG | SegC | SegD,
	'4': SegF | SegG | SegB | SegC,
	'5': SegA | SegF | SegG | SegC | SegD,
	'6': SegA | SegF | SegG | SegE | SegC | SegD,
	'7': SegA | SegB | SegC,
	'8': SegA | SegB | SegC | SegD | SegE | SegF | SegG,
	'9': SegA | SegB | SegC | SegD | SegF | SegG,
	'-': SegG,
	'_': SegD,
	'A': SegA | SegB | SegC | SegE | SegF | SegG,
	'B': SegC | SegD | SegE | SegF | SegG, // b
	'C': SegA | SegD | SegE | SegF,
	'D': SegB | SegC | SegD | SegE | SegG, // d
	'E': SegA | SegD | SegE | SegF | SegG,
	'F': SegA | SegE | SegF | SegG,
	'G': SegA | SegC | SegD | SegE | SegF,
	'H': SegB | SegC | SegE | SegF | SegG,
	'I': SegE | SegF,
	'J': SegB | SegC | SegD | SegE,
	'L': SegD | SegE | SegF,
	'N': SegC | SegE | SegG,        // n
	'O': SegC | SegD | SegE | SegG, // o
	'P': SegA | SegB | SegE | SegF | SegG,
	'R': SegE | SegG, // r
	'S': SegA | SegF | SegG | SegC | SegD,
	'T': SegD | SegE | SegF | SegG, // t
	'U': SegB | SegC | SegD | SegE | SegF,
	'Y': SegB | SegC | SegD | SegF | SegG,
}

// Cells is what a 4-digit display shows: the segments of each digit, left
// to right, and the colon between the second and third.
type Cells struct {
	Digits [4]byte
	Colon  bool
}

// cell is one character of a text with the marks that follow it.
type cell struct {
	seg        byte
	dot, colon bool // a '.' or ':' follows
}

// parse appends text's digit cells to dst; dots and colons attach to the
// character before them. Letters are read upper case (strings.ToUpper).
func parse(dst []cell, text []byte) []cell {
	cs := dst
	for len(text) > 0 {
		r, n := utf8.DecodeRune(text)
		text = text[n:]
		r = unicode.ToUpper(r)
		switch {
		case (r == '.' || r == ':') && len(cs) > len(dst):
			if r == '.' {
				cs[len(cs)-1].dot = true
			} else {
				cs[len(cs)-1].colon = true
			}
		default:
			cs = append(cs, cell{seg: segments[r]})
		}
	}
	return cs
}

// TimeCells returns the cells of a time as display.Format writes it,
// right-aligned. noDP says the module has no decimal points (a TM1637
// clock module): a tenths time is then placed so that the colon stands for
// the point.
//
// "4:59" -> " 4:59"; "10:00"; "19.9" -> " 19.9" (noDP: "19:9 "); "0.1" ->
// "  0.1" (noDP: " 0:1 "); "1:30:00" -> " 1:30"; "1:15.3" (tenths above
// a minute) -> " 1:15", the tenths dropped to keep the colon.
func TimeCells(text string, noDP bool) Cells {
	var buf [16]byte
	return timeCells(append(buf[:0], text...), noDP)
}

// timeCells is TimeCells of the text in b; it allocates nothing for a
// time display.AppendFormat writes.
func timeCells(text []byte, noDP bool) Cells {
	var buf [16]cell
	cs := parse(buf[:0], text)
	// h:mm:ss shows h:mm; m:ss.t shows m:ss.
	colons := 0
	for _, c := range cs {
		if c.colon {
			colons++
		}
	}
	if colons == 2 && len(cs) > 2 {
		cs = cs[:len(cs)-2]
		cs[len(cs)-1].colon = false
	}
	if colons == 1 && len(cs) > 1 && cs[len(cs)-2].dot {
		cs = cs[:len(cs)-1]
		cs[len(cs)-1].dot = false
	}
	if len(cs) > 4 {
		cs = cs[len(cs)-4:]
	}
	var out Cells
	start := 4 - len(cs) // right-aligned
	if noDP {
		for i, c := range cs {
			if c.dot { // the point's digit goes left of the colon
				start = 1 - i
			}
		}
	}
	for i, c := range cs {
		pos := start + i
		if pos < 0 || pos > 3 {
			continue
		}
		out.Digits[pos] = c.seg
		if (c.colon || (c.dot && noDP)) && pos == 1 {
			out.Colon = true
		}
		if c.dot && !noDP {
			out.Digits[pos] |= SegDP
		}
	}
	return out
}

// TextCells returns the first four characters of text that a 7-segment
// digit can show (letters it cannot are blank), for Message.
func TextCells(text string) Cells {
	var out Cells
	i := 0
	for _, r := range strings.ToUpper(text) {
		if i == 4 {
			break
		}
		if r == '.' || r == ':' {
			continue
		}
		out.Digits[i] = segments[r]
		i++
	}
	return out
}

// FaceCells returns the cells of clock c: its time, with the last digit's
// decimal point lit while it runs (unless noDP).
func FaceCells(c display.ClockFace, noDP bool) Cells {
	var buf [16]byte
	return faceCells(append(buf[:0], c.Time...), c.Running, noDP)
}

// faceCells is FaceCells of a clock showing text, running or not.
func faceCells(text []byte, running, noDP bool) Cells {
	out := timeCells(text, noDP)
	if running && !noDP {
		out.Digits[3] |= SegDP
	}
	return out
}

// seatCells returns the cells of seat's clock in s, formatted with o
// (FaceCells of display.Render's face of that clock), and whether it
// flagged. It allocates nothing.
func seatCells(s *rules.Snapshot, seat bughouse.Seat, o *display.Opts, noDP bool) (_ Cells, flagged bool) {
	c := s.Clocks[seat]
	var buf [24]byte
	return faceCells(display.AppendFormat(buf[:0], c.Remaining, o), c.Running, noDP), c.Flagged
}
