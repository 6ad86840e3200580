package dashboard

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tandem/config"
	"tandem/daemon"
	"tandem/hall/hub"
	"tandem/rules"
	"tandem/tournament"
)

const testPIN = "135790"

// wait bounds every wait on the hub, the tables and the page.
const wait = 15 * time.Second

// newHub starts a real hub (embedded NATS, JetStream in a temp dir) on a
// free loopback port, with a short offline delay.
func newHub(t *testing.T, store string) *hub.Hub {
	t.Helper()
	if store == "" {
		store = t.TempDir()
	}
	h, err := hub.New(&hub.Opts{Listen: "127.0.0.1:0", StoreDir: store, OfflineAfter: 1500 * time.Millisecond, CommandTimeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// startTable runs a real table (package daemon: table, record, hall link)
// joined to hub h as id, with a short time control.
func startTable(t *testing.T, h *hub.Hub, id, control string) *daemon.Daemon {
	t.Helper()
	cfg := config.Default()
	if control != "" {
		c, err := config.Parse("t.toml", []byte("[time]\ncontrol = \""+control+"\"\n"))
		if err != nil {
			t.Fatal(err)
		}
		cfg = c
	}
	cfg.Journal.File = filepath.Join(t.TempDir(), id+".db")
	cfg.Console.Disabled = true
	cfg.Hall = config.Hall{URL: h.URL(), Table: id}
	d, err := daemon.Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// do applies event e on d's table now.
func do(t *testing.T, d *daemon.Daemon, e rules.Event) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if _, err := d.Table.Do(ctx, e, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// eventually polls cond until it holds or fails the test with what.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(wait)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("waited %v for %s", wait, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// testServer is a dashboard served over HTTP.
type testServer struct {
	t   *testing.T
	s   *Server
	hs  *httptest.Server
	hub *hub.Hub
	arb *http.Client // logged in once (logins are rate limited)
}

// arbiter returns the test's logged-in client.
func (ts *testServer) arbiter() *http.Client {
	if ts.arb == nil {
		ts.arb = ts.client(true)
	}
	return ts.arb
}

func newServer(t *testing.T, h *hub.Hub, opts Opts) *testServer {
	t.Helper()
	if opts.PIN == "" {
		opts.PIN = testPIN
	}
	if opts.Retry == 0 {
		opts.Retry = 200 * time.Millisecond
	}
	s, err := New(h, &opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	return &testServer{t: t, s: s, hs: hs, hub: h}
}

// client returns an HTTP client with its own cookies, logged in when
// arbiter is true.
func (ts *testServer) client(arbiter bool) *http.Client {
	ts.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: wait}
	if arbiter {
		code, body := ts.post(c, "/api/login", `{"pin":"`+testPIN+`"}`)
		if code != 200 {
			ts.t.Fatalf("login: %d %s", code, body)
		}
	}
	return c
}

// post sends body to path and returns the status and the answer.
func (ts *testServer) post(c *http.Client, path, body string) (int, string) {
	ts.t.Helper()
	req, _ := http.NewRequest("POST", ts.hs.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String()
}

// get fetches path and returns the status, the answer and its headers.
func (ts *testServer) get(path string) (int, string, http.Header) {
	ts.t.Helper()
	resp, err := http.Get(ts.hs.URL + path)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String(), resp.Header
}

// message is a WebSocket message as a test reads it.
type message struct {
	Type       string            `json:"type"`
	ServerMs   int64             `json:"server_ms"`
	Tables     []TableView       `json:"tables"`
	Alerts     []Alert           `json:"alerts"`
	Results    []ResultRow       `json:"results"`
	Standings  []StandingRow     `json:"standings"`
	Tournament *TournamentView   `json:"tournament"`
	Raw        map[string]any    `json:"-"`
	Present    map[string]bool   `json:"-"`
	Extra      map[string]string `json:"-"`
}

// wsClient follows /ws and keeps the dashboard as the page would.
type wsClient struct {
	t      *testing.T
	c      *websocket.Conn
	tables map[string]TableView
	alerts []Alert
	result []ResultRow
	stand  []StandingRow
	tour   *TournamentView
	msgs   []message
}

func (ts *testServer) ws() *wsClient {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.hs.URL, "http")+"/ws", nil)
	if err != nil {
		ts.t.Fatal(err)
	}
	c.SetReadLimit(16 << 20)
	ts.t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t: ts.t, c: c, tables: map[string]TableView{}}
}

// next reads one message and applies it.
func (w *wsClient) next(ctx context.Context) (message, error) {
	_, data, err := w.c.Read(ctx)
	if err != nil {
		return message{}, err
	}
	var m message
	if err := json.Unmarshal(data, &m); err != nil {
		w.t.Fatalf("message %s: %v", data, err)
	}
	var raw map[string]json.RawMessage
	json.Unmarshal(data, &raw)
	m.Present = map[string]bool{}
	for k := range raw {
		m.Present[k] = true
	}
	if m.Type == "state" {
		clear(w.tables)
	}
	for _, tv := range m.Tables {
		w.tables[tv.ID] = tv
	}
	if m.Present["alerts"] {
		w.alerts = m.Alerts
	}
	if m.Present["results"] {
		w.result = m.Results
	}
	if m.Present["standings"] {
		w.stand = m.Standings
	}
	if m.Present["tournament"] {
		w.tour = m.Tournament
	}
	w.msgs = append(w.msgs, m)
	return m, nil
}

// until reads messages until cond holds on the client's dashboard.
func (w *wsClient) until(what string, cond func(w *wsClient) bool) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for !cond(w) {
		if _, err := w.next(ctx); err != nil {
			w.t.Fatalf("waiting on /ws for %s: %v", what, err)
		}
	}
}

// tournamentFile is a six-team, five-round tournament.
const tournamentFile = `name = "Hall Open"
rounds = 5
time_control = "3m+2s"

[[team]]
name = "Alfiles"
players = [{ name = "Ana, A" }, { name = "Bea, B" }]

[[team]]
name = "Torres"
players = [{ name = "Ciro, C" }, { name = "Dani, D" }]

[[team]]
name = "Caballos"
players = [{ name = "Eva, E" }, { name = "Fede, F" }]

[[team]]
name = "Damas"
players = [{ name = "Gala, G" }, { name = "Hugo, H" }]
`

func loadTournament(t *testing.T) *tournament.Tournament {
	t.Helper()
	tn, err := tournament.Parse("hall.toml", []byte(tournamentFile))
	if err != nil {
		t.Fatal(err)
	}
	return tn
}
