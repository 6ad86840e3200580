package console

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"tandem/internal/webauth"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
	"tandem/rules"
	"tandem/table"
)

const testPIN = "2468"

// testTable returns a running table under preset name with control (""
// keeps the preset's); more sets other table options.
func testTable(t *testing.T, preset, control string, more ...func(*table.Opts)) (*table.Table, rules.Options) {
	t.Helper()
	p, err := rules.LookupPreset(preset)
	if err != nil {
		t.Fatal(err)
	}
	o := p.Options
	if control != "" {
		c, err := clock.Parse(control)
		if err != nil {
			t.Fatal(err)
		}
		c.IncrementBeforeFirstMove = o.Control.IncrementBeforeFirstMove
		o.Control = c
	}
	topts := &table.Opts{Options: o, Preset: preset}
	for _, f := range more {
		f(topts)
	}
	tb, err := table.New(topts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); tb.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return tb, o
}

type env struct {
	t   *testing.T
	tb  *table.Table
	srv *Server
	hs  *httptest.Server
}

func newEnv(t *testing.T, opts Opts, more ...func(*table.Opts)) *env {
	t.Helper()
	tb, _ := testTable(t, "reglamento", "", more...)
	if opts.PIN == "" {
		opts.PIN = testPIN
	}
	srv, err := New(tb, &opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return &env{t: t, tb: tb, srv: srv, hs: hs}
}

// request sends method path with body through the handler directly, from
// remote address from (e.g. "192.0.2.7:4000", another machine), with the
// given headers.
func (e *env) request(method, path, body, from string, hdr map[string]string) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = from
	r.Host = "tandem.local:8080"
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(w, r)
	return w
}

// login returns the session cookie of a login from address from.
func (e *env) login(from string) *http.Cookie {
	e.t.Helper()
	w := e.request("POST", "/api/login", `{"pin":"`+testPIN+`"}`, from, nil)
	if w.Code != http.StatusOK {
		e.t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	for _, c := range w.Result().Cookies() {
		if c.Name == "tandem_arbiter" {
			return c
		}
	}
	e.t.Fatal("login gave no session cookie")
	return nil
}

// settled returns the table's snapshot once every input posted before
// the call has been applied (a round trip through the loop).
func (e *env) settled() table.Snapshot {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.tb.Ping(ctx); err != nil {
		e.t.Fatal(err)
	}
	return e.tb.Snapshot()
}

// unchanged fails when the match moved on from before (an event applied,
// even an ignored one).
func (e *env) unchanged(before table.Snapshot, what string) {
	e.t.Helper()
	after := e.settled()
	// A running clock's time moves on by itself; a stopped one must not.
	if after.Seq != before.Seq || after.Status != before.Status || (before.Status != rules.Running && after.Clocks != before.Clocks) {
		e.t.Errorf("%s changed the match: seq %d -> %d, status %s -> %s", what, before.Seq, after.Seq, before.Status, after.Status)
	}
}

// every state-changing request, with a body that would change the match
// if it were allowed.
var stateChanging = []struct{ path, body string }{
	{"/api/action", `{"action":"start"}`},
	{"/api/action", `{"action":"pause"}`},
	{"/api/action", `{"action":"stop"}`},
	{"/api/action", `{"action":"resume"}`},
	{"/api/action", `{"action":"adjust","seat":"A-white","delta":"+30"}`},
	{"/api/action", `{"action":"claim","seat":"A-black","reason":"illegal-move"}`},
	{"/api/action", `{"action":"uphold"}`},
	{"/api/action", `{"action":"reject"}`},
	{"/api/action", `{"action":"declare","board":"A","outcome":"1-0","reason":"checkmate"}`},
	{"/api/action", `{"action":"new","preset":"online"}`},
	{"/api/press", `{"seat":"A-white"}`},
	{"/api/press", `{"pause":true}`},
	{"/api/move", `{"board":"A","move":"e4"}`},
	{"/api/takeback", `{"board":"A"}`},
}

const otherMachine = "192.0.2.7:40000"

func TestSecurity_NoSession_EveryStateChangingRequestRefused(t *testing.T) {
	e := newEnv(t, Opts{Simulated: true})
	// Adjusted before the start, so a refused action would have something
	// to change in every status.
	before := e.settled()
	for _, r := range stateChanging {
		w := e.request("POST", r.path, r.body, otherMachine, map[string]string{"Content-Type": "application/json"})
		if w.Code != http.StatusUnauthorized && w.Code != http.StatusForbidden {
			t.Errorf("POST %s %s without a session: %d, want 401 or 403", r.path, r.body, w.Code)
		}
	}
	e.unchanged(before, "requests without a session")
	if v := e.srv.buildViewNow(); v.Preset != "reglamento" {
		t.Errorf("preset changed to %q", v.Preset)
	}
}

func TestSecurity_WrongPIN_NoSession(t *testing.T) {
	e := newEnv(t, Opts{})
	before := e.settled()
	for _, body := range []string{`{"pin":"1357"}`, `{"pin":""}`, `{"pin":"24680"}`, `{"pin":"246"}`, `not json`} {
		w := e.request("POST", "/api/login", body, otherMachine, nil)
		if w.Code != http.StatusUnauthorized && w.Code != http.StatusBadRequest {
			t.Errorf("login %s: %d, want 401 (or 400 for a malformed body)", body, w.Code)
		}
		if len(w.Result().Cookies()) != 0 {
			t.Errorf("login %s set a cookie", body)
		}
	}
	w := e.request("POST", "/api/action", `{"action":"start"}`, otherMachine, nil)
	if w.Code != http.StatusUnauthorized {
		t.Errorf("action after failed logins: %d", w.Code)
	}
	// A made-up cookie is no session either.
	w = e.request("POST", "/api/action", `{"action":"start"}`, otherMachine, map[string]string{"Cookie": "tandem_arbiter" + "=forged"})
	if w.Code != http.StatusUnauthorized {
		t.Errorf("action with a forged cookie: %d", w.Code)
	}
	e.unchanged(before, "wrong PINs")
}

func TestSecurity_LoginBudget_429ForEveryAddress_CodeStillWorks(t *testing.T) {
	// Three wrong PINs are compared, then PIN logins lock for an hour.
	var codes []string
	e := newEnv(t, Opts{Login: &webauth.Opts{Free: 2, Delay: time.Hour, OnCode: func(c string) { codes = append(codes, c) }}})
	before := e.settled()
	for i := 0; i < 3; i++ {
		addr := fmt.Sprintf("192.0.2.%d:4000", 10+i)
		if w := e.request("POST", "/api/login", `{"pin":"0000"}`, addr, nil); w.Code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d, want 401", i+1, w.Code)
		}
	}
	// The fourth is refused even with the right PIN, from any address.
	w := e.request("POST", "/api/login", `{"pin":"`+testPIN+`"}`, "198.51.100.9:1234", nil)
	if w.Code != http.StatusTooManyRequests || len(w.Result().Cookies()) != 0 || !strings.Contains(w.Body.String(), "one-time code") {
		t.Errorf("fourth attempt: %d %s with cookies %v, want 429 naming the code and none", w.Code, w.Body, w.Result().Cookies())
	}
	// The one-time code the table shows lets the arbiter in.
	if len(codes) != 1 {
		t.Fatalf("codes told %q", codes)
	}
	w = e.request("POST", "/api/login", `{"code":"`+webauth.FormatCode(codes[0])+`"}`, "198.51.100.9:1235", nil)
	if w.Code != http.StatusOK || len(w.Result().Cookies()) != 1 || len(codes) != 2 {
		t.Errorf("code login: %d %s, codes told %q", w.Code, w.Body, codes)
	}
	e.unchanged(before, "locked logins")
}

func TestSecurity_CrossOriginPOST_Rejected(t *testing.T) {
	e := newEnv(t, Opts{Simulated: true})
	c := e.login(otherMachine)
	before := e.settled()
	cookie := map[string]string{"Cookie": c.Name + "=" + c.Value}
	for _, h := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "http://evil.example"},
	} {
		for k, v := range cookie {
			h[k] = v
		}
		for _, r := range stateChanging {
			w := e.request("POST", r.path, r.body, otherMachine, h)
			if w.Code != http.StatusForbidden {
				t.Errorf("POST %s %s with %v: %d, want 403", r.path, r.body, h, w.Code)
			}
		}
		// Login too: a cross-origin page must not even try PINs.
		if w := e.request("POST", "/api/login", `{"pin":"`+testPIN+`"}`, otherMachine, h); w.Code != http.StatusForbidden {
			t.Errorf("cross-origin login: %d", w.Code)
		}
	}
	e.unchanged(before, "cross-origin POSTs")
	// The same session from the same origin works.
	w := e.request("POST", "/api/action", `{"action":"start"}`, otherMachine, map[string]string{
		"Cookie": c.Name + "=" + c.Value, "Sec-Fetch-Site": "same-origin", "Origin": "http://tandem.local:8080"})
	if w.Code != http.StatusOK || e.settled().Status != rules.Running {
		t.Errorf("same-origin start: %d %s", w.Code, w.Body)
	}
}

func TestSecurity_WebSocketFromAnotherOrigin_Refused(t *testing.T) {
	e := newEnv(t, Opts{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(e.hs.URL, "http") + "/ws"
	before := e.settled()
	_, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("upgrade from another origin: err %v, response %v; want 403", err, resp)
	}
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {e.hs.URL}}})
	if err != nil {
		t.Fatalf("same-origin upgrade: %v", err)
	}
	defer c.CloseNow()
	if v := readView(t, ctx, c); v.Status != "ready" {
		t.Errorf("first message: status %q", v.Status)
	}
	e.unchanged(before, "WebSocket upgrades")
}

func TestSecurity_SpectatorOnAnotherMachine_CannotAct(t *testing.T) {
	e := newEnv(t, Opts{Simulated: true})
	// A started match, so presses and pauses would change it.
	if _, err := e.tb.Do(context.Background(), rules.Event{Kind: rules.Start}, time.Now()); err != nil {
		t.Fatal(err)
	}
	before := e.settled()
	// The spectator may look...
	if w := e.request("GET", "/api/state", "", otherMachine, nil); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"status":"running"`) {
		t.Errorf("GET /api/state: %d %.80s", w.Code, w.Body)
	}
	if w := e.request("GET", "/api/session", "", otherMachine, nil); !strings.Contains(w.Body.String(), `"arbiter":false`) || !strings.Contains(w.Body.String(), `"panel":false`) {
		t.Errorf("spectator's session: %s", w.Body)
	}
	// ...never act, even with the page's own headers, nor press the panel
	// with a loopback Host (a DNS-rebinding page is not this machine).
	for _, r := range stateChanging {
		for _, host := range []string{"tandem.local:8080", "127.0.0.1:8080"} {
			req := httptest.NewRequest("POST", r.path, strings.NewReader(r.body))
			req.RemoteAddr, req.Host = otherMachine, host
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			w := httptest.NewRecorder()
			e.srv.Handler().ServeHTTP(w, req)
			if w.Code != http.StatusUnauthorized && w.Code != http.StatusForbidden {
				t.Errorf("spectator POST %s %s (Host %s): %d", r.path, r.body, host, w.Code)
			}
		}
	}
	// A loopback peer with a foreign Host (DNS rebinding) cannot press.
	req := httptest.NewRequest("POST", "/api/press", strings.NewReader(`{"seat":"A-white"}`))
	req.RemoteAddr, req.Host = "127.0.0.1:5000", "evil.example:8080"
	w := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(w, req)
	if w.Code != http.StatusForbidden {
		t.Errorf("rebinding press: %d", w.Code)
	}
	e.unchanged(before, "a spectator")
}

func TestSecurity_Cookie_HttpOnlySameSiteStrictRandom(t *testing.T) {
	e := newEnv(t, Opts{})
	seen := map[string]bool{}
	for i := 0; i < 5; i++ {
		c := e.login(otherMachine)
		if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.MaxAge <= 0 {
			t.Errorf("cookie %+v: want HttpOnly, SameSite=Strict, Path=/", c)
		}
		if len(c.Value) < 43 || seen[c.Value] {
			t.Errorf("cookie value %q: want 32 random bytes, never repeated", c.Value)
		}
		seen[c.Value] = true
	}
	// Logout ends the session.
	c := e.login(otherMachine)
	h := map[string]string{"Cookie": c.Name + "=" + c.Value}
	e.request("POST", "/api/logout", "", otherMachine, h)
	if w := e.request("POST", "/api/action", `{"action":"start"}`, otherMachine, h); w.Code != http.StatusUnauthorized {
		t.Errorf("action after logout: %d", w.Code)
	}
}

func TestNew_NeedsAPIN(t *testing.T) {
	tb, _ := testTable(t, "reglamento", "")
	if _, err := New(tb, &Opts{}); err == nil {
		t.Error("New without a PIN succeeded")
	}
	if _, err := New(tb, nil); err == nil {
		t.Error("New with nil Opts succeeded")
	}
}

// arbiterEnv is an env with an arbiter session from another machine.
type arbiterEnv struct {
	*env
	cookie map[string]string
}

func newArbiter(t *testing.T, opts Opts) *arbiterEnv {
	e := newEnv(t, opts)
	c := e.login(otherMachine)
	return &arbiterEnv{env: e, cookie: map[string]string{"Cookie": c.Name + "=" + c.Value}}
}

func (a *arbiterEnv) act(body string) ActionResult {
	a.t.Helper()
	return a.actIn(body, "")
}

// actIn is act with the answer in language code l ("es"; "" English).
func (a *arbiterEnv) actIn(body, l string) ActionResult {
	a.t.Helper()
	path := "/api/action"
	if l != "" {
		path += "?lang=" + l
	}
	w := a.request("POST", path, body, otherMachine, a.cookie)
	if w.Code != http.StatusOK {
		a.t.Fatalf("action %s: %d %s", body, w.Code, w.Body)
	}
	var r ActionResult
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
		a.t.Fatal(err)
	}
	return r
}

func TestActions_ThroughTheTable(t *testing.T) {
	a := newArbiter(t, Opts{})
	if r := a.act(`{"action":"adjust","seat":"B-black","delta":"+1:30"}`); !r.OK {
		t.Errorf("adjust before the start: %+v", r)
	}
	if got := a.settled().Clocks[bughouse.BBlack].Remaining; got != 6*time.Minute+30*time.Second {
		t.Errorf("B-black after +1:30: %v", got)
	}
	if r := a.act(`{"action":"start"}`); !r.OK || r.Status != "running" {
		t.Errorf("start: %+v", r)
	}
	// The rules refuse an adjustment while the clocks run: the table
	// applies the refusal (an event, recorded and logged) and changes no
	// clock.
	before := a.settled()
	if r := a.act(`{"action":"adjust","seat":"A-white","delta":"+30"}`); r.OK || !strings.Contains(r.Refused, "pause the match before adjusting time") || !strings.Contains(r.Notice, "pause first") {
		t.Errorf("adjust while running: %+v", r)
	}
	if s := a.settled(); s.Seq != before.Seq+1 || s.Last.Kind != rules.Adjust || s.Effect.Refused == "" || s.Status != rules.Running {
		t.Errorf("adjust while running, the table: seq %d -> %d, last %s, effect %+v, %s", before.Seq, s.Seq, s.Last, s.Effect, s.Status)
	}
	// The table refuses a new match while the clocks run: not an event,
	// but the console's log lists it with the reason.
	before = a.settled()
	if r := a.act(`{"action":"new","control":"3m"}`); r.OK || !strings.Contains(r.Refused, "a match is in progress") || !strings.Contains(r.Notice, "pause first") {
		t.Errorf("new match while running: %+v", r)
	}
	a.unchanged(before, "a refused new match")
	if v := a.srv.buildViewNow(); v.Control != "5m" || v.Status != "running" {
		t.Errorf("after a refused new match: %s %s", v.Control, v.Status)
	}
	// A claim stops the clocks first (Art 29); an illegal-move claim
	// against a player who has not pressed is refused and the clocks
	// stay stopped.
	r := a.act(`{"action":"claim","seat":"A-black","reason":"illegal-move"}`)
	if r.OK || r.Refused == "" || r.Status != "paused" {
		t.Errorf("claim against no press: %+v", r)
	}
	if r := a.act(`{"action":"claim","seat":"B-white","reason":"flag"}`); !r.OK {
		t.Errorf("flag claim: %+v", r)
	}
	if v := a.srv.buildViewNow(); v.Claim == nil || v.Claim.Claimant != "B-white" || v.Claim.Accused != "B-black" {
		t.Errorf("pending claim %+v", v.Claim)
	}
	if r := a.act(`{"action":"reject"}`); !r.OK || !strings.Contains(r.Notice, "rejected") {
		t.Errorf("reject: %+v", r)
	}
	if r := a.act(`{"action":"adjust","seat":"A-white","delta":"-0:10"}`); !r.OK {
		t.Errorf("adjust while paused: %+v", r)
	}
	if r := a.act(`{"action":"resume","run":["A-black"]}`); !r.OK {
		t.Errorf("resume choosing A-black: %+v", r)
	}
	s := a.settled()
	if !s.Clocks[bughouse.ABlack].Running || !s.Clocks[bughouse.BWhite].Running || s.Clocks[bughouse.AWhite].Running {
		t.Errorf("after resume A-black: running %v", [4]bool{s.Clocks[0].Running, s.Clocks[1].Running, s.Clocks[2].Running, s.Clocks[3].Running})
	}
	// A result stops the clocks first, then decides the match.
	if r := a.act(`{"action":"declare","board":"B","outcome":"0-1","reason":"resignation"}`); !r.OK || r.Status != "decided" {
		t.Errorf("declare: %+v", r)
	}
	v := a.srv.buildViewNow()
	if v.Result != "1-0" || v.Reason != "resignation" || v.Article != "Art 32" || v.Boards[1].Text != "B-black won (resignation)" {
		t.Errorf("result %q %q %q %q", v.Result, v.Reason, v.Article, v.Boards[1].Text)
	}
	if !strings.HasPrefix(v.ResultText, "1-0 resignation") || !strings.HasSuffix(v.ResultText, "team 1 wins: A-white + B-black") {
		t.Errorf("result text %q", v.ResultText)
	}
	// Each action is in the log with its time from the start.
	var events []string
	for _, e := range v.Log {
		events = append(events, e.Event)
	}
	want := []string{"adjust B-black +90s", "start", "adjust A-white +30s", "new match reglamento 3m", "pause", "claim A-black illegal-move", "claim B-white flag", "reject", "adjust A-white -10s", "resume A-black", "pause", "result B 0-1 resignation"}
	if strings.Join(events, "|") != strings.Join(want, "|") {
		t.Errorf("log events\n%q\nwant\n%q", events, want)
	}
	// A time of the match (m:ss.mmm), whatever the machine's speed (under
	// qemu on an ARM1176 the third action came 1.096 s in).
	matchTime := regexp.MustCompile(`^[0-9]+:[0-5][0-9]\.[0-9]{3}$`)
	if v.Log[0].Time != "before start" || !matchTime.MatchString(v.Log[2].Time) || !matchTime.MatchString(v.Log[3].Time) {
		t.Errorf("log times %q %q %q", v.Log[0].Time, v.Log[2].Time, v.Log[3].Time)
	}
	if e := v.Log[2]; e.Kind != "refused" || e.Note != "refused: pause the match before adjusting time" || e.Console {
		t.Errorf("refused adjustment logged as %+v", e)
	}
	if e := v.Log[3]; e.Kind != "refused" || !e.Console || !strings.HasPrefix(e.Note, "refused: a match is in progress") || !strings.Contains(e.Note, "pause first") {
		t.Errorf("refused new match logged as %+v", e)
	}
	if v.Log[5].Kind != "refused" || !strings.HasPrefix(v.Log[5].Note, "refused: ") {
		t.Errorf("refused claim logged as %+v", v.Log[5])
	}
	if last := v.Log[len(v.Log)-1]; last.Kind != "decision" || !strings.Contains(last.Note, "(Art 32)") {
		t.Errorf("decision logged as %+v", last)
	}
	// New match with another preset and control, after a confirmation on
	// the page; the table is reconfigured.
	if r := a.act(`{"action":"new","preset":"online","control":"3m+2s"}`); !r.OK {
		t.Errorf("new match: %+v", r)
	}
	v = a.srv.buildViewNow()
	if v.Status != "ready" || v.Preset != "online" || v.Control != "3m+2s" || v.Clocks[0].RemainingMs != 180000 {
		t.Errorf("new match view: %s %s %s %d", v.Status, v.Preset, v.Control, v.Clocks[0].RemainingMs)
	}
	if len(v.DrawHow) != 0 { // online: a draw only by the agreement of all four (agree), never one board's
		t.Errorf("online's draw menu %+v", v.DrawHow)
	}
}

func TestActions_BadRequests_400_NothingChanged(t *testing.T) {
	a := newArbiter(t, Opts{})
	before := a.settled()
	for _, body := range []string{
		`{"action":"fly"}`, `{"action":"adjust","seat":"C-white","delta":"+3"}`, `{"action":"adjust","seat":"A-white","delta":"30"}`,
		`{"action":"claim","seat":"A-white","reason":"checkmate"}`, `{"action":"declare","board":"C","outcome":"1-0","reason":"checkmate"}`,
		`{"action":"declare","board":"A","outcome":"2-0","reason":"checkmate"}`, `{"action":"resume","run":["A-white","A-black"]}`,
		`{"action":"new","preset":"fide"}`, `{"action":"new","control":"0s"}`, `{"action":"new","control":"zz"}`, `[`,
	} {
		w := a.request("POST", "/api/action", body, otherMachine, a.cookie)
		if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), `"error"`) {
			t.Errorf("%s: %d %s", body, w.Code, w.Body)
		}
	}
	a.unchanged(before, "bad requests")
}

func TestPress_LoopbackWithoutLogin_PostsAsTheButton(t *testing.T) {
	e := newEnv(t, Opts{Simulated: true})
	post := func(body string) int {
		resp, err := http.Post(e.hs.URL+"/api/press", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post(`{"pause":true}`); code != http.StatusAccepted { // released: starts
		t.Fatalf("pause switch: %d", code)
	}
	if s := e.settled(); s.Status != rules.Running {
		t.Fatalf("pause switch before the start: %s", s.Status)
	}
	post(`{"seat":"A-white"}`)
	s := e.settled()
	if !s.Clocks[bughouse.ABlack].Running || s.Clocks[bughouse.AWhite].Moves != 1 {
		t.Errorf("after A-white's press: A-black running %v, A-white moves %d", s.Clocks[bughouse.ABlack].Running, s.Clocks[bughouse.AWhite].Moves)
	}
	post(`{"pause":true}`)
	if s := e.settled(); s.Status != rules.Paused {
		t.Errorf("pause switch while running: %s", s.Status)
	}
	if code := post(`{"seat":"X"}`); code != http.StatusBadRequest {
		t.Errorf("unknown seat: %d", code)
	}
}

func TestPress_NotSimulated_404(t *testing.T) {
	e := newEnv(t, Opts{Simulated: false})
	before := e.settled()
	resp, err := http.Post(e.hs.URL+"/api/press", "application/json", strings.NewReader(`{"pause":true}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("press in hardware mode: %d", resp.StatusCode)
	}
	e.unchanged(before, "a press in hardware mode")
	if v := e.srv.buildViewNow(); v.Simulated || len(v.Faces) != 0 {
		t.Errorf("hardware view shows the panel: %v %q", v.Simulated, v.Faces)
	}
}

func readView(t *testing.T, ctx context.Context, c *websocket.Conn) View {
	t.Helper()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	var v View
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	json.Unmarshal(b, &raw)
	if _, ok := raw["server_ms"]; !ok {
		t.Error("message without server_ms")
	}
	return v
}

func TestWebSocket_PushesEverySnapshot_ResyncsOnReconnect(t *testing.T) {
	a := newArbiter(t, Opts{Simulated: true})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(a.hs.URL, "http") + "/ws"
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := readView(t, ctx, c); v.Seq != 0 || v.Status != "ready" || len(v.Faces) != 2 {
		t.Fatalf("first view: seq %d %s faces %d", v.Seq, v.Status, len(v.Faces))
	}
	a.act(`{"action":"start"}`)
	for {
		v := readView(t, ctx, c)
		if v.Status == "running" {
			if !v.Clocks[bughouse.AWhite].Running || v.AtMs == 0 || v.Last == nil || v.Last.Event != "start" {
				t.Errorf("running view: %+v", v.Clocks[bughouse.AWhite])
			}
			break
		}
	}
	c.Close(websocket.StatusNormalClosure, "")
	// While the page is away the match moves on; on reconnect the first
	// message is the whole state.
	a.act(`{"action":"pause"}`)
	a.act(`{"action":"adjust","seat":"A-black","delta":"+5"}`)
	want := a.settled().Seq
	c2, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.CloseNow()
	v := readView(t, ctx, c2)
	if v.Seq != want || v.Status != "paused" || len(v.Log) != 3 || v.Log[2].Event != "adjust A-black +5s" {
		t.Errorf("after reconnect: seq %d (want %d) %s log %+v", v.Seq, want, v.Status, v.Log)
	}
}

func TestInfo_ShownOnThePage(t *testing.T) {
	at := time.Date(2026, 11, 29, 20, 15, 0, 0, time.UTC)
	e := newEnv(t, Opts{}, func(o *table.Opts) {
		o.Restore = &table.Restore{Events: []rules.Event{{Kind: rules.Start}}, Until: time.Second, RecoveredAt: at}
		o.RecordErr = "disk full"
	})
	eb := EBoard{Board: "A", Text: "e-board A: E0001 1.7, normal", Online: true, Alert: "board A, after A-white's press: ...", Squares: []string{"e2", "e4"}}
	e.srv.SetInfo(Info{Hall: "hall online since 20:10", HallOnline: true, EBoard: []EBoard{eb}})
	w := e.request("GET", "/api/state", "", otherMachine, nil)
	var v View
	json.Unmarshal(w.Body.Bytes(), &v)
	if !v.Info.Recovered || v.Info.RecoveredAt != "2026-11-29T20:15:00Z" || v.Info.RecordErr != "disk full" ||
		v.Info.Hall != "hall online since 20:10" || !v.Info.HallOnline {
		t.Errorf("info %+v", v.Info)
	}
	if len(v.Info.EBoard) != 1 || v.Info.EBoard[0].Alert != eb.Alert || strings.Join(v.Info.EBoard[0].Squares, " ") != "e2 e4" {
		t.Errorf("e-boards %+v", v.Info.EBoard)
	}
}

// TestView_PlayersBesideTheSeats: /api/state gives each seat its player,
// the match's (a new match's names show with its first snapshot); with
// none set, none.
func TestView_PlayersBesideTheSeats(t *testing.T) {
	names := [4]string{"Ana", "Bo", "Cy", "Di"}
	e := newEnv(t, Opts{}, func(o *table.Opts) { o.Players = names })
	v := e.spectatorView()
	for _, seat := range bughouse.Seats {
		if c := v.Clocks[seat]; c.Seat != seat.String() || c.Player != names[seat] {
			t.Errorf("clock %d: seat %q player %q, want %s %q", seat, c.Seat, c.Player, seat, names[seat])
		}
	}
	names = [4]string{"Eva", "", "Gil", "Hal"}
	if r, err := e.tb.Command(context.Background(), arbiter.Command{Kind: arbiter.SetPlayers, Players: names}, time.Now()); err != nil || !r.OK {
		t.Fatal(r, err)
	}
	v = e.spectatorView()
	if got := [4]string{v.Clocks[0].Player, v.Clocks[1].Player, v.Clocks[2].Player, v.Clocks[3].Player}; got != names {
		t.Errorf("players after a change %q, want %q", got, names)
	}
	if v := newEnv(t, Opts{}).spectatorView(); v.Clocks[0].Player != "" || !strings.Contains(string(mustJSON(t, v)), `"player":""`) {
		t.Errorf("without players: %+v", v.Clocks[0])
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPage_EmbeddedAssets_NoCDN(t *testing.T) {
	e := newEnv(t, Opts{})
	for _, p := range []string{"/", "/app.js", "/style.css"} {
		w := e.request("GET", p, "", otherMachine, nil)
		if w.Code != http.StatusOK || w.Body.Len() < 500 {
			t.Errorf("GET %s: %d, %d bytes", p, w.Code, w.Body.Len())
		}
		for _, bad := range []string{"http://", "https://", "//cdn"} {
			if bytes.Contains(w.Body.Bytes(), []byte(bad)) {
				t.Errorf("%s refers to %q: every asset must be embedded", p, bad)
			}
		}
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: CSP %q", p, csp)
		}
	}
}

func TestFace_PNGOfTheBoardDisplay(t *testing.T) {
	e := newEnv(t, Opts{Simulated: true, MirrorBlackLeft: [2]bool{false, true}})
	if _, err := e.tb.Do(context.Background(), rules.Event{Kind: rules.Start}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := e.tb.Do(context.Background(), rules.Event{Kind: rules.Pause}, time.Now()); err != nil {
		t.Fatal(err) // paused: the image does not change between the two reads
	}
	snap := e.settled()
	for b, name := range []string{"A.png", "B.png"} {
		w := e.request("GET", "/api/face/"+name, "", otherMachine, nil)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("GET %s: %d %s", name, w.Code, w.Header().Get("Content-Type"))
		}
		img, err := png.Decode(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		want := display.BoardImage(&snap.Snapshot, bughouse.Board(b), &display.ImageOpts{BlackLeft: b == 1, Format: &display.DefaultOpts})
		if img.Bounds() != want.Bounds() {
			t.Fatalf("%s: bounds %v", name, img.Bounds())
		}
		for y := 0; y < display.ImageHeight; y++ {
			for x := 0; x < display.ImageWidth; x++ {
				if g := color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y; g != want.GrayAt(x, y).Y {
					t.Fatalf("%s: pixel (%d,%d) = %d, want %d", name, x, y, g, want.GrayAt(x, y).Y)
				}
			}
		}
	}
	if w := e.request("GET", "/api/face/C.png", "", otherMachine, nil); w.Code != http.StatusNotFound {
		t.Errorf("C.png: %d", w.Code)
	}
	hw := newEnv(t, Opts{})
	if w := hw.request("GET", "/api/face/A.png", "", otherMachine, nil); w.Code != http.StatusNotFound {
		t.Errorf("face on a hardware table: %d", w.Code)
	}
}

// With nothing to report the WebSocket still says each second that the
// table is alive: the page takes silence as a lost connection (a power
// cut closes no TCP connection).
func TestWebSocket_HeartbeatWhileNothingChanges(t *testing.T) {
	e := newEnv(t, Opts{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.hs.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if v := readView(t, ctx, c); v.Status != "ready" {
		t.Fatalf("first view: %s", v.Status)
	}
	for i := 0; i < 2; i++ {
		start := time.Now()
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var hb struct {
			Heartbeat bool  `json:"heartbeat"`
			ServerMs  int64 `json:"server_ms"`
			Seq       *int  `json:"seq"`
		}
		if err := json.Unmarshal(b, &hb); err != nil || !hb.Heartbeat || hb.ServerMs == 0 || hb.Seq != nil {
			t.Fatalf("message %d while nothing changes: %s (%v)", i, b, err)
		}
		if d := time.Since(start); d > heartbeatEvery+time.Second {
			t.Errorf("heartbeat %d after %v", i, d)
		}
	}
}

// A refused claim leaves the clocks stopped: the notice says to resume,
// but not once the match is decided.
func TestActions_RefusedClaimNotice_OnlyWhilePlayGoesOn(t *testing.T) {
	a := newArbiter(t, Opts{})
	a.act(`{"action":"start"}`)
	if r := a.act(`{"action":"claim","seat":"A-black","reason":"illegal-move"}`); r.Refused == "" || r.Status != "paused" || !strings.Contains(r.Notice, "resume when play goes on") {
		t.Errorf("refused claim while playing: %+v", r)
	}
	if r := a.act(`{"action":"declare","board":"A","outcome":"1-0","reason":"checkmate"}`); !r.OK || r.Status != "decided" {
		t.Fatalf("declare: %+v", r)
	}
	if r := a.act(`{"action":"claim","seat":"B-white","reason":"flag"}`); r.Refused == "" || r.Notice != "" || r.Status != "decided" {
		t.Errorf("claim after the decision: %+v", r)
	}
	if r := a.act(`{"action":"adjust","seat":"B-white","delta":"+30"}`); r.Refused == "" || r.Notice != "" {
		t.Errorf("adjust after the decision: %+v", r)
	}
}
