package sevenseg_test

import (
	"fmt"

	"tandem/display/sevenseg"
)

// What a 4-digit display lights for display.Format's texts: the colon
// between the second and third digit, a point after a digit (a TM1637
// clock module, with no points, uses the colon for it).
func ExampleTimeCells() {
	for _, text := range []string{"4:59", "19.9", "1:30:00"} {
		c := sevenseg.TimeCells(text, false)
		var points []bool
		for _, d := range c.Digits {
			points = append(points, d&sevenseg.SegDP != 0)
		}
		fmt.Printf("%-7s colon=%v points=%v\n", text, c.Colon, points)
	}
	// Output:
	// 4:59    colon=true points=[false false false false]
	// 19.9    colon=false points=[false false true false]
	// 1:30:00 colon=true points=[false false false false]
}
