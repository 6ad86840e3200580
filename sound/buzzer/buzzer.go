package buzzer

import (
	"context"
	"errors"
	"time"

	"periph.io/x/conn/v3/gpio"

	"tandem/sound"
	"tandem/table"
)

// Opts configures a Player. The zero value drives an active buzzer for
// every event but the click, with the default low-time threshold.
type Opts struct {
	Kind sound.Kind
	// Frequency is a passive piezo's tone in Hz (0: DefaultFrequency).
	Frequency int
	// Events are the events that sound; nil means every one but Press.
	Events []sound.Event
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
	enabled [sound.EventCount]bool
	queue   chan sound.Event
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
		opts.Frequency = sound.DefaultFrequency
	}
	if opts.Kind == sound.Passive && (opts.Frequency < 100 || opts.Frequency > sound.MaxFrequency) {
		return nil, errors.New("buzzer: a passive piezo's frequency is 100 to 5000 Hz")
	}
	if opts.Queue <= 0 {
		opts.Queue = 4
	}
	p := &Player{line: line, opts: opts, queue: make(chan sound.Event, opts.Queue), halt: make(chan struct{}), done: make(chan struct{})}
	evs := opts.Events
	if evs == nil {
		evs = []sound.Event{sound.Start, sound.Flag, sound.LowTime, sound.Pause, sound.Claim}
	}
	for _, e := range evs {
		if e > 0 && e < sound.EventCount {
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
func (p *Player) Enqueue(e sound.Event) bool {
	if e == 0 || e >= sound.EventCount || !p.enabled[e] {
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
			low := sound.DefaultLowTime
			if p.opts.LowTime != nil {
				low = p.opts.LowTime(&s)
			}
			for _, e := range follow(prev, &s, low, &warned) {
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
			if !p.pattern(sound.PatternOf(e)) {
				return
			}
		}
	}
}

// pattern plays pat, reporting false when halted. Every instant is a
// deadline from the pattern's start: a beep of 80 ms is 80 ms whatever
// the writes before it took.
func (p *Player) pattern(pat sound.Pattern) bool {
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
	if p.opts.Kind == sound.Active {
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
