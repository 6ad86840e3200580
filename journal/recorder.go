package journal

import (
	"sync"

	"tandem/clocksync"
	"tandem/rules"
	"tandem/table"
)

// Recorder turns a table's entries (table.Opts.Record) into records on a
// Writer, in the one order the loop applied them. Its Entry method never
// blocks: it only queues (Writer.Append), each record tagged with its
// entry's Seq, so that a Progress passes the Writer's durability on to the
// loop (table.Opts.Durable).
type Recorder struct {
	w         *Writer
	table     string
	wallClock func() clocksync.Status
}

// NewRecorder returns a recorder that appends to w; table is the table's
// name, written in every match record for exports ("" when unnamed).
func NewRecorder(w *Writer, table string) *Recorder { return &Recorder{w: w, table: table} }

// SetWallClock gives the recorder f, which tells whether the table's wall
// clock is synchronised with a time source now (clocksync.Read): every
// KindMatch and KindDecision record then carries its word in WallClock.
// Their wall times are the match's date and the result's time of day, and
// a Pi without a time server boots on a guess. Without it nothing is
// recorded. f is called on the table's loop, so it must be quick
// (clocksync's is a stat and a system call). Call it before the first
// Entry; it returns r.
func (r *Recorder) SetWallClock(f func() clocksync.Status) *Recorder {
	r.wallClock = f
	return r
}

// wallClockWord is the wall clock's word, "" without SetWallClock.
func (r *Recorder) wallClockWord() string {
	if r.wallClock == nil {
		return ""
	}
	return r.wallClock().String()
}

// Entry records one table entry: give it to table.Opts.Record.
func (r *Recorder) Entry(e table.Entry) {
	wall := e.Wall.UTC()
	clocks := e.Clocks
	rec := Record{Match: e.Match, At: e.At, Wall: wall}
	switch e.Kind {
	case table.EntryMatch:
		m, err := EncodeOptions(e.Options)
		if err != nil {
			// Options the table accepted always encode; keep the trail
			// honest if one ever does not.
			m = map[string]string{"error": err.Error()}
		}
		preset := e.Preset
		if preset == "" {
			preset = PresetOf(e.Options)
		}
		players := e.Players
		rec.Kind, rec.Preset, rec.Options, rec.Table, rec.Players = KindMatch, preset, m, r.table, &players
		rec.WallClock = r.wallClockWord()
	case table.EntryEvent:
		ev := e.Event
		rec.Kind, rec.Event, rec.Text = KindEvent, &ev, ev.String()
		rec.Ignored, rec.Refused, rec.Recovered, rec.Clocks = e.Effect.Ignored, e.Effect.Refused, e.Recovered, &clocks
	case table.EntryDecision:
		rec.Kind, rec.Result, rec.Reason, rec.Decisive, rec.Clocks = KindDecision, e.Result.String(), e.Reason.String(), []string{}, &clocks
		rec.Restored = e.Restored
		rec.WallClock = r.wallClockWord()
		for _, s := range e.Decisive[:e.NDecisive] {
			rec.Decisive = append(rec.Decisive, s.String())
		}
		rec.Boards = []string{boardText(e.Boards[0]), boardText(e.Boards[1])}
		if e.BothBoards {
			rec.Points = rules.PointsText(rules.GamePoints(e.Boards))
		}
	case table.EntryMove, table.EntryTakeBack:
		rec.Kind = KindMove
		if e.Kind == table.EntryTakeBack {
			rec.Kind = KindTakeBack
		}
		m := e.Move
		rec.Board, rec.Ply, rec.Seat, rec.SAN, rec.UCI = m.Board.String(), m.Ply, m.Seat.String(), m.SAN, m.UCI
	case table.EntryCheckpoint:
		rec.Kind, rec.Clocks, rec.Status = KindCheckpoint, &clocks, e.Status.String()
	case table.EntryRecovered:
		rec.Kind, rec.Until = KindRecovered, e.Until
	default:
		return
	}
	r.w.Append(rec, e.Seq)
}

// Progress passes a Writer's reports (Opts.Synced, Opts.Failed) to a
// table's loop (table.Opts.Durable) as one of its inputs: a channel that
// always holds the newest report, so the writer never waits for the
// loop. Give Synced and Failed to the Writer's Opts and C to the table.
// The zero value is not usable; make one with NewProgress.
type Progress struct {
	ch   chan table.Durable
	mu   sync.Mutex
	last table.Durable
}

// NewProgress returns a Progress with nothing reported yet.
func NewProgress() *Progress { return &Progress{ch: make(chan table.Durable, 1)} }

// C is the channel the loop selects on (table.Opts.Durable).
func (p *Progress) C() <-chan table.Durable { return p.ch }

// Synced is an Opts.Synced: the entries up to tag are on disk.
func (p *Progress) Synced(_, tag uint64) {
	p.report(func(d *table.Durable) { d.Seq = max(d.Seq, tag) })
}

// Failed is an Opts.Failed: recording failed for good.
func (p *Progress) Failed(err error) {
	p.report(func(d *table.Durable) {
		if d.Err == nil {
			d.Err = err
		}
	})
}

// report changes the newest report and puts it in the channel, in place
// of one the loop has not taken yet.
func (p *Progress) report(f func(*table.Durable)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f(&p.last)
	select {
	case <-p.ch:
	default:
	}
	p.ch <- p.last
}
