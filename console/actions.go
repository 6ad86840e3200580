package console

import (
	"context"
	"net/http"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/i18n"
	"tandem/i18n/lang"
	"tandem/internal/webapi"
	"tandem/rules"
)

// ActionRequest is the body of POST /api/action: one arbiter action in
// the text form every arbiter input shares (arbiter.Request, whose doc
// lists the actions and their fields). "new" with a preset or a control
// starts the new match under them.
type ActionRequest = arbiter.Request

// ActionResult is the answer to an action (HTTP 200 whether or not the
// rules accepted it; 400 for a malformed request).
type ActionResult struct {
	// OK is true when the action changed the match.
	OK bool `json:"ok"`
	// Refused says why the table refused it, and Rule the article or rule
	// option behind the refusal ("" when none applies); Ignored why it
	// changed nothing.
	Refused string `json:"refused,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Ignored string `json:"ignored,omitempty"`
	// Notice says what the arbiter should know next, e.g. "space resumes".
	Notice string `json:"notice,omitempty"`
	// Status is the match status after the action.
	Status string `json:"status"`
}

// doTimeout bounds a wait on the loop: it answers in microseconds.
const doTimeout = 2 * time.Second

// serveAction runs one arbiter action through the table's command path
// (session needed: 401 without).
func (s *Server) serveAction(w http.ResponseWriter, r *http.Request) {
	now := time.Now() // the instant of the action: when the request came
	if !s.arbiter(r) {
		jsonError(w, http.StatusUnauthorized, "log in as the arbiter first")
		return
	}
	var req ActionRequest
	if err := webapi.Decode(w, r, &req, 4096); err != nil {
		jsonError(w, http.StatusBadRequest, err.Error())
		return
	}
	c, err := arbiter.Parse(req)
	if err != nil {
		jsonError(w, http.StatusBadRequest, err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), doTimeout)
	defer cancel()
	res, err := s.Do(ctx, c, now)
	if err != nil {
		jsonError(w, http.StatusServiceUnavailable, "the table did not answer: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, actionResult(res, i18n.For(langOf(r))))
}

// actionResult is r for the page, its words in p's language (the core's
// English messages through Printer.Core; English as the core wrote them).
func actionResult(r arbiter.Result, p *i18n.Printer) ActionResult {
	core := func(s string) string {
		if s == "" || p.Lang() == lang.English {
			return s
		}
		return p.Core(s)
	}
	return ActionResult{OK: r.OK, Refused: core(r.Refused), Rule: r.Rule, Ignored: core(r.Ignored), Notice: core(r.Notice), Status: r.Status.String()}
}

// Do carries out the arbiter's command c at instant now through the
// table (table.Table.Command) and logs it on the page: every one of the
// console's actions is shown, even when the loop applied several at once.
// A new match refused while the clocks run is no match event: the page's
// log says so itself. Its error is the table's (closed, timed out).
func (s *Server) Do(ctx context.Context, c arbiter.Command, now time.Time) (arbiter.Result, error) {
	res, err := s.t.Command(ctx, c, now)
	if err != nil {
		return res, err
	}
	s.update(s.t.Snapshot())
	if c.Kind == arbiter.NewMatch && res.Refused != "" {
		snap := s.t.Snapshot()
		preset, control := snap.Preset, snap.Options.Control.String()
		if c.Preset != "" {
			preset = c.Preset
		}
		if c.Control != nil {
			control = c.Control.String()
		}
		s.logConsole(func(p *i18n.Printer) (string, string) {
			if p.Lang() == lang.English {
				what, note := "new match "+preset+" "+control, "refused: "+res.Refused
				if res.Notice != "" {
					note += " — " + res.Notice
				}
				return what, note
			}
			note := p.T("tui.last.refused", "Why", p.Core(res.Refused))
			if res.Notice != "" {
				note += " — " + p.Core(res.Notice)
			}
			return p.T("event.reset") + " " + preset + " " + control, note
		}, "refused", now)
	}
	return res, nil
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
	if err := webapi.Decode(w, r, &req, 1024); err != nil {
		jsonError(w, http.StatusBadRequest, `send {"seat": "A-white"} or {"pause": true}: `+err.Error())
		return
	}
	var e rules.Event
	if req.Pause {
		// The pause switch as the terminal table's space: the loop makes
		// it a pause while running, otherwise a release (resume, or start
		// when ready).
		e.Kind = rules.PauseSwitch
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
// after each second without one (webapi.Stream).
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	views, cancel := s.watchView(langOf(r)) // the view now first
	defer cancel()
	webapi.Stream(w, r, nil, views, withServerTime, &webapi.StreamOpts{
		Heartbeat: heartbeatEvery, Done: s.ctx.Done(), Bye: "the table stopped",
		Conns: s.conns, Privileged: s.arbiter(r),
		Beat: func(now time.Time) []byte { return withServerTime([]byte(`{"heartbeat":true}`), now) },
	})
}
