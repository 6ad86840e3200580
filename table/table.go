package table

import (
	"context"
	"errors"
	"slices"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/internal/latest"
	"tandem/rules"
	"tandem/scoresheet"
)

// Opts configures a Table. Options is required; every other zero value has
// the documented default.
type Opts struct {
	// Options are the match's rules and time control, and Preset the name
	// of the preset they come from ("reglamento"; "" when unknown).
	Options rules.Options
	Preset  string
	// Players are the players' names (bughouse.Seat order, "" unknown)
	// of the first match begun and of the next ones, until SetPlayers.
	// A restored match keeps its own (Restore.Players).
	Players [4]string
	// NextChange returns how long until the displayed face of a running
	// clock changes (e.g. display.NextChangeFunc), so the loop can publish
	// a snapshot exactly then. If nil, snapshots are published only on
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
	// decision, each new match, each move (see Entry). It is called on the
	// loop goroutine, so it must return at once: queue the entry, never
	// wait for a disk (the loop never waits on the disk for a press). If
	// nil, nothing is recorded and a decided match is Final at once,
	// unless RecordErr says a record was wanted and could not be kept:
	// then only a match restored decided is (Final means on disk).
	Record func(Entry)
	// Durable is where the recorder says what is on disk: the loop takes
	// it as one of its inputs, and a decided result becomes Final once its
	// decision's entry is durable. Nil with Record set: never Final.
	Durable <-chan Durable
	// RecordErr says why the match cannot be recorded at all (the record
	// did not open): the table shows it (Snapshot.RecordErr) and runs
	// without a record.
	RecordErr string
	// Checkpoint, when positive, is how often the loop records the four
	// clocks (EntryCheckpoint) while they run, so that after a cut the
	// record holds a running match's times within it: it records at 9/10
	// of it, leaving the rest for the disk.
	Checkpoint time.Duration
	// Restore, when set, starts the table from a recorded match instead
	// of a new one (see Restore). Options must be the recorded match's.
	Restore *Restore
}

// Table owns one match: the clocks and the result, both boards'
// scoresheet, the players, the rules and the record's state, all changed
// by one goroutine (Run) applying inputs in instant order. Create it with
// New; it is safe for concurrent use by inputs and outputs.
type Table struct {
	epoch time.Time
	in    chan input
	grace time.Duration
	next  func(rules.SeatClock) time.Duration
	pub   *latest.Value[Snapshot]
	done  chan struct{}

	// Owned by New, then by the Run goroutine.
	m           *rules.Match
	sheet       *scoresheet.Sheet
	frozen      *scoresheet.Sheet // the sheet as last published
	sheetNote   string
	match       string
	preset      string
	players     [4]string
	nextPlayers [4]string
	recovered   bool
	recoveredAt time.Time

	record          func(Entry)
	durableCh       <-chan Durable
	entrySeq        uint64 // entries emitted
	recorded        uint64 // the last entry on disk
	decided         bool   // decided since the match began (Final follows it)
	decidedSeq      uint64 // the entry that decided it; 0 when restored decided
	restoredDecided bool   // decided as the record has it: on disk already
	recordErr       string
	every           time.Duration // checkpoints (Opts.Checkpoint * 9/10)
	lastCheck       time.Duration // instant of the last checkpoint, or of the resume
	log             []Logged      // Snapshot.Log; never changed below its length once published
	logN            uint64        // lines logged
}

// input is one item of the loop's queue.
type input struct {
	at    time.Time
	kind  inputKind
	ev    rules.Event
	cmd   arbiter.Command
	reply chan reply // nil for Post
	res   reply
}

type inputKind uint8

const (
	inEvent inputKind = iota
	inCommand
	inPing
)

type reply struct {
	eff rules.Effect
	res arbiter.Result
	err error
}

// ErrClosed is returned by Do, Command and Ping after Run has returned.
var ErrClosed = errors.New("table: closed")

// New returns a table with a match ready to start (or the match of
// opts.Restore). Its epoch, the instant 0 of every rules.Event, is the
// time of the call (a restored match's instants continue its own). It
// returns the error of rules.New for invalid options and an ErrRestore
// for a record that cannot be replayed.
func New(opts *Opts) (*Table, error) {
	m, err := rules.New(opts.Options)
	if err != nil {
		return nil, err
	}
	sheet, err := scoresheet.New(opts.Options.Rules, nil)
	if err != nil {
		return nil, err
	}
	t := &Table{
		epoch: time.Now(), grace: opts.Grace, next: opts.NextChange, done: make(chan struct{}),
		m: m, sheet: sheet, preset: opts.Preset, players: opts.Players, nextPlayers: opts.Players,
		record: opts.Record, durableCh: opts.Durable, recordErr: opts.RecordErr,
		every: opts.Checkpoint * 9 / 10,
	}
	if opts.Restore != nil {
		if err := t.restore(opts.Restore); err != nil {
			return nil, err
		}
	} else {
		t.beginMatch(t.epoch)
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
	t.pub = latest.New(t.snapshot(t.m.Now()))
	return t, nil
}

// beginMatch begins a new match under the match's rules now (New, a reset,
// new rules, new players): a new id, the next players, an empty
// scoresheet, nothing recovered; it is recorded as an EntryMatch.
func (t *Table) beginMatch(wall time.Time) {
	t.match = NewMatchID(wall)
	t.players = t.nextPlayers
	t.sheet, _ = scoresheet.New(t.m.Options().Rules, nil) // no FEN: cannot fail
	t.sheetNote = ""
	t.sheetChanged()
	t.recovered, t.recoveredAt = false, time.Time{}
	t.decided, t.decidedSeq, t.restoredDecided = false, 0, false
	t.emit(Entry{Kind: EntryMatch, At: t.m.Now(), Wall: wall, Preset: t.preset, Options: t.m.Options(), Players: t.players})
}

// sheetChanged publishes the sheet with the next snapshot.
func (t *Table) sheetChanged() { t.frozen = t.sheet.Clone() }

// Epoch returns the instant that rules.Event.At counts from.
func (t *Table) Epoch() time.Time { return t.epoch }

// Since converts a wall instant (with its monotonic reading) to an event
// instant.
func (t *Table) Since(at time.Time) time.Duration { return at.Sub(t.epoch) }

// Post sends e as happening at instant at (e.At is overwritten) and returns
// at once; the effect is visible in the next snapshot. It blocks only while
// the input queue is full, and returns false if the table is closed. The
// inputs post presses and the pause switch (rules.PauseSwitch) this way.
func (t *Table) Post(e rules.Event, at time.Time) bool {
	if t.isClosed() {
		return false
	}
	select {
	case t.in <- input{kind: inEvent, ev: e, at: at}:
		return true
	case <-t.done:
		return false
	}
}

// Do sends e as happening at instant at and waits until it is applied,
// returning what the match said (see rules.Match.Apply). It returns
// ctx.Err() or ErrClosed if the wait ends first.
func (t *Table) Do(ctx context.Context, e rules.Event, at time.Time) (rules.Effect, error) {
	r, err := t.call(ctx, input{kind: inEvent, ev: e, at: at})
	if err != nil {
		return rules.Effect{}, err
	}
	return r.eff, r.err
}

// Command carries out the arbiter's command c as happening at instant at
// and waits for its result (arbiter.Result: done, ignored, or refused
// with its rule). Its error is c.Validate's (*arbiter.BadRequest),
// ctx.Err() or ErrClosed; a refusal is in the result.
func (t *Table) Command(ctx context.Context, c arbiter.Command, at time.Time) (arbiter.Result, error) {
	if err := c.Validate(); err != nil {
		return arbiter.Result{}, err
	}
	r, err := t.call(ctx, input{kind: inCommand, cmd: c, at: at})
	return r.res, err
}

// Ping makes a round trip through the loop and returns nil once the loop
// has handled it: proof that the loop is alive and not stuck (a service
// watchdog feeds on it), and a readiness call: the snapshot then shows
// every input sent and every recorder's report (Opts.Durable) made
// before the call. It changes nothing in the match but publishes a
// snapshot. It returns ctx.Err() or ErrClosed if the wait ends first.
func (t *Table) Ping(ctx context.Context) error {
	_, err := t.call(ctx, input{kind: inPing, at: time.Now()})
	return err
}

func (t *Table) call(ctx context.Context, in input) (reply, error) {
	if t.isClosed() {
		return reply{}, ErrClosed
	}
	in.reply = make(chan reply, 1)
	select {
	case t.in <- in:
	case <-t.done:
		return reply{}, ErrClosed
	case <-ctx.Done():
		return reply{}, ctx.Err()
	}
	select {
	case r := <-in.reply:
		return r, nil
	case <-t.done:
		return reply{}, ErrClosed
	case <-ctx.Done():
		return reply{}, ctx.Err()
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
func (t *Table) Snapshot() Snapshot { return t.pub.Load() }

// Subscribe returns a channel that receives every published snapshot, the
// current one first. A slow reader never blocks the loop: it gets the
// newest snapshot, not every one. The channel is closed when Run returns
// or cancel is called.
func (t *Table) Subscribe() (snapshots <-chan Snapshot, cancel func()) { return t.pub.Subscribe() }

// snapshot is the whole match at instant at.
func (t *Table) snapshot(at time.Duration) Snapshot {
	s := Snapshot{
		Snapshot: t.m.Snapshot(at), Match: t.match, Preset: t.preset, Options: t.m.Options(),
		Players: t.players, NextPlayers: t.nextPlayers, Sheet: t.frozen, SheetNote: t.sheetNote,
		Recovered: t.recovered, RecoveredAt: t.recoveredAt,
		Recording: t.record != nil && t.recordErr == "", RecordErr: t.recordErr,
		Log: t.logTail(), Offers: offers(t.m, at),
	}
	s.Final = s.Status == rules.Decided && t.final()
	return s
}

func (t *Table) publish() { t.pub.Store(t.snapshot(t.snapAt())) }

// logTail is the last LogLength lines of the log, capped so that no later
// append can show through it.
func (t *Table) logTail() []Logged {
	l := t.log[max(len(t.log)-LogLength, 0):]
	return l[:len(l):len(l)]
}

// Run owns the match until ctx is done. It returns ctx.Err().
func (t *Table) Run(ctx context.Context) error {
	defer func() {
		t.pub.Close()
		close(t.done)
	}()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	var batch []input
	for {
		t.arm(timer)
		select {
		case <-ctx.Done():
			// A clean stop (systemctl stop, a reboot) records the clocks
			// last, so that a restart restores the exact times rather than
			// those of the last periodic checkpoint. A cut never gets
			// here: the periodic checkpoints cover it.
			if now := t.Since(time.Now()); t.every > 0 && t.m.Status() == rules.Running {
				t.emit(Entry{Kind: EntryCheckpoint, At: now, Wall: t.epoch.Add(now)})
			}
			return ctx.Err()
		case d := <-t.durableCh:
			t.durable(d)
		case in := <-t.in:
			// What the recorder reported before these inputs came is
			// taken first: after a Ping, a snapshot shows every report
			// made before it.
			select {
			case d := <-t.durableCh:
				t.durable(d)
			default:
			}
			// Take everything already waiting and apply it in instant
			// order, so a press that arrived late but happened first is
			// applied first (clock case C18, testdata/clock-cases.md).
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
				batch[i].res = t.handle(&batch[i])
			}
			// Publish before replying: when Do returns, the snapshot
			// already shows its event.
			t.publish()
			for _, in := range batch {
				if in.reply != nil {
					in.reply <- in.res
				}
			}
			continue
		case <-timer.C:
			t.wake(t.Since(time.Now()))
		}
		t.publish()
	}
}

// wake handles the timer at instant now: a flag whose grace has passed is
// decided at its exact instant (rules.Match.Advance), and a checkpoint is
// recorded when one is due. A wake-up for a digit change does neither:
// it never moves the match's time, so a press that happened before it
// but reaches the loop after it is still charged at its own instant.
func (t *Table) wake(now time.Duration) {
	if f, ok := t.m.NextDeadline(); ok && now >= f+t.grace {
		before := t.m.Snapshot(f)
		decided := t.m.Advance(f)
		l := Logged{Flag: true, At: f}
		if before.Status == rules.Ready {
			l = Logged{NoShow: true, At: f} // Art 44: the tolerance ran out
		}
		after := t.m.Snapshot(f)
		for _, s := range bughouse.Seats {
			if after.Clocks[s].Flagged && !before.Clocks[s].Flagged && l.NFlagged < 2 {
				l.Flagged[l.NFlagged] = s
				l.NFlagged++
			}
		}
		if decided {
			t.emitDecision(time.Time{}, false)
		}
		if decided || l.NFlagged > 0 {
			// Under match_format = both-boards a flag may end one board
			// only: logged, and its board passes nothing from now on.
			t.addLog(l)
			t.syncEnds()
		}
	}
	if t.every > 0 && t.m.Status() == rules.Running && now >= t.lastCheck+t.every {
		t.emit(Entry{Kind: EntryCheckpoint, At: now, Wall: t.epoch.Add(now)})
		t.lastCheck = now
	}
}

// snapAt is the instant a snapshot shows: now, or the decision instant
// once decided (the clocks stopped then).
func (t *Table) snapAt() time.Duration {
	return max(t.Since(time.Now()), t.m.Now())
}

// handle applies one input.
func (t *Table) handle(in *input) reply {
	switch in.kind {
	case inPing:
		return reply{}
	case inCommand:
		return reply{res: t.exec(in.cmd, in.at)}
	}
	eff, err := t.apply(in.ev, in.at)
	return reply{eff: eff, err: err}
}

// apply applies e at wall instant at, recording it: at its own instant
// when the match can still take it there, or else at the earliest instant
// it can (it arrived after a later input was applied: it happened "now"
// as far as the match can still tell). A reset begins a new match.
func (t *Table) apply(e rules.Event, at time.Time) (rules.Effect, error) {
	eff, err, reset := t.applyOnly(e, at)
	if reset {
		t.beginMatch(at)
	}
	return eff, err
}

// applyOnly is apply without beginning a new match: reset says whether e
// was a reset that did, which the caller begins.
func (t *Table) applyOnly(e rules.Event, at time.Time) (eff rules.Effect, err error, reset bool) {
	e = t.m.Resolve(e)
	e.At = max(t.Since(at), t.m.Earliest(e))
	was := t.m.Status()
	eff, err = t.m.Apply(e)
	t.emitEvent(at, e, eff, was)
	t.addLog(Logged{Event: e, Effect: eff})
	t.syncEnds()
	now := t.m.Status()
	if now == rules.Running && was != rules.Running {
		t.lastCheck = e.At // checkpoints count from the start or the resume
	}
	return eff, err, e.Kind == rules.Reset && err == nil && now == rules.Ready
}

// addLog adds l to the log, with the match's state now. Lines are never
// changed once published: the log only grows, and is copied when it is
// cut back to LogLength.
func (t *Table) addLog(l Logged) {
	s := t.m.Snapshot(t.m.Now())
	t.logN++
	l.N, l.Seq, l.Started, l.StartedAt, l.Match = t.logN, s.Seq, s.Started, s.StartedAt, t.match
	if (l.Flag || l.NoShow || l.Effect.Decided) && s.Status == rules.Decided {
		l.Result, l.Reason, l.Decisive, l.NDecisive = s.Result, s.Reason, s.Decisive, s.NDecisive
	}
	if len(t.log) >= 2*LogLength {
		t.log = append([]Logged(nil), t.log[len(t.log)-LogLength+1:]...)
	}
	t.log = append(t.log, l)
}

// syncEnds marks on the scoresheet each board that is over while the
// other plays on (a board of match_format = both-boards, a drawn board
// under Art 34): from the next move entered no piece passes to or from it
// (scoresheet.Sheet.End, seed 003).
func (t *Table) syncEnds() {
	if t.m.Status() == rules.Decided {
		return
	}
	s := t.m.Snapshot(t.m.Now())
	for b := range s.Boards {
		if bd := bughouse.Board(b); s.Boards[b].Over && !t.sheet.Ended(bd) {
			t.sheet.End(bd)
			t.sheetChanged()
		}
	}
}

// arm sets the timer for the next instant something changes by itself: a
// flag (after its grace), the end of a no-show tolerance, a displayed
// digit, a checkpoint.
func (t *Table) arm(timer *time.Timer) {
	now := t.Since(time.Now())
	wake, ok := t.m.NextDeadline()
	if ok {
		wake += t.grace
	}
	soon := func(at time.Duration) {
		if !ok || at < wake {
			wake, ok = at, true
		}
	}
	if t.m.Status() == rules.Ready {
		// A called match's countdown (Art 44): a snapshot each whole
		// second of the tolerance left, for the displays that show it.
		if n := t.m.Snapshot(now).NoShow; n.Active {
			d := n.Left(now) % time.Second
			if d == 0 {
				d = time.Second
			}
			soon(now + d)
		}
	}
	if t.m.Status() == rules.Running {
		if t.next != nil {
			s := t.m.Snapshot(now)
			for _, c := range s.Clocks {
				if !c.Running {
					continue
				}
				if d := t.next(c); d > 0 {
					soon(now + d)
				}
			}
		}
		if t.every > 0 {
			soon(t.lastCheck + t.every)
		}
	}
	if !ok {
		wake = now + time.Hour
	}
	timer.Reset(max(wake-now, 0))
}
