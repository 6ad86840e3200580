package eboard_test

import (
	"bytes"
	"fmt"

	"tandem/eboard"
)

// The protocol's example: a white knight set down on f3 (field 45).
func ExampleDecoder() {
	d := eboard.NewDecoder(bytes.NewReader([]byte{0x8E, 0x00, 0x05, 0x2D, 0x03}))
	m, _ := d.Next()
	field, code, _ := eboard.FieldUpdate(m)
	p, _ := eboard.Piece(code)
	fmt.Println(eboard.Normal.Square(field), string(p.Letter()), eboard.Rotated.Square(field))
	// Output: f3 N c6
}
