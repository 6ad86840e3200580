package table

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"tandem/rules"
)

// Opts configures a Table. Options is required; every other zero value has
// the documented default.
type Opts struct {
	// Options are the match's rules and time control.
	Options rules.Options
	// NextChange returns how long until the displayed face of a running
	// clock changes (e.g. display.NextChange), so the loop can publish a
	// snapshot exactly then. If nil, snapshots are published only on
	// events and decisions.
	NextChange func(c rules.SeatClock) time.Duration
	// Grace is how long after a flag instant the loop waits before judging
	// it, so that a press stamped before the flag but still on its way
	// counts. The decision instant is the exact flag instant whatever the
	// grace. Zero means 2 ms; negative means none.
	Grace time.Duration
	// Queue is the input buffer length. Zero means 64. Senders block when
	// it is full: a press is never dropped.
	Queue int
	// Record, when set, receives every change the loop applies, in the
	// order applied: each event (ignored and refused ones too), each
	// decision and each reconfiguration (see Entry). It is called on the
	// loop goroutine, so it must return at once: queue the entry, never
	// wait for a disk (the loop never waits on the disk for a press). A
	// recorder reports what is on disk with MarkRecorded. If nil, nothing
	// is recorded and Final is true as soon as the match is decided.
	Record func(Entry)
	// Restore, when set, starts the table from a recorded match instead
	// of a new one (see Restore). Options must be the recorded match's.
	Restore *Restore
}

// Table owns one match. Create it with New, run it with Run; it is safe for
// concurrent use by inputs and outputs.
type Table struct {
	epoch time.Time
	in    chan input
	grace time.Duration
	next  func(rules.SeatClock) time.Duration

	latest atomic.Pointer[rules.Snapshot]

	mu     sync.Mutex
	subs   map[chan rules.Snapshot]struct{}
	closed bool
	done   chan struct{}

	m *rules.Match // owned by the Run goroutine

	record     func(Entry)
	entrySeq   uint64        // entries emitted; owned by the Run goroutine
	decided    atomic.Bool   // the match is decided (Final)
	decidedSeq atomic.Uint64 // the entry that decided it; 0 when restored decided
	recorded   atomic.Uint64 // the last entry on disk (MarkRecorded)
	options    atomic.Pointer[rules.Options]
	m0         rules.Options // Opts.Options, until a Reconfigure
}

type input struct {
	ev    rules.Event
	at    time.Time
	opts  *rules.Options // reconfigure when set
	ping  bool           // only a round trip through the loop (Ping, MarkRecorded)
	reply chan result    // nil for Post
	res   result
}

type result struct {
	eff rules.Effect
	err error
}

// ErrClosed is returned by Do and Reconfigure after Run has returned.
var ErrClosed = errors.New("table: closed")

// New returns a table with a match ready to start. Its epoch, the instant 0
// of every rules.Event, is the time of the call. It returns the error of
// rules.New for invalid options.
func New(opts *Opts) (*Table, error) {
	m, err := rules.New(opts.Options)
	if err != nil {
		return nil, err
	}
	t := &Table{
		epoch:  time.Now(),
		grace:  opts.Grace,
		next:   opts.NextChange,
		subs:   map[chan rules.Snapshot]struct{}{},
		done:   make(chan struct{}),
		m:      m,
		record: opts.Record,
		m0:     m.Options(),
	}
	if opts.Restore != nil {
		if err := t.restore(opts.Restore); err != nil {
			return nil, err
		}
	}
	if t.grace == 0 {
		t.grace = 2 * time.Millisecond
	} else if t.grace < 0 {
		t.grace = 0
	}
	q := opts.Queue
	if q <= 0 {
		q = 64
	}
	t.in = make(chan input, q)
	s := m.Snapshot(m.Now())
	s.Final = s.Status == rules.Decided && t.Final() // a restored decided match
	t.latest.Store(&s)
	return t, nil
}

// Epoch returns the instant that rules.Event.At counts from.
func (t *Table) Epoch() time.Time { return t.epoch }

// Since converts a wall instant (with its monotonic reading) to an event
// instant.
func (t *Table) Since(at time.Time) time.Duration { return at.Sub(t.epoch) }

// Post sends e as happening at instant at (e.At is overwritten) and returns
// at once; the effect is visible in the next snapshot. It blocks only while
// the input queue is full, and returns false if the table is closed.
func (t *Table) Post(e rules.Event, at time.Time) bool {
	if t.isClosed() {
		return false
	}
	select {
	case t.in <- input{ev: e, at: at}:
		return true
	case <-t.done:
		return false
	}
}

// Do sends e as happening at instant at and waits until it is applied,
// returning what the match said (see rules.Match.Apply). It returns
// ctx.Err() or ErrClosed if the wait ends first.
func (t *Table) Do(ctx context.Context, e rules.Event, at time.Time) (rules.Effect, error) {
	return t.call(ctx, input{ev: e, at: at, reply: make(chan result, 1)})
}

// Reconfigure replaces the match's options and resets it (a new match),
// as rules.Match.Reconfigure: refused while a match is in progress.
func (t *Table) Reconfigure(ctx context.Context, opts rules.Options) error {
	_, err := t.call(ctx, input{opts: &opts, at: time.Now(), reply: make(chan result, 1)})
	return err
}

// Ping makes a round trip through the loop and returns nil once the loop
// has handled it: proof that the loop is alive and not stuck (a service
// watchdog feeds on it). It changes nothing in the match but publishes a
// snapshot. It returns ctx.Err() or ErrClosed if the wait ends first.
func (t *Table) Ping(ctx context.Context) error {
	_, err := t.call(ctx, input{ping: true, at: time.Now(), reply: make(chan result, 1)})
	return err
}

func (t *Table) call(ctx context.Context, in input) (rules.Effect, error) {
	if t.isClosed() {
		return rules.Effect{}, ErrClosed
	}
	select {
	case t.in <- in:
	case <-t.done:
		return rules.Effect{}, ErrClosed
	case <-ctx.Done():
		return rules.Effect{}, ctx.Err()
	}
	select {
	case r := <-in.reply:
		return r.eff, r.err
	case <-t.done:
		return rules.Effect{}, ErrClosed
	case <-ctx.Done():
		return rules.Effect{}, ctx.Err()
	}
}

func (t *Table) isClosed() bool {
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// Snapshot returns the latest published snapshot.
func (t *Table) Snapshot() rules.Snapshot { return *t.latest.Load() }

// Subscribe returns a channel that receives every published snapshot, the
// current one first. A slow reader never blocks the loop: it gets the
// newest snapshot, not every one. The channel is closed when Run returns
// or cancel is called.
func (t *Table) Subscribe() (snapshots <-chan rules.Snapshot, cancel func()) {
	ch := make(chan rules.Snapshot, 1)
	ch <- t.Snapshot()
	t.mu.Lock()
	if t.closed {
		close(ch)
	} else {
		t.subs[ch] = struct{}{}
	}
	t.mu.Unlock()
	return ch, func() {
		t.mu.Lock()
		if _, ok := t.subs[ch]; ok {
			delete(t.subs, ch)
			close(ch)
		}
		t.mu.Unlock()
	}
}

func (t *Table) publish(s rules.Snapshot) {
	s.Final = s.Status == rules.Decided && t.Final()
	t.latest.Store(&s)
	t.mu.Lock()
	for ch := range t.subs {
		select {
		case ch <- s:
		default:
			// Replace the stale snapshot the reader has not taken yet.
			select {
			case <-ch:
			default:
			}
			ch <- s
		}
	}
	t.mu.Unlock()
}

// Run owns the match until ctx is done. It returns ctx.Err().
func (t *Table) Run(ctx context.Context) error {
	defer func() {
		t.mu.Lock()
		t.closed = true
		for ch := range t.subs {
			close(ch)
		}
		t.subs = nil
		t.mu.Unlock()
		close(t.done)
	}()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	var batch []input
	for {
		t.arm(timer)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case in := <-t.in:
			// Take everything already waiting and apply it in instant
			// order, so a press that arrived late but happened first is
			// applied first (clock-cases C18).
			batch = append(batch[:0], in)
		drain:
			for {
				select {
				case in := <-t.in:
					batch = append(batch, in)
				default:
					break drain
				}
			}
			slices.SortStableFunc(batch, func(a, b input) int { return a.at.Compare(b.at) })
			for i := range batch {
				batch[i].res = t.handle(batch[i])
			}
			// Publish before replying: when Do returns, the snapshot
			// already shows its event.
			t.publish(t.m.Snapshot(t.snapAt()))
			for _, in := range batch {
				if in.reply != nil {
					in.reply <- in.res
				}
			}
			continue
		case <-timer.C:
			// A flag is judged only once its grace has passed; the
			// decision takes the exact flag instant (rules.Advance).
			now := t.Since(time.Now())
			if f, ok := t.m.NextDeadline(); !ok || now < f || now >= f+t.grace {
				if t.m.Advance(now) {
					t.emitDecision(time.Time{})
				}
			}
		}
		t.publish(t.m.Snapshot(t.snapAt()))
	}
}

// snapAt is the instant a snapshot shows: now, or the decision instant
// once decided (the clocks stopped then).
func (t *Table) snapAt() time.Duration {
	now := t.Since(time.Now())
	if now < t.m.Now() {
		now = t.m.Now()
	}
	return now
}

func (t *Table) handle(in input) (r result) {
	if in.ping {
		return r
	}
	if in.opts != nil {
		r.err = t.m.Reconfigure(*in.opts)
		if r.err == nil {
			t.emitReconfigure(in.at, *in.opts)
		}
	} else {
		e := in.ev
		e.At = t.Since(in.at)
		if e.At < t.m.Now() {
			// It arrived after a later input was applied: it happened
			// "now" as far as the match can still tell.
			e.At = t.m.Now()
		}
		was := t.m.Status()
		r.eff, r.err = t.m.Apply(e)
		t.emitEvent(in.at, e, r.eff, was)
	}
	return r
}

// arm sets the timer for the next instant something changes by itself.
func (t *Table) arm(timer *time.Timer) {
	now := t.Since(time.Now())
	wake, ok := t.m.NextDeadline()
	if ok {
		wake += t.grace
	}
	if t.next != nil && t.m.Status() == rules.Running {
		s := t.m.Snapshot(now)
		for _, c := range s.Clocks {
			if !c.Running {
				continue
			}
			if d := t.next(c); d > 0 && (!ok || now+d < wake) {
				wake, ok = now+d, true
			}
		}
	}
	if !ok {
		wake = now + time.Hour
	}
	d := wake - now
	if d < 0 {
		d = 0
	}
	timer.Reset(d)
}
