package display

import (
	"image"
	"image/color"
	"strings"

	"tandem/bughouse"
	"tandem/rules"
)

// The size of the board image in pixels: the SSD1306 128x64 OLED.
const (
	ImageWidth  = 128
	ImageHeight = 64
)

// The pixel values of a board image: every pixel is one of these two.
const (
	Off uint8 = 0   // dark
	On  uint8 = 255 // lit
)

// ImageOpts configures BoardImage. The zero value puts White on the
// display's left and uses DefaultOpts for the digits.
type ImageOpts struct {
	// BlackLeft puts the board's Black player on the display's left (the
	// display faces the players, so the left seat is a matter of where it
	// stands on the table: config [display.devices.NAME] left).
	BlackLeft bool
	// Format is the time format (tenths below 20 s by default); nil means
	// DefaultOpts.
	Format *Opts
	// Note is a short note the daemon sets (Noter.SetNote): the arbiter's
	// generated PIN before the start ("PIN 4821"), the record's state
	// (RecordNote: "RECOVERED 14:03", "NO RECORD"). It is never hidden by
	// the match: it takes the detail area (two lines of 21 characters)
	// when the face has no detail of its own, and otherwise (a result, a
	// claim) the middle of the marks row, between the two clocks' marks:
	// NoteWidth characters, the rest cut. Empty: nothing.
	Note string
}

// BoardImage returns board b's display in snapshot s as a 128x64 image
// (ImageWidth x ImageHeight) whose pixels are Off (0) or On (255): what the
// SSD1306 OLED of that board shows, and what the web console mirrors. It is
// pure: the same snapshot gives the same pixels. It is FaceImage of
// Render(s, b, ...).
func BoardImage(s *rules.Snapshot, b bughouse.Board, o *ImageOpts) *image.Gray {
	var opts ImageOpts
	if o != nil {
		opts = *o
	}
	return faceImage(Render(s, b, !opts.BlackLeft, opts.Format), opts.Note)
}

// FaceImage draws face f on a new 128x64 image (pixels Off or On):
//
//   - top line: the board letter (inverted box), the pause mark (two bars)
//     when paused, and the status word right-aligned: READY, PAUSED, CLAIM,
//     DRAWN or the match result ("1-0", "1/2-1/2");
//   - the two remaining times in digits 21 pixels high, left and right as
//     seated (a time too wide for half the screen, from one hour, is drawn
//     half as wide);
//   - under each time: W or B for the player's colour at the outer edge and
//     the clock's mark: a filled triangle while it runs, an outlined one on
//     his turn while the clocks are stopped, a flag when it fell, D inside
//     the delay;
//   - two lines of detail: the claimant, the reason and decisive seats of a
//     result, the reason of a drawn board (word-wrapped, upper case).
//
// A provisional result (Face.Provisional: decided, not yet on disk) has
// MarkProvisional after its word on the top line ("0-1?"); a final one
// has none (Face.StatusText).
func FaceImage(f Face) *image.Gray { return faceImage(f, "") }

// NoteWidth is how many characters of ImageOpts.Note fit the middle of the
// marks row (from x 17 to 111), where the note goes when the face has
// detail of its own: "RECOVERED 14:03" (15) fits.
const NoteWidth = 15

func faceImage(f Face, note string) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, ImageWidth, ImageHeight))

	// Board letter, inverted.
	fill(img, image.Rect(0, 0, 9, 9), On)
	drawText(img, 2, 1, f.Board.String(), 1, 1, Off)
	if f.Paused {
		fill(img, image.Rect(13, 1, 15, 8), On)
		fill(img, image.Rect(17, 1, 19, 8), On)
	}
	head, detail := splitStatus(f.StatusText())
	drawText(img, ImageWidth-textWidth(head, 1), 1, head, 1, 1, On)

	// Times.
	const timeY, sy = 12, 3
	half := ImageWidth/2 - 2
	for i, c := range []ClockFace{f.Left, f.Right} {
		sx := 2
		if textWidth(c.Time, sx) > half {
			sx = 1
		}
		x := 0
		if i == 1 {
			x = ImageWidth - textWidth(c.Time, sx)
		}
		drawText(img, x, timeY, c.Time, sx, sy, On)
	}

	// Colour letters and marks.
	const markY = 36
	drawText(img, 0, markY, colorLetter(f.Left.Seat), 1, 1, On)
	drawMark(img, 8, markY, f.Left)
	drawMark(img, ImageWidth-15, markY, f.Right)
	drawText(img, ImageWidth-glyphW, markY, colorLetter(f.Right.Seat), 1, 1, On)

	// The note: in the detail area when it is free, otherwise centred in
	// the marks row between the two marks (x 16 to 112).
	if detail == "" {
		detail = note // e.g. the generated PIN before the start
	} else if note != "" {
		for _, line := range wrap(strings.ToUpper(note), NoteWidth, 1) {
			drawText(img, (ImageWidth-textWidth(line, 1))/2, markY, line, 1, 1, On)
		}
	}

	// Detail.
	for i, line := range wrap(strings.ToUpper(detail), ImageWidth/(glyphW+1), 2) {
		drawText(img, 0, 46+9*i, line, 1, 1, On)
	}
	return img
}

// splitStatus splits a Face.Status into the word of the top line and the
// detail: "0-1 flag A-white" -> "0-1", "flag A-white".
func splitStatus(s string) (head, detail string) {
	head, detail, _ = strings.Cut(s, " ")
	return strings.ToUpper(head), detail
}

func colorLetter(s bughouse.Seat) string {
	if s.Color() == bughouse.Black {
		return "B"
	}
	return "W"
}

// drawMark draws c's mark in a 7x7 box at (x, y).
func drawMark(img *image.Gray, x, y int, c ClockFace) {
	switch c.Mark() {
	case MarkRunning, MarkTurn:
		// A triangle pointing right: column i is lit from row i/2 to 6-i/2.
		for i := 0; i < 7; i++ {
			top, bot := i/2, 6-i/2
			if top > bot {
				break
			}
			if c.Mark() == MarkRunning || i == 0 || top == bot || top+1 == bot {
				fill(img, image.Rect(x+i, y+top, x+i+1, y+bot+1), On)
			} else {
				img.SetGray(x+i, y+top, color.Gray{On})
				img.SetGray(x+i, y+bot, color.Gray{On})
			}
		}
	case MarkFlag:
		fill(img, image.Rect(x, y, x+1, y+7), On)   // the pole
		fill(img, image.Rect(x+1, y, x+6, y+4), On) // the cloth
	case MarkDelay:
		drawText(img, x+1, y, "D", 1, 1, On)
	}
}

// fill sets every pixel of r to v.
func fill(img *image.Gray, r image.Rectangle, v uint8) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.Pix[img.PixOffset(x, y)] = v
		}
	}
}

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

// drawText draws s with its top-left corner at (x, y), each font pixel
// sx wide and sy high, in value v. Lower case is drawn upper case.
func drawText(img *image.Gray, x, y int, s string, sx, sy int, v uint8) {
	for _, r := range strings.ToUpper(s) {
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
		x += (w + 1) * sx
	}
}

// wrap splits s into at most n lines of at most width runes, breaking at
// spaces; a word longer than a line is cut. What does not fit is dropped,
// the last line then ending in "..".
func wrap(s string, width, n int) []string {
	var lines []string
	cur := ""
	words := strings.Fields(s)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if len(w) > width {
			w, words[i] = w[:width], w[width:]
			i--
		}
		switch {
		case cur == "":
			cur = w
		case len(cur)+1+len(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > n {
		last := lines[n-1]
		if len(last) > width-2 {
			last = last[:width-2]
		}
		lines = append(lines[:n-1], last+"..")
	}
	return lines
}
