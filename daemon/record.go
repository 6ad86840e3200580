package daemon

import (
	"errors"
	"fmt"
	"strings"

	"tandem/clocksync"
	"tandem/journal"
	"tandem/rules"
	"tandem/table"
)

// This file owns the durable record (docs/record.md): opening the journal,
// restoring an interrupted match, and handing the loop its recorder. The
// loop itself records every change in the one order it applies them,
// checkpoints the clocks and says when a result is on disk.

// recordState is the record of one Daemon (Daemon.rec).
type recordState struct {
	w *journal.Writer
}

// openRecord opens the record before the loop exists and sets topts so
// the table records to it (Record, Durable, Checkpoint) and, when the
// record holds an unfinished or decided match, starts from it: paused
// when it was unfinished, decided when it was decided (table.Restore). A
// record that cannot be opened (a read-only directory, a full disk,
// damage) never stops the table: topts.RecordErr and the run log say so,
// and the clocks run without a record.
func (d *Daemon) openRecord(topts *table.Opts) error {
	path := d.Config.JournalFile()
	if path == "" {
		return nil
	}
	prog := journal.NewProgress()
	w, l, err := journal.Open(path, &journal.Opts{
		Synced: func(seq, tag uint64) {
			prog.Synced(seq, tag)
			d.hallSynced(seq) // the hall link publishes records once durable (hall.go)
		},
		Failed: func(err error) {
			// The line first: whoever sees the failure in a snapshot may
			// count on it having been printed.
			d.printf("tandem: recording failed, the clocks run on WITHOUT a record: %v\n", err)
			prog.Failed(err)
		},
	})
	if errors.Is(err, journal.ErrInUse) {
		// Another table is running on this record (the service, while
		// someone starts the terminal table with its configuration): this
		// one must not start at all, or it would show that table's live
		// match as a recovered one and keep presses nowhere.
		return fmt.Errorf("daemon: %w", err)
	}
	if err != nil {
		// The journal's errors name the file themselves ("PATH: damaged
		// ..."), the OS's too ("open PATH: ..."): said once.
		topts.RecordErr = "opening the record: " + err.Error()
		if !strings.Contains(err.Error(), path) {
			topts.RecordErr = fmt.Sprintf("opening %s: %v", path, err)
		}
		d.printf("tandem: recording failed, the clocks run on WITHOUT a record: %s\n", topts.RecordErr)
		if l != nil {
			// Damage, or a read-only record (a file system remounted
			// read-only after errors): restore what reads, paused, but
			// write nothing after it.
			d.reportTorn(path, l, false)
			d.restore(l, topts)
		}
		return nil
	}
	d.reportTorn(path, l, true)
	d.rec = &recordState{w: w}
	d.onClose(w.Close)
	if n := len(l.Records); n > 0 {
		d.hallSynced(l.Records[n-1].Seq) // Open synced what it read
	}
	d.restore(l, topts)
	topts.Record = journal.NewRecorder(w, d.Config.Journal.Table).SetWallClock(wallClock).Entry
	topts.Durable = prog.C()
	topts.Checkpoint = d.Config.Journal.Interval()
	return nil
}

// reportTorn says on the run log that l's torn tail was dropped (and, when
// cut, truncated away by journal.Open): every truncation is reported.
func (d *Daemon) reportTorn(path string, l *journal.Log, cut bool) {
	if l.Torn == "" {
		return
	}
	what := "cut away"
	if !cut {
		what = "dropped (the file is left as it is)"
	}
	d.printf("tandem: %s: torn last record %s at open, %d bytes (%s): a power cut while it was written\n",
		path, what, l.Dropped, l.Torn)
}

// restore sets topts to go on with l's last match when it had started and
// was not ended by a reset. The players: a restored match keeps its own
// (the record says who plays it, whatever the configuration says now);
// the next match takes them too in a hall, whose hub sends a pairing once
// and not again after a restart; a table on its own takes the
// configuration's ([journal] players: an edit applies from the next
// match).
func (d *Daemon) restore(l *journal.Log, topts *table.Opts) {
	ms, err := l.Matches()
	if err != nil {
		d.printf("tandem: reading the record: %v\n", err)
	}
	if len(ms) == 0 {
		return
	}
	m := ms[len(ms)-1]
	if m.Begin.Players != nil && d.Config.Hall.Enabled() {
		topts.Players = *m.Begin.Players
	}
	if !m.Started() || m.Ended() {
		// A new match under the configuration in force now: the last one
		// never started, or the arbiter ended it (a reset whose new
		// match the cut kept off the disk).
		return
	}
	rm, err := m.Replay()
	if err != nil {
		d.printf("tandem: restoring match %s: %v\n", m.ID(), err)
		return
	}
	r, err := m.Restore()
	if err != nil {
		d.printf("tandem: match %s: the scoresheet is restored up to a record that does not read: %v\n", m.ID(), err)
	}
	topts.Options, topts.Restore = m.Options, r
	if r.Preset == "" {
		r.Preset = topts.Preset
	}
	state := "paused"
	if rm.Status() == rules.Decided {
		state = "decided"
		if m.Decision() == nil {
			d.printf("tandem: match %s: the cut tore its decision away: it is written again\n", m.ID())
		}
	}
	d.printf("tandem: recovered match %s from the record (%s), last recorded %s\n",
		m.ID(), state, r.RecoveredAt.Local().Format("2006-01-02 15:04:05"))
}

// wallClock is the wall clock's status for the record and the hall
// (clocksync: whether a time source set it since boot).
func wallClock() clocksync.Status { return clocksync.Read(nil) }
