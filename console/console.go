package console

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"image/png"
	"io/fs"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"tandem/bughouse"
	"tandem/display"
	"tandem/i18n/lang"
	"tandem/internal/latest"
	"tandem/internal/pagekit"
	"tandem/internal/webapi"
	"tandem/internal/webauth"
	"tandem/table"
)

//go:embed assets
var assets embed.FS

// Opts configures New. PIN is required; every other zero value is usable.
type Opts struct {
	// PIN is the arbiter's PIN (config.Console.PIN, or webauth.GeneratePIN's). It
	// must not be empty.
	PIN string
	// Simulated shows the simulated panel (buttons, pause switch, display
	// mirror) and accepts its presses.
	Simulated bool
	// Display is the clocks' time format (nil: display.DefaultOpts).
	Display *display.Opts
	// MirrorBlackLeft[b] puts board b's Black player on the left of the
	// simulated panel's display mirror, as that board's display stands
	// (config [display.devices.NAME] left); false: White on the left.
	MirrorBlackLeft [2]bool
	// Lang is the table's language (config's language) when LangSet: the
	// page's language unless its switch says otherwise, and the
	// language of the display mirror. Without it the page speaks the
	// browser's language, and the mirror English, as the displays do.
	Lang    lang.Lang
	LangSet bool
	// Login sets the login's PIN budget, code limits, session life and
	// callbacks (OnCode: the one-time codes to show on the table; OnFail:
	// the failed logins to log), as webauth.Opts documents them; nil:
	// webauth's defaults. Its Cookie is the console's own.
	Login *webauth.Opts
	// MaxStreams and MaxStreamsPerAddr cap the page's live WebSockets,
	// in total and per client address (webapi.Conns; zero:
	// webapi.DefaultMaxStreams and DefaultMaxStreamsPerAddr). The
	// arbiter's own pages are never refused for the total.
	MaxStreams, MaxStreamsPerAddr int
}

// Info is what the table reports about itself beside the match, shown on
// the page: its link to the hall's hub. (Whether the match was recovered
// and whether it is recorded are the match's, in every table.Snapshot.)
type Info struct {
	// Hall is the table's link to the hall's hub, e.g. "hall offline
	// since 14:05" ("" when the table has none); HallOnline is true while
	// the hub is connected.
	Hall       string
	HallOnline bool
	// EBoard are the table's e-boards (none without [eboard]):
	// each one's line and alert.
	EBoard []EBoard
}

// EBoard is one e-board on the page: Text its state ("e-board A: E0001
// 1.7, normal"), Alert what the arbiter should look at ("" none: a board
// that no legal move explains, with Squares, the squares that differ
// from the scoresheet).
type EBoard struct {
	Board   string   `json:"board"`
	Text    string   `json:"text"`
	Online  bool     `json:"online"`
	Alert   string   `json:"alert"`
	Squares []string `json:"squares"`
}

// Server is the web console of one table. Make it with New, serve
// Handler, and Close it when the table stops.
type Server struct {
	t       *table.Table
	auth    *webauth.Auth
	sim     bool
	disp    *display.Opts
	mirror  [2]bool
	handler http.Handler

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// views are the latest view's JSON in each language, for the
	// sockets (GET /ws?lang=es): kept only for a language some socket
	// watches (watch), nil otherwise.
	views   [lang.Count]*latest.Value[[]byte]
	conns   *webapi.Conns // the sockets' caps
	lang    lang.Lang
	langSet bool
	texts   *display.Texts // the display mirror's words

	mu     sync.Mutex
	info   Info
	logs   [lang.Count][]LogEntry // the event log in each language
	logged uint64                 // the table's last log line shown (table.Logged.N)
	// prevStart and prevStarted are the start of the log's last line
	// (a reset's line is timed from its match's start); matches the
	// matches of the log's lines (View.Matches). view.go.
	prevStart   time.Duration
	prevStarted bool
	matches     []LogMatch
	lastSnap    table.Snapshot
	haveSnap    bool
	sheet       sheetView // the scoresheet's part of the view (moves.go)
	// watch counts the open sockets of each language. A table publishes
	// a snapshot for every digit a running clock shows (ten a second per
	// clock under tenths): a view is built and encoded for a language
	// only while a socket of it is open, so that a console nobody
	// watches costs no view at all (watchView).
	watch [lang.Count]int

	// builds counts the views built in each language (buildView): what
	// the tests read to see that nobody watching costs no view.
	builds [lang.Count]atomic.Uint64
}

// New returns the console of table t, which must be running (table.Run).
// It follows t's snapshots until Close. It returns an error when opts has
// no PIN.
func New(t *table.Table, opts *Opts) (*Server, error) {
	if opts == nil || opts.PIN == "" {
		return nil, errors.New("console: no arbiter PIN")
	}
	var lo webauth.Opts
	if opts.Login != nil {
		lo = *opts.Login
	}
	lo.Cookie = ""
	auth, err := webauth.New(opts.PIN, &lo)
	if err != nil {
		return nil, err
	}
	s := &Server{
		t: t, auth: auth, sim: opts.Simulated, disp: opts.Display, mirror: opts.MirrorBlackLeft,
		lang: opts.Lang, langSet: opts.LangSet, conns: webapi.NewConns(opts.MaxStreamsPerAddr, opts.MaxStreams),
	}
	if s.lang >= lang.Count {
		return nil, errors.New("console: unknown language")
	}
	for l := range s.views {
		s.views[l] = latest.New[[]byte](nil)
	}
	if s.langSet {
		s.texts = display.TextsFor(s.lang)
	}
	if s.disp == nil {
		s.disp = &display.DefaultOpts
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.handler = s.routes()
	s.update(t.Snapshot())
	snaps, stop := t.Subscribe()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case snap, ok := <-snaps:
				if !ok {
					return
				}
				s.update(snap)
			}
		}
	}()
	return s, nil
}

// Handler returns the console's HTTP handler: the page, its assets, the
// WebSocket and the JSON API (docs/console.md lists the endpoints).
func (s *Server) Handler() http.Handler { return s.handler }

// SetInfo shows info on the page (the daemon calls it when its Info
// changes).
func (s *Server) SetInfo(info Info) {
	s.mu.Lock()
	s.info = info
	s.rebuild()
	s.mu.Unlock()
}

// Close stops following the table and ends every open WebSocket. It
// returns nil; later calls do nothing.
func (s *Server) Close() error {
	s.cancel()
	s.wg.Wait()
	for _, v := range s.views {
		v.Close()
	}
	return nil
}

// update takes a new snapshot: the log, then the view. A snapshot older
// than the one shown (the subscription delivering what an action of this
// console already showed) is dropped: Seq never goes back in a table.
func (s *Server) update(snap table.Snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.haveSnap && (snap.Seq < s.lastSnap.Seq || (snap.Seq == s.lastSnap.Seq && snap.At < s.lastSnap.At)) {
		return
	}
	s.appendLog(snap)
	s.syncSheet(snap.Sheet)
	s.lastSnap, s.haveSnap = snap, true
	s.rebuild()
}

// rebuild encodes the view of the last snapshot for the sockets, in each
// language a socket watches; the others are built when a socket of
// theirs opens (watchView). s.mu is held.
func (s *Server) rebuild() {
	for _, l := range lang.Langs {
		if s.watch[l] > 0 {
			s.views[l].Store(s.encode(l))
		}
	}
}

// encode returns the JSON of the last snapshot's view in language l. s.mu
// is held.
func (s *Server) encode(l lang.Lang) []byte {
	// The view has only plain values: Marshal cannot fail.
	b, _ := json.Marshal(s.buildView(&s.lastSnap, l))
	return b
}

// watchView subscribes a socket to the views in language l: the view of
// the last snapshot at once, built now if no socket of l was open (none
// was kept meanwhile), then every later one. cancel ends the subscription;
// once the last socket of l has ended, l's views are no longer built.
func (s *Server) watchView(l lang.Lang) (views <-chan []byte, cancel func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.watch[l] == 0 {
		s.views[l].Store(s.encode(l))
	}
	s.watch[l]++
	views, stop := s.views[l].Subscribe()
	var once sync.Once
	return views, func() {
		once.Do(func() {
			stop()
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.watch[l]--; s.watch[l] == 0 {
				s.views[l].Store(nil) // not kept: the next socket builds its own
			}
		})
	}
}

// watchers returns how many sockets of language l are open.
func (s *Server) watchers(l lang.Lang) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.watch[l]
}

// viewJSON returns the JSON of the last snapshot's view in language l:
// the sockets' when some are open, else built for the caller alone.
func (s *Server) viewJSON(l lang.Lang) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.watch[l] > 0 {
		return s.views[l].Load()
	}
	return s.encode(l)
}

// langOf is the language a request asks for (?lang=es; the page's own
// choice, pagekit's i18n.js), English when none or an unknown one.
func langOf(r *http.Request) lang.Lang {
	l, err := lang.Parse(r.URL.Query().Get("lang"))
	if err != nil {
		return lang.English
	}
	return l
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	files := http.FileServerFS(static)
	mux.Handle("GET /", webauth.NoCache(files))
	mux.Handle("GET "+pagekit.Prefix, pagekit.Handler(&pagekit.Opts{Lang: func() (lang.Lang, bool) { return s.lang, s.langSet }}))
	mux.HandleFunc("GET /ws", s.serveWS)
	mux.HandleFunc("GET /api/state", s.serveState)
	mux.HandleFunc("GET /api/session", s.serveSession)
	mux.HandleFunc("POST /api/login", s.auth.ServeLogin)
	mux.HandleFunc("POST /api/logout", s.auth.ServeLogout)
	mux.HandleFunc("POST /api/action", s.serveAction)
	mux.HandleFunc("POST /api/press", s.servePress)
	mux.HandleFunc("GET /api/face/{file}", s.serveFace)
	mux.HandleFunc("POST /api/move", s.serveMove)
	mux.HandleFunc("POST /api/takeback", s.serveTakeBack)
	mux.HandleFunc("POST /api/test", s.serveTest)
	mux.HandleFunc("GET /api/position", s.servePosition)
	// Cross-origin POSTs are refused before any handler sees them; every
	// /api/ answer is JSON, a refusal or a path the API has not included.
	return webauth.SecurityHeaders(webapi.CrossOrigin(webapi.JSONErrors(mux, "/api/")))
}

// serveState answers GET /api/state: the view of the table's latest
// snapshot (taken now, not the subscription's, which may lag by one).
func (s *Server) serveState(w http.ResponseWriter, r *http.Request) {
	s.update(s.t.Snapshot())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(withServerTime(s.viewJSON(langOf(r)), time.Now()))
}

// serveFace answers GET /api/face/A.png and /api/face/B.png in simulated
// mode: board A's or B's display now, as the 128x64 SSD1306 shows it
// (display.BoardImage, with the record's note from Info:
// display.RecordNote), a PNG of that size (the page scales it up). 404
// for anything else.
func (s *Server) serveFace(w http.ResponseWriter, r *http.Request) {
	var b bughouse.Board
	switch r.PathValue("file") {
	case "A.png":
		b = bughouse.BoardA
	case "B.png":
		b = bughouse.BoardB
	default:
		webapi.NotFound(w, r)
		return
	}
	if !s.sim {
		webapi.Error(w, http.StatusNotFound, "no display mirror: this table is not simulated")
		return
	}
	snap := s.t.Snapshot()
	note := display.RecordNoteIn(snap.Recovered, snap.RecoveredAt.Local(), snap.RecordErr != "", s.texts)
	img := display.BoardImage(&snap.Snapshot, b, &display.ImageOpts{BlackLeft: s.mirror[b], Format: s.disp, Note: note, Texts: s.texts, Players: snap.Players})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		webapi.Error(w, http.StatusInternalServerError, "the display's image: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}

// withServerTime appends the server's wall clock (Unix ms) to a view's
// JSON, as "server_ms": the page's clock offset comes from it.
func withServerTime(view []byte, now time.Time) []byte {
	if len(view) < 2 {
		return view
	}
	b := make([]byte, 0, len(view)+32)
	b = append(b, view[:len(view)-1]...)
	b = append(b, `,"server_ms":`...)
	b = appendInt(b, now.UnixMilli())
	return append(b, '}')
}

func appendInt(b []byte, n int64) []byte {
	j, _ := json.Marshal(n)
	return append(b, j...)
}
