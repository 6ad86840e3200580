package display

import (
	"image"
	"strings"

	"tandem/menu"
)

// MenuLines is how many lines of a menu screen's list the OLED shows at
// once; the list scrolls to keep the highlighted one in sight.
const MenuLines = 4

// MenuImage returns the 128x64 image (pixels Off or On) of a button menu
// screen as the SSD1306 shows it (docs/hardware.md, "The button menu"):
//
//   - top line: the title, inverted, across the screen;
//   - four lines of the list, the highlighted one inverted with ">"
//     before it (the list scrolls), or the screen's text, each of its
//     lines word-wrapped on lines of its own;
//   - bottom line: which clock button does what (Texts.MenuKeys).
//
// Lower case is drawn upper case; tx gives the bottom line's words (nil:
// English).
func MenuImage(sc menu.Screen, tx *Texts) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, ImageWidth, ImageHeight))
	const cols = ImageWidth / (glyphW + 1) // 21
	fill(img, image.Rect(0, 0, ImageWidth, 9), On)
	drawText(img, 2, 1, cut(strings.ToUpper(sc.Title), cols-1), 1, 1, Off)
	const top, lineH = 11, 10
	if sc.Cursor >= 0 {
		first := 0
		if sc.Cursor >= MenuLines {
			first = sc.Cursor - MenuLines + 1
		}
		for i := first; i < len(sc.Lines) && i < first+MenuLines; i++ {
			y := top + (i-first)*lineH
			text := "  " + strings.ToUpper(sc.Lines[i])
			v := On
			if i == sc.Cursor {
				fill(img, image.Rect(0, y-1, ImageWidth, y+8), On)
				text, v = "> "+strings.ToUpper(sc.Lines[i]), Off
			}
			drawText(img, 0, y, cut(text, cols), 1, 1, v)
		}
	} else {
		// Each line of the text on lines of its own, wrapped; four in all.
		var lines []string
		for _, l := range sc.Lines {
			if left := MenuLines - len(lines); left > 0 {
				lines = append(lines, wrap(strings.ToUpper(l), cols, left)...)
			}
		}
		for i, l := range lines {
			drawText(img, 0, top+i*lineH, l, 1, 1, On)
		}
	}
	keys := strings.ToUpper(tx.or().MenuKeys)
	drawText(img, (ImageWidth-textWidth(keys, 1))/2, 56, cut(keys, cols), 1, 1, On)
	return img
}

// cut returns s cut to n runes.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
