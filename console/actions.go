package console

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"tandem/clock"
	"tandem/rules"
	"tandem/table"
)

// ActionRequest is the body of POST /api/action: one arbiter action.
// Which fields matter depends on Action:
//
//	start                       start both boards
//	pause                       stop both boards
//	stop                        stop both boards if they run (the page
//	                            sends it when the claim or result form
//	                            opens, as the terminal table's c and r do)
//	resume   run                resume; run lists the seats whose clock
//	                            runs (at most one per board; none: the
//	                            turns in progress)
//	adjust   seat, delta        add or remove time ("+30", "-0:10",
//	                            "+1:30", "+2.5", "+1:30:00"), clocks
//	                            stopped (Art 40: the rules refuse it
//	                            while they run)
//	claim    seat, reason       seat claims: illegal-move, flag or other;
//	                            stops the clocks first (Art 29)
//	uphold, reject              resolve the pending claim
//	declare  board, outcome,    board's result ("1-0", "0-1", "1/2-1/2")
//	         reason             with its reason; stops the clocks first
//	new      preset, control    a new match; preset and control (clock
//	                            syntax, e.g. "3m+2s") are optional
type ActionRequest struct {
	Action  string   `json:"action"`
	Seat    string   `json:"seat"`
	Board   string   `json:"board"`
	Outcome string   `json:"outcome"`
	Reason  string   `json:"reason"`
	Delta   string   `json:"delta"`
	Run     []string `json:"run"`
	Preset  string   `json:"preset"`
	Control string   `json:"control"`
}

// ActionResult is the answer to an action (HTTP 200 whether or not the
// rules accepted it; 400 for a malformed request).
type ActionResult struct {
	// OK is true when the action changed the match.
	OK bool `json:"ok"`
	// Refused says why the table refused it (the rules, or
	// Table.Reconfigure for a new match while the clocks run); Ignored why
	// it changed nothing.
	Refused string `json:"refused,omitempty"`
	Ignored string `json:"ignored,omitempty"`
	// Notice says what the arbiter should know next, e.g. "space resumes".
	Notice string `json:"notice,omitempty"`
	// Status is the match status after the action.
	Status string `json:"status"`
}

// doTimeout bounds a wait on the loop: it answers in microseconds.
const doTimeout = 2 * time.Second

var errBadRequest = errors.New("bad request")

// serveAction runs one arbiter action through the table (session needed:
// 401 without).
func (s *Server) serveAction(w http.ResponseWriter, r *http.Request) {
	now := time.Now() // the instant of the action: when the request came
	if !s.arbiter(r) {
		jsonError(w, http.StatusUnauthorized, "log in as the arbiter first")
		return
	}
	var req ActionRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&req); err != nil {
		jsonError(w, http.StatusBadRequest, "the body is not an action: "+err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), doTimeout)
	defer cancel()
	res, err := s.act(ctx, req, now)
	switch {
	case errors.Is(err, errBadRequest):
		jsonError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "bad request: "))
		return
	case err != nil:
		jsonError(w, http.StatusServiceUnavailable, "the table did not answer: "+err.Error())
		return
	}
	res.Status = s.t.Snapshot().Status.String()
	writeJSON(w, http.StatusOK, res)
}

func bad(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBadRequest, fmt.Sprintf(format, args...))
}

// Act performs one arbiter action at instant now exactly as POST
// /api/action does (the same checks, refusals and log lines), for the
// hall's commands (daemon/hall.go), and sets the result's Status. Its
// error is a malformed request's ("bad request: seat: ...") or the
// table's (closed, timed out); refusals are in the result.
func (s *Server) Act(ctx context.Context, req ActionRequest, now time.Time) (ActionResult, error) {
	res, err := s.act(ctx, req, now)
	if err == nil {
		res.Status = s.t.Snapshot().Status.String()
	}
	return res, err
}

// act performs req at instant now. Its error is errBadRequest's or the
// table's (closed, timed out); refusals are in the result.
func (s *Server) act(ctx context.Context, req ActionRequest, now time.Time) (ActionResult, error) {
	do := func(e rules.Event) (ActionResult, error) {
		eff, err := s.t.Do(ctx, e, now)
		// The table published the snapshot with e before it answered:
		// log it now, so none of this console's actions is coalesced
		// away.
		s.update(s.t.Snapshot())
		if err != nil {
			if errors.Is(err, table.ErrClosed) || ctx.Err() != nil {
				return ActionResult{}, err
			}
			return ActionResult{Refused: strings.TrimPrefix(err.Error(), "rules: ")}, nil
		}
		return ActionResult{OK: eff.Ignored == "" && eff.Refused == "", Ignored: eff.Ignored,
			Refused: strings.TrimPrefix(eff.Refused, "rules: ")}, nil
	}
	// stop pauses a running match first, as the terminal table's c and r
	// do: the clocks stop at the instant the arbiter acts.
	stop := func() (ActionResult, bool, error) {
		if s.t.Snapshot().Status != rules.Running {
			return ActionResult{}, true, nil
		}
		res, err := do(rules.Event{Kind: rules.Pause})
		if err != nil || !res.OK {
			return res, false, err
		}
		if st := s.t.Snapshot().Status; st != rules.Paused {
			return ActionResult{Refused: "the match was decided before the action"}, false, nil
		}
		return res, true, nil
	}
	status := s.t.Snapshot().Status
	switch req.Action {
	case "start":
		return do(rules.Event{Kind: rules.Start})
	case "pause":
		return do(rules.Event{Kind: rules.Pause})
	case "stop":
		res, _, err := stop()
		return res, err
	case "resume":
		var run rules.RunChoice
		for _, name := range req.Run {
			seat, err := bughouse.ParseSeat(name)
			if err != nil {
				return ActionResult{}, bad("run: %v", err)
			}
			if run.Set[seat.Board()] {
				return ActionResult{}, bad("run: two seats of board %s", seat.Board())
			}
			run = run.Choose(seat)
		}
		return do(rules.Event{Kind: rules.Resume, Run: run})
	case "adjust":
		seat, err := bughouse.ParseSeat(req.Seat)
		if err != nil {
			return ActionResult{}, bad("seat: %v", err)
		}
		d, err := ParseDelta(req.Delta)
		if err != nil {
			return ActionResult{}, bad("delta: %v", err)
		}
		// The rules refuse an adjustment while the clocks run (Art 40):
		// the table applies, records and logs the refusal like any other.
		res, err := do(rules.Event{Kind: rules.Adjust, Seat: seat, Delta: d})
		if err == nil && res.Refused != "" && status == rules.Running {
			res.Notice = "pause first: time is adjusted while the clocks are stopped (Art 40)"
		}
		return res, err
	case "claim":
		seat, err := bughouse.ParseSeat(req.Seat)
		if err != nil {
			return ActionResult{}, bad("seat: %v", err)
		}
		why, err := rules.ParseReason(req.Reason)
		if err != nil || (why != rules.IllegalMove && why != rules.Flag && why != rules.OtherClaim) {
			return ActionResult{}, bad("reason: a claim is illegal-move, flag or other")
		}
		if res, ok, err := stop(); !ok || err != nil {
			return res, err
		}
		res, err := do(rules.Event{Kind: rules.Claim, Seat: seat, Reason: why})
		if err == nil && res.Refused != "" && s.t.Snapshot().Status == rules.Paused {
			res.Notice = "the clocks stay stopped: resume when play goes on"
		}
		return res, err
	case "uphold", "reject":
		kind := rules.Uphold
		if req.Action == "reject" {
			kind = rules.Reject
		}
		claim := s.t.Snapshot().Claim
		res, err := do(rules.Event{Kind: kind})
		if err == nil && res.OK {
			res.Notice = s.resolveNotice(kind, claim)
		}
		return res, err
	case "declare":
		b, err := bughouse.ParseBoard(req.Board)
		if err != nil {
			return ActionResult{}, bad("board: %v", err)
		}
		o, err := rules.ParseOutcome(req.Outcome)
		if err != nil {
			return ActionResult{}, bad("outcome: %v", err)
		}
		why, err := rules.ParseReason(req.Reason)
		if err != nil {
			return ActionResult{}, bad("reason: %v", err)
		}
		if res, ok, err := stop(); !ok || err != nil {
			return res, err
		}
		res, err := do(rules.Event{Kind: rules.Declare, Board: b, Outcome: o, Reason: why})
		if err == nil && res.OK && o == rules.Drawn && s.t.Snapshot().Status != rules.Decided {
			res.Notice = fmt.Sprintf("board %s drawn; board %s plays on and decides the match (Art 34): resume it", b, b.Other())
		}
		return res, err
	case "new":
		return s.newMatch(ctx, req, status, now, do)
	}
	return ActionResult{}, bad("unknown action %q", req.Action)
}

// resolveNotice says what follows an upheld or rejected claim.
func (s *Server) resolveNotice(kind rules.Kind, c rules.PendingClaim) string {
	snap := s.t.Snapshot()
	switch {
	case kind == rules.Reject:
		return fmt.Sprintf("claim by %s rejected; resume continues the turns in progress", c.Claimant)
	case snap.Status == rules.Decided:
		return "claim by " + c.Claimant.String() + " upheld: " + snap.Result.String() + " " + snap.Reason.String()
	case c.Reason == rules.IllegalMove:
		off := c.Claimant.Opponent()
		if snap.Clocks[off].Turn {
			return fmt.Sprintf("claim by %s upheld: %s moves again; resume runs his clock", c.Claimant, off)
		}
		return fmt.Sprintf("claim by %s upheld; resume continues the turns in progress", c.Claimant)
	}
	return fmt.Sprintf("claim by %s upheld; settle it: result, time adjustment, or resume", c.Claimant)
}

// newMatch resets the match and, when the request names another preset
// or time control, reconfigures the table. While the clocks run the table
// refuses it (Table.Reconfigure: pause first), like the terminal table's
// n; the refusal is not a match event, so the console logs it itself. The
// options are checked before anything changes.
func (s *Server) newMatch(ctx context.Context, req ActionRequest, status rules.Status, now time.Time, do func(rules.Event) (ActionResult, error)) (ActionResult, error) {
	preset, opts := s.rulesNow()
	change := false
	if req.Preset != "" && req.Preset != preset {
		p, err := rules.LookupPreset(req.Preset)
		if err != nil {
			return ActionResult{}, bad("preset: %v", err)
		}
		preset, opts, change = p.Name, p.Options, true
	}
	if req.Control != "" {
		c, err := clock.Parse(req.Control)
		if err != nil {
			return ActionResult{}, bad("control: %v", err)
		}
		// The preset decides whether the increment comes before the
		// first move; a typed control does not say.
		c.IncrementBeforeFirstMove = opts.Control.IncrementBeforeFirstMove
		if !c.Equal(opts.Control) {
			opts.Control, change = c, true
		}
	}
	if change {
		opts.SeatControls = [4]*clock.Control{} // a handicap belongs to the old match
		if err := opts.Validate(); err != nil {
			return ActionResult{}, bad("%v", err)
		}
	}
	if status == rules.Running {
		// Not reset: the table decides, and refuses a new match while
		// the clocks run.
		change = true
	} else if status != rules.Ready {
		if res, err := do(rules.Event{Kind: rules.Reset}); err != nil || !res.OK {
			return res, err
		}
	}
	if change {
		// The new rules are in place before the table publishes the new
		// match, so whoever reads Rules on that snapshot (the terminal
		// table) sees them; they are put back if the table refuses.
		s.mu.Lock()
		oldPreset, oldOpts := s.preset, s.opts
		s.preset, s.opts = preset, opts
		s.mu.Unlock()
		if err := s.t.Reconfigure(ctx, opts); err != nil {
			s.mu.Lock()
			s.preset, s.opts = oldPreset, oldOpts
			s.mu.Unlock()
			if errors.Is(err, table.ErrClosed) || ctx.Err() != nil {
				return ActionResult{}, err
			}
			res := ActionResult{Refused: strings.TrimPrefix(err.Error(), "rules: ")}
			if status == rules.Running {
				res.Notice = "pause first: a new match replaces the one in progress"
			}
			what := "new match " + preset + " " + opts.Control.String()
			note := "refused: " + res.Refused
			if res.Notice != "" {
				note += " — " + res.Notice
			}
			s.logConsole(what, note, "refused", now)
			return res, nil
		}
		s.update(s.t.Snapshot())
	}
	return ActionResult{OK: true, Notice: "new match: " + preset + " " + opts.Control.String() + ", ready to start"}, nil
}

// ParseDelta reads a time adjustment: a sign, then seconds, m:ss or
// h:mm:ss, the seconds with up to 9 decimals: "+30", "-0:10", "+1:30",
// "+2.5", "+1:30:00". It returns the signed duration (ns), at most 10
// hours, or an error saying what is allowed.
func ParseDelta(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || (s[0] != '+' && s[0] != '-') {
		return 0, fmt.Errorf("%q: write a sign and a time: +30, -0:10, +1:30, +2.5, +1:30:00", s)
	}
	sign, body := s[0], s[1:]
	var d time.Duration
	if parts := strings.Split(body, ":"); len(parts) > 1 {
		if len(parts) > 3 {
			return 0, fmt.Errorf("%q: write seconds, m:ss or h:mm:ss, e.g. +30, +1:05, +1:30:00", s)
		}
		// The first part is whole hours or minutes, the others two
		// digits under 60 (the last may have decimals).
		unit := "minutes"
		if len(parts) == 3 {
			unit = "hours"
		}
		lead, err := clock.ParseSeconds(parts[0])
		if errors.Is(err, clock.ErrTooLarge) {
			return 0, fmt.Errorf("%q is more than 10 hours", s)
		}
		if err != nil || strings.Contains(parts[0], ".") {
			return 0, fmt.Errorf("%q: the %s must be a whole number", s, unit)
		}
		if lead > 36000*time.Second { // not multiplied past int64
			return 0, fmt.Errorf("%q is more than 10 hours", s)
		}
		d = lead
		for i, p := range parts[1:] {
			last := i == len(parts)-2
			v, err := clock.ParseSeconds(p)
			if err != nil || len(strings.SplitN(p, ".", 2)[0]) != 2 || v >= time.Minute || (!last && strings.Contains(p, ".")) {
				if last {
					return 0, fmt.Errorf("%q: write seconds as two digits under 60, e.g. 1:05 or 1:30:05", s)
				}
				return 0, fmt.Errorf("%q: write minutes as two digits under 60, e.g. 1:05:00", s)
			}
			d = d*60 + v
		}
	} else {
		v, err := clock.ParseSeconds(body)
		if errors.Is(err, clock.ErrTooLarge) {
			return 0, fmt.Errorf("%q is more than 10 hours", s)
		}
		if err != nil {
			return 0, fmt.Errorf("%q: write a sign and a time: +30, -0:10, +1:30, +2.5", s)
		}
		d = v
	}
	if d == 0 {
		return 0, fmt.Errorf("%q adjusts nothing", s)
	}
	if d > 10*time.Hour {
		return 0, fmt.Errorf("%q is more than 10 hours", s)
	}
	if sign == '-' {
		d = -d
	}
	return d, nil
}

// PressRequest is the body of POST /api/press: a simulated-panel input,
// either a clock button (seat) or the pause switch (pause: true).
type PressRequest struct {
	Seat  string `json:"seat"`
	Pause bool   `json:"pause"`
}

// servePress posts a simulated-panel press to the table as the GPIO
// button would, with the instant the request arrived. Only in simulated
// mode (404 otherwise); from the arbiter's session or from this machine
// (403 otherwise). The answer is 202: the press is queued, and its effect
// is in the next snapshot, as at a real table.
func (s *Server) servePress(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	if !s.sim {
		jsonError(w, http.StatusNotFound, "the simulated panel exists only in simulated mode")
		return
	}
	if !s.arbiter(r) && !localPanel(r) {
		jsonError(w, http.StatusForbidden, "the simulated panel works from the table's own machine or for the arbiter")
		return
	}
	var req PressRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024)).Decode(&req); err != nil {
		jsonError(w, http.StatusBadRequest, "send {\"seat\": \"A-white\"} or {\"pause\": true}")
		return
	}
	var e rules.Event
	if req.Pause {
		// The pause switch as the terminal table's space: pause while
		// running, otherwise release (resume, or start when ready).
		e.Kind = rules.Resume
		if s.t.Snapshot().Status == rules.Running {
			e.Kind = rules.Pause
		}
	} else {
		seat, err := bughouse.ParseSeat(req.Seat)
		if err != nil {
			jsonError(w, http.StatusBadRequest, err.Error())
			return
		}
		e = rules.Event{Kind: rules.Press, Seat: seat}
	}
	if !s.t.Post(e, now) {
		jsonError(w, http.StatusServiceUnavailable, "the table is closed")
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"posted": e.String()})
}

// heartbeatEvery is how often the WebSocket says the table is alive when
// nothing changed: the page takes a silence of a few of them (a power cut,
// a cable pulled: no TCP close reaches it) as a lost connection.
const heartbeatEvery = time.Second

// serveWS streams the view: the whole view at once, then again after
// every change, and a heartbeat ({"heartbeat":true,"server_ms":...})
// after each second without one. Upgrades from another origin are
// refused (403) by websocket.Accept's origin check.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	ch := make(chan struct{}, 1)
	ch <- struct{}{}
	s.mu.Lock()
	s.clients[ch] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.clients, ch)
		s.mu.Unlock()
	}()
	ctx := c.CloseRead(r.Context()) // the page sends nothing
	hb := time.NewTimer(heartbeatEvery)
	defer hb.Stop()
	for {
		var msg []byte
		select {
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			c.Close(websocket.StatusGoingAway, "the table stopped")
			return
		case <-ch:
			msg = withServerTime(s.current(), time.Now())
		case <-hb.C:
			msg = withServerTime([]byte(`{"heartbeat":true}`), time.Now())
		}
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := c.Write(wctx, websocket.MessageText, msg)
		cancel()
		if err != nil {
			return
		}
		hb.Reset(heartbeatEvery)
	}
}
