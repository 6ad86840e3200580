package display

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/bughouse"
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
	golden(t, "ready", BoardImage(snap(m, 0), bughouse.BoardA, nil))

	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.AWhite, 2*sec))
	golden(t, "running", BoardImage(snap(m, 3500*time.Millisecond), bughouse.BoardA, nil))
	golden(t, "running_black_left", BoardImage(snap(m, 3500*time.Millisecond), bughouse.BoardA, &ImageOpts{BlackLeft: true}))

	apply(t, m, rules.Event{Kind: rules.Pause, At: 4 * sec})
	golden(t, "paused", BoardImage(snap(m, 10*sec), bughouse.BoardA, nil))

	// Tenths, then the flag and the result on both boards.
	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.BWhite, sec))
	golden(t, "tenths", BoardImage(snap(m, 8*sec+150*time.Millisecond), bughouse.BoardA, nil))
	s := snap(m, 10*sec+50*time.Millisecond)
	s.Final = true // on disk: shown as final (TestBoardImage_ProvisionalResult)
	golden(t, "flag_board_a", BoardImage(s, bughouse.BoardA, nil))
	golden(t, "flag_board_b", BoardImage(s, bughouse.BoardB, nil))

	// Simultaneous flags: the longest result line.
	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	s = snap(m, 11*sec)
	s.Final = true
	golden(t, "simultaneous", BoardImage(s, bughouse.BoardB, nil))

	// A claim, a delay and an hour-long control.
	m = match(t, clock.Delayed(90*time.Minute, 5*sec, clock.US))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	golden(t, "delay_hours", BoardImage(snap(m, 2*sec), bughouse.BoardA, nil))
	apply(t, m, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: 3 * sec})
	apply(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove, At: 4 * sec})
	golden(t, "claim", BoardImage(snap(m, 4*sec), bughouse.BoardA, nil))
}

// The image is a pure function of the snapshot, two-valued, and the
// running mark sits under the running clock, on the side the options say.
func TestBoardImage_MarkSide(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	s := snap(m, sec) // A-white runs
	leftMark, rightMark := image.Rect(8, 36, 15, 43), image.Rect(ImageWidth-15, 36, ImageWidth-8, 43)
	img := BoardImage(s, bughouse.BoardA, nil)
	if lit(img, leftMark) == 0 || lit(img, rightMark) != 0 {
		t.Errorf("White left, White running: lit left %d right %d, want the mark on the left only", lit(img, leftMark), lit(img, rightMark))
	}
	img = BoardImage(s, bughouse.BoardA, &ImageOpts{BlackLeft: true})
	if lit(img, leftMark) != 0 || lit(img, rightMark) == 0 {
		t.Errorf("Black left, White running: lit left %d right %d, want the mark on the right only", lit(img, leftMark), lit(img, rightMark))
	}
	again := BoardImage(s, bughouse.BoardA, &ImageOpts{BlackLeft: true})
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
	golden(t, "ready_pin", BoardImage(s, bughouse.BoardA, &ImageOpts{Note: "PIN 4821"}))
	plain := BoardImage(s, bughouse.BoardA, nil)
	if bytes.Equal(plain.Pix, BoardImage(s, bughouse.BoardA, &ImageOpts{Note: "PIN 4821"}).Pix) {
		t.Error("the note is not drawn")
	}
	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	d := snap(m, 11*sec) // decided: the result's detail keeps the detail area
	d.Final = true
	with := BoardImage(d, bughouse.BoardA, &ImageOpts{Note: "PIN 4821"})
	without := BoardImage(d, bughouse.BoardA, nil)
	marksRow := image.Rect(16, 36, ImageWidth-16, 43)
	for y := 0; y < ImageHeight; y++ {
		for x := 0; x < ImageWidth; x++ {
			if !(image.Point{x, y}).In(marksRow) && with.GrayAt(x, y) != without.GrayAt(x, y) {
				t.Fatalf("the note changed pixel (%d,%d) outside the marks row: it covers the result or a mark", x, y)
			}
		}
	}
	if lit(with, marksRow) == 0 || lit(without, marksRow) != 0 {
		t.Errorf("marks row between the marks: %d lit with the note, %d without; want the note there", lit(with, marksRow), lit(without, marksRow))
	}
}

// lit counts the lit pixels of img in r.
func lit(img *image.Gray, r image.Rectangle) int {
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

// decidedByCheckmate returns a 5-minute match in which the arbiter
// declared board B 0-1 by checkmate at 83 s (B-black, team 1, mates: the
// match is 1-0, B-white decisive); Final is false, as Match.Snapshot
// leaves it.
func decidedByCheckmate(t *testing.T) *rules.Snapshot {
	t.Helper()
	m := match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.AWhite, 20*sec))
	apply(t, m, press(bughouse.BWhite, 31*sec))
	apply(t, m, press(bughouse.ABlack, 52*sec))
	apply(t, m, rules.Event{Kind: rules.Pause, At: 83 * sec})
	apply(t, m, rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.BlackWins, Reason: rules.Checkmate, At: 83 * sec})
	return snap(m, 90*sec)
}

// A decided result shows as provisional until it is on disk
// (Snapshot.Final): "1-0?" on the top line; then "1-0". The rest of the
// face is the same.
func TestBoardImage_ProvisionalResult(t *testing.T) {
	s := decidedByCheckmate(t)
	if s.Status != rules.Decided || s.Result != rules.Team1Wins || s.Final {
		t.Fatalf("scenario: %s %s final %v", s.Status, s.Result, s.Final)
	}
	prov := BoardImage(s, bughouse.BoardA, nil)
	golden(t, "result_provisional", prov)
	f := Render(s, bughouse.BoardA, true, nil)
	if !f.Provisional || f.StatusText() != "1-0? checkmate B-white" || !strings.HasSuffix(f.String(), "1-0? checkmate B-white") {
		t.Errorf("provisional face: %+v, %q", f, f.String())
	}

	fin := *s
	fin.Final = true
	final := BoardImage(&fin, bughouse.BoardA, nil)
	golden(t, "result_final", final)
	f = Render(&fin, bughouse.BoardA, true, nil)
	if f.Provisional || f.StatusText() != "1-0 checkmate B-white" || strings.Contains(f.String(), "?") {
		t.Errorf("final face: %+v, %q", f, f.String())
	}

	// Only the top line's result word differs: the mark after it.
	top := image.Rect(ImageWidth-textWidth("1-0?", 1), 0, ImageWidth, 9)
	for y := 0; y < ImageHeight; y++ {
		for x := 0; x < ImageWidth; x++ {
			if !(image.Point{x, y}).In(top) && prov.GrayAt(x, y) != final.GrayAt(x, y) {
				t.Fatalf("pixel (%d,%d) differs outside the result word", x, y)
			}
		}
	}
	if bytes.Equal(prov.Pix, final.Pix) {
		t.Error("a provisional result looks final")
	}

	// Recording failed: the result stays provisional and the note says
	// so, between the marks, under the times.
	golden(t, "result_no_record", BoardImage(s, bughouse.BoardA, &ImageOpts{Note: RecordNote(false, time.Time{}, true)}))
}

// A recovered match: paused, with the note "RECOVERED 14:03" in the
// detail area; and the notes fit wherever they go.
func TestBoardImage_RecoveredNote(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.AWhite, 20*sec))
	apply(t, m, rules.Event{Kind: rules.Pause, At: 47 * sec})
	at := time.Date(2026, 11, 29, 14, 3, 59, 0, time.UTC)
	note := RecordNote(true, at, false)
	if note != "RECOVERED 14:03" {
		t.Fatalf("RecordNote = %q", note)
	}
	s := snap(m, 47*sec)
	img := BoardImage(s, bughouse.BoardA, &ImageOpts{Note: note})
	golden(t, "recovered_note", img)
	if bytes.Equal(img.Pix, BoardImage(s, bughouse.BoardA, nil).Pix) {
		t.Error("the note is not drawn")
	}
	for _, n := range []string{"RECOVERED 14:03", "NO RECORD", "RECOVERED 23:59"} {
		if len(n) > NoteWidth || textWidth(n, 1) > ImageWidth-2*16 {
			t.Errorf("%q is %d px: wider than the marks row between the marks", n, textWidth(n, 1))
		}
		for _, r := range n {
			if _, ok := font[r]; !ok {
				t.Errorf("%q: the font has no %q", n, r)
			}
		}
	}
}

func TestRecordNote(t *testing.T) {
	at := time.Date(2026, 11, 29, 9, 5, 0, 0, time.FixedZone("CET", 3600))
	for _, c := range []struct {
		recovered, failed bool
		at                time.Time
		want              string
	}{
		{false, false, at, ""},
		{true, false, at, "RECOVERED 09:05"}, // in at's own zone
		{true, false, time.Time{}, "RECOVERED"},
		{true, true, at, "NO RECORD"}, // failing outweighs: the result will not be final
		{false, true, time.Time{}, "NO RECORD"},
	} {
		if got := RecordNote(c.recovered, c.at, c.failed); got != c.want {
			t.Errorf("RecordNote(%v, %v, %v) = %q, want %q", c.recovered, c.at, c.failed, got, c.want)
		}
	}
}

// The question mark is drawn as one (a provisional result's mark), and a
// rune the font lacks still as a box.
func TestFont_QuestionMarkAndMissingBox(t *testing.T) {
	q := image.NewGray(image.Rect(0, 0, 8, 8))
	drawText(q, 0, 0, "?", 1, 1, On)
	box := image.NewGray(image.Rect(0, 0, 8, 8))
	drawText(box, 0, 0, "#", 1, 1, On)
	if bytes.Equal(q.Pix, box.Pix) || lit(q, q.Rect) == 0 {
		t.Error("? is drawn as the missing-rune box")
	}
	if lit(box, box.Rect) != 2*glyphW+2*(glyphH-2) {
		t.Errorf("a missing rune lights %d pixels, want the box's %d", lit(box, box.Rect), 2*glyphW+2*(glyphH-2))
	}
}
