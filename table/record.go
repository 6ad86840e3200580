package table

import (
	"errors"
	"fmt"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// This file holds what a durable record (package journal) needs from the
// loop: every applied change in order (Opts.Record), a start from a
// recorded match (Opts.Restore), and whether a decided result is on disk
// (MarkRecorded, Final).

// EntryKind says what an Entry records.
type EntryKind uint8

const (
	// EntryEvent: Event was applied; Effect says what it did (an ignored
	// or refused event is recorded too: it is part of the audit trail).
	EntryEvent EntryKind = iota + 1
	// EntryDecision: the match was decided, by the event of the entry
	// before it or by a flag the loop's timer judged (then it is the only
	// trace of the decision besides the events that led to it).
	EntryDecision
	// EntryReconfigure: Options replaced the match's options; a new match
	// begins, ready to start.
	EntryReconfigure
)

// String returns "event", "decision" or "reconfigure".
func (k EntryKind) String() string {
	switch k {
	case EntryEvent:
		return "event"
	case EntryDecision:
		return "decision"
	case EntryReconfigure:
		return "reconfigure"
	}
	return fmt.Sprintf("EntryKind(%d)", uint8(k))
}

// Entry is one change the loop applied, for Opts.Record. It holds plain
// values only (Options' stage slice is the caller's copy), so it may be
// kept and handed to another goroutine.
type Entry struct {
	// Seq numbers the table's entries from 1, in the order applied.
	// MarkRecorded takes it back.
	Seq  uint64
	Kind EntryKind
	// At is the instant of the change (ns since Epoch): the event's
	// instant as applied (never before the previous entry's), or the
	// decision instant.
	At time.Duration
	// Wall is the wall-clock time of the change: the input's time.Time for
	// an event or reconfiguration, Epoch plus At for a decision by flag.
	Wall time.Time
	// Event and Effect are the applied event and what it did
	// (EntryEvent). Event.At equals At.
	Event  rules.Event
	Effect rules.Effect
	// Recovered marks the Pause that Restore applies at the recorded
	// match's last known instant (EntryEvent).
	Recovered bool
	// Options are the new options (EntryReconfigure).
	Options rules.Options
	// Status is the match's status after the change.
	Status rules.Status
	// Result, Reason, Decisive (NDecisive of them) are the decision
	// (EntryDecision): as rules.Match.Result.
	Result    rules.Result
	Reason    rules.Reason
	Decisive  [2]bughouse.Seat
	NDecisive int
	// Clocks are the four remaining times at At (ns), indexed by
	// bughouse.Seat.
	Clocks [4]time.Duration
}

// Restore is a recorded match to start a table from (Opts.Restore).
type Restore struct {
	// Events are the match's recorded events in the order they were
	// applied, with their recorded instants (Entry.At). Replaying them
	// through rules.Match is exact: the clocks are computed from the
	// instants, never from ticks.
	Events []rules.Event
	// Until is the last instant the record vouches for (the last
	// checkpoint or entry; ns on the recorded epoch). Flags that fell by
	// then are decided; a match still running is paused there (an
	// EntryEvent with Recovered set), so it comes back paused with the
	// times it had at Until.
	Until time.Duration
}

// ErrRestore is wrapped by New's error when a recorded match cannot be
// replayed (its instants go backwards: the record is not one table's).
var ErrRestore = errors.New("table: the recorded match cannot be replayed")

// restore replays r into t.m before the loop runs and sets the epoch so
// that instants continue from the restored match's last instant: the time
// the table was off does not count (it comes back paused).
func (t *Table) restore(r *Restore) error {
	for i, e := range r.Events {
		if _, err := t.m.Apply(e); errors.Is(err, rules.ErrBackwards) {
			return fmt.Errorf("%w: event %d (%v at %v): %v", ErrRestore, i+1, e, e.At, err)
		}
	}
	until := max(r.Until, t.m.Now())
	t.m.Advance(until)
	now := time.Now()
	t.epoch = now.Add(-t.m.Now())
	if t.m.Status() == rules.Running {
		e := rules.Event{Kind: rules.Pause, At: t.m.Now()}
		eff, _ := t.m.Apply(e) // a pause while running is always accepted
		t.entrySeq++
		t.emit(Entry{Seq: t.entrySeq, Kind: EntryEvent, At: e.At, Wall: now, Event: e, Effect: eff, Recovered: true})
	}
	if t.m.Status() == rules.Decided {
		// On disk already: the decision came from the record.
		t.decided.Store(true)
		t.decidedSeq.Store(0)
	}
	return nil
}

// emit fills e's status and clocks and hands it to the recorder.
func (t *Table) emit(e Entry) {
	if t.record == nil {
		return
	}
	e.Status = t.m.Status()
	for _, s := range bughouse.Seats {
		e.Clocks[s] = t.m.Remaining(s, e.At)
	}
	t.record(e)
}

// emitEvent records an applied event; was is the status before it. A
// Reset or a decision changes what Final reports.
func (t *Table) emitEvent(wall time.Time, e rules.Event, eff rules.Effect, was rules.Status) {
	t.entrySeq++
	t.emit(Entry{Seq: t.entrySeq, Kind: EntryEvent, At: e.At, Wall: wall, Event: e, Effect: eff})
	if was == rules.Decided && t.m.Status() != rules.Decided {
		t.decided.Store(false) // a reset: a new match
	}
	if was != rules.Decided && t.m.Status() == rules.Decided {
		t.emitDecision(wall)
	}
}

// emitDecision records the decision just made; wall is the input's time,
// or zero for a flag judged by the timer.
func (t *Table) emitDecision(wall time.Time) {
	res, why, seats, at := t.m.Result()
	if wall.IsZero() {
		wall = t.epoch.Add(at)
	}
	t.entrySeq++
	e := Entry{Seq: t.entrySeq, Kind: EntryDecision, At: at, Wall: wall, Result: res, Reason: why}
	e.NDecisive = copy(e.Decisive[:], seats)
	t.decidedSeq.Store(t.entrySeq)
	t.decided.Store(true)
	t.emit(e)
}

// emitReconfigure records new options: a new match.
func (t *Table) emitReconfigure(wall time.Time, o rules.Options) {
	t.decided.Store(false)
	t.options.Store(&o)
	t.entrySeq++
	t.emit(Entry{Seq: t.entrySeq, Kind: EntryReconfigure, At: t.m.Now(), Wall: wall, Options: o})
}

// MarkRecorded tells the table that its entries up to seq (Entry.Seq) are
// on disk, and has the loop publish a snapshot so that subscribers look at
// Final again. A recorder calls it after each sync; a smaller seq than
// before changes nothing. It never blocks: when the input queue is full
// the snapshot that follows those inputs does the same.
func (t *Table) MarkRecorded(seq uint64) {
	for {
		old := t.recorded.Load()
		if seq <= old {
			return
		}
		if t.recorded.CompareAndSwap(old, seq) {
			break
		}
	}
	if t.isClosed() {
		return
	}
	select {
	case t.in <- input{ping: true, at: time.Now()}:
	default:
	}
}

// Recorded returns the last Entry.Seq a recorder reported on disk
// (MarkRecorded), 0 before any.
func (t *Table) Recorded() uint64 { return t.recorded.Load() }

// Final reports whether the match is decided and its decision is on disk:
// with Opts.Record set, once the recorder has marked the decision's entry
// recorded (a restored decided match is final at once); without a
// recorder, as soon as it is decided. A display shows a result as final
// only then ("a decided result is on disk before it is reported final",
// issue 5). A snapshot is published when it becomes true.
func (t *Table) Final() bool {
	if !t.decided.Load() {
		return false
	}
	return t.record == nil || t.recorded.Load() >= t.decidedSeq.Load()
}

// Options returns the match's options now: Opts.Options (those of the
// restored match with Opts.Restore), or the last Reconfigure's. Outputs
// that show the rules (the console, the displays) read them here rather
// than from the configuration, which a restored or reconfigured match no
// longer follows.
func (t *Table) Options() rules.Options {
	if o := t.options.Load(); o != nil {
		return *o
	}
	return t.m0
}
