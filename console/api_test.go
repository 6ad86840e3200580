package console

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// Every /api/ answer is JSON, as docs/console.md promises: a path the API
// does not have, a method it does not take there, a display mirror that
// does not exist, a cross-origin POST, a body too large or not JSON, a
// spectator's action (net/http's own answers would be text/plain).
func TestAPI_ErrorsAreJSON(t *testing.T) {
	tb, _ := testTable(t, "reglamento", "")
	srv, err := New(tb, &Opts{PIN: testPIN})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, c := range []struct {
		method, path, body string
		hdr                map[string]string
		code               int
		want               string
	}{
		{"GET", "/api/face/A.png", "", nil, 404, "no display mirror: this table is not simulated"},
		{"GET", "/api/face/C.png", "", nil, 404, "no such endpoint"},
		{"GET", "/api/nothing", "", nil, 404, "no such endpoint: GET /api/nothing"},
		{"POST", "/api/state", "{}", nil, 405, "POST /api/state: use GET"},
		{"GET", "/api/action", "", nil, 405, "GET /api/action: use POST"},
		{"PUT", "/api/action", "{}", nil, 405, "PUT /api/action: use POST"},
		{"DELETE", "/api/session", "", nil, 405, "DELETE /api/session: use GET"},
		{"PATCH", "/api/login", "{}", nil, 405, "PATCH /api/login: use POST"},
		{"POST", "/api/action", `{"action":"start"}`, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"}, 403, "cross-origin request refused"},
		{"POST", "/api/login", `{"pin":"` + strings.Repeat("1", 5000) + `"}`, nil, 400, "the request is larger than"},
		{"POST", "/api/login", `pin=1234`, nil, 400, "the request is not the JSON expected"},
		{"POST", "/api/action", `{"action":"start"}`, nil, 401, ""},
		{"POST", "/api/press", `{"pause":true}`, nil, 404, "the simulated panel exists only in simulated mode"},
	} {
		r := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		r.RemoteAddr = otherMachine
		for k, v := range c.hdr {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		srv.Handler().ServeHTTP(w, r)
		var e struct{ Error string }
		if w.Code != c.code || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") || json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Error == "" || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s %s: %d %s %q, want %d with a JSON error %q", c.method, c.path, w.Code, w.Header().Get("Content-Type"), w.Body, c.code, c.want)
		}
	}
}
