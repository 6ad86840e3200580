package webapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
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
