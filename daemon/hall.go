package daemon

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"tandem/arbiter"
	"tandem/hall"
	"tandem/rules"
	"tandem/table"
)

// This file owns the table's link to the hall's hub (Hall issue,
// docs/hall.md): snapshots out, commands in, the record's records
// published once. Nothing here is on the loop's or the record's path: the
// link never blocks (hall.Link), so a hub down or a cable out changes
// nothing at the table but Info.Hall.

// hallLink is the Daemon's hall state (Daemon.hall).
type hallLink struct {
	link   atomic.Pointer[hall.Link]
	synced atomic.Uint64 // the record's last durable record
	// printed is the last refusal by the hub printed on Opts.Out: each
	// is printed once, not at every retry.
	printed atomic.Pointer[string]
}

// hallSynced passes the record's durable progress (journal.Opts.Synced) to
// the link, which publishes records only once they are on disk.
func (d *Daemon) hallSynced(seq uint64) {
	for {
		old := d.hall.synced.Load()
		if seq <= old || d.hall.synced.CompareAndSwap(old, seq) {
			break
		}
	}
	if l := d.hall.link.Load(); l != nil {
		l.Synced(d.hall.synced.Load())
	}
}

// startHall links the table to the hub that [hall] names. A link that
// cannot start (an unreadable nkey seed file) never stops the table:
// Info.Hall says why.
func (d *Daemon) startHall(ctx context.Context) error {
	hc := d.Config.Hall
	if !hc.Enabled() {
		return nil
	}
	record := ""
	if d.rec != nil {
		record = d.Config.JournalFile()
	}
	link, err := hall.NewLink(&hall.LinkOpts{
		URL: hc.URL, Table: hc.Table, User: hc.User, Password: hc.Password, Token: hc.Token,
		NkeySeedFile: hc.NkeySeedFile, CredsFile: hc.CredsFile, CAFile: hc.CA,
		RecordFile: record, Handle: d.hallCommand, OnState: d.hallState,
		WallClock: func() string { return wallClock().String() },
	})
	if err != nil {
		d.setInfo(func(in *Info) { in.Hall, in.HallOnline = "hall off: "+err.Error(), false })
		if d.opts.Out != nil {
			fmt.Fprintf(d.opts.Out, "hall off: %v\n", err)
		}
		return nil
	}
	d.hall.link.Store(link) // NewLink has shown its first state (OnState)
	link.Synced(d.hall.synced.Load())
	d.onClose(link.Close)
	if d.opts.Out != nil {
		fmt.Fprintf(d.opts.Out, "hall: table %s, hub %s\n", hc.Table, hc.URL)
	}
	d.Go(func() { d.feedHall(ctx, link) })
	return nil
}

// hallState shows the link's state in Info (hall.LinkState.Text; not
// online while the hub refuses the table), and prints each refusal by the
// hub once on Opts.Out: a wrong [hall] setting is not a pulled cable.
func (d *Daemon) hallState(s hall.LinkState) {
	// The line first: whoever sees the refusal in Info may count on it
	// having been printed.
	if old := d.hall.printed.Swap(&s.Refused); s.Refused != "" && (old == nil || *old != s.Refused) && d.opts.Out != nil {
		fmt.Fprintf(d.opts.Out, "hall: %s\n", s.Refused)
	}
	d.setInfo(func(in *Info) { in.Hall, in.HallOnline = s.Text(), s.OK() })
}

// feedHall hands the link a snapshot at each change of the match (an
// event, a decision, a decision made final) or of Info; the display's
// ticks are left out: the hub computes a running clock from the instant.
func (d *Daemon) feedHall(ctx context.Context, link *hall.Link) {
	snaps, cancel := d.Table.Subscribe()
	defer cancel()
	changed, stop := d.InfoChanged()
	defer stop()
	// key is what makes a snapshot worth sending: not the clocks' ticks.
	type key struct {
		events                 uint64
		status, match, control string
		preset                 string
		final                  bool
		players                [4]string
		recovered              bool
		recordErr              string
	}
	var last key
	have := false
	for {
		select {
		case <-ctx.Done():
			return
		case s, ok := <-snaps:
			if !ok {
				return
			}
			n := d.hallSnap(s)
			k := key{n.Events, n.Status, n.Match, n.Control, n.Preset, n.Final, n.Players, n.Recovered, n.RecordErr}
			if have && k == last {
				continue
			}
			last, have = k, true
			link.Publish(n)
		case _, ok := <-changed:
			if !ok {
				return
			}
			link.Publish(d.hallSnap(d.Table.Snapshot()))
		}
	}
}

// hallSnap is s as the hub reads it, with the table's own state.
func (d *Daemon) hallSnap(s table.Snapshot) hall.Snap {
	n := hall.SnapOf(s.Snapshot, d.Table.Epoch().Add(s.At))
	n.Match, n.Preset, n.Control = s.Match, s.Preset, s.Options.Control.String()
	n.Recovered, n.RecordErr = s.Recovered, s.RecordErr
	if s.Recovered && !s.RecoveredAt.IsZero() {
		n.RecoveredMs = s.RecoveredAt.UnixMilli()
	}
	n.Players = s.Players // the match's, not the next round's
	info := d.Info()
	n.Logins = hallLogins(info.Logins)
	n.EBoard = hallEBoards(info.EBoard)
	if s.Options.Format == rules.FormatBothBoards {
		n.Points = rules.PointsText(s.Points())
	}
	return n
}

// hallCommand runs a command from the hub through the table's command
// layer (package arbiter), as the console's: the same checks, refusals
// and log. "players" sets the players' names: for the match about to be
// played when it has not started (a new match record with them begins at
// once), else for the next one.
func (d *Daemon) hallCommand(ctx context.Context, c hall.Command) hall.Reply {
	now := time.Now() // the instant of the action: when the command came
	cmd, err := arbiter.Parse(c.Request)
	if err != nil {
		return hall.Reply{Error: err.Error(), Status: d.Table.Snapshot().Status.String()}
	}
	var res arbiter.Result
	if d.con != nil {
		res, err = d.con.Do(ctx, cmd, now) // shown in the console's log
	} else {
		res, err = d.Table.Command(ctx, cmd, now)
	}
	if err != nil {
		return hall.Reply{Error: err.Error(), Status: d.Table.Snapshot().Status.String()}
	}
	if cmd.Kind == arbiter.SetPlayers {
		if l := d.hall.link.Load(); l != nil {
			l.Publish(d.hallSnap(d.Table.Snapshot()))
		}
	}
	return hall.Reply{OK: res.OK, Refused: res.Refused, Ignored: res.Ignored, Notice: res.Notice, Status: res.Status.String()}
}
