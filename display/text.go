package display

import (
	"bytes"
	"image"
	"unicode"
	"unicode/utf8"
)

// The text primitives of the board image. They work on bytes appended to
// the caller's buffers, so that DrawBoard, which a display calls ten
// times a second in the last 20 seconds of a game, allocates nothing.

// glyphCols returns the first column and the width of r's glyph: narrow
// punctuation takes three columns.
func glyphCols(r rune) (first, width int) {
	if narrow[r] {
		return 1, 3
	}
	return 0, glyphW
}

// textWidth is the width in pixels of s drawn at horizontal scale sx: each
// glyph then a one-column gap (scaled), no gap after the last.
func textWidth(s string, sx int) int {
	w := 0
	for _, r := range s {
		_, gw := glyphCols(r)
		w += (gw + 1) * sx
	}
	if w > 0 {
		w -= sx
	}
	return w
}

// bytesWidth is textWidth of the text in s.
func bytesWidth(s []byte, sx int) int {
	w := 0
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		_, gw := glyphCols(r)
		w += (gw + 1) * sx
	}
	if w > 0 {
		w -= sx
	}
	return w
}

// drawText draws s with its top-left corner at (x, y), each font pixel
// sx wide and sy high, in value v. Lower case is drawn upper case.
func drawText(img *image.Gray, x, y int, s string, sx, sy int, v uint8) {
	for _, r := range s {
		x = drawGlyph(img, x, y, r, sx, sy, v)
	}
}

// drawBytes is drawText of the text in s.
func drawBytes(img *image.Gray, x, y int, s []byte, sx, sy int, v uint8) {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		x = drawGlyph(img, x, y, r, sx, sy, v)
	}
}

// drawGlyph draws rune r (upper case) at (x, y) as drawText does and
// returns the x of the next glyph. A rune the font lacks is the box
// (missing).
func drawGlyph(img *image.Gray, x, y int, r rune, sx, sy int, v uint8) int {
	r = unicode.ToUpper(r) // what strings.ToUpper does to each rune
	g, ok := font[r]
	if !ok {
		g = missing
	}
	first, w := glyphCols(r)
	for row := 0; row < glyphH; row++ {
		for col := 0; col < w; col++ {
			if g[row]&(1<<(glyphW-1-(first+col))) != 0 {
				fill(img, image.Rect(x+col*sx, y+row*sy, x+(col+1)*sx, y+(row+1)*sy), v)
			}
		}
	}
	return x + (w+1)*sx
}

// appendUpper appends s in upper case to dst, as strings.ToUpper writes
// it: each rune unicode.ToUpper, a byte that is not UTF-8 written as
// U+FFFD.
func appendUpper(dst, s []byte) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
			dst = append(dst, byte(r))
			continue
		}
		dst = utf8.AppendRune(dst, unicode.ToUpper(r))
	}
	return dst
}

// wrap splits s into at most n lines of at most width bytes (n >= 1,
// width >= 2), breaking at spaces; a word longer than a line is cut. What
// does not fit is dropped, the last line then ending in "..".
func wrap(s string, width, n int) []string {
	buf, ends := appendWrapped(nil, make([]int, 0, n), []byte(s), width, n)
	var lines []string
	start := 0
	for _, end := range ends {
		lines = append(lines, string(buf[start:end]))
		start = end
	}
	return lines
}

// appendWrapped is wrap appending the lines to dst, one after the other,
// and the end of each in dst to ends. Words are what strings.Fields
// splits s into; they are joined by one space.
func appendWrapped(dst []byte, ends []int, s []byte, width, n int) ([]byte, []int) {
	start := len(dst) // of the line being filled
	filling := false  // a line has been begun
	for {
		s = bytes.TrimLeftFunc(s, unicode.IsSpace)
		if len(s) == 0 {
			break
		}
		end := bytes.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		word := s[:end]
		s = s[end:]
		for len(word) > 0 {
			w := word
			if len(w) > width {
				w = word[:width]
			}
			word = word[len(w):]
			switch {
			case !filling:
				dst, filling = append(dst, w...), true
			case len(dst)-start+1+len(w) <= width:
				dst = append(append(dst, ' '), w...)
			case len(ends) == n-1:
				// The last line is full and more follows: it ends in "..".
				if len(dst)-start > width-2 {
					dst = dst[:start+width-2]
				}
				dst = append(dst, ".."...)
				return dst, append(ends, len(dst))
			default:
				ends = append(ends, len(dst))
				start = len(dst)
				dst = append(dst, w...)
			}
		}
	}
	if filling {
		ends = append(ends, len(dst))
	}
	return dst, ends
}
