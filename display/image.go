package display

import (
	"bytes"
	"image"
	"image/color"

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
	// Texts are the face's words (the status, the seats, the reasons);
	// nil means English.
	Texts *Texts
	// Players are the players' names by bughouse.Seat ("" unknown:
	// table.Snapshot.Players). The board's two go on the bottom line,
	// each under his clock, up to NameWidth characters; the detail (a
	// result, a claim) and the note then have the line above.
	Players [4]string
}

// BoardImage returns board b's display in snapshot s as a 128x64 image
// (ImageWidth x ImageHeight) whose pixels are Off (0) or On (255): what the
// SSD1306 OLED of that board shows, and what the web console mirrors. It is
// pure: the same snapshot gives the same pixels. It is FaceImage of
// Render(s, b, ...), with the note. DrawBoard draws the same into an image
// of the caller's.
func BoardImage(s *rules.Snapshot, b bughouse.Board, o *ImageOpts) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, ImageWidth, ImageHeight))
	DrawBoard(img, s, b, o)
	return img
}

// DrawBoard draws BoardImage(s, b, o) into dst, whose bounds should be
// those of BoardImage (0,0)-(128,64): every pixel of dst is set, Off or
// On, and what falls outside its bounds is cut. It allocates nothing (a
// display redraws ten times a second in a game's last 20 seconds), except
// for the seat names of a claim or a result (rules.Seat.String).
func DrawBoard(dst *image.Gray, s *rules.Snapshot, b bughouse.Board, o *ImageOpts) {
	var opts ImageOpts
	if o != nil {
		opts = *o
	}
	w, bl := bughouse.SeatOf(b, bughouse.White), bughouse.SeatOf(b, bughouse.Black)
	var times [2][24]byte
	var status [96]byte
	f := faceView{
		board: b,
		left:  clockState(s, w), leftTime: AppendFormat(times[0][:0], s.Clocks[w].Remaining, opts.Format),
		right: clockState(s, bl), rightTime: AppendFormat(times[1][:0], s.Clocks[bl].Remaining, opts.Format),
	}
	if opts.BlackLeft {
		f.left, f.right = f.right, f.left
		f.leftTime, f.rightTime = f.rightTime, f.leftTime
	}
	f.status, f.paused, f.provisional = appendStatus(status[:0], s, b, opts.Texts.or())
	f.leftName, f.rightName = opts.Players[f.left.Seat], opts.Players[f.right.Seat]
	f.draw(dst, opts.Note)
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
	v := faceView{
		board: f.Board, left: f.Left, right: f.Right, paused: f.Paused,
		leftTime: []byte(f.Left.Time), rightTime: []byte(f.Right.Time),
		status: []byte(f.Status), provisional: f.Provisional,
	}
	v.draw(img, note)
	return img
}

// faceView is a Face as faceView.draw reads it: its texts are bytes, so
// that DrawBoard can build it from a snapshot in arrays of its own. The
// clocks' Time fields are not read.
type faceView struct {
	board               bughouse.Board
	left, right         ClockFace
	leftTime, rightTime []byte
	paused              bool
	status              []byte // Face.Status
	provisional         bool
	leftName, rightName string // ImageOpts.Players of the two seats
}

// draw sets every pixel of img to face f (FaceImage), with the note
// (ImageOpts.Note).
func (f *faceView) draw(img *image.Gray, note string) {
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		i := img.PixOffset(img.Rect.Min.X, y)
		clear(img.Pix[i : i+img.Rect.Dx()])
	}

	// Board letter, inverted.
	fill(img, image.Rect(0, 0, 9, 9), On)
	drawText(img, 2, 1, f.board.String(), 1, 1, Off)
	if f.paused {
		fill(img, image.Rect(13, 1, 15, 8), On)
		fill(img, image.Rect(17, 1, 19, 8), On)
	}
	// The top line's word and the detail: Face.StatusText cut at its first
	// space, "0-1? flag A-white" -> "0-1?", "flag A-white".
	word, detail := f.status, []byte(nil)
	if i := bytes.IndexByte(f.status, ' '); i >= 0 {
		word, detail = f.status[:i], f.status[i+1:]
	}
	var headBuf [32]byte
	head := appendUpper(headBuf[:0], word)
	if f.provisional && len(f.status) > 0 {
		head = append(head, MarkProvisional...)
	}
	drawBytes(img, ImageWidth-bytesWidth(head, 1), 1, head, 1, 1, On)

	// Times.
	const timeY, sy = 12, 3
	half := ImageWidth/2 - 2
	for i, t := range [2][]byte{f.leftTime, f.rightTime} {
		sx := 2
		if bytesWidth(t, sx) > half {
			sx = 1
		}
		x := 0
		if i == 1 {
			x = ImageWidth - bytesWidth(t, sx)
		}
		drawBytes(img, x, timeY, t, sx, sy, On)
	}

	// Colour letters and marks.
	const markY = 36
	drawText(img, 0, markY, colorLetter(f.left.Seat), 1, 1, On)
	drawMark(img, 8, markY, f.left)
	drawMark(img, ImageWidth-15, markY, f.right)
	drawText(img, ImageWidth-glyphW, markY, colorLetter(f.right.Seat), 1, 1, On)

	// The note: in the detail area when it is free, otherwise centred in
	// the marks row between the two marks (x 16 to 112).
	var noteBuf, upperBuf, linesBuf [64]byte
	var ends [2]int
	if len(detail) == 0 {
		detail = append(noteBuf[:0], note...) // e.g. the generated PIN before the start
	} else if note != "" {
		up := appendUpper(upperBuf[:0], append(noteBuf[:0], note...))
		lines, e := appendWrapped(linesBuf[:0], ends[:0], up, NoteWidth, 1)
		for _, end := range e { // one line
			drawBytes(img, (ImageWidth-bytesWidth(lines[:end], 1))/2, markY, lines[:end], 1, 1, On)
		}
	}

	// Detail: two lines, or one above the players' names.
	n := 2
	if f.leftName != "" || f.rightName != "" {
		n = 1
		var nameBuf [2][4 * NameWidth]byte
		l := appendName(nameBuf[0][:0], f.leftName)
		r := appendName(nameBuf[1][:0], f.rightName)
		drawBytes(img, 0, 55, l, 1, 1, On)
		drawBytes(img, ImageWidth-bytesWidth(r, 1), 55, r, 1, 1, On)
	}
	up := appendUpper(upperBuf[:0], detail)
	lines, e := appendWrapped(linesBuf[:0], ends[:0], up, ImageWidth/(glyphW+1), n)
	start := 0
	for i, end := range e {
		drawBytes(img, 0, 46+9*i, lines[start:end], 1, 1, On)
		start = end
	}
}

// NameWidth is how many characters of a player's name the OLED shows
// under his clock: two names and a space fill its 21 columns.
const NameWidth = 10

// appendName appends name in upper case, cut to NameWidth runes.
func appendName(dst []byte, name string) []byte {
	n := 0
	for i := range name {
		if n == NameWidth {
			name = name[:i]
			break
		}
		n++
	}
	return appendUpper(dst, []byte(name))
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
