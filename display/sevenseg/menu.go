package sevenseg

import (
	"strings"

	"tandem/display"
	"tandem/menu"
)

var (
	_ display.MenuShower = (*HT16K33)(nil)
	_ display.MenuShower = (*TM1637)(nil)
)

// MenuCells returns the cells of a button menu screen on a 4-digit
// display: the highlighted entry's four characters (menu.Screen.Short:
// "TIME", "3-2", "PASA", "OFF?"), which every player's display shows
// while the menu is open.
func MenuCells(sc menu.Screen) Cells { return TextCells(sc.Short) }

// ShowMenu shows a menu screen (MenuCells).
func (d *HT16K33) ShowMenu(sc menu.Screen) error { return d.write(MenuCells(sc), false) }

// ShowMenu shows a menu screen (MenuCells).
func (d *TM1637) ShowMenu(sc menu.Screen) error { return d.write(MenuCells(sc)) }

// Art draws c as text, three rows of three characters a digit, as a
// 7-segment display lights it ('_' and '|' for the segments, '.' the
// decimal point, ':' the colon between the second and third digits): the
// text captures of docs/hardware.md.
//
//	 _       _   _
//	|_   |:  _|  _|
//	|_|  |:  _|  _|
func Art(c Cells) string {
	var rows [3]strings.Builder
	for i, seg := range c.Digits {
		on := func(s byte, r string) string {
			if seg&s != 0 {
				return r
			}
			return " "
		}
		rows[0].WriteString(" " + on(SegA, "_") + " ")
		rows[1].WriteString(on(SegF, "|") + on(SegG, "_") + on(SegB, "|"))
		rows[2].WriteString(on(SegE, "|") + on(SegD, "_") + on(SegC, "|"))
		sep := [3]string{" ", " ", on(SegDP, ".")}
		if i == 1 {
			colon := " "
			if c.Colon {
				colon = ":"
			}
			sep = [3]string{" ", colon, colon}
			if seg&SegDP != 0 {
				sep[2] = "."
			}
		}
		for r := range rows {
			rows[r].WriteString(sep[r])
		}
	}
	out := make([]string, 3)
	for r := range rows {
		out[r] = strings.TrimRight(rows[r].String(), " ")
	}
	return strings.Join(out, "\n")
}
