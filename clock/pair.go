package clock

import (
	"errors"
	"fmt"
	"tandem/bughouse"
	"time"
)

// side is one player's clock.
type side struct {
	ctl Control // read-only: its Stages are shared, never written
	// bank is the time left at the start of the current turn (or now, when
	// no turn is in progress), with every credited increment and stage time.
	bank time.Duration
	// moves counts completed moves: presses that ended a turn (C23).
	moves int
	// used is the time consumed in the turn in progress before `since`
	// (a turn interrupted by a pause keeps it).
	used    time.Duration
	since   time.Duration
	running bool
	flagged bool
	// credit is what the last press credited (increment and stage time),
	// so that Retract can take that move back.
	credit time.Duration
}

// delay returns the delay of the move in progress.
func (s *side) delay() time.Duration { return s.ctl.stageOf(s.moves + 1).Delay }

// turnUsed returns the time consumed in the current turn at instant at.
func (s *side) turnUsed(at time.Duration) time.Duration {
	if !s.running {
		return s.used
	}
	return s.used + at - s.since
}

// remaining is the time the player would have if the turn ended at `at`.
func (s *side) remaining(at time.Duration) time.Duration {
	if s.flagged {
		return 0
	}
	charged := s.turnUsed(at) - s.delay()
	if charged <= 0 {
		return s.bank
	}
	if r := s.bank - charged; r > 0 {
		return r
	}
	return 0
}

// Pair is one board's two clocks, White's and Black's. At most one of them
// runs at any instant; a turn (the interval a player's clock runs between
// presses) survives pauses.
//
// Pair is a value: copying it copies the whole state. Its zero value is not
// usable; make one with NewPair. Instants passed to the methods must not go
// backwards; the match loop guarantees it.
type Pair struct {
	sides [2]side
	turn  bughouse.Color // whose turn is in progress, if inTurn
	// inTurn is false only before Start: a press ends one turn and begins
	// the other, and a pause keeps the turn.
	inTurn bool
}

// NewPair returns a board's clocks set to the controls' initial times
// (Control.Initial), stopped, with no turn in progress. The controls must be
// valid (Control.Validate); their Stages must not be modified afterwards,
// since the pair shares them.
func NewPair(white, black Control) Pair {
	var p Pair
	p.sides[bughouse.White] = side{ctl: white, bank: white.Initial()}
	p.sides[bughouse.Black] = side{ctl: black, bank: black.Initial()}
	return p
}

// Start begins c's first turn at instant at; the clock runs. It does nothing
// if a turn was already started.
func (p *Pair) Start(c bughouse.Color, at time.Duration) {
	if p.inTurn {
		return
	}
	p.inTurn, p.turn = true, c
	s := &p.sides[c]
	s.running, s.since, s.used = true, at, 0
}

// Running returns the color whose clock runs, and whether one does.
func (p *Pair) Running() (bughouse.Color, bool) {
	return p.turn, p.inTurn && p.sides[p.turn].running
}

// Turn returns whose turn is in progress (running or paused) and whether
// the board has started.
func (p *Pair) Turn() (bughouse.Color, bool) { return p.turn, p.inTurn }

// Remaining returns c's remaining time at instant at, in nanoseconds: what
// c's clock would hold if the turn ended then. With a delay the time used
// inside the delay is not charged (Bronstein and US give the same remaining
// time; docs/rules.md clock rule 2). It is never negative and is 0 once flagged.
func (p *Pair) Remaining(c bughouse.Color, at time.Duration) time.Duration {
	return p.sides[c].remaining(at)
}

// DelayLeft returns how much of the current move's delay c has not used at
// instant at; 0 when c has no turn in progress or no delay.
func (p *Pair) DelayLeft(c bughouse.Color, at time.Duration) time.Duration {
	if !p.inTurn || p.turn != c || p.sides[c].flagged {
		return 0
	}
	s := &p.sides[c]
	if d := s.delay() - s.turnUsed(at); d > 0 {
		return d
	}
	return 0
}

// Moves returns how many moves c has completed (presses that ended a turn).
func (p *Pair) Moves(c bughouse.Color) int { return p.sides[c].moves }

// Flagged reports whether c's flag has fallen.
func (p *Pair) Flagged(c bughouse.Color) bool { return p.sides[c].flagged }

// NextFlag returns the exact instant the running clock reaches zero and its
// color; ok is false when no clock runs. The instant may be in the past of
// the caller's "now" (the caller then applies the flag at that instant).
func (p *Pair) NextFlag() (at time.Duration, c bughouse.Color, ok bool) {
	c, ok = p.Running()
	if !ok {
		return 0, c, false
	}
	s := &p.sides[c]
	// remaining(t) = bank - (used + t - since - delay) reaches 0 at:
	return s.since + s.bank + s.delay() - s.used, c, true
}

// ErrFlagged is returned by Press when the presser's time had already run
// out at the press instant.
var ErrFlagged = errors.New("clock: flag already fell")

// ErrNotRunning is returned by Press when the presser's clock is not
// running (wrong player, paused, or not started).
var ErrNotRunning = errors.New("clock: presser's clock is not running")

// Press ends c's turn at instant at and starts the opponent's. It charges
// the time used (less the delay), counts the move, credits the increment and
// the next stage's time (Control), and starts the opponent's turn at the
// same instant. A press at or after the flag instant returns ErrFlagged and
// credits nothing (the time reached zero first: docs/rules.md clock rule 4); a
// press by a player whose clock is not running returns ErrNotRunning.
// Neither error changes the pair.
func (p *Pair) Press(c bughouse.Color, at time.Duration) error {
	if cur, ok := p.Running(); !ok || cur != c {
		return ErrNotRunning
	}
	if f, _, _ := p.NextFlag(); at >= f {
		return ErrFlagged
	}
	s := &p.sides[c]
	s.bank = s.remaining(at)
	s.running, s.used = false, 0
	s.moves++
	m := s.moves
	if s.ctl.IncrementBeforeFirstMove {
		s.credit = s.ctl.stageOf(m + 1).Increment
	} else {
		s.credit = s.ctl.stageOf(m).Increment
	}
	s.credit += s.ctl.timeAfter(m)
	s.bank += s.credit
	o := &p.sides[c.Other()]
	p.turn = c.Other()
	o.running, o.since, o.used = true, at, 0
	return nil
}

// Stop stops the running clock at instant at (pause, claim, or the end of the
// match), keeping the turn in progress: the time used so far stays charged
// to it and the delay is not granted again on Resume.
func (p *Pair) Stop(at time.Duration) {
	c, ok := p.Running()
	if !ok {
		return
	}
	s := &p.sides[c]
	s.used += at - s.since
	s.running = false
}

// Resume restarts the clocks at instant at with c's clock running. If c has
// the turn in progress, it continues. If the arbiter chooses the other player
// (docs/rules.md clock rule 8), the interrupted turn is settled without counting a
// move or crediting an increment, and c starts a fresh turn. Before Start,
// Resume starts c's first turn. It does nothing if a clock already runs or c
// has flagged.
func (p *Pair) Resume(c bughouse.Color, at time.Duration) {
	if _, ok := p.Running(); ok || p.sides[c].flagged {
		return
	}
	if !p.inTurn {
		p.Start(c, at)
		return
	}
	p.SetTurn(c, at)
	s := &p.sides[c]
	s.running, s.since = true, at
}

// SetTurn makes c's turn the one in progress while the clocks are stopped
// (an arbiter's correction, e.g. an illegal move taken back), so that
// Resume continues c's turn. An interrupted turn of the other player is
// settled without counting a move or crediting an increment, as in Resume.
// It does nothing while a clock runs, before Start, or if c has flagged.
func (p *Pair) SetTurn(c bughouse.Color, at time.Duration) {
	if _, ok := p.Running(); ok || !p.inTurn || p.turn == c || p.sides[c].flagged {
		return
	}
	o := &p.sides[p.turn]
	o.bank = o.remaining(at)
	o.used = 0
	p.turn = c
	p.sides[c].used = 0
}

// ErrNothingToRetract is returned by Retract when c's last move cannot be
// taken back.
var ErrNothingToRetract = errors.New("clock: no move to take back")

// Retract takes back c's last move while the clocks are stopped (an
// illegal move upheld by the arbiter): the move no longer counts, the
// increment and stage time its press credited are removed, the
// opponent's interrupted turn is settled without counting a move, and c's
// turn is the one in progress again, so Resume runs c's clock. The time c
// used on the taken-back move stays charged (the arbiter adjusts it if he
// rules so). It returns ErrNothingToRetract, changing nothing, unless c
// made the last press on this board (it is c's opponent's turn) and no
// clock runs.
func (p *Pair) Retract(c bughouse.Color, at time.Duration) error {
	s := &p.sides[c]
	if _, ok := p.Running(); ok || !p.inTurn || p.turn == c || s.moves == 0 || s.flagged || p.sides[c.Other()].flagged {
		return ErrNothingToRetract
	}
	p.SetTurn(c, at)
	s.moves--
	s.bank -= s.credit
	s.credit = 0
	return nil
}

// Flag marks c's flag as fallen: c's clock stops at zero. The caller applies
// it at the instant NextFlag gave.
func (p *Pair) Flag(c bughouse.Color) {
	s := &p.sides[c]
	s.used, s.running, s.flagged, s.bank = 0, false, true, 0
}

// Adjust adds delta (negative to remove) to c's time: an arbiter's penalty
// or correction (Art 40). It returns an error, and changes nothing, if c has
// flagged, a clock is running, or the result would leave c with no time
// (declare a result instead).
func (p *Pair) Adjust(c bughouse.Color, delta, at time.Duration) error {
	if _, ok := p.Running(); ok {
		return errors.New("clock: stop the clocks before adjusting time")
	}
	s := &p.sides[c]
	if s.flagged {
		return errors.New("clock: the flag has fallen; time cannot be added after a flag")
	}
	if r := s.remaining(at) + delta; r <= 0 {
		return fmt.Errorf("clock: removing %s would leave no time (%s left); declare a result instead",
			FormatDuration(-delta), FormatDuration(s.remaining(at).Truncate(time.Millisecond)))
	} else if r > MaxStageTime {
		return fmt.Errorf("clock: adding %s would give more than %s", FormatDuration(delta), FormatDuration(MaxStageTime))
	}
	s.bank += delta
	return nil
}
