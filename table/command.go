package table

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
	"tandem/scoresheet"
)

// This file carries out the arbiter's commands (package arbiter) on the
// loop: each is applied whole, against the match as it is then, so that a
// claim that stops the clocks first, or a new match that resets the old
// one, never interleaves with a press.

// exec carries out c at wall instant at.
func (t *Table) exec(c arbiter.Command, at time.Time) arbiter.Result {
	var r arbiter.Result
	switch c.Kind {
	case arbiter.Start:
		r = t.event(rules.Event{Kind: rules.Start}, at)
	case arbiter.Pause:
		r = t.event(rules.Event{Kind: rules.Pause}, at)
	case arbiter.Stop:
		if t.m.Status() != rules.Running {
			r.Ignored = t.m.Status().String()
			break
		}
		r, _ = t.stop(at)
	case arbiter.Resume:
		r = t.event(rules.Event{Kind: rules.Resume, Run: c.Run}, at)
	case arbiter.Adjust:
		running := t.m.Status() == rules.Running
		// The rules refuse an adjustment while the clocks run: the table
		// applies, records and logs the refusal like any other.
		r = t.event(rules.Event{Kind: rules.Adjust, Seat: c.Seat, Delta: c.Delta}, at)
		if r.Refused != "" && running {
			r.Notice = "pause first: time is adjusted while the clocks are stopped (Art 40)"
		}
	case arbiter.Claim:
		var ok bool
		if r, ok = t.stop(at); !ok {
			break
		}
		r = t.event(rules.Event{Kind: rules.Claim, Seat: c.Seat, Reason: c.Reason, Accused: c.Accused, AccusedSet: c.AccusedSet}, at)
		if r.Refused != "" && t.m.Status() == rules.Paused {
			r.Notice = "the clocks stay stopped: resume when play goes on"
		}
	case arbiter.Uphold, arbiter.Reject:
		kind := rules.Uphold
		if c.Kind == arbiter.Reject {
			kind = rules.Reject
		}
		claim := t.m.Claim()
		r = t.event(rules.Event{Kind: kind}, at)
		if r.OK {
			r.Notice = t.resolveNotice(kind, claim)
		}
	case arbiter.Declare:
		if c.Reason == rules.FiftyMoves && t.sheet.Len(c.Board) > 0 {
			// The scoresheet shows the position: the fifty moves must be
			// there (a table without one takes the arbiter's word).
			g := t.sheet.Game()
			if err := rules.CheckFiftyMoves(&g, c.Board); err != nil {
				r = result(rules.Effect{}, err)
				break
			}
		}
		var ok bool
		if r, ok = t.stop(at); !ok {
			break
		}
		r = t.event(rules.Event{Kind: rules.Declare, Board: c.Board, Outcome: c.Outcome, Reason: c.Reason}, at)
		if r.OK && t.m.Status() != rules.Decided {
			why := "decides the match (Art 34)"
			if t.m.Options().Format == rules.FormatBothBoards {
				why = "is played out: the match is the sum of both boards (match_format = both-boards)"
			}
			how := "over"
			if c.Outcome == rules.Drawn {
				how = "drawn"
			}
			r.Notice = fmt.Sprintf("board %s %s; board %s plays on and %s: resume it", c.Board, how, c.Board.Other(), why)
		}
	case arbiter.Warn:
		r = t.event(rules.Event{Kind: rules.Warn, Seat: c.Seat}, at)
		if r.OK {
			r.Notice = fmt.Sprintf("%s warned (Art 40): %d warning(s)", c.Seat, t.m.Warnings(c.Seat))
		}
	case arbiter.Penalty:
		r = t.event(rules.Event{Kind: rules.Penalize, Seat: c.Seat}, at)
	case arbiter.Agree:
		var ok bool
		if r, ok = t.stop(at); !ok {
			break
		}
		r = t.event(rules.Event{Kind: rules.AgreeAll}, at)
	case arbiter.Call:
		r = t.event(rules.Event{Kind: rules.Call, Delta: c.Delta}, at)
		if r.OK {
			n := t.m.Snapshot(t.m.Now()).NoShow
			r.Notice = fmt.Sprintf("called: a team not at the table in %s loses by forfeit (Art 44); mark each player as he arrives",
				clock.FormatDuration(n.Deadline-n.At))
		}
	case arbiter.Arrive:
		r = t.event(rules.Event{Kind: rules.Arrive, Seat: c.Seat}, at)
	case arbiter.NewMatch:
		r = t.newMatch(c, at)
	case arbiter.SetPlayers:
		r = t.setPlayers(c.Players, at)
	case arbiter.Move:
		r = t.enterMove(c.Board, strings.TrimSpace(c.Text), at)
	case arbiter.TakeBack:
		r = t.takeBack(c.Board, at)
	}
	r.Status = t.m.Status()
	return r
}

// event applies e at wall instant at and says what it did.
func (t *Table) event(e rules.Event, at time.Time) arbiter.Result {
	eff, err := t.apply(e, at)
	return result(eff, err)
}

// result says what an applied event did.
func result(eff rules.Effect, err error) arbiter.Result {
	if err != nil {
		r := arbiter.Result{Refused: strings.TrimPrefix(err.Error(), "rules: ")}
		var why *rules.Refusal
		if errors.As(err, &why) {
			r.Rule = why.Rule
		}
		return r
	}
	return arbiter.Result{OK: eff.Ignored == "" && eff.Refused == "", Ignored: eff.Ignored}
}

// stop pauses a running match first, as a claim or a result form does:
// the clocks stop at the instant the arbiter acts. ok is false, with the
// reason in r, when the action cannot go on (the match was decided
// before it).
func (t *Table) stop(at time.Time) (r arbiter.Result, ok bool) {
	if t.m.Status() != rules.Running {
		return r, true
	}
	if r = t.event(rules.Event{Kind: rules.Pause}, at); !r.OK {
		return r, false
	}
	if t.m.Status() != rules.Paused {
		return arbiter.Result{Refused: "the match was decided before the action"}, false
	}
	return r, true
}

// resolveNotice says what follows an upheld or rejected claim.
func (t *Table) resolveNotice(kind rules.Kind, c rules.PendingClaim) string {
	s := t.m.Snapshot(t.m.Now())
	switch {
	case kind == rules.Reject:
		return fmt.Sprintf("claim by %s rejected; resume continues the turns in progress", c.Claimant)
	case s.Status == rules.Decided:
		return "claim by " + c.Claimant.String() + " upheld: " + s.Result.String() + " " + s.Reason.String()
	case c.Reason == rules.IllegalMove:
		off := c.Accused
		if s.Clocks[off].Turn {
			return fmt.Sprintf("claim by %s upheld: %s moves again; resume runs his clock", c.Claimant, off)
		}
		return fmt.Sprintf("claim by %s upheld; resume continues the turns in progress", c.Claimant)
	}
	return fmt.Sprintf("claim by %s upheld; settle it: result, time adjustment, or resume", c.Claimant)
}

// errInProgress is the refusal of new rules while a match is played.
const errInProgress = "a match is in progress; the options can change only before the start or after the decision"

// newMatch begins a new match, with another preset or time control when
// c names them: a reset (recorded as the event that ends the match, or
// undoes a ready match's adjusted times), then the new rules. While the
// clocks run it is refused (pause first).
func (t *Table) newMatch(c arbiter.Command, at time.Time) arbiter.Result {
	preset, opts := t.preset, t.m.Options()
	changed := false
	if c.Preset != "" && c.Preset != preset {
		p, err := rules.LookupPreset(c.Preset)
		if err != nil {
			return arbiter.Result{Refused: err.Error()}
		}
		preset, opts, changed = p.Name, p.Options, true
	}
	if c.Control != nil {
		ctl := *c.Control
		// The preset decides whether the increment comes before the
		// first move; a typed control does not say.
		ctl.IncrementBeforeFirstMove = opts.Control.IncrementBeforeFirstMove
		if !ctl.Equal(opts.Control) {
			opts.Control, changed = ctl, true
		}
	}
	if changed {
		opts.SeatControls = [4]*clock.Control{} // a handicap belongs to the old match
		if err := opts.Validate(); err != nil {
			return arbiter.Result{Refused: err.Error()}
		}
	}
	status := t.m.Status()
	if status == rules.Running {
		return arbiter.Result{Refused: errInProgress, Notice: "pause first: a new match replaces the one in progress"}
	}
	// One new match record: the reset ends the old match, and the new
	// one begins under its own rules.
	if eff, err, _ := t.applyOnly(rules.Event{Kind: rules.Reset}, at); err != nil || eff.Ignored != "" {
		return result(eff, err)
	}
	if changed {
		if err := t.m.Reconfigure(opts); err != nil { // validated above: cannot fail
			return arbiter.Result{Refused: strings.TrimPrefix(err.Error(), "rules: ")}
		}
		t.preset = preset
	}
	t.beginMatch(at)
	return arbiter.Result{OK: true, Notice: "new match: " + preset + " " + opts.Control.String() + ", ready to start"}
}

// setPlayers sets the next match's players, and this match's when it has
// not started: a new match record with them begins at once.
func (t *Table) setPlayers(p [4]string, at time.Time) arbiter.Result {
	t.nextPlayers = p
	if s := t.m.Snapshot(t.m.Now()); s.Status == rules.Ready && !s.Started {
		if err := t.m.Reconfigure(t.m.Options()); err == nil {
			t.beginMatch(at)
			return arbiter.Result{OK: true, Notice: "players set for this match"}
		}
	}
	return arbiter.Result{OK: true, Notice: "players set for the next match"}
}

// enterMove enters text on board b's scoresheet: the board engine checks
// it under the match's rules, and it is recorded with the match.
func (t *Table) enterMove(b bughouse.Board, text string, at time.Time) arbiter.Result {
	if !t.m.Snapshot(t.m.Now()).Started {
		return arbiter.Result{Refused: "the match has not started: moves are entered once the clocks have started"}
	}
	m, err := t.sheet.Enter(b, text, t.Since(at))
	if err != nil {
		return moveRefusal(err)
	}
	t.sheetChanged()
	t.emit(Entry{Kind: EntryMove, At: m.At, Wall: at, Move: m})
	r := arbiter.Result{OK: true, Move: &m}
	r.Notice = t.moved(at)
	return r
}

// moved hands the rules the position after a move entered or taken back
// at wall instant at (rules.Match.Moved), and applies the event it calls
// for at that instant: under deadlock_draw a deadlock draws the match
// (seed 002). It returns the notice that says so, or "".
func (t *Table) moved(at time.Time) string {
	g := t.sheet.Game()
	e, ok := t.m.Moved(&g)
	if !ok {
		return ""
	}
	if _, err := t.apply(e, at); err != nil || t.m.Status() != rules.Decided {
		return ""
	}
	return "no player to move on either board can move again: the match is drawn (deadlock_draw, seed 002)"
}

// takeBack takes back board b's last move (a typing slip): refused, with
// the move to take back first, when a piece it captured was dropped
// since on the other board.
func (t *Table) takeBack(b bughouse.Board, at time.Time) arbiter.Result {
	if !t.m.Snapshot(t.m.Now()).Started {
		return arbiter.Result{Refused: "the match has not started: moves are entered once the clocks have started"}
	}
	m, err := t.sheet.TakeBack(b)
	var tb *scoresheet.TakeBackError
	switch {
	case errors.Is(err, scoresheet.ErrNoMove):
		return arbiter.Result{Refused: fmt.Sprintf("board %s has no move to take back", b)}
	case errors.As(err, &tb):
		return arbiter.Result{Refused: fmt.Sprintf("%s was played with what %s gave: take it back first (%s)",
			tb.Later.String(), tb.Move.String(), tb.Reason)}
	case err != nil:
		return arbiter.Result{Refused: err.Error()}
	}
	t.sheetChanged()
	t.emit(Entry{Kind: EntryTakeBack, At: t.Since(at), Wall: at, Move: m})
	return arbiter.Result{OK: true, Move: &m, Notice: t.moved(at)}
}

// moveRefusal turns the board engine's refusal into a Result.
func moveRefusal(err error) arbiter.Result {
	var e *scoresheet.Error
	if errors.As(err, &e) {
		return arbiter.Result{Refused: e.Reason, Rule: e.Rule}
	}
	return arbiter.Result{Refused: err.Error()}
}
