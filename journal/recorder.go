package journal

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"tandem/clocksync"
	"tandem/rules"
	"tandem/scoresheet"
	"tandem/table"
)

// Meta is what a match record says besides the options.
type Meta struct {
	// Table is the table's name, for exports ("" when unnamed).
	Table string
	// Players are the players' names per seat ("" when unknown).
	Players [4]string
	// WallClock tells whether the table's wall clock is synchronised
	// with a time source now (clocksync.Read, as a Status word), for the
	// WallClock field of every KindMatch and KindDecision record: their
	// wall times are the match's date and the result's time of day, and
	// a Pi without a time server boots on a guess. Nil records nothing.
	// It is called on the table's loop, so it must be quick (clocksync's
	// is a stat and a system call).
	WallClock func() clocksync.Status
}

// Recorder turns a table's entries (table.Opts.Record) into records on a
// Writer and writes checkpoints. Its Entry method never blocks.
type Recorder struct {
	w    *Writer
	meta Meta

	mu  sync.Mutex // Entry runs on the loop, Checkpoints on its own goroutine
	cur Record     // the current match's KindMatch record
	// started and startedAt: the current match has started, at that
	// instant (the first entry that left Ready). Move checks them.
	started   bool
	startedAt time.Duration
}

// NewRecorder returns a recorder that appends to w. When the table goes on
// with the file's last match (a restored table), last is that match's
// KindMatch record; otherwise nil, and Begin must record the first match.
func NewRecorder(w *Writer, meta Meta, last *Record) *Recorder {
	r := &Recorder{w: w, meta: meta}
	if last != nil {
		r.cur = *last
	}
	return r
}

// NewMatchID returns a new match id: the UTC wall time of its start and 16
// random bits, e.g. "20261129-212200-3f9a". Ids sort by start time.
func NewMatchID(wall time.Time) string {
	var b [2]byte
	rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return wall.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// Begin records the start of a new match under o at instant at (ns since
// the table's epoch) and returns its id. Call it before the table runs for
// a new file or a table that does not continue the recorded match.
func (r *Recorder) Begin(o rules.Options, preset string, at time.Duration, wall time.Time) (string, error) {
	m, err := EncodeOptions(o)
	if err != nil {
		return "", err
	}
	return r.begin(preset, m, at, wall, 0), nil
}

// begin appends a KindMatch record for a new match and makes it current.
func (r *Recorder) begin(preset string, opts map[string]string, at time.Duration, wall time.Time, tag uint64) string {
	r.mu.Lock()
	players := r.meta.Players // SetPlayers may change them from another goroutine
	r.mu.Unlock()
	rec := Record{Kind: KindMatch, Match: NewMatchID(wall), At: at, Wall: wall.UTC(),
		Preset: preset, Options: opts, Table: r.meta.Table, Players: &players, WallClock: r.wallClock()}
	r.mu.Lock()
	r.cur = rec
	r.started, r.startedAt = false, 0
	r.mu.Unlock()
	r.w.Append(rec, tag)
	return rec.Match
}

// wallClock is Meta.WallClock's word, "" without one.
func (r *Recorder) wallClock() string {
	if r.meta.WallClock == nil {
		return ""
	}
	return r.meta.WallClock().String()
}

// Started tells a recorder that continues a restored match (NewRecorder
// with last) when that match started (Match.StartedAt): moves entered in
// it are then accepted (Move).
func (r *Recorder) Started(at time.Duration) {
	r.mu.Lock()
	r.started, r.startedAt = true, at
	r.mu.Unlock()
}

// ErrOtherMatch is returned by Move and TakeBack when the recorder's
// current match is not the one the move was entered in: it has not
// started, or started at another instant (a new match began meanwhile).
var ErrOtherMatch = errors.New("journal: the move belongs to another match (a new match began)")

// Move records move m, entered on the scoresheet of the match that
// started at instant started (rules.Snapshot.StartedAt), at wall time
// wall, as a KindMove record of the current match. It only queues, like
// Entry, after the entries already given (the record's order is the
// order of arrival). It returns ErrOtherMatch, recording nothing, when
// the current match is not that one.
func (r *Recorder) Move(m scoresheet.Move, wall time.Time, started time.Duration) error {
	return r.move(KindMove, m, m.At, wall, started)
}

// TakeBack records that move m (its board's last) was taken back at
// instant at (ns since the table's epoch); errors as Move's.
func (r *Recorder) TakeBack(m scoresheet.Move, at time.Duration, wall time.Time, started time.Duration) error {
	return r.move(KindTakeBack, m, at, wall, started)
}

func (r *Recorder) move(k Kind, m scoresheet.Move, at time.Duration, wall time.Time, started time.Duration) error {
	r.mu.Lock()
	ok, match := r.started && r.startedAt == started, r.cur.Match
	if ok {
		// Appended under the lock: an Entry that begins a new match cannot
		// come between the check and the append.
		r.w.Append(Record{Kind: k, Match: match, At: at, Wall: wall.UTC(), Board: m.Board.String(), Ply: m.Ply,
			Seat: m.Seat.String(), SAN: m.SAN, UCI: m.UCI}, 0)
	}
	r.mu.Unlock()
	if !ok {
		return ErrOtherMatch
	}
	return nil
}

// SetPlayers sets the players' names (rules.Seat order) of the matches
// begun from now on (the hall's pairing: the next match's players).
func (r *Recorder) SetPlayers(players [4]string) {
	r.mu.Lock()
	r.meta.Players = players
	r.mu.Unlock()
}

// Match returns the current match id.
func (r *Recorder) Match() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cur.Match
}

// Recovered records that the match was restored at instant until.
func (r *Recorder) Recovered(until time.Duration, wall time.Time) {
	r.w.Append(Record{Kind: KindRecovered, Match: r.Match(), At: until, Wall: wall.UTC(), Until: until}, 0)
}

// BeginsMatch reports whether table entry e begins a new match: a reset
// that succeeded (the table is Ready again) or a reconfiguration. Entry
// begins a new match record there; whatever follows a match's players
// (the daemon) switches to the next match's there too.
func BeginsMatch(e table.Entry) bool {
	switch e.Kind {
	case table.EntryEvent:
		return e.Event.Kind == rules.Reset && e.Effect.Refused == "" && e.Effect.Ignored == "" && e.Status == rules.Ready
	case table.EntryReconfigure:
		return true
	}
	return false
}

// Entry records one table entry: give it to table.Opts.Record. A reset
// that succeeded and a reconfiguration also begin a new match record. It
// only queues (Writer.Append).
func (r *Recorder) Entry(e table.Entry) {
	wall := e.Wall.UTC()
	clocks := e.Clocks
	match := r.Match()
	switch e.Kind {
	case table.EntryEvent:
		r.mu.Lock()
		if !r.started && e.Status != rules.Ready {
			r.started, r.startedAt = true, e.At
		}
		r.mu.Unlock()
		ev := e.Event
		rec := Record{Kind: KindEvent, Match: match, At: e.At, Wall: wall, Event: &ev, Text: ev.String(),
			Ignored: e.Effect.Ignored, Refused: e.Effect.Refused, Recovered: e.Recovered, Clocks: &clocks}
		r.w.Append(rec, e.Seq)
		if BeginsMatch(e) {
			// A new match with the same options.
			r.mu.Lock()
			preset, opts := r.cur.Preset, r.cur.Options
			r.mu.Unlock()
			r.begin(preset, opts, e.At, e.Wall, e.Seq)
		}
	case table.EntryDecision:
		rec := Record{Kind: KindDecision, Match: match, At: e.At, Wall: wall,
			Result: e.Result.String(), Reason: e.Reason.String(), Decisive: []string{}, Clocks: &clocks, WallClock: r.wallClock()}
		for _, s := range e.Decisive[:e.NDecisive] {
			rec.Decisive = append(rec.Decisive, s.String())
		}
		r.w.Append(rec, e.Seq)
	case table.EntryReconfigure:
		m, err := EncodeOptions(e.Options)
		if err != nil {
			// Options the table accepted always encode; keep the trail
			// honest if one ever does not.
			m = map[string]string{"error": err.Error()}
		}
		r.begin(PresetOf(e.Options), m, e.At, e.Wall, e.Seq)
	}
}

// Checkpoints records the four remaining times while the table's clocks
// run, until ctx is done, so that at any cut the record holds a running
// match's times to within interval (issue 5: "within the checkpoint
// interval of its true value"). It ticks at 9/10 of interval: a
// checkpoint is on disk only after its round trip through the loop
// (table.Ping, for a fresh snapshot), the queue and an fsync (about 0.3
// ms, a few ms on a busy SD card), and ticking at the interval itself
// would let that time push the record past it.
func (r *Recorder) Checkpoints(ctx context.Context, t *table.Table, interval time.Duration) {
	tick := time.NewTicker(interval * 9 / 10)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if t.Snapshot().Status != rules.Running {
			continue
		}
		if err := r.Checkpoint(ctx, t); err != nil {
			return
		}
	}
}

// Checkpoint records the four remaining times now if the table's clocks
// run (a round trip through the loop, table.Ping, gives a fresh snapshot).
// It returns Ping's error (ctx.Err() or table.ErrClosed).
func (r *Recorder) Checkpoint(ctx context.Context, t *table.Table) error {
	if err := t.Ping(ctx); err != nil {
		return err
	}
	s := t.Snapshot()
	if s.Status != rules.Running {
		return nil
	}
	var clocks [4]time.Duration
	for i, c := range s.Clocks {
		clocks[i] = c.Remaining
	}
	r.w.Append(Record{Kind: KindCheckpoint, Match: r.Match(), At: s.At, Wall: t.Epoch().Add(s.At).UTC(),
		Clocks: &clocks, Status: s.Status.String()}, 0)
	return nil
}

// Marker passes a Writer's progress to a table (table.Table.MarkRecorded),
// which is usually created after the writer (the record is opened first,
// to restore the match). Give Synced to Opts.Synced and Attach the table
// once it exists; tags synced before are passed on then. The zero value
// is ready to use.
type Marker struct {
	t    atomic.Pointer[table.Table]
	last atomic.Uint64
}

// Synced is an Opts.Synced: it marks tag recorded on the attached table.
func (m *Marker) Synced(_, tag uint64) {
	for {
		old := m.last.Load()
		if tag <= old || m.last.CompareAndSwap(old, tag) {
			break
		}
	}
	if t := m.t.Load(); t != nil && tag > 0 {
		t.MarkRecorded(tag)
	}
}

// Attach sets the table to mark and marks what was synced before.
func (m *Marker) Attach(t *table.Table) {
	m.t.Store(t)
	if tag := m.last.Load(); tag > 0 {
		t.MarkRecorded(tag)
	}
}
