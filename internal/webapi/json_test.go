package webapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Every answer under /api/ is JSON: a path the API does not have, a
// method it does not take there (with Allow), a cross-origin POST; the
// API's own answers and the page are as they were.
func TestJSONErrors(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("page")) })
	mux.HandleFunc("GET /api/state", func(w http.ResponseWriter, r *http.Request) { Write(w, 200, map[string]int{"seq": 1}) })
	mux.HandleFunc("POST /api/action", func(w http.ResponseWriter, r *http.Request) { Write(w, 200, map[string]bool{"ok": true}) })
	mux.HandleFunc("GET /api/face/{file}", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("png")) })
	h := CrossOrigin(JSONErrors(mux, "/api/"))
	for _, c := range []struct {
		method, path string
		hdr          map[string]string
		code         int
		allow, body  string
	}{
		{"GET", "/api/nothing", nil, 404, "", `no such endpoint: GET /api/nothing`},
		{"GET", "/api/", nil, 404, "", `no such endpoint: GET /api/`},
		{"POST", "/api/face/A.png", nil, 405, "GET", `POST /api/face/A.png: use GET`},
		{"PUT", "/api/action", nil, 405, "POST", `PUT /api/action: use POST`},
		{"GET", "/api/action", nil, 405, "POST", `GET /api/action: use POST`},
		{"HEAD", "/api/action", nil, 405, "POST", ``},
		{"POST", "/api/state", nil, 405, "GET", `POST /api/state: use GET`},
		{"BREW", "/api/state", nil, 405, "GET", `BREW /api/state: use GET`},
		{"DELETE", "/api/nothing", nil, 404, "", `no such endpoint: DELETE /api/nothing`},
		{"POST", "/api/action", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"}, 403, "", `cross-origin request refused: POST /api/action`},
		{"GET", "/api/state", nil, 200, "", `{"seq":1}`},
		{"POST", "/api/action", nil, 200, "", `{"ok":true}`},
	} {
		r := httptest.NewRequest(c.method, c.path, strings.NewReader("{}"))
		for k, v := range c.hdr {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		var e struct{ Error string }
		body := w.Body.String()
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != c.code || w.Header().Get("Content-Type") != "application/json" || w.Header().Get("Allow") != c.allow ||
			(c.code != 200 && c.method != "HEAD" && !strings.HasPrefix(e.Error, c.body)) || (c.code == 200 && strings.TrimSpace(body) != c.body) {
			t.Errorf("%s %s: %d %q Allow %q %q; want %d Allow %q %q", c.method, c.path, w.Code, w.Header().Get("Content-Type"), w.Header().Get("Allow"), body, c.code, c.allow, c.body)
		}
	}
	// The page and the other paths are the mux's.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/apiary", nil))
	if w.Code != 200 || w.Body.String() != "page" {
		t.Errorf("GET /apiary: %d %q", w.Code, w.Body)
	}
}
