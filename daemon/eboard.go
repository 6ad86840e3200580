package daemon

import (
	"context"
	"fmt"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/console"
	"tandem/eboard"
	"tandem/eboard/infer"
	"tandem/rules"
	"tandem/table"
)

// This file joins the table's DGT e-boards ([eboard], docs/eboard.md) to
// the loop: each board's reports feed its tracker (eboard/infer); each
// press the loop accepted commits that board's change since its last
// press, and the move found goes through the command layer as the
// arbiter's typed moves do (arbiter.Move), stamped with the press, so the
// scoresheet, the reserves, the record, the BPGN export and the console
// fill themselves. An unexplained board is shown in Info (the console
// and the hall) once it has stayed so for alert_after. Nothing here is
// on the loop's path: a board that stalls or vanishes changes nothing
// but Info.

// EBoardStatus is one e-board's state in Info.
type EBoardStatus struct {
	// Board is the board it stands for; Device its serial port.
	Board  bughouse.Board
	Device string
	// Connected is true while the board answers; Serial and Version say
	// which board it is; Orientation how it stands ("unknown" until the
	// start position was seen).
	Connected       bool
	Serial, Version string
	Orientation     string
	// Note says what is wrong with the link ("" when connected).
	Note string
	// Alert is the board's alert shown to the arbiter ("" when none):
	// the squares that differ from the scoresheet (Squares) and why.
	Alert   string
	Squares []string
}

// Text returns the board's line for a page: "e-board A: E0001 1.7,
// normal" or "e-board A: not connected (...)".
func (s EBoardStatus) Text() string {
	if !s.Connected {
		return fmt.Sprintf("e-board %s: not connected (%s)", s.Board, s.Note)
	}
	return fmt.Sprintf("e-board %s: %s %s, %s", s.Board, s.Serial, s.Version, s.Orientation)
}

// boardReport is one e-board's report, with its board.
type boardReport struct {
	b bughouse.Board
	r eboard.Report
}

// eboards is the adapter between the e-boards and the loop.
type eboards struct {
	d       *Daemon
	conns   [2]*eboard.Conn
	track   [2]*infer.Tracker
	status  [2]EBoardStatus
	since   [2]time.Time // when the board's open alert was raised
	alert   [2]*infer.Alert
	refused [2]string // the loop refused the move found (shown as the alert)
	delay   time.Duration
	reports chan boardReport
	logged  uint64         // the table's last log line handled
	shown   []EBoardStatus // what Info shows
}

// startEBoard opens the configured e-boards and their adapter.
func (d *Daemon) startEBoard(ctx context.Context) error {
	ec := d.Config.EBoard
	if !ec.Enabled() {
		return nil
	}
	a := &eboards{d: d, delay: ec.Delay(), reports: make(chan boardReport, 256)}
	for i, dev := range ec.Device {
		if dev == "" {
			continue
		}
		b := bughouse.Board(i)
		o, err := eboard.ParseOrientation(ec.Orientation[i])
		if err != nil {
			return fmt.Errorf("daemon: eboard %s: %w", b, err)
		}
		conn := eboard.New(dev, &eboard.Opts{Orientation: o})
		a.conns[i], a.track[i] = conn, infer.NewTracker(b)
		a.status[i] = EBoardStatus{Board: b, Device: dev, Orientation: o.String(), Note: "opening " + dev}
		d.Go(func() {
			conn.Run(ctx, func(r eboard.Report) {
				select {
				case a.reports <- boardReport{b, r}:
				case <-ctx.Done():
				}
			})
		})
	}
	a.logged = lastLogged(d.Table.Snapshot())
	a.publish()
	d.Go(func() { a.run(ctx) })
	return nil
}

func lastLogged(s table.Snapshot) uint64 {
	if len(s.Log) == 0 {
		return 0
	}
	return s.Log[len(s.Log)-1].N
}

// run is the adapter's one goroutine: the trackers are its own.
func (a *eboards) run(ctx context.Context) {
	snaps, cancel := a.d.Table.Subscribe()
	defer cancel()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	var sheet any
	for {
		select {
		case <-ctx.Done():
			return
		case br := <-a.reports:
			a.report(br)
			a.checkAll(ctx)
		case s, ok := <-snaps:
			if !ok {
				return
			}
			for _, l := range s.Log {
				if l.N <= a.logged {
					continue
				}
				a.logged = l.N
				if l.Event.Kind == rules.Press && l.Effect.Ignored == "" && l.Effect.Refused == "" {
					a.press(ctx, l.Event.At, l.Event.Seat)
				}
			}
			if any(s.Sheet) != sheet { // a move entered or taken back, a new match
				sheet = any(s.Sheet)
				a.checkAll(ctx)
			}
		case <-timer.C:
		}
		a.publish()
		a.arm(timer)
	}
}

// report feeds one e-board report to its tracker and Info.
func (a *eboards) report(br boardReport) {
	b, r := br.b, br.r
	tr, st := a.track[b], &a.status[b]
	at := a.d.Table.Since(r.At)
	switch r.Kind {
	case eboard.Connected:
		st.Connected, st.Serial, st.Version, st.Note = true, r.Serial, r.Version, ""
	case eboard.Lost:
		st.Connected, st.Note = false, r.Err.Error()
		tr.Lost(at)
	case eboard.BoardDump:
		sq := r.Squares
		if r.Orientation == eboard.Unknown {
			// A board that came up in the middle of a game (the table
			// restarted): the orientation nearer to the sheet.
			g := a.d.Table.Snapshot().Sheet.Game()
			want := infer.SquaresOf(g.Board(b))
			if want != infer.StartSquares {
				rot := rotate(&sq)
				o := eboard.Normal
				if len(infer.Diff(&want, &rot)) < len(infer.Diff(&want, &sq)) {
					o, sq = eboard.Rotated, rot
				}
				a.conns[b].SetOrientation(o)
			}
		}
		st.Orientation = a.conns[b].Orientation().String()
		tr.Set(at, &sq)
	case eboard.Update:
		tr.Put(at, r.Square, r.Piece)
	}
}

// rotate turns a board's squares 180 degrees.
func rotate(s *infer.Squares) infer.Squares {
	var r infer.Squares
	for i := range s {
		r[63-i] = s[i]
	}
	return r
}

// press commits seat's board at the accepted press at instant at.
func (a *eboards) press(ctx context.Context, at time.Duration, seat bughouse.Seat) {
	b := seat.Board()
	tr := a.track[b]
	if tr == nil {
		return
	}
	a.refused[b] = ""
	g := a.d.Table.Snapshot().Sheet.Game()
	a.apply(ctx, b, tr.Press(at, seat, &g))
	// Reports this goroutine took before the press but stamped after it
	// (the piece set down just after the press, read before the press
	// reached here) are not the press's board: the alert the press raised
	// is looked at again with them now, as a later report would.
	a.checkAll(ctx)
}

// checkAll looks again at each board's open alert (the board or the
// sheet changed), until no move is entered: a drop may wait for the
// partner's capture on the other board.
func (a *eboards) checkAll(ctx context.Context) {
	for range 4 {
		entered := false
		for b, tr := range a.track {
			if tr == nil || tr.Alert() == nil {
				continue
			}
			g := a.d.Table.Snapshot().Sheet.Game()
			out := tr.Check(&g)
			entered = a.apply(ctx, bughouse.Board(b), out) || entered
		}
		if !entered {
			return
		}
	}
}

// apply enters the move an outcome found, and notes the board's alert;
// it reports whether a move was entered.
func (a *eboards) apply(ctx context.Context, b bughouse.Board, out infer.Outcome) bool {
	entered := false
	if e := out.Enter; e != nil {
		res, err := a.d.Table.Command(ctx, arbiter.Command{Kind: arbiter.Move, Board: e.Board, Text: e.UCI}, a.d.Table.Epoch().Add(e.At))
		switch {
		case err != nil:
			a.refused[b] = fmt.Sprintf("board %s: %s's %s not entered: %v", b, e.Seat, e.SAN, err)
		case !res.OK:
			a.refused[b] = fmt.Sprintf("board %s: %s's %s was refused: %s", b, e.Seat, e.SAN, res.Refused)
		default:
			entered, a.refused[b] = true, ""
		}
	}
	if out.Alert == nil {
		a.alert[b], a.since[b] = nil, time.Time{}
	} else {
		if a.alert[b] == nil {
			a.since[b] = time.Now()
		}
		a.alert[b] = out.Alert
	}
	return entered
}

// publish shows the boards' states and the alerts due in Info.
func (a *eboards) publish() {
	now := time.Now()
	var list []EBoardStatus
	for b := range a.status {
		if a.track[b] == nil {
			continue
		}
		st := a.status[b]
		if al := a.alert[b]; al != nil && now.Sub(a.since[b]) >= a.delay {
			st.Alert, st.Squares = al.String(), al.Squares()
		}
		if a.refused[b] != "" {
			st.Alert = a.refused[b]
		}
		list = append(list, st)
	}
	if a.shown != nil && sameBoards(a.shown, list) {
		return
	}
	a.shown = list
	a.d.setInfo(func(in *Info) { in.EBoard = list })
}

func sameBoards(x, y []EBoardStatus) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i].Text() != y[i].Text() || x[i].Alert != y[i].Alert || x[i].Note != y[i].Note {
			return false
		}
	}
	return true
}

// arm sets the timer for the next alert due to be shown.
func (a *eboards) arm(timer *time.Timer) {
	wait := time.Hour
	for b, al := range a.alert {
		if al != nil {
			if d := time.Until(a.since[b].Add(a.delay)); d > 0 && d < wait {
				wait = d
			}
		}
	}
	timer.Reset(wait)
}

// consoleEBoards is the e-boards as the console shows them.
func consoleEBoards(list []EBoardStatus) []console.EBoard {
	out := make([]console.EBoard, 0, len(list))
	for _, s := range list {
		out = append(out, console.EBoard{Board: s.Board.String(), Text: s.Text(), Online: s.Connected, Alert: s.Alert, Squares: s.Squares})
	}
	return out
}

// hallEBoards is the e-boards' alerts as the hub shows them.
func hallEBoards(list []EBoardStatus) []string {
	var out []string
	for _, s := range list {
		if s.Alert != "" {
			out = append(out, "e-board "+s.Alert)
		}
	}
	return out
}
