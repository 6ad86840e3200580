package webapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Decode reads r's JSON body into v: at most limit bytes, exactly one
// object, no field v does not have. The error says what was wrong, for
// the page: a body too large, one that is not the JSON expected (naming
// the unknown field), or one with something after its object.
func Decode(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	d := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return fmt.Errorf("the request is larger than %d bytes", limit)
		}
		return fmt.Errorf("the request is not the JSON expected: %v", err)
	}
	if d.Decode(&struct{}{}) != io.EOF {
		return errors.New("the request has something after its JSON object")
	}
	return nil
}

// Write answers code with v as JSON, never cached.
func Write(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// Error answers code with {"error": msg}.
func Error(w http.ResponseWriter, code int, msg string) {
	Write(w, code, map[string]string{"error": msg})
}

// NotFound answers 404 with {"error": ...}: the API's answer for a path it
// does not have (net/http's own would be text/plain).
func NotFound(w http.ResponseWriter, r *http.Request) {
	Error(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path)
}

// JSONErrors serves mux, answering in JSON every request under prefix
// ("/api/") that mux has no route for, which net/http would answer in
// text/plain: 405 with Allow for a path of the API asked with another
// method, else NotFound. The API's own handlers answer the rest.
func JSONErrors(mux *http.ServeMux, prefix string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, prefix) {
			if _, pat := mux.Handler(r); !strings.Contains(pat, " "+prefix) {
				noRoute(mux, prefix, w, r)
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// noRoute answers a request under prefix that mux has no route for.
func noRoute(mux *http.ServeMux, prefix string, w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		if m == r.Method || (m == http.MethodGet && r.Method == http.MethodHead) {
			continue
		}
		alt := r.Clone(r.Context())
		alt.Method = m
		if _, pat := mux.Handler(alt); strings.Contains(pat, " "+prefix) {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		Error(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: use %s", r.Method, r.URL.Path, strings.Join(allow, " or ")))
		return
	}
	NotFound(w, r)
}

// CrossOrigin refuses cross-origin requests that are not safe
// (http.CrossOriginProtection: a POST from another site's page) with 403
// and {"error": ...}, and passes the others to h.
func CrossOrigin(h http.Handler) http.Handler {
	c := http.NewCrossOriginProtection()
	c.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Error(w, http.StatusForbidden, "cross-origin request refused: "+r.Method+" "+r.URL.Path+" comes from another site's page")
	}))
	return c.Handler(h)
}
