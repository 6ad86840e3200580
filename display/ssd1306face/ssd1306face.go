// Package ssd1306face shows a board's clock face (display.BoardImage) on an
// SSD1306 128x64 OLED over I2C, with periph's ssd1306 driver.
//
// Bytes are sent only when the image changes, and then only the changed
// band of pages and columns: a tenths tick is 63 bytes on the bus on
// average (BenchmarkShowTenths), a full frame 1 064. At 400 kHz
// (configure the I2C bus so: docs/hardware.md) a full frame takes about
// 24 ms.
//
// A tenths tick allocates nothing (a Pi redraws ten times a second in the
// last 20 seconds of every game): the face is drawn into an image the Dev
// keeps (display.DrawBoard), and the frame goes out through buffers it
// keeps too. periph's driver sets the controller up, sets the contrast and
// turns the panel off; the frames this package sends itself, byte for
// byte what periph's Draw sends (per page of the changed band its address
// and start column, then its data), because periph's Draw (devices
// v3.7.4) allocates five buffers for every page it sends: 18 allocations
// a tenths tick.
//
// periph's driver talks to address 0x3C only; a second display strapped
// to 0x3D on the same bus is reached through a bus wrapper that rewrites
// the address of every transaction (NewI2C does it when Opts.Address is
// 0x3D).
package ssd1306face

import (
	"bytes"
	"fmt"
	"image"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/ssd1306"

	"tandem/bughouse"
	"tandem/display"
	"tandem/menu"
	"tandem/rules"
)

// The addresses an SSD1306 module can be strapped to.
const (
	Addr0 uint16 = 0x3C // the default (SA0 low)
	Addr1 uint16 = 0x3D // SA0 high: the second display on a bus
)

// Opts configures NewI2C. The zero value shows board A, White on the left,
// at address 0x3C and full brightness.
type Opts struct {
	// Board is the board shown.
	Board bughouse.Board
	// Image places the players and formats the times.
	Image display.ImageOpts
	// Address is Addr0 or Addr1; zero means Addr0.
	Address uint16
	// Brightness in percent, 1-100 (the SSD1306 contrast, 0-255); zero
	// means 100.
	Brightness int
	// Name is the device's name in String ("board-a").
	Name string
}

// Dev is one SSD1306 showing one board.
type Dev struct {
	bus   i2c.Bus
	panel i2c.Dev      // the panel on bus, at the address periph's driver uses
	oled  *ssd1306.Dev // nil after a bus error: init again
	opts  Opts
	img   *image.Gray // Show's face, drawn anew for every snapshot
	last  []byte      // the pixels last sent; nil before the first draw
	next  []byte      // the frame to send, packed as the controller keeps it
	shown []byte      // the frame on the panel, packed; valid while last is not nil
	tx    []byte      // one write: a control byte and up to a page
	label string
}

var (
	_ display.Device     = (*Dev)(nil)
	_ display.Noter      = (*Dev)(nil)
	_ display.Namer      = (*Dev)(nil)
	_ display.MenuShower = (*Dev)(nil)
)

// NewI2C initialises the display on bus (sending the controller's init
// sequence and the contrast) and returns it. It returns the bus error when
// the display does not answer: a missing or mis-strapped display, or an
// address other than 0x3C/0x3D.
func NewI2C(bus i2c.Bus, o *Opts) (*Dev, error) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if opts.Address == 0 {
		opts.Address = Addr0
	}
	if opts.Address != Addr0 && opts.Address != Addr1 {
		return nil, fmt.Errorf("ssd1306face: address %#x; an SSD1306 is at 0x3c or 0x3d", opts.Address)
	}
	if opts.Brightness < 0 || opts.Brightness > 100 {
		return nil, fmt.Errorf("ssd1306face: brightness %d%% out of range 1-100", opts.Brightness)
	}
	if opts.Address != Addr0 {
		bus = &addrBus{Bus: bus, to: opts.Address}
	}
	label := fmt.Sprintf("ssd1306 %s@%#x", bus, opts.Address)
	if opts.Name != "" {
		label = opts.Name + " (" + label + ")"
	}
	d := &Dev{
		bus: bus, panel: i2c.Dev{Bus: bus, Addr: Addr0}, opts: opts, label: label,
		next: make([]byte, frameSize), shown: make([]byte, frameSize), tx: make([]byte, 0, 1+pageSize),
	}
	if err := d.init(); err != nil {
		return nil, err
	}
	return d, nil
}

// init sends the controller's init sequence (periph's, with the display
// on) and the contrast; the next frame sent is a full one.
func (d *Dev) init() error {
	po := ssd1306.DefaultOpts
	oled, err := ssd1306.NewI2C(d.bus, &po)
	if err != nil {
		return fmt.Errorf("ssd1306face: %s: %w", d.label, err)
	}
	if b := d.opts.Brightness; b != 0 && b != 100 {
		if err := oled.SetContrast(byte(b * 255 / 100)); err != nil {
			return fmt.Errorf("ssd1306face: %s: contrast: %w", d.label, err)
		}
	}
	d.oled, d.last = oled, nil
	return nil
}

// String returns the device's name, kind, bus and address.
func (d *Dev) String() string { return d.label }

// Show draws board Opts.Board of s, if its image changed. After the first
// call it allocates nothing while the bus answers, except for the seat
// names of a claim or a result (display.DrawBoard).
func (d *Dev) Show(s *rules.Snapshot) error {
	if d.img == nil {
		d.img = image.NewGray(image.Rect(0, 0, display.ImageWidth, display.ImageHeight))
	}
	display.DrawBoard(d.img, s, d.opts.Board, &d.opts.Image)
	return d.ShowImage(d.img)
}

// SetNote sets the daemon's short note (display.ImageOpts.Note: the
// generated PIN, display.RecordNote's "RECOVERED 14:03" or "NO RECORD"),
// from the next Show: in the detail area while the face has no detail of
// its own, otherwise between the two clocks' marks (display.NoteWidth
// characters). "" removes it.
func (d *Dev) SetNote(note string) { d.opts.Image.Note = note }

// SetPlayers sets the players' names shown under the clocks
// (display.ImageOpts.Players), from the next Show.
func (d *Dev) SetPlayers(names [4]string) { d.opts.Image.Players = names }

// ShowMenu shows a button menu screen (display.MenuImage, in the face's
// language: Opts.Image.Texts).
func (d *Dev) ShowMenu(sc menu.Screen) error {
	return d.ShowImage(display.MenuImage(sc, d.opts.Image.Texts))
}

// Message shows text in large letters (display.TextImage).
func (d *Dev) Message(text string) error { return d.ShowImage(display.TextImage(text)) }

// The panel's memory: 8 pages of 128 columns, a byte of 8 rows each.
const (
	pageSize  = display.ImageWidth
	pages     = display.ImageHeight / 8
	frameSize = pages * pageSize
)

// The control byte that starts an I2C write to the SSD1306: commands or
// display data follow.
const (
	ctlCommands = 0x00
	ctlData     = 0x40
)

// ShowImage draws a 128x64 image (pixels other than 0 lit; Bounds at 0,0)
// if it differs from the last one drawn, sending only the band of pages
// and columns that changed. After a bus error the next call initialises
// the display again and sends a full frame: the failed frame may be
// partly on the panel, and a display that was unplugged lost its setup
// anyway. It allocates nothing but the error.
func (d *Dev) ShowImage(img *image.Gray) error {
	if img.Rect != image.Rect(0, 0, display.ImageWidth, display.ImageHeight) {
		return fmt.Errorf("ssd1306face: %s: image %v; the panel is %dx%d", d.label, img.Rect, display.ImageWidth, display.ImageHeight)
	}
	if d.last != nil && bytes.Equal(d.last, img.Pix) {
		return nil
	}
	if d.oled == nil {
		if err := d.init(); err != nil {
			return err
		}
	}
	// Pack the pixels as the controller stores them (8 rows a byte, the
	// top one in bit 0; datasheet p. 25).
	clear(d.next)
	for y := 0; y < display.ImageHeight; y++ {
		row := img.Pix[img.PixOffset(0, y):]
		page := d.next[y/8*pageSize:]
		bit := byte(1) << (y % 8)
		for x := 0; x < pageSize; x++ {
			if row[x] != 0 {
				page[x] |= bit
			}
		}
	}
	p0, p1, c0, c1 := 0, pages, 0, pageSize // a full frame after init
	if d.last != nil {
		p0, p1, c0, c1 = changed(d.shown, d.next)
	}
	if err := d.send(p0, p1, c0, c1); err != nil {
		d.oled, d.last = nil, nil
		return fmt.Errorf("ssd1306face: %s: %w", d.label, err)
	}
	copy(d.shown, d.next)
	d.last = append(d.last[:0], img.Pix...)
	return nil
}

// changed returns the band of pages p0 to p1-1 and columns c0 to c1-1
// where frames a and b differ: the smallest rectangle holding every
// changed byte (p0 == p1 when none did).
func changed(a, b []byte) (p0, p1, c0, c1 int) {
	p0, p1 = 0, pages
	for p0 < p1 && bytes.Equal(a[p0*pageSize:(p0+1)*pageSize], b[p0*pageSize:(p0+1)*pageSize]) {
		p0++
	}
	for p1 > p0 && bytes.Equal(a[(p1-1)*pageSize:p1*pageSize], b[(p1-1)*pageSize:p1*pageSize]) {
		p1--
	}
	if p0 == p1 {
		return 0, 0, 0, 0
	}
	same := func(c int) bool {
		for p := p0; p < p1; p++ {
			if a[p*pageSize+c] != b[p*pageSize+c] {
				return false
			}
		}
		return true
	}
	c0, c1 = 0, pageSize
	for c0 < c1 && same(c0) {
		c0++
	}
	for c1 > c0 && same(c1-1) {
		c1--
	}
	return p0, p1, c0, c1
}

// send writes pages p0 to p1-1, columns c0 to c1-1 of d.next to the
// panel as periph's Draw does: per page the commands for the page (B0-B7)
// and the start column (low nibble 00-0F, high nibble 10-1F), then the
// data.
func (d *Dev) send(p0, p1, c0, c1 int) error {
	for p := p0; p < p1; p++ {
		d.tx = append(d.tx[:0], ctlCommands, 0xB0|byte(p), byte(c0)&0x0F, 0x10|byte(c0)>>4)
		if err := d.panel.Tx(d.tx, nil); err != nil {
			return err
		}
		d.tx = append(append(d.tx[:0], ctlData), d.next[p*pageSize+c0:p*pageSize+c1]...)
		if err := d.panel.Tx(d.tx, nil); err != nil {
			return err
		}
	}
	return nil
}

// Halt turns the display off; the next Show or Message turns it on again
// with a full frame.
func (d *Dev) Halt() error {
	if d.oled == nil {
		return nil // never initialised since the bus failed: nothing lit by us
	}
	err := d.oled.Halt()
	// The next Show initialises again and sends a full frame: an
	// unchanged image would send nothing, so not turn the panel on.
	d.oled, d.last = nil, nil
	if err != nil {
		return fmt.Errorf("ssd1306face: %s: %w", d.label, err)
	}
	return nil
}

// addrBus sends the transactions periph's driver addresses to 0x3C to
// another address: periph's ssd1306 (devices v3.7.4) hard-codes 0x3C.
type addrBus struct {
	i2c.Bus
	to uint16
}

// Tx rewrites address Addr0 to the display's own.
func (b *addrBus) Tx(addr uint16, w, r []byte) error {
	if addr == Addr0 {
		addr = b.to
	}
	return b.Bus.Tx(addr, w, r)
}

// SetSpeed passes the speed to the bus.
func (b *addrBus) SetSpeed(f physic.Frequency) error { return b.Bus.SetSpeed(f) }

// String names the underlying bus.
func (b *addrBus) String() string { return b.Bus.String() }
