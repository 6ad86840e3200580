package sevenseg

import (
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"
	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
	"tandem/rules"
)

// show writes cells as text for reading failures: each digit's character
// (by the segment table), '.' for its point, ':' for the colon.
func show(c Cells) string {
	var b strings.Builder
	for i, d := range c.Digits {
		ch := "?"
		if d&^SegDP == 0 {
			ch = " "
		}
		for _, r := range "0123456789-ABCDEFGHIJLNOPRSTUY" {
			if segments[r] == d&^SegDP && d&^SegDP != 0 {
				ch = string(r)
				break
			}
		}
		b.WriteString(ch)
		if d&SegDP != 0 {
			b.WriteByte('.')
		}
		if i == 1 && c.Colon {
			b.WriteByte(':')
		}
	}
	return b.String()
}

func TestTimeCells(t *testing.T) {
	for _, c := range []struct {
		text     string
		dp, noDP string
	}{
		{"4:59", " 4:59", " 4:59"},
		{"10:00", "10:00", "10:00"},
		{"0:20", " 0:20", " 0:20"},
		{"19.9", " 19.9", "19:9 "},
		{"0.1", "  0.1", " 0:1 "},
		{"0.0", "  0.0", " 0:0 "},
		{"1:30:00", " 1:30", " 1:30"},
		{"12:05:09", "12:05", "12:05"},
		{"1:15.3", " 1:15", " 1:15"},
		{"0:00", " 0:00", " 0:00"},
	} {
		if got := show(TimeCells(c.text, false)); got != c.dp {
			t.Errorf("TimeCells(%q) = %q, want %q", c.text, got, c.dp)
		}
		if got := show(TimeCells(c.text, true)); got != c.noDP {
			t.Errorf("TimeCells(%q, noDP) = %q, want %q", c.text, got, c.noDP)
		}
	}
	if got := show(TextCells("board-a")); got != "BOAR" {
		t.Errorf("TextCells = %q", got)
	}
}

// Every time display.Format can write fits the four digits: the last
// digit is always lit and the colon is lit exactly when whole seconds
// (or hours:minutes) are shown.
func TestTimeCells_EveryFormat(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := time.Duration(rapid.Int64Range(0, int64(100*time.Hour)).Draw(t, "remaining"))
		text := display.Format(d, nil)
		for _, noDP := range []bool{false, true} {
			c := TimeCells(text, noDP)
			lit := 0
			for _, s := range c.Digits {
				if s&^SegDP != 0 {
					lit++
				}
			}
			if lit < 2 {
				t.Fatalf("%q noDP=%v: only %d digits lit: %q", text, noDP, lit, show(c))
			}
			if !noDP && c.Colon != strings.Contains(text, ":") {
				t.Fatalf("%q: colon %v", text, c.Colon)
			}
		}
	})
}

func match(t *testing.T, ctl clock.Control) *rules.Match {
	t.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	p.Options.Control = ctl
	m, err := rules.New(p.Options)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func snapAt(m *rules.Match, at time.Duration) *rules.Snapshot {
	m.Advance(at)
	s := m.Snapshot(at)
	return &s
}

// The HT16K33's bytes: its init, a blank, then per Show only the columns
// that changed (address 2*column, low byte, high byte); the running mark
// is the last digit's point; a flag blinks.
func TestHT16K33_ExactBytes(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	ops := []i2ctest.IO{
		{Addr: 0x71, W: []byte{0x21}},       // oscillator on
		{Addr: 0x71, W: []byte{0x81}},       // display on
		{Addr: 0x71, W: []byte{0x81}},       // no blinking
		{Addr: 0x71, W: []byte{0xEF}},       // brightness 15
		{Addr: 0x71, W: []byte{0xE7}},       // brightness 50% -> 7
		{Addr: 0x71, W: []byte{0x00, 0, 0}}, // blank: 5 columns
		{Addr: 0x71, W: []byte{0x02, 0, 0}},
		{Addr: 0x71, W: []byte{0x04, 0, 0}},
		{Addr: 0x71, W: []byte{0x06, 0, 0}},
		{Addr: 0x71, W: []byte{0x08, 0, 0}},
		// Ready: " 5:00" (A-black, not running).
		{Addr: 0x71, W: []byte{0x02, segments['5'], 0}},
		{Addr: 0x71, W: []byte{0x04, 0x02, 0}},
		{Addr: 0x71, W: []byte{0x06, segments['0'], 0}},
		{Addr: 0x71, W: []byte{0x08, segments['0'], 0}},
		// A-white pressed at 1 s; at 1.5 s A-black runs: " 5:00." with the mark.
		{Addr: 0x71, W: []byte{0x08, segments['0'] | SegDP, 0}},
		// At 2.5 s: " 4:59." (1.5 s used).
		{Addr: 0x71, W: []byte{0x02, segments['4'], 0}},
		{Addr: 0x71, W: []byte{0x06, segments['5'], 0}},
		{Addr: 0x71, W: []byte{0x08, segments['9'] | SegDP, 0}},
	}
	bus := &i2ctest.Playback{Ops: ops, DontPanic: true}
	d, err := NewHT16K33(bus, 0x71, &Opts{Seat: bughouse.ABlack, Brightness: 50, Name: "a-black"})
	if err != nil {
		t.Fatal(err)
	}
	show := func(s *rules.Snapshot) {
		t.Helper()
		if err := d.Show(s); err != nil {
			t.Fatal(err)
		}
	}
	show(snapAt(m, 0))
	show(snapAt(m, 0)) // unchanged: nothing sent
	if _, err := m.Apply(rules.Event{Kind: rules.Start, At: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Apply(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: time.Second}); err != nil {
		t.Fatal(err)
	}
	show(snapAt(m, 1500*time.Millisecond))
	show(snapAt(m, 2500*time.Millisecond))
	show(snapAt(m, 2600*time.Millisecond)) // still 4:59
	if err := bus.Close(); err != nil {
		t.Error(err)
	}
	if d.String() != "a-black (ht16k33 playback@0x71)" {
		t.Errorf("String() = %q", d.String())
	}
}

func TestHT16K33_FlagBlinks(t *testing.T) {
	m := match(t, clock.SuddenDeath(time.Second))
	if _, err := m.Apply(rules.Event{Kind: rules.Start, At: 0}); err != nil {
		t.Fatal(err)
	}
	rec := &i2ctest.Record{}
	d, err := NewHT16K33(rec, 0, &Opts{Seat: bughouse.AWhite})
	if err != nil {
		t.Fatal(err)
	}
	rec.Ops = nil
	if err := d.Show(snapAt(m, 2*time.Second)); err != nil {
		t.Fatal(err)
	}
	last := rec.Ops[len(rec.Ops)-1]
	if last.Addr != 0x70 || len(last.W) != 1 || last.W[0] != 0x85 {
		t.Errorf("last write %+v, want blinking on at 1 Hz (0x85: display on, blink bits 10) at 0x70", last)
	}
	if got := show(d.colsCells()); got != "  0.0" {
		t.Errorf("flagged shows %q", got)
	}
}

// colsCells reads the columns back as Cells.
func (d *HT16K33) colsCells() Cells {
	return Cells{Digits: [4]byte{byte(d.cols[0]), byte(d.cols[1]), byte(d.cols[3]), byte(d.cols[4])}, Colon: d.cols[2] != 0}
}

// wire decodes the TM1637's two-wire protocol from the lines' levels: a
// start is DIO falling while CLK is high, a stop DIO rising while CLK is
// high; between them bits are read on CLK's rising edge, LSB first, each
// byte followed by an acknowledge clock (datasheet: "Interface interpretation").
type wire struct {
	clk, dio bool
	bits     []bool
	frames   [][]byte
	cur      []byte
	in       bool
}

func (w *wire) set(isClk bool, l gpio.Level) {
	if isClk {
		if !w.clk && bool(l) && w.in {
			w.bits = append(w.bits, w.dio)
			if len(w.bits) == 9 { // 8 data bits and the ack clock
				var b byte
				for i := range 8 {
					if w.bits[i] {
						b |= 1 << i
					}
				}
				w.cur = append(w.cur, b)
				w.bits = w.bits[:0]
			}
		}
		w.clk = bool(l)
		return
	}
	if w.clk && w.dio && !bool(l) {
		w.in, w.cur, w.bits = true, nil, nil // start
	}
	if w.clk && !w.dio && bool(l) && w.in {
		w.in = false // stop
		w.frames = append(w.frames, w.cur)
	}
	w.dio = bool(l)
}

// pin is a GPIO line that feeds its levels to a wire.
type pin struct {
	name  string
	w     *wire
	isClk bool
}

var _ gpio.PinIO = (*pin)(nil)

func (p *pin) Out(l gpio.Level) error                { p.w.set(p.isClk, l); return nil }
func (p *pin) String() string                        { return p.name }
func (p *pin) Name() string                          { return p.name }
func (p *pin) Halt() error                           { return nil }
func (p *pin) Number() int                           { return -1 }
func (p *pin) Function() string                      { return "" }
func (p *pin) In(gpio.Pull, gpio.Edge) error         { return nil }
func (p *pin) Read() gpio.Level                      { return gpio.Low }
func (p *pin) WaitForEdge(time.Duration) bool        { return false }
func (p *pin) Pull() gpio.Pull                       { return gpio.PullNoChange }
func (p *pin) DefaultPull() gpio.Pull                { return gpio.PullNoChange }
func (p *pin) PWM(gpio.Duty, physic.Frequency) error { return nil }

func TestTM1637_ExactBytes(t *testing.T) {
	m := match(t, clock.SuddenDeath(15*time.Second))
	w := &wire{clk: true, dio: true}
	clk := &pin{name: "GPIO5", w: w, isClk: true}
	dio := &pin{name: "GPIO6", w: w}
	d, err := NewTM1637(clk, dio, &Opts{Seat: bughouse.BWhite, Brightness: 100})
	if err != nil {
		t.Fatal(err)
	}
	blank := [][]byte{{0x40}, {0xC0, 0, 0, 0, 0, 0, 0}}
	want := append(blank, []byte{0x8F}) // display on, brightness 7
	if _, err := m.Apply(rules.Event{Kind: rules.Start, At: 0}); err != nil {
		t.Fatal(err)
	}
	for _, at := range []time.Duration{100 * time.Millisecond, 150 * time.Millisecond} {
		if err := d.Show(snapAt(m, at)); err != nil {
			t.Fatal(err)
		}
	}
	// 14.9 as "14:9 ": the colon (digit 2's point) stands for the point;
	// sent once, the second Show shows the same.
	want = append(want, []byte{0x40}, []byte{0xC0, segments['1'], segments['4'] | SegDP, segments['9'], 0, 0, 0})
	if err := d.Message("b-white"); err != nil {
		t.Fatal(err)
	}
	want = append(want, []byte{0x40}, []byte{0xC0, segments['B'], segments['-'], segments['W'], segments['H'], 0, 0})
	if got, w := frames(w.frames), frames(want); got != w {
		t.Errorf("bytes on the wire\n got %s\nwant %s", got, w)
	}
}

func frames(f [][]byte) string {
	var b strings.Builder
	for _, x := range f {
		b.WriteString("[")
		for i, c := range x {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(hex(c))
		}
		b.WriteString("]")
	}
	return b.String()
}

func hex(c byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// Any text, not only display.Format's, gives four cells without a panic
// (go test -fuzz FuzzTimeCells).
func FuzzTimeCells(f *testing.F) {
	for _, s := range []string{"4:59", "19.9", "1:30:00", "1:15.3", ":", ".", "::", "1:.", "..:", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, noDP := range []bool{false, true} {
			c := TimeCells(s, noDP)
			if noDP {
				for _, d := range c.Digits {
					if d&SegDP != 0 {
						t.Fatalf("%q: a point lit on a module without points", s)
					}
				}
			}
		}
		_ = TextCells(s)
	})
}

// tenths are a player's clock through a game's last tenths, one snapshot
// a tenth from 19.9 s down (sudden death 20 s, A-white running).
func tenths(tb testing.TB) []rules.Snapshot {
	tb.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		tb.Fatal(err)
	}
	p.Options.Control = clock.SuddenDeath(20 * time.Second)
	m, err := rules.New(p.Options)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := m.Apply(rules.Event{Kind: rules.Start}); err != nil {
		tb.Fatal(err)
	}
	var snaps []rules.Snapshot
	for at := 100 * time.Millisecond; at < 19*time.Second; at += 100 * time.Millisecond {
		m.Advance(at)
		snaps = append(snaps, m.Snapshot(at))
	}
	return snaps
}

// countBus counts the bytes written and keeps none, so that it allocates
// nothing itself (i2ctest.Record copies every write).
type countBus struct{ n int }

func (b *countBus) Tx(addr uint16, w, r []byte) error { b.n += len(w); return nil }
func (b *countBus) SetSpeed(f physic.Frequency) error { return nil }
func (b *countBus) String() string                    { return "count" }

// countPin is a GPIO line that counts its level changes and keeps none.
type countPin struct {
	pin
	n int
}

func (p *countPin) Out(l gpio.Level) error { p.n++; return nil }

func BenchmarkHT16K33ShowTenths(b *testing.B) {
	snaps := tenths(b)
	bus := &countBus{}
	d, err := NewHT16K33(bus, 0, &Opts{Seat: bughouse.AWhite})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := d.Show(&snaps[i%len(snaps)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTM1637ShowTenths(b *testing.B) {
	snaps := tenths(b)
	clk, dio := &countPin{pin: pin{name: "clk"}}, &countPin{pin: pin{name: "dio"}}
	d, err := NewTM1637(clk, dio, &Opts{Seat: bughouse.AWhite})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := d.Show(&snaps[i%len(snaps)]); err != nil {
			b.Fatal(err)
		}
	}
}

// A tenths tick allocates nothing on either module, for any seat; the
// running clock's module writes at every tick (its digits change every
// tenth). The TM1637 is bit-banged at its pace, so it runs fewer ticks.
func TestShow_TenthsTickAllocatesNothing(t *testing.T) {
	snaps := tenths(t)
	for _, seat := range []bughouse.Seat{bughouse.AWhite, bughouse.ABlack, bughouse.BWhite} {
		bus := &countBus{}
		ht, err := NewHT16K33(bus, 0, &Opts{Seat: seat})
		if err != nil {
			t.Fatal(err)
		}
		clk, dio := &countPin{pin: pin{name: "clk"}}, &countPin{pin: pin{name: "dio"}}
		tm, err := NewTM1637(clk, dio, &Opts{Seat: seat, Format: &display.Opts{TenthsBelow: time.Minute}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			d     display.Device
			ticks int
			n     *int
		}{{ht, len(snaps) - 1, &bus.n}, {tm, 20, &clk.n}} {
			i, wrote := 0, 0
			if n := testing.AllocsPerRun(c.ticks, func() {
				before := *c.n
				if err := c.d.Show(&snaps[i]); err != nil {
					t.Fatal(err)
				}
				if *c.n > before {
					wrote++
				}
				i++
			}); n != 0 {
				t.Errorf("%s showing %s: %v allocations a tick, want 0", c.d, seat, n)
			}
			if seat == bughouse.AWhite && wrote != c.ticks+1 {
				t.Errorf("%s showing the running clock: wrote at %d of %d ticks", c.d, wrote, c.ticks+1)
			}
		}
	}
}

// A 7-segment display shows FaceCells of display.Render's face of its
// seat's clock, in every state of a match.
func TestSeatCells_AsRender(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := rules.LookupPreset("reglamento")
		p.Options.Control = rapid.SampledFrom([]clock.Control{clock.SuddenDeath(20 * time.Second), clock.SuddenDeath(2 * time.Hour), clock.Delayed(time.Minute, 5*time.Second, clock.US)}).Draw(t, "control")
		m, err := rules.New(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		var o *display.Opts
		if rapid.Bool().Draw(t, "opts") {
			o = &display.Opts{TenthsBelow: time.Duration(rapid.Int64Range(-1, int64(2*time.Minute)).Draw(t, "tenthsBelow"))}
		}
		at := time.Duration(0)
		for range 30 {
			at += time.Duration(rapid.Int64Range(0, int64(5*time.Second)).Draw(t, "dt"))
			m.Advance(at)
			_, _ = m.Apply(rules.Event{
				Kind: rules.Kind(rapid.IntRange(1, 9).Draw(t, "kind")), At: at,
				Seat: bughouse.Seat(rapid.IntRange(0, 3).Draw(t, "seat")), Board: bughouse.Board(rapid.IntRange(0, 1).Draw(t, "board")),
				Outcome: rules.Outcome(rapid.IntRange(0, 3).Draw(t, "outcome")), Reason: rules.Reason(rapid.IntRange(0, 12).Draw(t, "reason")),
			})
			s := m.Snapshot(at)
			for seat := bughouse.AWhite; seat <= bughouse.BBlack; seat++ {
				f := display.Render(&s, seat.Board(), true, o)
				c := f.Left
				if seat.Color() == bughouse.Black {
					c = f.Right
				}
				for _, noDP := range []bool{false, true} {
					got, flagged := seatCells(&s, seat, o, noDP)
					if want := FaceCells(c, noDP); got != want || flagged != c.Flagged {
						t.Fatalf("%s at %v (%s): %q flagged %v, want %q flagged %v", seat, at, c.Time, show(got), flagged, show(want), c.Flagged)
					}
				}
			}
		}
	})
}
