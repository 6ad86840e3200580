package dashboard

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"tandem/hall"
	"tandem/hall/hub"
	"tandem/i18n/lang"
	"tandem/internal/pagekit"
	"tandem/internal/webapi"
	"tandem/internal/webauth"
	"tandem/tournament"
)

//go:embed assets
var assets embed.FS

// Opts configures New. PIN is required; every other zero value is usable.
type Opts struct {
	// PIN is the head arbiter's PIN ([hub] dashboard_pin, or
	// webauth.GeneratePIN's). It must not be empty.
	PIN string
	// Tournament is the event's data (tournament.Load of tandem-hall
	// --tournament FILE); nil shows the results without standings and
	// refuses pairing uploads. The Server owns it from New on: no one
	// else may use it.
	Tournament *tournament.Tournament
	// StateFile keeps the uploaded pairings, the current round, the
	// players delivered and which result counts for which pairing
	// across a restart of the hub (JSON, rewritten atomically after each
	// change; tandem-hall puts it in its store directory). Empty: kept in
	// memory only.
	StateFile string
	// Heartbeat is how often a WebSocket without news gets a heartbeat
	// message. Zero means 1 s.
	Heartbeat time.Duration
	// Retry is how often the players of the current round are sent again
	// to the tables that have not taken them (offline, or no answer); a
	// table coming online gets them at once. Zero means 2 s.
	Retry time.Duration
	// Parallel bounds the commands sent at once by "pause all", "resume
	// all" and the players' delivery. Zero means 16.
	Parallel int
	// Login sets the login's PIN budget, code limits, session life and
	// callbacks (OnCode: the one-time codes, for tandem-hall to print;
	// OnFail: the failed logins, which also raise an AlertLogin on the
	// dashboard), as webauth.Opts documents them; nil: webauth's
	// defaults. Its Cookie is the dashboard's own.
	Login *webauth.Opts
	// MaxStreams and MaxStreamsPerAddr cap the page's live WebSockets,
	// in total and per client address (webapi.Conns; zero:
	// webapi.DefaultMaxStreams and DefaultMaxStreamsPerAddr). The
	// arbiter's own pages are never refused for the total.
	MaxStreams, MaxStreamsPerAddr int
	// CACert, when set, is the hall CA's certificate (PEM), served at
	// GET /ca.crt for the arbiters' phones to trust once (docs/hall.md,
	// "TLS on the hall's network").
	CACert []byte
	// NeverSeenAfter is how long after New a configured table never
	// heard from raises "never connected" in the alerts list (its card
	// says "never seen" from the start). Zero means 3 s, the default of
	// hub.Opts.OfflineAfter; tandem-hall passes the hub's.
	NeverSeenAfter time.Duration
	// Lang is the hall's language (the configuration's language) when
	// LangSet: the page's unless its switch says otherwise. Without it
	// the page speaks the browser's language (internal/pagekit).
	Lang    lang.Lang
	LangSet bool
}

// MaxAlerts is how many alerts the dashboard keeps (the oldest go first).
const MaxAlerts = 500

// Server is the hall dashboard of one hub. Make it with New, serve
// Handler, and Close it before the hub.
type Server struct {
	hub     *hub.Hub
	auth    *webauth.Auth
	conns   *webapi.Conns // the WebSockets' caps
	opts    Opts
	handler http.Handler

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	wake   chan struct{} // the players' delivery

	mu     sync.Mutex
	states map[string]hub.TableState // the latest of each table
	views  map[string][]byte         // each table's view, JSON
	alerts []Alert
	nextID int64
	// neverDue is true once Opts.NeverSeenAfter has passed since New
	// (never is its timer): a table never seen then raises an alert.
	neverDue bool
	never    *time.Timer
	clients  map[*client]struct{}
	tn       tourney // tournament state (tournament.go)
	lists    []byte  // results, standings and pairing, JSON members
	alertJS  []byte  // the alerts list, JSON array
	login    loginState
}

// client is one WebSocket's pending news (Server.mu).
type client struct {
	wake   chan struct{}
	tables map[string]bool
	alerts bool
	lists  bool
}

func (c *client) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// New returns the dashboard of hub h and starts following it (and, with
// a tournament, delivering the current round's players). It returns an
// error when opts has no PIN, or when StateFile cannot be read or does
// not fit the tournament (it names the file and what is wrong); nothing
// is left running then.
func New(h *hub.Hub, opts *Opts) (*Server, error) {
	if h == nil {
		return nil, errors.New("dashboard: no hub")
	}
	if opts == nil || opts.PIN == "" {
		return nil, errors.New("dashboard: no arbiter PIN")
	}
	o := *opts
	if o.Heartbeat <= 0 {
		o.Heartbeat = time.Second
	}
	if o.Retry <= 0 {
		o.Retry = 2 * time.Second
	}
	if o.Parallel <= 0 {
		o.Parallel = 16
	}
	if o.NeverSeenAfter <= 0 {
		o.NeverSeenAfter = 3 * time.Second
	}
	var lo webauth.Opts
	if o.Login != nil {
		lo = *o.Login
	}
	lo.Cookie = "tandem_hall"
	s := &Server{}
	onFail := lo.OnFail
	lo.OnFail = func(f webauth.Failure) {
		s.loginFailed(f)
		if onFail != nil {
			onFail(f)
		}
	}
	auth, err := webauth.New(o.PIN, &lo)
	if err != nil {
		return nil, err
	}
	*s = Server{
		hub: h, auth: auth, opts: o, conns: webapi.NewConns(o.MaxStreamsPerAddr, o.MaxStreams),
		wake:    make(chan struct{}, 1),
		states:  map[string]hub.TableState{},
		views:   map[string][]byte{},
		clients: map[*client]struct{}{},
	}
	if err := s.tn.load(o.Tournament, o.StateFile); err != nil {
		return nil, err
	}
	s.handler = s.routes()
	s.ctx, s.cancel = context.WithCancel(context.Background())
	// Subscribe before reading the current state: nothing between the
	// two is lost (a table or result seen twice is taken once).
	sub := h.Subscribe()
	s.mu.Lock()
	s.takeTables(h.Tables(), time.Now())
	s.takeResults(h.Results())
	s.rebuildLists()
	s.rebuildAlerts()
	s.mu.Unlock()
	s.never = time.AfterFunc(o.NeverSeenAfter, s.neverSeenDue)
	s.wg.Add(2)
	go s.follow(sub)
	go s.deliver()
	return s, nil
}

// Handler returns the dashboard's HTTP handler: the page, its assets, the
// WebSocket /ws and the JSON API (docs/hall.md, "The dashboard").
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops following the hub and ends every WebSocket. It returns nil;
// later calls do nothing.
func (s *Server) Close() error {
	s.cancel()
	s.never.Stop()
	s.mu.Lock()
	if s.login.clear != nil {
		s.login.clear.Stop()
	}
	s.mu.Unlock()
	s.wg.Wait()
	return nil
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	mux.Handle("GET /", webauth.NoCache(http.FileServerFS(static)))
	mux.Handle("GET "+pagekit.Prefix, pagekit.Handler(&pagekit.Opts{Lang: func() (lang.Lang, bool) { return s.opts.Lang, s.opts.LangSet }}))
	mux.HandleFunc("GET /ws", s.serveWS)
	mux.HandleFunc("GET /api/state", s.serveState)
	mux.HandleFunc("GET /api/session", s.serveSession)
	mux.HandleFunc("POST /api/login", s.auth.ServeLogin)
	mux.HandleFunc("POST /api/logout", s.auth.ServeLogout)
	mux.HandleFunc("POST /api/command", s.arbiter(s.serveCommand))
	mux.HandleFunc("POST /api/all", s.arbiter(s.serveAll))
	mux.HandleFunc("POST /api/ack", s.arbiter(s.serveAck))
	mux.HandleFunc("POST /api/pairings", s.arbiter(s.servePairings))
	mux.HandleFunc("POST /api/lineup", s.arbiter(s.serveLineup))
	mux.HandleFunc("GET /export/results.csv", s.serveResultsCSV)
	mux.HandleFunc("GET /export/standings.csv", s.serveStandingsCSV)
	mux.HandleFunc("GET /export/tournament.trf", s.serveTRF)
	if ca := s.opts.CACert; ca != nil {
		mux.HandleFunc("GET /ca.crt", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/x-x509-ca-cert")
			w.Header().Set("Content-Disposition", `attachment; filename="tandem-hall-ca.crt"`)
			w.Write(ca)
		})
	}
	// Cross-origin POSTs are refused before any handler sees them; every
	// /api/ answer is JSON, a refusal or a path the API has not included.
	return webauth.SecurityHeaders(webapi.CrossOrigin(webapi.JSONErrors(mux, "/api/")))
}

// arbiter lets only a logged-in arbiter through (403 otherwise).
func (s *Server) arbiter(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.auth.Arbiter(r) {
			webapi.Error(w, http.StatusForbidden, "arbiter only: log in with the PIN")
			return
		}
		h(w, r)
	}
}

// serveSession answers GET /api/session: {"arbiter": bool}.
func (s *Server) serveSession(w http.ResponseWriter, r *http.Request) {
	webapi.Write(w, http.StatusOK, map[string]bool{"arbiter": s.auth.Arbiter(r)})
}

// follow takes the hub's changes until Close.
func (s *Server) follow(sub *hub.Sub) {
	defer s.wg.Done()
	defer sub.Close()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-sub.C():
		}
		tables, results := sub.Tables(), sub.Results()
		s.mu.Lock()
		wake := s.takeTables(tables, time.Now())
		if len(results) > 0 && s.takeResults(results) {
			s.rebuildLists()
		}
		s.mu.Unlock()
		if wake {
			s.wakeDelivery()
		}
	}
}

// takeTables stores the tables' new states, their views and the alerts
// they raise or clear, and marks them for every client. It reports
// whether a table waiting for its players came online (s.mu held).
func (s *Server) takeTables(ts []hub.TableState, now time.Time) (wake bool) {
	alerts, renumbered := false, false
	for _, t := range ts {
		old, had := s.states[t.ID]
		if !had && s.tn.seeID(t.ID) {
			renumbered = true
		}
		if s.alertsChanged(old, t, now) {
			alerts = true
		}
		s.states[t.ID] = t
		s.views[t.ID] = s.tableView(t)
		if t.Online && (!had || !old.Online) && s.tn.waiting(t.ID) {
			wake = true
		}
		for c := range s.clients {
			c.tables[t.ID] = true
			c.signal()
		}
	}
	if alerts {
		s.rebuildAlerts()
	}
	if renumbered && s.tn.round > 0 {
		// A table number found its hall table: the cards and the round's
		// summary (sent, unplaced) change with it. After a hub restart
		// the tables that took their players before come back this way,
		// with nothing to deliver.
		s.refreshViews()
		s.rebuildLists()
		wake = true
	}
	return wake
}

// refreshView rebuilds table id's view, if the dashboard has seen the
// table, and marks it (s.mu held).
func (s *Server) refreshView(id string) {
	t, ok := s.states[id]
	if !ok {
		return
	}
	s.views[id] = s.tableView(t)
	for c := range s.clients {
		c.tables[id] = true
		c.signal()
	}
}

// refreshViews rebuilds every table's view (a new pairing) and marks them
// all (s.mu held).
func (s *Server) refreshViews() {
	for id, t := range s.states {
		s.views[id] = s.tableView(t)
		for c := range s.clients {
			c.tables[id] = true
		}
	}
	for c := range s.clients {
		c.signal()
	}
}

// TableView is one table as the dashboard sends it (JSON), in the
// WebSocket's "tables" and GET /api/state.
type TableView struct {
	// ID is the table id.
	ID string `json:"id"`
	// Online is true while the table's snapshots arrive; SinceMs is when
	// it last became online or offline and LastSeenMs its last snapshot's
	// arrival (hub clock, Unix ms; 0: never).
	Online     bool  `json:"online"`
	SinceMs    int64 `json:"since_ms"`
	LastSeenMs int64 `json:"last_seen_ms"`
	// AtMs is the instant on the hub's clock (Unix ms) at which the
	// snapshot's clocks (Snap.Clocks[i].Ms) were exact: its arrival less
	// the time from its instant to its sending on the table's clock. A
	// running clock shows Ms - (now - AtMs) at hub time now, while Online.
	AtMs int64 `json:"at_ms"`
	// Snap is the table's latest snapshot as it sent it (hall.Snap; zero
	// for a table never seen): status, clocks, result, claim, players,
	// Events and LastEventNs (the last press's instant, table clock).
	Snap hall.Snap `json:"snap"`
	// Players are the names by seat of the match the snapshot shows: for
	// a decided match whose result the hub holds, the players its record
	// names (the table may already hold the next match's names, shown in
	// Pairing); otherwise Snap.Players.
	Players [4]string `json:"players"`
	// Match is the tournament match the snapshot shows (its result, its
	// clocks), nil when it is none: no tournament, a match not started,
	// or one that counts for no pairing (the results' note says why).
	Match *MatchView `json:"match,omitempty"`
	// Alerts are the table's current alerts (hub.TableState.Alerts).
	Alerts []hub.Alert `json:"alerts"`
	// Pairing is the table's match in the current round, nil when none.
	Pairing *PairingView `json:"pairing,omitempty"`
}

// PairingView is a table's match in the current round.
type PairingView struct {
	// Round and Number: the round and the tournament's table number.
	Round  int `json:"round"`
	Number int `json:"number"`
	// Team1 sits A-white and B-black, Team2 A-black and B-white.
	Team1 string `json:"team1"`
	Team2 string `json:"team2"`
	// Players are the four names by seat (A-white, A-black, B-white,
	// B-black); Sent is true once the table took them, else Err says
	// why not yet (the hub retries).
	Players [4]string `json:"players"`
	Sent    bool      `json:"sent"`
	Err     string    `json:"err,omitempty"`
	// Result is the round's result at this table, "" while pending.
	Result string `json:"result,omitempty"`
	// Next is true while the table has not started this match: its
	// snapshot shows another match (Match) or none yet. The card then
	// shows it as the table's next match.
	Next bool `json:"next,omitempty"`
}

// MatchView names the tournament match a table's snapshot shows: its
// round, the tournament's table number and the teams (Team1 sits A-white
// and B-black).
type MatchView struct {
	Round  int    `json:"round"`
	Number int    `json:"number"`
	Team1  string `json:"team1"`
	Team2  string `json:"team2"`
}

// tableView encodes t's view (s.mu held).
func (s *Server) tableView(t hub.TableState) []byte {
	v := TableView{ID: t.ID, Online: t.Online, Snap: t.Snap, Alerts: t.Alerts, Pairing: s.tn.pairingOf(t.ID, s.states)}
	v.Players, v.Match = s.tn.shown(t.ID, t.Snap)
	if p := v.Pairing; p != nil {
		p.Next = v.Match == nil || v.Match.Round != p.Round || v.Match.Number != p.Number
	}
	if v.Alerts == nil {
		v.Alerts = []hub.Alert{}
	}
	if !t.Since.IsZero() {
		v.SinceMs = t.Since.UnixMilli()
	}
	if !t.LastSeen.IsZero() {
		v.LastSeenMs = t.LastSeen.UnixMilli()
		v.AtMs = v.LastSeenMs
		if t.Snap.ClocksAtMs > 0 && t.Snap.SentMs > t.Snap.ClocksAtMs {
			v.AtMs -= t.Snap.SentMs - t.Snap.ClocksAtMs
		}
	}
	b, _ := json.Marshal(v) // plain values: Marshal cannot fail
	return b
}
