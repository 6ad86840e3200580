package display

import (
	"image"
	"strings"

	"tandem/menu"
	"tandem/rules"
)

// Device is a physical display: an SSD1306 showing a board
// (package display/ssd1306face) or a 7-segment display showing one clock
// (package display/sevenseg). The daemon calls Show with every snapshot;
// a Device sends bytes only when what it shows changes.
type Device interface {
	// Show draws the device's part of s. It returns the bus error, if any;
	// the next Show tries again.
	Show(s *rules.Snapshot) error
	// Message shows text instead of the match (tandem probe shows the
	// device's name), as much of it as fits.
	Message(text string) error
	// Halt blanks the display.
	Halt() error
	// String names the device: its kind, bus or lines, address.
	String() string
}

// Checker is a Device that can tell whether it is there beyond a write
// that did not fail: a TM1637, whose two lines report nothing to the
// writer (a missing module takes every write). Check returns nil when the
// device answered, an error saying what to check otherwise. tandem probe
// calls it.
type Checker interface {
	Check() error
}

// Noter is a Device that can show a short note beside the match (the
// SSD1306: ImageOpts.Note): the daemon shows the arbiter's generated PIN
// there before the start, and the record's state (RecordNote: "RECOVERED
// 14:03", "NO RECORD"). The note shows from the next Show; "" removes it.
type Noter interface {
	SetNote(note string)
}

// TextImage returns a 128x64 image (pixels Off or On) of text in letters
// 14 pixels high, word-wrapped to four lines of ten, centred: what an
// SSD1306 shows for Device.Message.
func TextImage(text string) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, ImageWidth, ImageHeight))
	lines := wrap(strings.ToUpper(text), ImageWidth/((glyphW+1)*2), 4)
	const lineH = glyphH*2 + 2
	y := (ImageHeight - len(lines)*lineH + 2) / 2
	for _, l := range lines {
		drawText(img, (ImageWidth-textWidth(l, 2))/2, y, l, 2, 2, On)
		y += lineH
	}
	return img
}

// Namer is a Device with room for the players' names (the SSD1306:
// ImageOpts.Players): the daemon sets them from every snapshot's
// table.Snapshot.Players, from the next Show.
type Namer interface {
	SetPlayers(names [4]string)
}

// MenuShower is a Device that shows the button menu (package menu) while
// it is open, in place of the match: the SSD1306 draws MenuImage, a
// 7-segment display the highlighted entry's four characters.
type MenuShower interface {
	ShowMenu(sc menu.Screen) error
}
