package sevenseg

import (
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
)

// chip plays a TM1637 on its two lines: after a start (DIO falling while
// CLK is high) it counts CLK's rising edges and, when present, pulls DIO
// low from the 8th falling edge to the 9th (the datasheet's acknowledge).
// It records the byte it received.
type chip struct {
	present        bool
	clk, dio       bool // the levels driven
	dioIn          bool // DIO released (an input with the pull-up)
	in             bool
	n              int
	acking         bool
	bits           []bool
	received       []byte
	releasedForAck bool
}

func (c *chip) setClk(l bool) {
	switch {
	case !c.clk && l && c.in: // rising
		if c.n < 8 {
			c.bits = append(c.bits, c.dio)
		}
		c.n++
	case c.clk && !l && c.in: // falling
		switch c.n {
		case 8:
			c.acking = c.present
		case 9:
			c.acking = false
			var b byte
			for i, bit := range c.bits {
				if bit {
					b |= 1 << i
				}
			}
			c.received = append(c.received, b)
			c.n, c.bits = 0, nil
		}
	}
	c.clk = l
}

func (c *chip) setDio(l bool) {
	c.dioIn = false
	if c.clk && c.dio && !l {
		c.in, c.n, c.bits = true, 0, nil // start
	}
	if c.clk && !c.dio && l {
		c.in = false // stop
	}
	c.dio = l
}

func (c *chip) read() gpio.Level {
	if c.acking {
		return gpio.Low
	}
	if c.dioIn {
		return gpio.High // the pull-up
	}
	return gpio.Level(c.dio)
}

// chipPin is one of the chip's lines.
type chipPin struct {
	c     *chip
	isClk bool
}

var _ gpio.PinIO = (*chipPin)(nil)

func (p *chipPin) Out(l gpio.Level) error {
	if p.isClk {
		p.c.setClk(bool(l))
	} else {
		p.c.setDio(bool(l))
	}
	return nil
}
func (p *chipPin) In(gpio.Pull, gpio.Edge) error {
	if !p.isClk {
		p.c.dioIn = true
		p.c.releasedForAck = p.c.n == 8
	}
	return nil
}
func (p *chipPin) Read() gpio.Level                      { return p.c.read() }
func (p *chipPin) String() string                        { return map[bool]string{true: "GPIO5", false: "GPIO6"}[p.isClk] }
func (p *chipPin) Name() string                          { return p.String() }
func (p *chipPin) Halt() error                           { return nil }
func (p *chipPin) Number() int                           { return -1 }
func (p *chipPin) Function() string                      { return "" }
func (p *chipPin) WaitForEdge(time.Duration) bool        { return false }
func (p *chipPin) Pull() gpio.Pull                       { return gpio.PullNoChange }
func (p *chipPin) DefaultPull() gpio.Pull                { return gpio.PullNoChange }
func (p *chipPin) PWM(gpio.Duty, physic.Frequency) error { return nil }

func TestTM1637_Check(t *testing.T) {
	for _, present := range []bool{true, false} {
		c := &chip{present: present, clk: true, dio: true}
		d, err := NewTM1637(&chipPin{c: c, isClk: true}, &chipPin{c: c}, &Opts{Name: "a-white"})
		if err != nil {
			t.Fatal(err)
		}
		before := len(c.received)
		err = d.Check()
		switch {
		case present && err != nil:
			t.Errorf("a module that acknowledges: %v", err)
		case !present && (err == nil || !strings.Contains(err.Error(), "a-white (tm1637 clk=GPIO5 dio=GPIO6): no acknowledge on DIO")):
			t.Errorf("no module: %v", err)
		}
		if got := c.received[before:]; len(got) != 1 || got[0] != 0x40 {
			t.Errorf("present %v: bytes %x, want the data command 40", present, got)
		}
		if !c.releasedForAck || c.in || !c.clk || !c.dio {
			t.Errorf("present %v: DIO released for the ack %v; after: in a frame %v, CLK %v, DIO %v (want a stop, both high)", present, c.releasedForAck, c.in, c.clk, c.dio)
		}
		// The display still writes afterwards.
		if err := d.Message("88:88"); err != nil {
			t.Fatal(err)
		}
	}
}
