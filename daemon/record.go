package daemon

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tandem/clocksync"
	"tandem/console"
	"tandem/journal"
	"tandem/rules"
	"tandem/table"
)

// This file owns the durable record (Record issue): opening the journal,
// restoring an interrupted match, recording every event. docs/record.md
// describes it.

// recordState is the record of one Daemon (Daemon.rec), between
// openRecord and startRecord.
type recordState struct {
	w        *journal.Writer
	rec      *journal.Recorder
	mark     journal.Marker
	interval time.Duration
}

// openRecord opens the record before the loop exists and, when it holds an
// unfinished or decided match, sets topts so the table starts from it:
// paused when it was unfinished (table.Restore), decided when it was
// decided. A record that cannot be opened (a read-only directory, a full
// disk, damage) never stops the table: Info.RecordErr and the run log say
// so, and the clocks run without a record.
func (d *Daemon) openRecord(ctx context.Context, topts *table.Opts) error {
	path := d.Config.JournalFile()
	if path == "" {
		return nil
	}
	st := &recordState{interval: d.Config.Journal.Interval()}
	w, l, err := journal.Open(path, &journal.Opts{Synced: func(seq, tag uint64) {
		st.mark.Synced(seq, tag)
		d.hallSynced(seq) // the hall link publishes records once durable (hall.go)
	}, Failed: d.recordFailed})
	if errors.Is(err, journal.ErrInUse) {
		// Another table is running on this record (the service, while
		// someone starts the terminal table with its configuration): this
		// one must not start at all, or it would show that table's live
		// match as a recovered one and keep presses nowhere.
		return fmt.Errorf("daemon: %w", err)
	}
	if err != nil {
		d.recordFailed(fmt.Errorf("opening %s: %w", path, err))
		if l != nil {
			// Damage: restore what reads, but write nothing after it.
			d.restore(l, topts, nil)
		}
		return nil
	}
	st.w = w
	d.onClose(func() error {
		return w.Close()
	})
	if n := len(l.Records); n > 0 {
		d.hallSynced(l.Records[n-1].Seq) // Open synced what it read
	}
	st.rec = d.restore(l, topts, w)
	if st.rec == nil {
		st.rec = journal.NewRecorder(w, d.meta(), nil)
		if _, err := st.rec.Begin(topts.Options, d.Config.Preset, 0, time.Now()); err != nil {
			d.recordFailed(err)
			return nil
		}
	}
	d.rec = st // the table's Record (recordEntry) feeds st.rec
	return nil
}

// meta is what a new match record says besides the options: the next
// match's players (players.go).
func (d *Daemon) meta() journal.Meta {
	d.players.mu.Lock()
	defer d.players.mu.Unlock()
	return journal.Meta{Table: d.Config.Journal.Table, Players: d.players.next, WallClock: wallClock}
}

// wallClock is the wall clock's status for the record and the hall
// (clocksync: whether a time source set it since boot).
func wallClock() clocksync.Status { return clocksync.Read(nil) }

// restore sets topts to go on with l's last match when it had started, and
// returns the recorder that continues it on w (nil when there is nothing to
// restore, or w is nil).
func (d *Daemon) restore(l *journal.Log, topts *table.Opts, w *journal.Writer) *journal.Recorder {
	ms, err := l.Matches()
	if err != nil {
		d.recordFailed(fmt.Errorf("reading the record: %w", err))
	}
	if len(ms) == 0 {
		return nil
	}
	m := ms[len(ms)-1]
	d.restorePlayers(m)
	if !m.Started() || m.Ended() {
		// A new match under the configuration in force now: the last one
		// never started, or the arbiter ended it (a reset whose new
		// match the cut kept off the disk).
		return nil
	}
	if _, err := m.Replay(); err != nil {
		d.recordFailed(fmt.Errorf("restoring match %s: %w", m.ID(), err))
		return nil
	}
	topts.Options = m.Options
	if m.Begin.Preset != "" {
		d.preset = m.Begin.Preset
	}
	topts.Restore = m.Restore()
	// The scoresheet comes back with the match (the console enters its
	// moves again); a record whose moves do not read keeps those before.
	moves, err := m.Moves()
	if err != nil && d.opts.Out != nil {
		fmt.Fprintf(d.opts.Out, "tandem: match %s: the scoresheet is restored up to a record that does not read: %v\n", m.ID(), err)
	}
	d.restoredMoves = moves
	last := m.LastWall()
	d.setInfo(func(in *Info) { in.Recovered, in.RecoveredAt = true, last })
	if d.opts.Out != nil {
		state := "paused"
		if m.Decision() != nil {
			state = "decided"
		}
		fmt.Fprintf(d.opts.Out, "tandem: recovered match %s from the record (%s), last recorded %s\n",
			m.ID(), state, last.Local().Format("2006-01-02 15:04:05"))
	}
	if w == nil {
		return nil
	}
	rec := journal.NewRecorder(w, d.meta(), &m.Begin)
	if at, ok := m.StartedAt(); ok {
		rec.Started(at) // moves entered after the restart belong to it
	}
	rec.Recovered(m.Until(), time.Now())
	return rec
}

// restorePlayers takes the players of m, the record's last match. When the
// table goes on with m, they are its players (the record says who plays
// it, whatever the configuration says now). The next match takes them too
// in a hall, whose hub sends a pairing once and not again after a
// restart; a table on its own takes the configuration's ([journal]
// players: an edit applies from the next match).
func (d *Daemon) restorePlayers(m *journal.Match) {
	if m.Begin.Players == nil {
		return // a record from before the players were recorded
	}
	p := *m.Begin.Players
	next := d.Config.Journal.Players
	if d.Config.Hall.Enabled() {
		next = p
	}
	if m.Started() && !m.Ended() {
		d.players.set(p, next) // the match restored
	} else {
		d.players.set(next, next) // a new match begins
	}
}

// moveRecorder returns where the console records the scoresheet: the
// record's Recorder, or nil without a record.
func (d *Daemon) moveRecorder() console.MoveRecorder {
	if d.rec == nil {
		return nil
	}
	return d.rec.rec
}

// The console records moves through the record's Recorder.
var _ console.MoveRecorder = (*journal.Recorder)(nil)

// recordFailed reports that recording failed: Info.RecordErr and the run
// log. The clocks go on.
func (d *Daemon) recordFailed(err error) {
	msg := fmt.Sprintf("recording failed, the clocks run on WITHOUT a record: %v", err)
	d.setInfo(func(in *Info) {
		if in.RecordErr == "" {
			in.RecordErr = msg
		}
	})
	if d.opts.Out != nil {
		fmt.Fprintf(d.opts.Out, "tandem: %s\n", msg)
	}
}

// startRecord connects the record to the loop: results become final once
// on disk (table.Table.Final), and checkpoints of the four times are
// written every interval while clocks run.
func (d *Daemon) startRecord(ctx context.Context) error {
	st := d.rec
	if st == nil {
		return nil
	}
	st.mark.Attach(d.Table)
	d.Go(func() { st.rec.Checkpoints(ctx, d.Table, st.interval) })
	if d.Info().Recovered {
		d.Go(func() { d.forgetRecoveryOnNewMatch(ctx) })
	}
	return nil
}

// forgetRecoveryOnNewMatch clears Info.Recovered when the arbiter starts a
// new match (a reset or new options bring the table back to Ready): the
// console and displays say "recovered" about the match that was, not
// about the next one. A restored match has always started (a match that
// never started is not restored), so Ready means a new match.
func (d *Daemon) forgetRecoveryOnNewMatch(ctx context.Context) {
	snaps, cancel := d.Table.Subscribe()
	defer cancel()
	for {
		select {
		case <-ctx.Done():
			return
		case s, ok := <-snaps:
			if !ok {
				return
			}
			if s.Status == rules.Ready && !s.Started {
				d.setInfo(func(in *Info) { in.Recovered, in.RecoveredAt = false, time.Time{} })
				return
			}
		}
	}
}

// lastCheckpoint records the four clocks once more before the daemon stops
// (Close: systemctl stop, a reboot), and waits at most 2 s for the disk,
// so that a restart after a clean stop restores the exact times rather
// than those of the last periodic checkpoint. A cut (power, SIGKILL) never
// gets here: the periodic checkpoints cover it.
func (d *Daemon) lastCheckpoint() {
	if d.rec == nil || d.Table == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := d.rec.rec.Checkpoint(ctx, d.Table); err != nil {
		return // the loop is gone already: nothing newer to record
	}
	d.rec.w.Sync(ctx) // a failure is reported by the writer (Info.RecordErr)
}
