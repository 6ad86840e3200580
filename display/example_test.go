package display_test

import (
	"bytes"
	"fmt"
	"image"
	"time"

	"tandem/bughouse"
	"tandem/display"
	"tandem/rules"
)

// Times are rounded up, with tenths under 20 s: a clock shows zero only
// when it has flagged.
func ExampleFormat() {
	for _, d := range []time.Duration{
		90 * time.Minute, 4*time.Minute + 59*time.Second + 1, 19900 * time.Millisecond,
		19900*time.Millisecond + 1, 4 * time.Millisecond, 0,
	} {
		fmt.Println(display.Format(d, nil))
	}
	// Output:
	// 1:30:00
	// 5:00
	// 19.9
	// 0:20
	// 0.1
	// 0.0
}

// AppendFormat writes the same digits as Format into a buffer the caller
// keeps: a display's tick allocates nothing.
func ExampleAppendFormat() {
	buf := make([]byte, 0, 16)
	for _, d := range []time.Duration{19900 * time.Millisecond, 19800 * time.Millisecond} {
		buf = display.AppendFormat(buf[:0], d, nil)
		fmt.Println(string(buf))
	}
	// Output:
	// 19.9
	// 19.8
}

// The loop redraws exactly when the text changes.
func ExampleNextChange() {
	fmt.Println(display.NextChange(20500*time.Millisecond, nil)) // 0:21 -> 0:20
	fmt.Println(display.NextChange(20*time.Second, nil))         // 0:20 -> 19.9
	fmt.Println(display.NextChange(1234*time.Millisecond, nil))  // 1.3 -> 1.2
	// Output:
	// 500ms
	// 100ms
	// 34ms
}

// BoardImage is what board A's OLED shows: here the ready screen, printed
// as text (# lit) for its top rows: the inverted board letter, the pause
// mark and READY.
func ExampleBoardImage() {
	p, _ := rules.LookupPreset("reglamento")
	m, _ := rules.New(p.Options)
	s := m.Snapshot(0)
	img := display.BoardImage(&s, bughouse.BoardA, nil)
	fmt.Println(img.Bounds())
	for y := 0; y < 9; y++ {
		row := make([]byte, 0, 48)
		for x := 0; x < 20; x++ {
			row = append(row, ".#"[img.GrayAt(x, y).Y/255])
		}
		fmt.Println(string(row))
	}
	// Output:
	// (0,0)-(128,64)
	// #########...........
	// ###...###....##..##.
	// ##.###.##....##..##.
	// ##.###.##....##..##.
	// ##.....##....##..##.
	// ##.###.##....##..##.
	// ##.###.##....##..##.
	// ##.###.##....##..##.
	// #########...........
}

// DrawBoard draws BoardImage into an image the display keeps, the same
// pixels without allocating a new image for every snapshot.
func ExampleDrawBoard() {
	p, _ := rules.LookupPreset("reglamento")
	m, _ := rules.New(p.Options)
	_, _ = m.Apply(rules.Event{Kind: rules.Start})
	img := image.NewGray(image.Rect(0, 0, display.ImageWidth, display.ImageHeight))
	for _, at := range []time.Duration{time.Second, 2 * time.Second} {
		m.Advance(at)
		s := m.Snapshot(at)
		display.DrawBoard(img, &s, bughouse.BoardA, nil)
		fmt.Println(bytes.Equal(img.Pix, display.BoardImage(&s, bughouse.BoardA, nil).Pix))
	}
	// Output:
	// true
	// true
}
