package display

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/clock"
	"tandem/rules"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/ from the renderer")

// golden compares img with testdata/name.png, pixel by pixel. With
// -update it writes the file instead (then look at it before committing).
func golden(t *testing.T, name string, img *image.Gray) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./display -run Golden -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: bounds %v, want %v", path, img.Bounds(), want.Bounds())
	}
	diff := 0
	for y := 0; y < ImageHeight; y++ {
		for x := 0; x < ImageWidth; x++ {
			g, _, _, _ := want.At(x, y).RGBA()
			if uint8(g>>8) != img.GrayAt(x, y).Y {
				diff++
			}
		}
	}
	if diff > 0 {
		got := filepath.Join(t.TempDir(), name+".png")
		var b bytes.Buffer
		_ = png.Encode(&b, img)
		_ = os.WriteFile(got, b.Bytes(), 0o644)
		t.Errorf("%s: %d pixels differ; got written to %s", path, diff, got)
	}
}

func TestBoardImage_Golden(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	golden(t, "ready", BoardImage(snap(m, 0), rules.BoardA, nil))

	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(rules.AWhite, 2*sec))
	golden(t, "running", BoardImage(snap(m, 3500*time.Millisecond), rules.BoardA, nil))
	golden(t, "running_black_left", BoardImage(snap(m, 3500*time.Millisecond), rules.BoardA, &ImageOpts{BlackLeft: true}))

	apply(t, m, rules.Event{Kind: rules.Pause, At: 4 * sec})
	golden(t, "paused", BoardImage(snap(m, 10*sec), rules.BoardA, nil))

	// Tenths, then the flag and the result on both boards.
	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(rules.BWhite, sec))
	golden(t, "tenths", BoardImage(snap(m, 8*sec+150*time.Millisecond), rules.BoardA, nil))
	s := snap(m, 10*sec+50*time.Millisecond)
	golden(t, "flag_board_a", BoardImage(s, rules.BoardA, nil))
	golden(t, "flag_board_b", BoardImage(s, rules.BoardB, nil))

	// Simultaneous flags: the longest result line.
	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	golden(t, "simultaneous", BoardImage(snap(m, 11*sec), rules.BoardB, nil))

	// A claim, a delay and an hour-long control.
	m = match(t, clock.Delayed(90*time.Minute, 5*sec, clock.US))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	golden(t, "delay_hours", BoardImage(snap(m, 2*sec), rules.BoardA, nil))
	apply(t, m, rules.Event{Kind: rules.Press, Seat: rules.AWhite, At: 3 * sec})
	apply(t, m, rules.Event{Kind: rules.Claim, Seat: rules.ABlack, Reason: rules.IllegalMove, At: 4 * sec})
	golden(t, "claim", BoardImage(snap(m, 4*sec), rules.BoardA, nil))
}

// The image is a pure function of the snapshot, two-valued, and the
// running mark sits under the running clock, on the side the options say.
func TestBoardImage_MarkSide(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	s := snap(m, sec) // A-white runs
	lit := func(img *image.Gray, r image.Rectangle) int {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if img.GrayAt(x, y).Y == On {
					n++
				}
			}
		}
		return n
	}
	leftMark, rightMark := image.Rect(8, 36, 15, 43), image.Rect(ImageWidth-15, 36, ImageWidth-8, 43)
	img := BoardImage(s, rules.BoardA, nil)
	if lit(img, leftMark) == 0 || lit(img, rightMark) != 0 {
		t.Errorf("White left, White running: lit left %d right %d, want the mark on the left only", lit(img, leftMark), lit(img, rightMark))
	}
	img = BoardImage(s, rules.BoardA, &ImageOpts{BlackLeft: true})
	if lit(img, leftMark) != 0 || lit(img, rightMark) == 0 {
		t.Errorf("Black left, White running: lit left %d right %d, want the mark on the right only", lit(img, leftMark), lit(img, rightMark))
	}
	again := BoardImage(s, rules.BoardA, &ImageOpts{BlackLeft: true})
	if !bytes.Equal(img.Pix, again.Pix) {
		t.Error("two renderings of one snapshot differ")
	}
	for i, p := range img.Pix {
		if p != On && p != Off {
			t.Fatalf("pixel %d = %d, want 0 or 255", i, p)
		}
	}
}

// Any time up to 10 h fits in its half of the screen: the two times never
// touch, whatever the format.
func TestBoardImage_TimesFitTheirHalf(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := time.Duration(rapid.Int64Range(0, int64(10*time.Hour)).Draw(t, "remaining"))
		tb := time.Duration(rapid.Int64Range(-1, int64(time.Hour)).Draw(t, "tenthsBelow"))
		s := Format(d, &Opts{TenthsBelow: tb})
		w := textWidth(s, 2)
		if w > ImageWidth/2-2 {
			w = textWidth(s, 1)
		}
		if w > ImageWidth/2-2 {
			t.Fatalf("%v formatted %q is %d px wide; half the screen is %d", d, s, w, ImageWidth/2-2)
		}
	})
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"FLAG A-WHITE", []string{"FLAG A-WHITE"}},
		{"SIMULTANEOUS-FLAG A-WHITE B-WHITE", []string{"SIMULTANEOUS-FLAG", "A-WHITE B-WHITE"}},
		{"ABCDEFGHIJKLMNOPQRSTUVWXYZ", []string{"ABCDEFGHIJKLMNOPQRSTU", "VWXYZ"}},
		{"A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 1 2 3", []string{"A B C D E F G H I J K", "L M N O P Q R S T U.."}},
		{"", nil},
	} {
		got := wrap(c.in, 21, 2)
		if len(got) != len(c.want) {
			t.Errorf("wrap(%q) = %q, want %q", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("wrap(%q) = %q, want %q", c.in, got, c.want)
				break
			}
		}
	}
}

// The note (the generated PIN before the start) fills the detail area only
// when the face has none.
func TestBoardImage_Note(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	s := snap(m, 0)
	golden(t, "ready_pin", BoardImage(s, rules.BoardA, &ImageOpts{Note: "PIN 4821"}))
	plain := BoardImage(s, rules.BoardA, nil)
	if bytes.Equal(plain.Pix, BoardImage(s, rules.BoardA, &ImageOpts{Note: "PIN 4821"}).Pix) {
		t.Error("the note is not drawn")
	}
	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	d := snap(m, 11*sec) // decided: the result's detail wins
	if !bytes.Equal(BoardImage(d, rules.BoardA, nil).Pix, BoardImage(d, rules.BoardA, &ImageOpts{Note: "PIN 4821"}).Pix) {
		t.Error("the note covers the result")
	}
}
