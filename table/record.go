package table

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/scoresheet"
)

// This file holds what a durable record (package journal) needs from the
// loop: every change in the one order the loop applied it (Opts.Record),
// what is on disk (Opts.Durable), and a start from a recorded match
// (Opts.Restore).

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
	// EntryMatch: a new match begins (Match, Preset, Options, Players),
	// ready to start: the first one, after a reset, with new rules, or
	// with new players before its start.
	EntryMatch
	// EntryMove and EntryTakeBack: Move was entered on the scoresheet, or
	// taken back (its board's last).
	EntryMove
	EntryTakeBack
	// EntryCheckpoint: the four clocks at At while they run
	// (Opts.Checkpoint), so a cut loses at most that interval.
	EntryCheckpoint
	// EntryRecovered: the match was restored from the record; Until is
	// the last instant the record vouched for.
	EntryRecovered
)

var entryNames = [...]string{"", "event", "decision", "match", "move", "takeback", "checkpoint", "recovered"}

// String returns "event", "decision", "match", "move", "takeback",
// "checkpoint" or "recovered".
func (k EntryKind) String() string {
	if int(k) < len(entryNames) && k > 0 {
		return entryNames[k]
	}
	return fmt.Sprintf("EntryKind(%d)", uint8(k))
}

// Entry is one change the loop applied, for Opts.Record. It holds plain
// values only (Options' stage slice is never changed once given), so it
// may be kept and handed to another goroutine.
type Entry struct {
	// Seq numbers the table's entries from 1, in the order applied;
	// Durable.Seq takes it back.
	Seq  uint64
	Kind EntryKind
	// Match is the id of the match the entry belongs to (EntryMatch: the
	// match it begins).
	Match string
	// At is the instant of the change (ns since Epoch): the event's
	// instant as applied, the decision instant, the checkpoint's. A press
	// is applied at its own instant (rules.Match.Earliest), so it may be
	// before the instant of an entry before it on the other board.
	At time.Duration
	// Wall is the wall-clock time of the change: the input's time.Time for
	// an event, a command or a move, Epoch plus At for a decision by flag
	// or a checkpoint.
	Wall time.Time
	// Event and Effect are the applied event and what it did
	// (EntryEvent). Event.At equals At.
	Event  rules.Event
	Effect rules.Effect
	// Recovered marks the Pause that Restore applies at the recorded
	// match's last known instant (EntryEvent).
	Recovered bool
	// Preset, Options and Players are the new match's (EntryMatch).
	Preset  string
	Options rules.Options
	Players [4]string
	// Move is the move entered or taken back (EntryMove, EntryTakeBack).
	Move scoresheet.Move
	// Until is the restored instant (EntryRecovered).
	Until time.Duration
	// Restored marks a decision recorded again at a restart: the events
	// decided the match but its decision's record was torn away
	// (EntryDecision; Restore.Decided).
	Restored bool
	// Status is the match's status after the change.
	Status rules.Status
	// Result, Reason, Decisive (NDecisive of them) are the decision
	// (EntryDecision): as rules.Match.Result. Boards are then the two
	// boards' games, and BothBoards says the match was played with
	// match_format = both-boards (its result the sum of the boards).
	Result     rules.Result
	Reason     rules.Reason
	Decisive   [2]bughouse.Seat
	NDecisive  int
	Boards     [2]rules.BoardView
	BothBoards bool
	// Clocks are the four remaining times at At (ns), indexed by
	// bughouse.Seat.
	Clocks [4]time.Duration
}

// Durable is what a recorder reports to the loop (Opts.Durable): the
// entries up to Seq are on disk, or, with Err set, recording failed for
// good (a full disk, a read-only file system). A recorder may send a
// newer Durable in place of one the loop has not taken yet (Seq only
// grows, and once set Err stays set).
type Durable struct {
	Seq uint64
	Err error
}

// Restore is a recorded match to start a table from (Opts.Restore).
type Restore struct {
	// Match, Preset and Players are the recorded match's id, preset name
	// and players; Opts.Options must be its options.
	Match   string
	Preset  string
	Players [4]string
	// Events are the match's recorded events in the order they were
	// applied, with their recorded instants (Entry.At). Replaying them
	// through rules.Match is exact: the clocks are computed from the
	// instants, never from ticks.
	Events []rules.Event
	// Moves are the recorded scoresheet, entered again in order.
	Moves []scoresheet.Move
	// Until is the last instant the record vouches for (the last
	// checkpoint or entry; ns on the recorded epoch). Flags that fell by
	// then are decided; a match still running is paused there (an
	// EntryEvent with Recovered set), so it comes back paused with the
	// times it had at Until.
	Until time.Duration
	// RecoveredAt is the wall time of the record's last record, shown as
	// "recovered, last recorded HH:MM".
	RecoveredAt time.Time
	// Decided is true when the record holds the match's decision. A match
	// the events decide without it (a cut inside the group commit kept
	// the result event and lost the decision) gets its decision recorded
	// again at New, and is final once that is on disk.
	Decided bool
}

// ErrRestore is wrapped by New's error when a recorded match cannot be
// replayed (its instants go backwards: the record is not one table's).
var ErrRestore = errors.New("table: the recorded match cannot be replayed")

// NewMatchID returns a new match id: the UTC wall time of its start and 16
// random bits, e.g. "20261129-212200-3f9a". Ids sort by start time.
func NewMatchID(wall time.Time) string {
	var b [2]byte
	rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return wall.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// restore replays r into the match before the loop runs and sets the
// epoch so that instants continue from the restored match's last instant:
// the time the table was off does not count (it comes back paused).
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
	t.match, t.players = r.Match, r.Players
	if r.Preset != "" {
		t.preset = r.Preset
	}
	t.recovered, t.recoveredAt = true, r.RecoveredAt
	t.restoreSheet(r.Moves)
	t.emit(Entry{Kind: EntryRecovered, At: until, Wall: now, Until: until})
	if t.m.Status() == rules.Running {
		e := rules.Event{Kind: rules.Pause, At: t.m.Now()}
		eff, _ := t.m.Apply(e) // a pause while running is always accepted
		t.emit(Entry{Kind: EntryEvent, At: e.At, Wall: now, Event: e, Effect: eff, Recovered: true})
	}
	if t.m.Status() == rules.Decided {
		if r.Decided {
			t.decided, t.decidedSeq, t.restoredDecided = true, 0, true // on disk already
		} else {
			t.emitDecision(time.Time{}, true) // torn away: recorded again
		}
	}
	// A deadlock the cut tore away from the record (its move is there,
	// its event is not) is decided again now.
	t.moved(now)
	return nil
}

// restoreSheet enters a restored match's moves on a new sheet; a move
// that no longer enters (a record from another version) stops it, and
// SheetNote says so. A board that ended while the other played on is
// marked over (Sheet.End) before the first move entered after its end,
// as it was live.
func (t *Table) restoreSheet(moves []scoresheet.Move) {
	s := t.m.Snapshot(t.m.Now())
	var endAt [2]time.Duration
	var ends [2]bool
	for b, v := range s.Boards {
		ends[b] = v.Over && (s.Status != rules.Decided || v.At < s.DecidedAt)
		endAt[b] = v.At
	}
	for i, m := range moves {
		for b := range ends {
			if ends[b] && m.At > endAt[b] {
				t.sheet.End(bughouse.Board(b))
			}
		}
		if _, err := t.sheet.Enter(m.Board, m.UCI, m.At); err != nil {
			t.sheetNote = fmt.Sprintf("scoresheet restored: %d of %d recorded moves entered again; %v", i, len(moves), err)
			break
		}
	}
	t.syncEnds()
	t.sheetChanged()
}

// emit numbers e, fills its match, status and clocks, and hands it to the
// recorder (Opts.Record).
func (t *Table) emit(e Entry) {
	if t.record == nil {
		return
	}
	t.entrySeq++
	e.Seq = t.entrySeq
	if e.Match == "" {
		e.Match = t.match
	}
	e.Status = t.m.Status()
	for _, s := range bughouse.Seats {
		e.Clocks[s] = t.m.Remaining(s, e.At)
	}
	t.record(e)
}

// emitEvent records an applied event; was is the status before it. A
// decision it made is recorded after it.
func (t *Table) emitEvent(wall time.Time, e rules.Event, eff rules.Effect, was rules.Status) {
	t.emit(Entry{Kind: EntryEvent, At: e.At, Wall: wall, Event: e, Effect: eff})
	if was != rules.Decided && t.m.Status() == rules.Decided {
		t.emitDecision(wall, false)
	}
}

// emitDecision records the decision just made (again, at a restart, when
// restored); wall is the input's time, or zero for a flag judged by the
// timer.
func (t *Table) emitDecision(wall time.Time, restored bool) {
	res, why, seats, at := t.m.Result()
	if wall.IsZero() {
		wall = t.epoch.Add(at)
	}
	e := Entry{Kind: EntryDecision, At: at, Wall: wall, Result: res, Reason: why, Restored: restored,
		Boards: t.m.Snapshot(at).Boards, BothBoards: t.m.Options().Format == rules.FormatBothBoards}
	e.NDecisive = copy(e.Decisive[:], seats)
	t.decided = true
	t.emit(e)
	t.decidedSeq = t.entrySeq
}

// final reports whether the match is decided and its decision is on
// disk: once the recorder has reported the decision's entry durable, or at
// once for a match restored decided as its record has it. Without a
// recorder it is final as soon as it is decided only when no record is
// kept at all (Opts.RecordErr ""): a record that could not be opened (a
// read-only disk, no permission, damage) holds no new decision, so none
// is final. This is the one place Final is computed: the console's
// /api/state, the script's "final" lines and the hall snapshot all take
// Snapshot.Final (a decided result is on disk before it is reported
// final; docs/record.md).
func (t *Table) final() bool {
	switch {
	case !t.decided:
		return false
	case t.restoredDecided:
		return true
	case t.record == nil:
		return t.recordErr == ""
	}
	return t.recorded >= t.decidedSeq
}

// durable takes a recorder's report.
func (t *Table) durable(d Durable) {
	t.recorded = max(t.recorded, d.Seq)
	if d.Err != nil && t.recordErr == "" {
		t.recordErr = d.Err.Error()
	}
}
