package dashboard

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/hall"
	"tandem/hall/hub"
	"tandem/internal/webapi"
)

// CommandRequest is the body of POST /api/command: one arbiter action on
// one table. Action is "pause", "resume" (the turns in progress), "new"
// (a new match; Preset and Control optional, as the table's console
// takes them), "warn" or "penalty" (Seat: a warning, a loss of the match
// by penalty, Art 40), "call" (the no-show countdown starts, Art 44: with
// Tolerance, else the tournament's no_show_tolerance, else the table's
// own) or "arrive" (Seat's player is at the table).
type CommandRequest struct {
	Table     string `json:"table"`
	Action    string `json:"action"`
	Preset    string `json:"preset,omitempty"`
	Control   string `json:"control,omitempty"`
	Seat      string `json:"seat,omitempty"`
	Tolerance string `json:"tolerance,omitempty"`
}

// CommandResult is a table's answer to a command, in POST /api/command's
// and POST /api/all's answers.
type CommandResult struct {
	// Table is the table id.
	Table string `json:"table"`
	// OK is true when the action changed the match; Refused says why the
	// rules refused it, Ignored why it changed nothing, Notice what the
	// arbiter should know next, Status the match's status after it
	// (hall.Reply).
	OK      bool   `json:"ok"`
	Refused string `json:"refused,omitempty"`
	Ignored string `json:"ignored,omitempty"`
	Notice  string `json:"notice,omitempty"`
	Status  string `json:"status,omitempty"`
	// Error says why the command did not reach the table or was not
	// understood there: offline, no answer in time, ... ("" when it was
	// answered).
	Error string `json:"error,omitempty"`
}

// maxBody bounds a JSON request's body (a pairing file is the largest).
const maxBody = 1 << 20

// command sends c to table id and returns the table's answer as a
// CommandResult, the error in it when there is one.
func (s *Server) command(ctx context.Context, id string, c arbiter.Request) (CommandResult, error) {
	rep, err := s.hub.Command(ctx, id, c)
	res := CommandResult{Table: id, OK: rep.OK, Refused: rep.Refused, Ignored: rep.Ignored, Notice: rep.Notice, Status: rep.Status}
	if err != nil {
		res.Error = err.Error()
	}
	return res, err
}

// serveCommand answers POST /api/command (arbiter): 200 with the table's
// CommandResult (a refusal by the rules included); 400 a bad request
// (nothing is sent); 404 a table the hub does not know; 503 the table is
// offline or does not answer; 504 no answer in time; 502 the table did
// not understand the command. Each error answer is {"error": "..."}.
func (s *Server) serveCommand(w http.ResponseWriter, r *http.Request) {
	var req CommandRequest
	if err := webapi.Decode(w, r, &req, 4096); err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := hall.ValidTableID(req.Table); err != nil {
		webapi.Error(w, http.StatusBadRequest, "table: "+err.Error())
		return
	}
	if (req.Preset != "" || req.Control != "") && req.Action != "new" {
		webapi.Error(w, http.StatusBadRequest, "preset and control go with action \"new\" only")
		return
	}
	if req.Seat != "" && req.Action != "warn" && req.Action != "penalty" && req.Action != "arrive" {
		webapi.Error(w, http.StatusBadRequest, "seat goes with actions warn, penalty and arrive only")
		return
	}
	if req.Tolerance != "" && req.Action != "call" {
		webapi.Error(w, http.StatusBadRequest, "tolerance goes with action \"call\" only")
		return
	}
	c := arbiter.Request{Action: req.Action, Preset: req.Preset, Control: req.Control, Seat: req.Seat, Tolerance: req.Tolerance}
	switch req.Action {
	case "pause", "resume", "new":
	case "warn", "penalty", "arrive":
		if _, err := bughouse.ParseSeat(req.Seat); err != nil {
			webapi.Error(w, http.StatusBadRequest, "seat: "+err.Error())
			return
		}
	case "call":
		if c.Tolerance == "" {
			c.Tolerance = s.tolerance()
		}
	default:
		webapi.Error(w, http.StatusBadRequest, fmt.Sprintf("action %q: use pause, resume, new, warn, penalty, call or arrive", req.Action))
		return
	}
	res, err := s.command(r.Context(), req.Table, c)
	switch {
	case err == nil:
		webapi.Write(w, http.StatusOK, res)
	case errors.Is(err, hub.ErrUnknownTable):
		webapi.Error(w, http.StatusNotFound, err.Error())
	case errors.Is(err, hub.ErrOffline), errors.Is(err, hub.ErrClosed):
		webapi.Error(w, http.StatusServiceUnavailable, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		webapi.Error(w, http.StatusGatewayTimeout, err.Error())
	default:
		webapi.Error(w, http.StatusBadGateway, err.Error())
	}
}

// AllRequest is the body of POST /api/all: "pause" or "resume" every
// table the hub knows.
type AllRequest struct {
	Action string `json:"action"`
}

// AllResult is POST /api/all's answer: every table's CommandResult,
// sorted by table id, and how many Failed (an Error: offline, no
// answer; a refusal by the rules is an answer, not a failure).
type AllResult struct {
	Action string          `json:"action"`
	Tables []CommandResult `json:"tables"`
	Failed int             `json:"failed"`
}

// serveAll answers POST /api/all (arbiter): the action is sent to every
// table at once (Opts.Parallel at a time), and the answer, 200 AllResult,
// says for each table what it did or why it failed. 400 a bad request.
func (s *Server) serveAll(w http.ResponseWriter, r *http.Request) {
	var req AllRequest
	if err := webapi.Decode(w, r, &req, 1024); err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	if req.Action != "pause" && req.Action != "resume" && req.Action != "call" {
		webapi.Error(w, http.StatusBadRequest, fmt.Sprintf("action %q: use pause, resume or call", req.Action))
		return
	}
	webapi.Write(w, http.StatusOK, s.All(r.Context(), req.Action))
}

// tolerance is the tournament's no-show tolerance as a call sends it, ""
// when it fixes none (each table's no_show_tolerance then).
func (s *Server) tolerance() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tn.t == nil || s.tn.t.NoShowTolerance == 0 {
		return ""
	}
	return clock.FormatDuration(s.tn.t.NoShowTolerance)
}

// All sends action ("pause", "resume", or "call": the round is called,
// the no-show countdown starting at every table with the tournament's
// tolerance, Art 44) to every table the hub knows, Opts.Parallel at a
// time, and returns each table's answer. A table offline fails at once
// (hub.ErrOffline) without delaying the others. "resume" is not sent to
// a table online whose match has not started (ready): its answer says so
// (Ignored), so that "Resume all" never starts a match (the hub's view
// of a table that just paused may lag by a snapshot, so the running ones
// are sent it: they ignore it).
func (s *Server) All(ctx context.Context, action string) AllResult {
	tables := s.hub.Tables()
	out := AllResult{Action: action, Tables: make([]CommandResult, len(tables))}
	tol := s.tolerance()
	sem := make(chan struct{}, s.opts.Parallel)
	var wg sync.WaitGroup
	for i, t := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if action == "resume" && t.Online && t.Snap.Status == "ready" {
				out.Tables[i] = CommandResult{Table: t.ID, Status: t.Snap.Status,
					Ignored: "not started: resume all never starts a match (start it at the table)"}
				return
			}
			c := arbiter.Request{Action: action}
			if action == "call" {
				c.Tolerance = tol
			}
			out.Tables[i], _ = s.command(ctx, t.ID, c)
		}()
	}
	wg.Wait()
	for _, t := range out.Tables {
		if t.Error != "" {
			out.Failed++
		}
	}
	return out
}
