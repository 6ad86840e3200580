package tui

import "strings"

// A font draws the characters of a clock's time text ("1:23:45", "4:59",
// "19.9", "0.0") as rows of block characters, in the style of a
// seven-segment clock. Every glyph of a font has the same number of rows;
// a rune the font lacks is drawn as blank space the width of a digit.
type font struct {
	name   string
	rows   int
	gap    int // blank columns between two glyphs
	glyphs map[rune][]string
}

// bigFont is 5 rows high, with strokes two columns wide (a terminal cell is
// about twice as tall as it is wide).
var bigFont = font{name: "big", rows: 5, gap: 2, glyphs: map[rune][]string{
	'0': {"██████", "██  ██", "██  ██", "██  ██", "██████"},
	'1': {"████  ", "  ██  ", "  ██  ", "  ██  ", "██████"},
	'2': {"██████", "    ██", "██████", "██    ", "██████"},
	'3': {"██████", "    ██", " █████", "    ██", "██████"},
	'4': {"██  ██", "██  ██", "██████", "    ██", "    ██"},
	'5': {"██████", "██    ", "██████", "    ██", "██████"},
	'6': {"██████", "██    ", "██████", "██  ██", "██████"},
	'7': {"██████", "    ██", "   ██ ", "  ██  ", "  ██  "},
	'8': {"██████", "██  ██", "██████", "██  ██", "██████"},
	'9': {"██████", "██  ██", "██████", "    ██", "██████"},
	':': {"  ", "██", "  ", "██", "  "},
	'.': {"  ", "  ", "  ", "  ", "██"},
}}

// smallFont is 3 rows high, drawn with half blocks (6 pixel rows).
var smallFont = font{name: "small", rows: 3, gap: 1, glyphs: map[rune][]string{
	'0': {"█▀█", "█ █", "▀▀▀"},
	'1': {"▀█ ", " █ ", "▀▀▀"},
	'2': {"▀▀█", "█▀▀", "▀▀▀"},
	'3': {"▀▀█", " ▀█", "▀▀▀"},
	'4': {"█ █", "▀▀█", "  ▀"},
	'5': {"█▀▀", "▀▀█", "▀▀▀"},
	'6': {"█▀▀", "█▀█", "▀▀▀"},
	'7': {"▀▀█", "  █", "  ▀"},
	'8': {"█▀█", "█▀█", "▀▀▀"},
	'9': {"█▀█", "▀▀█", "▀▀▀"},
	':': {"▄", "▄", " "},
	'.': {" ", " ", "▀"},
}}

// textFont draws the text as it is, on one row: for terminals too small for
// the block fonts.
var textFont = font{name: "text", rows: 1}

// render returns s drawn in f, one string per row, all rows the same width.
func (f font) render(s string) []string {
	if f.glyphs == nil {
		return []string{s}
	}
	rows := make([]strings.Builder, f.rows)
	blank := strings.Repeat(" ", len([]rune(f.glyphs['0'][0])))
	prev := rune(0)
	for _, r := range s {
		g, ok := f.glyphs[r]
		gap := f.gap
		if isPunct(r) || isPunct(prev) {
			gap = 1
		}
		for y := range rows {
			if prev != 0 {
				rows[y].WriteString(strings.Repeat(" ", gap))
			}
			if ok {
				rows[y].WriteString(g[y])
			} else {
				rows[y].WriteString(blank)
			}
		}
		prev = r
	}
	out := make([]string, f.rows)
	for y := range rows {
		out[y] = rows[y].String()
	}
	return out
}

// width returns the width in columns of s drawn in f.
func (f font) width(s string) int {
	return len([]rune(f.render(s)[0]))
}

// isPunct reports whether r is drawn narrow, with a one-column gap.
func isPunct(r rune) bool { return r == ':' || r == '.' }
