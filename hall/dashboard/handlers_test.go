package dashboard

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/config"
	"tandem/daemon"
	"tandem/hall/hub"
	"tandem/rules"
	"tandem/table"
)

// snapOf is d's match now.
func snapOf(d *daemon.Daemon) table.Snapshot { return d.Table.Snapshot() }

// Without a login every arbiter endpoint answers 403 and changes nothing;
// logged in, bad requests answer 400 (404 an unknown table, 409 a pairing
// without tournament) and change nothing either.
func TestHandlers_ArbiterOnlyAndBadRequests(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{})
	d := startTable(t, h, "t1", "")
	eventually(t, "t1 online", func() bool { v, ok := h.Table("t1"); return ok && v.Online })
	do(t, d, rules.Event{Kind: rules.Start})
	before := snapOf(d)

	spectator := ts.client(false)
	for path, body := range map[string]string{
		"/api/command":  `{"table":"t1","action":"pause"}`,
		"/api/all":      `{"action":"pause"}`,
		"/api/ack":      `{"all":true}`,
		"/api/pairings": `{"round":1,"name":"r1.txt","data":"1\n1 2\n"}`,
	} {
		if code, ans := ts.post(spectator, path, body); code != http.StatusForbidden || !strings.Contains(ans, "arbiter only") {
			t.Errorf("%s without login: %d %s", path, code, ans)
		}
	}
	// A wrong PIN is refused too.
	if code, _ := ts.post(spectator, "/api/login", `{"pin":"000000"}`); code != http.StatusUnauthorized {
		t.Errorf("wrong PIN: %d", code)
	}
	if code, ans := ts.post(spectator, "/api/command", `{"table":"t1","action":"pause"}`); code != http.StatusForbidden {
		t.Errorf("after a wrong PIN: %d %s", code, ans)
	}

	arb := ts.client(true)
	for _, c := range []struct {
		path, body, want string
		code             int
	}{
		{"/api/command", `not json`, "not the JSON expected", 400},
		{"/api/command", `{"table":"t1","action":"pause"} {}`, "after its JSON", 400},
		{"/api/command", `{"table":"t1","action":"explode"}`, `action "explode": use pause, resume, new, warn, penalty, call or arrive`, 400},
		{"/api/command", `{"table":"t1","action":"adjust"}`, `use pause, resume, new`, 400},
		{"/api/command", `{"table":"t1","action":"warn"}`, `seat: unknown seat`, 400},
		{"/api/command", `{"table":"t1","action":"call","tolerance":"1m","seat":"A-white"}`, `seat goes with actions warn`, 400},
		{"/api/command", `{"table":"t1","action":"pause","tolerance":"1m"}`, `tolerance goes with action`, 400},
		{"/api/command", `{"table":"t 1","action":"pause"}`, "table id", 400},
		{"/api/command", `{"table":"","action":"pause"}`, "table id", 400},
		{"/api/command", `{"table":"t1","action":"pause","seat":"A-white"}`, `seat goes with actions warn, penalty and arrive only`, 400},
		{"/api/command", `{"table":"t1","action":"pause","preset":"fics"}`, "with action \"new\" only", 400},
		{"/api/command", `{"table":"t9","action":"pause"}`, "unknown table", 404},
		{"/api/all", `{"action":"new"}`, `use pause, resume or call`, 400},
		{"/api/all", `{}`, `use pause, resume or call`, 400},
		{"/api/ack", `{}`, `{"id": N}`, 400},
		{"/api/ack", `{"id":99}`, "no alert", 404},
		{"/api/pairings", `{"round":1,"name":"r1.txt","data":"1\n1 2\n"}`, "no tournament", 409},
		{"/api/command", `{"table":"t1","action":"pause","x":"` + strings.Repeat("y", 5000) + `"}`, "larger than", 400},
	} {
		code, ans := ts.post(arb, c.path, c.body)
		var e struct{ Error string }
		json.Unmarshal([]byte(ans), &e)
		if code != c.code || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s %.60s: %d %s; want %d %q", c.path, c.body, code, ans, c.code, c.want)
		}
	}
	after := snapOf(d)
	if after.Status != rules.Running || after.Seq != before.Seq {
		t.Errorf("the table changed: %v seq %d -> %d", after.Status, before.Seq, after.Seq)
	}
	// A GET on an action is not routed to it: 405 in JSON, as every
	// error of the API.
	if code, body, hdr := ts.get("/api/command"); code != http.StatusMethodNotAllowed || hdr.Get("Allow") != "POST" || !strings.Contains(body, `"error":"GET /api/command: use POST"`) {
		t.Errorf("GET /api/command: %d %q %q", code, hdr, body)
	}
	if code, body, hdr := ts.get("/api/nothing"); code != http.StatusNotFound || hdr.Get("Content-Type") != "application/json" || !strings.Contains(body, `"error"`) {
		t.Errorf("GET /api/nothing: %d %q %q", code, hdr, body)
	}
	// Cross-origin POSTs are refused before the handler.
	req, _ := http.NewRequest("POST", ts.hs.URL+"/api/command", strings.NewReader(`{"table":"t1","action":"pause"}`))
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := arb.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var refusal struct{ Error string }
	json.NewDecoder(resp.Body).Decode(&refusal)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.HasPrefix(refusal.Error, "cross-origin request refused") || snapOf(d).Status != rules.Running {
		t.Errorf("cross-origin pause: %d %q, table %v", resp.StatusCode, refusal.Error, snapOf(d).Status)
	}
	// The page is served with its security headers.
	code, page, hdr := ts.get("/")
	if code != 200 || !strings.Contains(page, "TANDEM HALL") || !strings.Contains(hdr.Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("GET /: %d %q", code, hdr)
	}
}

// One table paused and resumed from the dashboard: the table itself says
// so; a refusal by the rules is an answer (200, ok false), not an error.
func TestCommand_PauseResumeNew(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{})
	d := startTable(t, h, "t1", "")
	eventually(t, "t1 online", func() bool { v, ok := h.Table("t1"); return ok && v.Online })
	do(t, d, rules.Event{Kind: rules.Start})
	arb := ts.client(true)
	var res CommandResult
	post := func(body string) {
		t.Helper()
		code, ans := ts.post(arb, "/api/command", body)
		if code != 200 {
			t.Fatalf("%s: %d %s", body, code, ans)
		}
		res = CommandResult{}
		json.Unmarshal([]byte(ans), &res)
	}
	post(`{"table":"t1","action":"pause"}`)
	if !res.OK || res.Status != "paused" || snapOf(d).Status != rules.Paused {
		t.Fatalf("pause: %+v, table %v", res, snapOf(d).Status)
	}
	post(`{"table":"t1","action":"pause"}`)
	if res.OK || (res.Refused == "" && res.Ignored == "") || res.Error != "" {
		t.Errorf("pause while paused: %+v", res)
	}
	post(`{"table":"t1","action":"resume"}`)
	if !res.OK || snapOf(d).Status != rules.Running {
		t.Fatalf("resume: %+v, table %v", res, snapOf(d).Status)
	}
	post(`{"table":"t1","action":"new"}`)
	if res.OK || res.Refused == "" || snapOf(d).Status != rules.Running {
		t.Errorf("new while running: %+v, table %v", res, snapOf(d).Status)
	}
	post(`{"table":"t1","action":"pause"}`)
	post(`{"table":"t1","action":"new","control":"5m"}`)
	if !res.OK || snapOf(d).Status != rules.Ready || d.Table.Snapshot().Options.Control.String() != "5m" {
		t.Errorf("new: %+v, table %v %v", res, snapOf(d).Status, d.Table.Snapshot().Options.Control)
	}
}

// Pause all reaches every online table at once and reports, per table,
// the one that is offline; resume all resumes them.
func TestAll_PauseAndResumeReportOffline(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{})
	d1 := startTable(t, h, "t1", "")
	d2 := startTable(t, h, "t2", "")
	d3 := startTable(t, h, "t3", "")
	eventually(t, "three tables", func() bool { return len(h.Tables()) == 3 })
	for _, d := range []*daemon.Daemon{d1, d2, d3} {
		do(t, d, rules.Event{Kind: rules.Start})
	}
	d3.Close()
	eventually(t, "t3 offline", func() bool { v, _ := h.Table("t3"); return !v.Online })
	arb := ts.client(true)
	code, ans := ts.post(arb, "/api/all", `{"action":"pause"}`)
	var res AllResult
	json.Unmarshal([]byte(ans), &res)
	if code != 200 || len(res.Tables) != 3 || res.Failed != 1 {
		t.Fatalf("pause all: %d %s", code, ans)
	}
	for i, id := range []string{"t1", "t2", "t3"} {
		r := res.Tables[i]
		if r.Table != id {
			t.Errorf("table %d is %s", i, r.Table)
		}
		if id == "t3" && !strings.Contains(r.Error, "offline") {
			t.Errorf("t3: %+v", r)
		}
		if id != "t3" && (!r.OK || r.Error != "") {
			t.Errorf("%s: %+v", id, r)
		}
	}
	if snapOf(d1).Status != rules.Paused || snapOf(d2).Status != rules.Paused {
		t.Errorf("after pause all: %v %v", snapOf(d1).Status, snapOf(d2).Status)
	}
	code, ans = ts.post(arb, "/api/all", `{"action":"resume"}`)
	if code != 200 || snapOf(d1).Status != rules.Running || snapOf(d2).Status != rules.Running {
		t.Errorf("resume all: %d %s; %v %v", code, ans, snapOf(d1).Status, snapOf(d2).Status)
	}
}

// "Resume all" resumes the paused tables and never starts a match: a
// table whose match has not started stays ready, and its answer says so.
func TestAll_ResumeNeverStartsAMatch(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{})
	d1 := startTable(t, h, "t1", "")
	d2 := startTable(t, h, "t2", "")
	eventually(t, "two tables online", func() bool {
		v1, _ := h.Table("t1")
		v2, _ := h.Table("t2")
		return v1.Online && v2.Online
	})
	do(t, d1, rules.Event{Kind: rules.Start})
	do(t, d1, rules.Event{Kind: rules.PauseSwitch})
	eventually(t, "t1 paused on the hub", func() bool { v, _ := h.Table("t1"); return v.Snap.Status == "paused" })
	code, ans := ts.post(ts.client(true), "/api/all", `{"action":"resume"}`)
	var res AllResult
	json.Unmarshal([]byte(ans), &res)
	if code != 200 || len(res.Tables) != 2 || !res.Tables[0].OK || res.Tables[1].OK || !strings.Contains(res.Tables[1].Ignored, "not started") {
		t.Fatalf("resume all: %d %s", code, ans)
	}
	if snapOf(d1).Status != rules.Running || snapOf(d2).Status != rules.Ready {
		t.Fatalf("after resume all: t1 %v, t2 %v; want running and ready", snapOf(d1).Status, snapOf(d2).Status)
	}
}

// A flag raises an alert with the table and the time, newest first; a
// table gone raises "offline"; the arbiter acknowledges them.
func TestAlerts_FlagOfflineAck(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{})
	d1 := startTable(t, h, "t1", "1s")
	d2 := startTable(t, h, "t2", "")
	w := ts.ws()
	w.until("both online", func(w *wsClient) bool { return w.tables["t1"].Online && w.tables["t2"].Online })
	do(t, d1, rules.Event{Kind: rules.Start})
	w.until("the flag alert", func(w *wsClient) bool { return len(w.alerts) > 0 && w.alerts[0].Kind == "flag" })
	a := w.alerts[0]
	if a.Table != "t1" || !a.Active || a.Acked || a.AtMs == 0 || !strings.HasPrefix(a.Text, "flag: ") {
		t.Errorf("flag alert %+v", a)
	}
	if tv := w.tables["t1"]; tv.Snap.Status != "decided" || tv.Snap.Reason == "" {
		t.Errorf("t1 after the flag: %+v", tv.Snap)
	}
	d2.Close()
	w.until("the offline alert", func(w *wsClient) bool { return len(w.alerts) > 0 && w.alerts[0].Kind == "offline" })
	if a := w.alerts[0]; a.Table != "t2" || a.ID <= w.alerts[1].ID {
		t.Errorf("newest first: %+v", w.alerts)
	}
	arb := ts.client(true)
	code, ans := ts.post(arb, "/api/ack", `{"id":`+itoa(a.ID)+`}`)
	if code != 200 || ans != "{\"acked\":1}\n" {
		t.Fatalf("ack: %d %q", code, ans)
	}
	w.until("acked", func(w *wsClient) bool {
		for _, x := range w.alerts {
			if x.ID == a.ID {
				return x.Acked
			}
		}
		t.Fatalf("alert %d gone: %+v", a.ID, w.alerts)
		return false
	})
	for _, x := range w.alerts {
		if x.ID != a.ID && x.Acked {
			t.Errorf("only the one acknowledged: %+v", w.alerts)
		}
	}
	code, ans = ts.post(arb, "/api/ack", `{"all":true}`)
	w.until("all acked", func(w *wsClient) bool { return w.alerts[0].Acked })
	if code != 200 || !strings.Contains(ans, `"acked":`) {
		t.Errorf("ack all: %d %s", code, ans)
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// The state file of another tournament, or one not JSON, stops New with
// the file named.
func TestNew_BadStateFile(t *testing.T) {
	h := newHub(t, "")
	dir := t.TempDir()
	for name, content := range map[string]string{
		"other.json":   `{"v":1,"tournament":"Other Open","round":1}`,
		"garbage.json": `{{{`,
		"future.json":  `{"v":9,"tournament":"Hall Open"}`,
		"round.json":   `{"v":1,"tournament":"Hall Open","round":9}`,
		"teams.json":   `{"v":1,"tournament":"Hall Open","round":1,"rounds":[{"round":1,"matches":[{"table":1,"team1":1,"team2":77}]}]}`,
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(content), 0o644)
		_, err := New(h, &Opts{PIN: testPIN, Tournament: loadTournament(t), StateFile: path})
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := New(h, &Opts{}); err == nil || !strings.Contains(err.Error(), "PIN") {
		t.Errorf("no PIN: %v", err)
	}
}

// A table the hub refuses (a wrong password: it never sends a snapshot)
// raises its refusal in the alerts list; a configured table never heard
// from raises "never connected" once NeverSeenAfter has passed, not
// before, and clears it when it connects.
func TestAlerts_RefusedAndNeverSeen(t *testing.T) {
	h, err := hub.New(&hub.Opts{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), OfflineAfter: 1500 * time.Millisecond,
		Tables: []hub.TableAuth{{ID: "t01", User: "t01", Password: "p1"}, {ID: "t05", User: "t05", Password: "p5"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	ts := newServer(t, h, Opts{NeverSeenAfter: 2 * time.Second})
	w := ts.ws()
	w.until("the state", func(w *wsClient) bool { return len(w.msgs) > 0 })
	if len(w.alerts) != 0 || w.tables["t05"].Snap.Status != "" {
		t.Fatalf("at start: alerts %+v", w.alerts)
	}
	table := func(id, password string) {
		cfg := config.Default()
		cfg.Journal.File = filepath.Join(t.TempDir(), id+".db")
		cfg.Console.Disabled = true
		cfg.Hall = config.Hall{URL: h.URL(), Table: id, User: id, Password: password}
		d, err := daemon.Start(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
	}
	table("t01", "wrong")
	has := func(w *wsClient, id string, kind hub.AlertKind, part string, active bool) bool {
		for _, a := range w.alerts {
			if a.Table == id && a.Kind == kind && strings.Contains(a.Text, part) && a.Active == active {
				return true
			}
		}
		return false
	}
	w.until("t01's refusal in the list", func(w *wsClient) bool { return has(w, "t01", hub.AlertRefused, "login refused", true) })
	w.until("t05 never connected", func(w *wsClient) bool { return has(w, "t05", hub.AlertOffline, "never connected", true) })
	_, st, _ := ts.get("/api/state")
	if !strings.Contains(st, `"never connected"`) || !strings.Contains(st, `"kind":"refused"`) {
		t.Errorf("/api/state: %.800s", st)
	}
	table("t05", "p5")
	w.until("t05's alert cleared", func(w *wsClient) bool {
		return has(w, "t05", hub.AlertOffline, "never connected", false) && w.tables["t05"].Online
	})
}
