// Package ssd1306face shows a board's clock face (display.BoardImage) on an
// SSD1306 128x64 OLED over I2C, with periph's ssd1306 driver.
//
// Bytes are sent only when the image changes, and then periph sends only
// the changed band of pages and columns: a tenths tick is about 40 data
// bytes, a full frame 1 064. At 400 kHz (configure the I2C bus so:
// docs/hardware.md) a full frame takes about 24 ms.
//
// periph's driver (devices v3.7.4) talks to address 0x3C only; a second
// display strapped to 0x3D on the same bus is reached through a bus
// wrapper that rewrites the address of every transaction (NewI2C does it
// when Opts.Address is 0x3D).
package ssd1306face

import (
	"bytes"
	"fmt"
	"image"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"

	"tandem/bughouse"
	"tandem/display"
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
	oled  *ssd1306.Dev // nil after a bus error: init again
	opts  Opts
	last  []byte // the pixels last sent; nil before the first draw
	frame *image1bit.VerticalLSB
	label string
}

var (
	_ display.Device = (*Dev)(nil)
	_ display.Noter  = (*Dev)(nil)
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
	d := &Dev{bus: bus, opts: opts, label: label}
	if err := d.init(); err != nil {
		return nil, err
	}
	return d, nil
}

// init sends the controller's init sequence (periph's, with the display
// on, which also makes periph's next Draw a full frame) and the contrast.
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

// Show draws board Opts.Board of s, if its image changed.
func (d *Dev) Show(s *rules.Snapshot) error {
	return d.ShowImage(display.BoardImage(s, d.opts.Board, &d.opts.Image))
}

// SetNote sets the daemon's short note (display.ImageOpts.Note: the
// generated PIN, display.RecordNote's "RECOVERED 14:03" or "NO RECORD"),
// from the next Show: in the detail area while the face has no detail of
// its own, otherwise between the two clocks' marks (display.NoteWidth
// characters). "" removes it.
func (d *Dev) SetNote(note string) { d.opts.Image.Note = note }

// Message shows text in large letters (display.TextImage).
func (d *Dev) Message(text string) error { return d.ShowImage(display.TextImage(text)) }

// ShowImage draws a 128x64 image (pixels other than 0 lit; Bounds at 0,0)
// if it differs
// from the last one drawn. After a bus error the next call initialises the
// display again and sends a full frame: periph's driver has already taken
// the failed frame for sent, and a display that was unplugged lost its
// setup anyway.
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
	// top one in bit 0; datasheet p. 25): periph's fast path, far quicker
	// than its per-pixel colour conversion.
	if d.frame == nil {
		d.frame = image1bit.NewVerticalLSB(d.oled.Bounds())
	}
	clear(d.frame.Pix)
	w := d.frame.Rect.Dx()
	for y := 0; y < d.frame.Rect.Dy(); y++ {
		row := img.Pix[img.PixOffset(0, y):]
		page := d.frame.Pix[y/8*w:]
		bit := byte(1) << (y % 8)
		for x := 0; x < w; x++ {
			if row[x] != 0 {
				page[x] |= bit
			}
		}
	}
	if err := d.oled.Draw(d.oled.Bounds(), d.frame, image.Point{}); err != nil {
		d.oled, d.last = nil, nil
		return fmt.Errorf("ssd1306face: %s: %w", d.label, err)
	}
	d.last = append(d.last[:0], img.Pix...)
	return nil
}

// Halt turns the display off; the next Show or Message turns it on again
// with a full frame.
func (d *Dev) Halt() error {
	if d.oled == nil {
		return nil // never initialised since the bus failed: nothing lit by us
	}
	err := d.oled.Halt()
	// The next Show initialises again and sends a full frame: periph
	// would send nothing (so not turn the panel on) for an unchanged image.
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
