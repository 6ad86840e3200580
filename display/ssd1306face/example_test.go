package ssd1306face_test

import (
	"fmt"

	"periph.io/x/conn/v3/i2c/i2ctest"

	"tandem/bughouse"
	"tandem/display/ssd1306face"
	"tandem/rules"
)

// Two boards' displays on one bus, the second strapped to 0x3D; here the
// bus is periph's recorder instead of /dev/i2c-1 (i2creg.Open("/dev/i2c-1")
// on the Pi). Showing the same snapshot twice sends nothing the second
// time.
func ExampleNewI2C() {
	bus := &i2ctest.Record{}
	a, _ := ssd1306face.NewI2C(bus, &ssd1306face.Opts{Board: bughouse.BoardA, Name: "board-a"})
	b, _ := ssd1306face.NewI2C(bus, &ssd1306face.Opts{Board: bughouse.BoardB, Address: ssd1306face.Addr1, Name: "board-b"})
	p, _ := rules.LookupPreset("reglamento")
	m, _ := rules.New(p.Options)
	s := m.Snapshot(0)
	for _, d := range []*ssd1306face.Dev{a, b, a} {
		before := len(bus.Ops)
		_ = d.Show(&s)
		n := 0
		for _, op := range bus.Ops[before:] {
			n += len(op.W)
		}
		fmt.Println(d, n, "bytes")
	}
	// Output:
	// board-a (ssd1306 record@0x3c) 1064 bytes
	// board-b (ssd1306 record@0x3d) 1064 bytes
	// board-a (ssd1306 record@0x3c) 0 bytes
}
