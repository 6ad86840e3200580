package display

import (
	"bytes"
	"image"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// faces returns snapshots of every kind of face: ready, running in whole
// seconds and in tenths, a delay, hours, paused, a claim, one board drawn
// while the other plays, flags and results, provisional and final.
func faces(t *testing.T) []*rules.Snapshot {
	t.Helper()
	var out []*rules.Snapshot
	m := match(t, clock.SuddenDeath(5*time.Minute))
	out = append(out, snap(m, 0))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.AWhite, 2*sec))
	out = append(out, snap(m, 3500*time.Millisecond))
	apply(t, m, rules.Event{Kind: rules.Pause, At: 4 * sec})
	out = append(out, snap(m, 10*sec))

	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.BWhite, sec))
	out = append(out, snap(m, 8*sec+150*time.Millisecond))
	s := snap(m, 10*sec+50*time.Millisecond)
	out = append(out, s)
	final := *s
	final.Final = true
	out = append(out, &final)

	m = match(t, clock.SuddenDeath(10*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	out = append(out, snap(m, 11*sec))

	m = match(t, clock.Delayed(90*time.Minute, 5*sec, clock.US))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	out = append(out, snap(m, 2*sec))
	apply(t, m, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: 3 * sec})
	apply(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove, At: 4 * sec})
	out = append(out, snap(m, 4*sec))

	out = append(out, decidedByCheckmate(t))

	m = match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.Drawn, Reason: rules.Agreement, At: sec})
	if s := snap(m, 2*sec); s.Status != rules.Running || !s.Boards[bughouse.BoardA].Over {
		t.Fatalf("scenario: %s, board A over %v; want board A drawn while B plays", s.Status, s.Boards[bughouse.BoardA].Over)
	}
	out = append(out, snap(m, 2*sec))
	return out
}

// DrawBoard draws exactly FaceImage of Render with the note, whatever the
// image held before, for every kind of face, side and note.
func TestDrawBoard_IsFaceImageOfRender(t *testing.T) {
	dst := image.NewGray(image.Rect(0, 0, ImageWidth, ImageHeight))
	for i := range dst.Pix {
		dst.Pix[i] = byte(i) // neither Off nor On: every pixel must be set
	}
	for i, s := range faces(t) {
		for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
			for _, o := range []ImageOpts{
				{}, {BlackLeft: true}, {Note: "PIN 4821"}, {Note: "HALL OFFLINE", BlackLeft: true},
				{Note: "RECOVERED 14:03 and more than fits"}, {Format: &Opts{TenthsBelow: -1}},
			} {
				DrawBoard(dst, s, b, &o)
				want := faceImage(Render(s, b, !o.BlackLeft, o.Format), o.Note)
				if !bytes.Equal(dst.Pix, want.Pix) {
					t.Errorf("face %d (%s) board %s %+v: DrawBoard differs from FaceImage of Render", i, s.Status, b, o)
				}
			}
		}
	}
}

// DrawBoard into a sub-image sets the pixels inside it only.
func TestDrawBoard_SubImage(t *testing.T) {
	big := image.NewGray(image.Rect(0, 0, 2*ImageWidth, ImageHeight))
	for i := range big.Pix {
		big.Pix[i] = 7
	}
	s := faces(t)[1]
	sub := big.SubImage(image.Rect(0, 0, ImageWidth, ImageHeight)).(*image.Gray)
	DrawBoard(sub, s, bughouse.BoardA, nil)
	want := BoardImage(s, bughouse.BoardA, nil)
	for y := 0; y < ImageHeight; y++ {
		for x := 0; x < 2*ImageWidth; x++ {
			got := big.GrayAt(x, y).Y
			if x < ImageWidth && got != want.GrayAt(x, y).Y || x >= ImageWidth && got != 7 {
				t.Fatalf("pixel (%d,%d) = %d", x, y, got)
			}
		}
	}
}

// A tenths tick draws without allocating: the running clocks, with and
// without the daemon's note, White on either side, and a drawn board
// while the other plays.
func TestDrawBoard_TickAllocatesNothing(t *testing.T) {
	m := match(t, clock.SuddenDeath(20*sec))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	var ticks []rules.Snapshot
	for at := 100 * time.Millisecond; at < 19*sec; at += 100 * time.Millisecond {
		ticks = append(ticks, *snap(m, at))
	}
	all := faces(t)
	ticks = append(ticks, *all[len(all)-1]) // board A drawn, B plays
	dst := image.NewGray(image.Rect(0, 0, ImageWidth, ImageHeight))
	for _, o := range []*ImageOpts{nil, {Note: "HALL OFFLINE"}, {BlackLeft: true, Note: "NO RECORD"}} {
		for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
			i := 0
			if n := testing.AllocsPerRun(len(ticks), func() {
				DrawBoard(dst, &ticks[i%len(ticks)], b, o)
				i++
			}); n != 0 {
				t.Errorf("board %s %+v: %v allocations a tick, want 0", b, o, n)
			}
		}
	}
}

func TestAppendFormat(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := time.Duration(rapid.Int64().Draw(t, "d"))
		var o *Opts
		if rapid.Bool().Draw(t, "opts") {
			o = &Opts{TenthsBelow: time.Duration(rapid.Int64().Draw(t, "tenthsBelow"))}
		}
		buf := make([]byte, 0, 32)
		buf = append(buf, "x "...)
		got := AppendFormat(buf, d, o)
		if string(got) != "x "+Format(d, o) {
			t.Fatalf("AppendFormat(%q, %v, %+v) = %q, want %q", buf, d, o, got, "x "+Format(d, o))
		}
		if len(got) > 16+2 {
			t.Fatalf("%v: %q is over 16 bytes", d, got[2:])
		}
		if n := testing.AllocsPerRun(10, func() { AppendFormat(buf, d, o) }); n != 0 {
			t.Fatalf("AppendFormat(%v) allocates %v times", d, n)
		}
	})
}

// appendUpper writes what strings.ToUpper does, for any bytes.
func TestAppendUpper_AsStringsToUpper(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.String(), rapid.StringOf(rapid.RuneFrom([]rune("aßıǅﬀ \t")))).Draw(t, "s")
		if rapid.Bool().Draw(t, "bytes") {
			s = string(rapid.SliceOf(rapid.Byte()).Draw(t, "raw"))
		}
		if got, want := string(appendUpper([]byte("x"), []byte(s))), "x"+strings.ToUpper(s); got != want {
			t.Fatalf("appendUpper(%q) = %q, want %q", s, got, want)
		}
	})
}

// wrapRef is wrap as it was written on strings.Fields: the reference
// appendWrapped must agree with.
func wrapRef(s string, width, n int) []string {
	var lines []string
	cur := ""
	words := strings.Fields(s)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if len(w) > width {
			w, words[i] = w[:width], w[width:]
			i--
		}
		switch {
		case cur == "":
			cur = w
		case len(cur)+1+len(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > n {
		last := lines[n-1]
		if len(last) > width-2 {
			last = last[:width-2]
		}
		lines = append(lines[:n-1], last+"..")
	}
	return lines
}

func TestWrap_AsReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.RuneFrom([]rune("AB -\t\u00a0\u0085é"))).Draw(t, "s")
		if rapid.Bool().Draw(t, "any") {
			s = rapid.String().Draw(t, "any string")
		}
		width, n := rapid.IntRange(2, 25).Draw(t, "width"), rapid.IntRange(1, 4).Draw(t, "n")
		got, want := wrap(s, width, n), wrapRef(s, width, n)
		if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Fatalf("wrap(%q, %d, %d) = %q, want %q", s, width, n, got, want)
		}
		var buf [128]byte // n*width+2 at most
		var ends [4]int
		b := []byte(s)
		if a := testing.AllocsPerRun(5, func() { appendWrapped(buf[:0], ends[:0], b, width, n) }); a != 0 {
			t.Fatalf("appendWrapped(%q) allocates %v times", s, a)
		}
	})
}
