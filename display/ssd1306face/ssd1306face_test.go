package ssd1306face

import (
	"bytes"
	"errors"
	"image"
	"testing"
	"time"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
	"tandem/rules"
)

// initCmd is the SSD1306 init sequence for a 128x64 panel (datasheet
// p. 64 flow, as periph sends it), after the 0x00 command prefix.
var initCmd = []byte{
	0x00,       // I2C control byte: commands follow
	0xAE,       // display off
	0xD3, 0x00, // display offset 0
	0x40,       // start line 0
	0xA1,       // segment remap
	0xC8,       // COM scan reversed
	0xDA, 0x12, // COM pins: alternative
	0x81, 0xFF, // contrast max
	0xA4,       // display from RAM
	0xA6,       // normal (not inverted)
	0xD5, 0xF0, // oscillator
	0x8D, 0x14, // charge pump on
	0xD9, 0xF1, // pre-charge
	0xDB, 0x40, // VCOMH
	0x2E,     // scroll off
	0xA8, 63, // multiplex 64
	0x20, 0x00, // horizontal addressing
	0x21, 0, 127, // columns
	0x22, 0, 7, // pages
	0xAF, // display on
}

// frameOps are the bus writes that put the window (pages p0..p1-1, columns
// c0..c1-1) of img on the panel: per page the page/column commands, then
// the data, each byte 8 vertical pixels with the top one in bit 0
// (datasheet p. 25, GDDRAM).
func frameOps(addr uint16, img *image.Gray, p0, p1, c0, c1 int) []i2ctest.IO {
	var ops []i2ctest.IO
	for p := p0; p < p1; p++ {
		ops = append(ops, i2ctest.IO{Addr: addr, W: []byte{0x00, 0xB0 | byte(p), byte(c0) & 0x0F, 0x10 | byte(c0)>>4}})
		data := []byte{0x40}
		for x := c0; x < c1; x++ {
			var b byte
			for bit := 0; bit < 8; bit++ {
				if img.GrayAt(x, p*8+bit).Y != 0 {
					b |= 1 << bit
				}
			}
			data = append(data, b)
		}
		ops = append(ops, i2ctest.IO{Addr: addr, W: data})
	}
	return ops
}

// window returns the band of pages and columns where a and b differ.
func window(a, b *image.Gray) (p0, p1, c0, c1 int) {
	p0, c0 = 8, 128
	for y := 0; y < 64; y++ {
		for x := 0; x < 128; x++ {
			if a.GrayAt(x, y) != b.GrayAt(x, y) {
				p0, p1 = min(p0, y/8), max(p1, y/8+1)
				c0, c1 = min(c0, x), max(c1, x+1)
			}
		}
	}
	return
}

func snapshots(t *testing.T) (ready, run1, run2, run3 *rules.Snapshot) {
	t.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	p.Options.Control = clock.SuddenDeath(15 * time.Second)
	m, err := rules.New(p.Options)
	if err != nil {
		t.Fatal(err)
	}
	at := func(d time.Duration) *rules.Snapshot {
		m.Advance(d)
		s := m.Snapshot(d)
		return &s
	}
	ready = at(0)
	if _, err := m.Apply(rules.Event{Kind: rules.Start}); err != nil {
		t.Fatal(err)
	}
	// 14.9 -> 14.9 (same tenth: nothing to send) -> 14.8
	return ready, at(100 * time.Millisecond), at(150 * time.Millisecond), at(200 * time.Millisecond)
}

func TestShow_ExactBytes(t *testing.T) {
	ready, run1, run2, run3 := snapshots(t)
	img0 := display.BoardImage(ready, bughouse.BoardA, nil)
	img1 := display.BoardImage(run1, bughouse.BoardA, nil)
	img3 := display.BoardImage(run3, bughouse.BoardA, nil)
	if !bytes.Equal(img1.Pix, display.BoardImage(run2, bughouse.BoardA, nil).Pix) {
		t.Fatal("14.9 at 100 ms and 150 ms render differently")
	}
	ops := []i2ctest.IO{{Addr: 0x3C, W: initCmd}}
	ops = append(ops, frameOps(0x3C, img0, 0, 8, 0, 128)...) // first draw: a full frame
	p0, p1, c0, c1 := window(img0, img1)
	ops = append(ops, frameOps(0x3C, img1, p0, p1, c0, c1)...) // start: status, marks
	p0, p1, c0, c1 = window(img1, img3)
	ops = append(ops, frameOps(0x3C, img3, p0, p1, c0, c1)...) // one tenth
	bus := &i2ctest.Playback{Ops: ops, DontPanic: true}

	d, err := NewI2C(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*rules.Snapshot{ready, run1, run2, run3} {
		if err := d.Show(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := bus.Close(); err != nil {
		t.Error(err)
	}
	if got := d.String(); got != "ssd1306 playback@0x3c" {
		t.Errorf("String() = %q", got)
	}
}

// A second display at 0x3D: every transaction goes to 0x3D, and the
// brightness sets the contrast.
func TestShow_SecondAddressAndBrightness(t *testing.T) {
	ready, _, _, _ := snapshots(t)
	img := display.BoardImage(ready, bughouse.BoardB, &display.ImageOpts{BlackLeft: true})
	ops := []i2ctest.IO{{Addr: 0x3D, W: initCmd}, {Addr: 0x3D, W: []byte{0x00, 0x81, 127}}}
	ops = append(ops, frameOps(0x3D, img, 0, 8, 0, 128)...)
	ops = append(ops, i2ctest.IO{Addr: 0x3D, W: []byte{0x00, 0xAE}}) // Halt
	bus := &i2ctest.Playback{Ops: ops, DontPanic: true}
	d, err := NewI2C(bus, &Opts{Board: bughouse.BoardB, Image: display.ImageOpts{BlackLeft: true}, Address: Addr1, Brightness: 50, Name: "board-b"})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(ready); err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if err := bus.Close(); err != nil {
		t.Error(err)
	}
	if got := d.String(); got != "board-b (ssd1306 playback@0x3d)" {
		t.Errorf("String() = %q", got)
	}
}

// failBus fails every transaction while fail is set.
type failBus struct {
	i2c.Bus
	fail bool
}

func (b *failBus) Tx(addr uint16, w, r []byte) error {
	if b.fail {
		return errors.New("remote I/O error")
	}
	return b.Bus.Tx(addr, w, r)
}

// After a bus error (a display unplugged and plugged back) the next Show
// initialises the display again and sends the whole frame.
func TestShow_RecoversAfterBusError(t *testing.T) {
	ready, run1, _, _ := snapshots(t)
	img0 := display.BoardImage(ready, bughouse.BoardA, nil)
	img1 := display.BoardImage(run1, bughouse.BoardA, nil)
	ops := []i2ctest.IO{{Addr: 0x3C, W: initCmd}}
	ops = append(ops, frameOps(0x3C, img0, 0, 8, 0, 128)...)
	ops = append(ops, i2ctest.IO{Addr: 0x3C, W: initCmd})
	ops = append(ops, frameOps(0x3C, img1, 0, 8, 0, 128)...)
	pb := &i2ctest.Playback{Ops: ops, DontPanic: true}
	bus := &failBus{Bus: pb}
	d, err := NewI2C(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(ready); err != nil {
		t.Fatal(err)
	}
	bus.fail = true
	if err := d.Show(run1); err == nil {
		t.Fatal("Show on a failing bus: no error")
	}
	bus.fail = false
	if err := d.Show(run1); err != nil {
		t.Fatal(err)
	}
	if err := pb.Close(); err != nil {
		t.Error(err)
	}
}

func TestNewI2C_Errors(t *testing.T) {
	if _, err := NewI2C(&i2ctest.Playback{DontPanic: true}, &Opts{Address: 0x3E}); err == nil {
		t.Error("address 0x3e accepted")
	}
	if _, err := NewI2C(&failBus{fail: true}, nil); err == nil {
		t.Error("a display that does not answer: no error")
	}
}

// tenthsScenario is a board's display through a game's last tenths: the
// loop's snapshots one per tenth, from 19.9 s at 0.1 s down to 1.1 s at
// 18.9 s (sudden death 20 s, A-white running). The first is not a tick
// (the display's first frame is a full one).
func tenthsScenario(tb testing.TB) []rules.Snapshot {
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
// nothing itself: a benchmark or an allocation count on it measures the
// display alone (i2ctest.Record copies every write).
type countBus struct {
	n   int
	ops int
}

func (b *countBus) Tx(addr uint16, w, r []byte) error {
	b.n += len(w)
	b.ops++
	return nil
}
func (b *countBus) SetSpeed(physic.Frequency) error { return nil }
func (b *countBus) String() string                  { return "count" }

var _ i2c.Bus = (*countBus)(nil)

// BenchmarkShowTenths reports the bytes on the bus per display per tenths
// tick (goal <= 100; a full frame is 1 064) and the tick's cost: one
// board's display through the tenths of tenthsScenario, over and over.
func BenchmarkShowTenths(b *testing.B) {
	snaps := tenthsScenario(b)
	bus := &countBus{}
	d, err := NewI2C(bus, nil)
	if err != nil {
		b.Fatal(err)
	}
	if err := d.Show(&snaps[0]); err != nil { // the full frame is not a tick
		b.Fatal(err)
	}
	bus.n = 0
	total, ticks := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % (len(snaps) - 1)
		if k == 0 && i > 0 {
			// Back to 19.9 s: a big change that is not a tick.
			if err := d.Show(&snaps[0]); err != nil {
				b.Fatal(err)
			}
			bus.n = 0
		}
		if err := d.Show(&snaps[1+k]); err != nil {
			b.Fatal(err)
		}
		total += bus.n
		bus.n = 0
		ticks++
	}
	b.ReportMetric(float64(total)/float64(ticks), "bytes/tick")
}

// tenthsTotal is what the tenths of tenthsScenario send after the first
// frame, in bytes on the bus: 63 a tick on average (the tick that changes
// two digits sends more than the one that changes the last). It is the
// figure measured before Show stopped allocating; it must not grow.
const tenthsTotal, tenthsTicks = 11858, 188

// Every tick of the benchmark's scenario sends exactly the changed band
// of pages and columns (frameOps), and the scenario sends tenthsTotal
// bytes: 63 a tick.
func TestShow_TenthsBytesPerTick(t *testing.T) {
	snaps := tenthsScenario(t)
	rec := &i2ctest.Record{}
	d, err := NewI2C(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(&snaps[0]); err != nil {
		t.Fatal(err)
	}
	prev := display.BoardImage(&snaps[0], bughouse.BoardA, nil)
	total := 0
	for i := 1; i < len(snaps); i++ {
		rec.Ops = nil
		if err := d.Show(&snaps[i]); err != nil {
			t.Fatal(err)
		}
		img := display.BoardImage(&snaps[i], bughouse.BoardA, nil)
		p0, p1, c0, c1 := window(prev, img)
		want := frameOps(0x3C, img, p0, p1, c0, c1)
		if len(rec.Ops) != len(want) {
			t.Fatalf("tick %d (%v): %d writes, want %d", i, snaps[i].Clocks[bughouse.AWhite].Remaining, len(rec.Ops), len(want))
		}
		for j := range want {
			if rec.Ops[j].Addr != want[j].Addr || !bytes.Equal(rec.Ops[j].W, want[j].W) {
				t.Fatalf("tick %d write %d: %x at %#x, want %x at %#x", i, j, rec.Ops[j].W, rec.Ops[j].Addr, want[j].W, want[j].Addr)
			}
		}
		total += bytesSent(rec)
		prev = img
	}
	if ticks := len(snaps) - 1; total != tenthsTotal || ticks != tenthsTicks {
		t.Errorf("%d ticks sent %d bytes (%.2f a tick), want %d ticks, %d bytes (%.2f)",
			ticks, total, float64(total)/float64(ticks), tenthsTicks, tenthsTotal, float64(tenthsTotal)/tenthsTicks)
	}
}

// A tenths tick allocates nothing, at either address, with or without
// the daemon's note: the face is drawn into the Dev's image and sent
// through its buffers (countBus keeps nothing, so it allocates nothing).
func TestShow_TenthsTickAllocatesNothing(t *testing.T) {
	snaps := tenthsScenario(t)
	for _, o := range []*Opts{nil, {Address: Addr1, Image: display.ImageOpts{BlackLeft: true}}, {Board: bughouse.BoardB}} {
		for _, note := range []string{"", "HALL OFFLINE"} {
			bus := &countBus{}
			d, err := NewI2C(bus, o)
			if err != nil {
				t.Fatal(err)
			}
			d.SetNote(note)
			if err := d.Show(&snaps[0]); err != nil {
				t.Fatal(err)
			}
			i, sent := 1, 0
			allocs := testing.AllocsPerRun(len(snaps)-2, func() {
				before := bus.n
				if err := d.Show(&snaps[i]); err != nil {
					t.Fatal(err)
				}
				if bus.n > before {
					sent++
				}
				i++
			})
			if allocs != 0 {
				t.Errorf("%+v note %q: %v allocations a tick, want 0", o, note, allocs)
			}
			if sent != len(snaps)-1 {
				t.Errorf("%+v note %q: %d of %d ticks sent bytes", o, note, sent, len(snaps)-1)
			}
		}
	}
}

func bytesSent(r *i2ctest.Record) int {
	n := 0
	for _, op := range r.Ops {
		n += len(op.W)
	}
	return n
}

func TestShowImage_WrongSize(t *testing.T) {
	d, err := NewI2C(&i2ctest.Record{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.ShowImage(image.NewGray(image.Rect(0, 0, 128, 32))); err == nil {
		t.Error("a 128x32 image accepted")
	}
}

// SetNote shows on the next Show, where the face has no detail.
func TestSetNote(t *testing.T) {
	ready, _, _, _ := snapshots(t)
	rec := &i2ctest.Record{}
	d, err := NewI2C(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(ready); err != nil {
		t.Fatal(err)
	}
	rec.Ops = nil
	d.SetNote("PIN 4821")
	if err := d.Show(ready); err != nil {
		t.Fatal(err)
	}
	if len(rec.Ops) == 0 {
		t.Error("the note sent nothing")
	}
	want := display.BoardImage(ready, bughouse.BoardA, &display.ImageOpts{Note: "PIN 4821"})
	if !bytes.Equal(d.last, want.Pix) {
		t.Error("the display does not hold the image with the note")
	}
}
