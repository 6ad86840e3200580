package sound

import (
	"context"
	"errors"
	"time"

	"periph.io/x/conn/v3/gpio"

	"tandem/table"
)

// Kind is the buzzer's kind.
type Kind uint8

const (
	// Active: a buzzer with its own oscillator; the line high sounds it.
	Active Kind = iota
	// Passive: a bare piezo; the Player drives it with a square wave.
	Passive
)

// DefaultFrequency is a passive piezo's tone when none is set: 2 kHz,
// near the resonance of the common 12 mm discs and a 250 µs half period
// that the GPIO character device's ioctls keep up with.
const DefaultFrequency = 2000

// MaxFrequency bounds a passive piezo's tone: 5 kHz is a 100 µs half
// period.
const MaxFrequency = 5000

// Opts configures a Player. The zero value drives an active buzzer for
// every event but the click, with the default low-time threshold.
type Opts struct {
	Kind Kind
	// Frequency is a passive piezo's tone in Hz (0: DefaultFrequency).
	Frequency int
	// Events are the events that sound; nil means every one but Press.
	Events []Event
	// LowTime returns the low-time threshold of a match's time control
	// ([sound] low_time); nil means DefaultLowTime for every control.
	LowTime func(s *table.Snapshot) time.Duration
	// Queue is how many events may wait to be played; more are dropped
	// (0: 4).
	Queue int
}

// Player plays the table's events on a buzzer's line. Make one with New;
// Run follows the snapshots, Halt stops it.
type Player struct {
	line    gpio.PinOut
	opts    Opts
	enabled [eventCount]bool
	queue   chan Event
	halt    chan struct{}
	done    chan struct{}
	err     error
}

// New returns a player on line, silent (the line low).
func New(line gpio.PinOut, o *Opts) (*Player, error) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if opts.Frequency == 0 {
		opts.Frequency = DefaultFrequency
	}
	if opts.Kind == Passive && (opts.Frequency < 100 || opts.Frequency > MaxFrequency) {
		return nil, errors.New("sound: a passive piezo's frequency is 100 to 5000 Hz")
	}
	if opts.Queue <= 0 {
		opts.Queue = 4
	}
	p := &Player{line: line, opts: opts, queue: make(chan Event, opts.Queue), halt: make(chan struct{}), done: make(chan struct{})}
	evs := opts.Events
	if evs == nil {
		evs = []Event{Start, Flag, LowTime, Pause, Claim}
	}
	for _, e := range evs {
		if e > 0 && e < eventCount {
			p.enabled[e] = true
		}
	}
	if err := line.Out(gpio.Low); err != nil {
		return nil, err
	}
	go p.play()
	return p, nil
}

// Enqueue asks for event e's pattern, after those waiting; it reports
// false when e is not enabled or the queue is full (the event is then
// not played). It never blocks.
func (p *Player) Enqueue(e Event) bool {
	if e == 0 || e >= eventCount || !p.enabled[e] {
		return false
	}
	select {
	case p.queue <- e:
		return true
	default:
		return false
	}
}

// Run plays the events of snaps (table.Subscribe) until it is closed or
// ctx ends.
func (p *Player) Run(ctx context.Context, snaps <-chan table.Snapshot) {
	var prev *table.Snapshot
	var warned [4]bool
	for {
		select {
		case <-ctx.Done():
			return
		case s, ok := <-snaps:
			if !ok {
				return
			}
			low := DefaultLowTime
			if p.opts.LowTime != nil {
				low = p.opts.LowTime(&s)
			}
			for _, e := range Follow(prev, &s, low, &warned) {
				p.Enqueue(e)
			}
			prev = &s
		}
	}
}

// Halt stops playing, leaves the line low and returns the first error of
// the line, if any.
func (p *Player) Halt() error {
	select {
	case <-p.halt:
	default:
		close(p.halt)
	}
	<-p.done
	return p.err
}

// play plays the queue until Halt.
func (p *Player) play() {
	defer close(p.done)
	defer func() {
		if err := p.line.Out(gpio.Low); err != nil && p.err == nil {
			p.err = err
		}
	}()
	for {
		select {
		case <-p.halt:
			return
		case e := <-p.queue:
			if !p.pattern(patterns[e]) {
				return
			}
		}
	}
}

// pattern plays pat, reporting false when halted. Every instant is a
// deadline from the pattern's start: a beep of 80 ms is 80 ms whatever
// the writes before it took.
func (p *Player) pattern(pat Pattern) bool {
	at := time.Now()
	for _, b := range pat {
		if !p.tone(at, b.On) {
			return false
		}
		at = at.Add(b.On)
		if !p.until(at.Add(b.Off)) {
			return false
		}
		at = at.Add(b.Off)
	}
	return true
}

// tone sounds the buzzer from start for d: the line high (active), or a
// square wave of the frequency, high first, toggled at start + k half
// periods (passive). The line is low at the end.
func (p *Player) tone(start time.Time, d time.Duration) bool {
	end := start.Add(d)
	if p.opts.Kind == Active {
		if !p.out(gpio.High) {
			return false
		}
		ok := p.until(end)
		return p.out(gpio.Low) && ok
	}
	half := time.Second / time.Duration(2*p.opts.Frequency)
	level := gpio.High
	for k := time.Duration(0); ; k++ {
		t := start.Add(k * half)
		if !t.Before(end) {
			break
		}
		if !p.until(t) || !p.out(level) {
			p.out(gpio.Low)
			return false
		}
		level = !level
	}
	if !p.until(end) {
		p.out(gpio.Low)
		return false
	}
	return p.out(gpio.Low)
}

// out sets the line; a failing line stops the player (its error is
// Halt's).
func (p *Player) out(l gpio.Level) bool {
	if err := p.line.Out(l); err != nil {
		if p.err == nil {
			p.err = err
		}
		return false
	}
	return true
}

// until waits for instant t; false when halted first.
func (p *Player) until(t time.Time) bool {
	d := time.Until(t)
	if d <= 0 {
		select {
		case <-p.halt:
			return false
		default:
			return true
		}
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-p.halt:
		return false
	case <-tm.C:
		return true
	}
}
