package dashboard

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"tandem/hall/hub"
	"tandem/internal/webapi"
)

// Alert is one entry of the dashboard's alerts list: something a table
// raised (hub.TableState.Alerts) when it appeared, until the arbiter
// acknowledges it. A table never seen raises only its refusals, and
// "never connected" (kind offline) once Opts.NeverSeenAfter has passed.
// The list is sent newest first.
type Alert struct {
	// ID numbers the alerts from 1 in the order raised (POST /api/ack).
	ID int64 `json:"id"`
	// Table is the table id; Kind and Text the hub's (flag, claim,
	// offline, recovered, record).
	Table string        `json:"table"`
	Kind  hub.AlertKind `json:"kind"`
	Text  string        `json:"text"`
	// AtMs is when it appeared (hub clock, Unix ms). Active is true while
	// the table still raises it; ClearedMs is when it stopped (0 while
	// active).
	AtMs      int64 `json:"at_ms"`
	Active    bool  `json:"active"`
	ClearedMs int64 `json:"cleared_ms,omitempty"`
	// Acked is true once an arbiter acknowledged it, at AckedMs.
	Acked   bool  `json:"acked"`
	AckedMs int64 `json:"acked_ms,omitempty"`
}

// neverText is the list's alert for a configured table never seen once
// Opts.NeverSeenAfter has passed (its card says "never seen" at once).
const neverText = "never connected"

// alertKeys returns t's alerts that go to the list (s.mu held). A table
// seen raises all its alerts. A table never seen (LastSeen zero) raises
// a refusal (its login or messages refused: it cannot send a snapshot,
// so that is how a wrong [hall] shows), and, from Opts.NeverSeenAfter
// after New on, "never connected" for a configured table: the hub has
// run long enough for a working table to have been heard from.
func (s *Server) alertKeys(t hub.TableState) []hub.Alert {
	if !t.LastSeen.IsZero() {
		return t.Alerts
	}
	var out []hub.Alert
	for _, a := range t.Alerts {
		switch {
		case a.Kind == hub.AlertRefused:
			out = append(out, a)
		case a.Kind == hub.AlertOffline && s.neverDue:
			out = append(out, hub.Alert{Kind: hub.AlertOffline, Text: neverText})
		}
	}
	return out
}

// alertsChanged adds the alerts that appear from old to now and clears
// those gone, and reports whether the list changed (s.mu held).
func (s *Server) alertsChanged(old, now hub.TableState, at time.Time) bool {
	return s.alertsDiff(now.ID, s.alertKeys(old), s.alertKeys(now), at)
}

// alertsDiff adds table id's alerts in is not in was and clears those in
// was not in is, and reports whether the list changed (s.mu held).
func (s *Server) alertsDiff(id string, was, is []hub.Alert, at time.Time) bool {
	changed := false
	for _, a := range is {
		if !slices.Contains(was, a) {
			s.nextID++
			s.alerts = append(s.alerts, Alert{ID: s.nextID, Table: id, Kind: a.Kind, Text: a.Text, AtMs: at.UnixMilli(), Active: true})
			changed = true
		}
	}
	for _, a := range was {
		if slices.Contains(is, a) {
			continue
		}
		for i := len(s.alerts) - 1; i >= 0; i-- {
			e := &s.alerts[i]
			if e.Active && e.Table == id && e.Kind == a.Kind && e.Text == a.Text {
				e.Active, e.ClearedMs = false, at.UnixMilli()
				changed = true
				break
			}
		}
	}
	if n := len(s.alerts) - MaxAlerts; n > 0 {
		s.alerts = slices.Delete(s.alerts, 0, n)
	}
	return changed
}

// neverSeenDue raises "never connected" for the tables still never seen
// once Opts.NeverSeenAfter has passed since New.
func (s *Server) neverSeenDue() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctx.Err() != nil || s.neverDue {
		return
	}
	was := map[string][]hub.Alert{}
	for id, t := range s.states {
		was[id] = s.alertKeys(t)
	}
	s.neverDue = true
	changed := false
	now := time.Now()
	for id, t := range s.states {
		if s.alertsDiff(id, was[id], s.alertKeys(t), now) {
			changed = true
		}
	}
	if changed {
		s.rebuildAlerts()
	}
}

// rebuildAlerts encodes the list, newest first, and marks it for every
// client (s.mu held).
func (s *Server) rebuildAlerts() {
	out := make([]Alert, len(s.alerts))
	for i, a := range s.alerts {
		out[len(out)-1-i] = a
	}
	s.alertJS, _ = json.Marshal(out)
	for c := range s.clients {
		c.alerts = true
		c.signal()
	}
}

// AckRequest is the body of POST /api/ack: the alert to acknowledge, or
// All of them.
type AckRequest struct {
	ID  int64 `json:"id"`
	All bool  `json:"all"`
}

// serveAck answers POST /api/ack (arbiter): 200 {"acked": n}; 400 a bad
// body; 404 no alert with that id (among the MaxAlerts kept).
func (s *Server) serveAck(w http.ResponseWriter, r *http.Request) {
	var req AckRequest
	if err := webapi.Decode(w, r, &req, 1024); err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	if !req.All && req.ID <= 0 {
		webapi.Error(w, http.StatusBadRequest, `send {"id": N} (an alert's id) or {"all": true}`)
		return
	}
	now := time.Now().UnixMilli()
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for i := range s.alerts {
		a := &s.alerts[i]
		if (req.All || a.ID == req.ID) && !a.Acked {
			a.Acked, a.AckedMs = true, now
			n++
		}
	}
	if !req.All && n == 0 && !slices.ContainsFunc(s.alerts, func(a Alert) bool { return a.ID == req.ID }) {
		webapi.Error(w, http.StatusNotFound, "no alert with that id")
		return
	}
	if n > 0 {
		s.rebuildAlerts()
	}
	webapi.Write(w, http.StatusOK, map[string]int{"acked": n})
}
