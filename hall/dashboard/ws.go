package dashboard

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"tandem/hall"
	"tandem/internal/webapi"
)

// The WebSocket /ws sends JSON text messages, each an object with "type"
// and "server_ms" (the hub's wall clock at sending, Unix ms: the page's
// clock offset comes from it). docs/hall.md, "The dashboard", is the
// reference.
//
//	{"type":"state", ...}     first, the whole dashboard: "tables" (every
//	                          TableView, sorted by id), "alerts" (Alert,
//	                          newest first), "results", "standings",
//	                          "tournament" (lists.go)
//	{"type":"update", ...}    then after each change, only what changed:
//	                          "tables" holds the tables that changed (each
//	                          in its latest state: a table that changed
//	                          several times meanwhile is sent once);
//	                          "alerts", "results", "standings" and
//	                          "tournament", when present, are whole
//	                          (replace the page's)
//	{"type":"heartbeat"}      after each Opts.Heartbeat without news: the
//	                          page shows CONNECTION LOST after 3 s of
//	                          silence
//
// The page sends nothing. A reader that falls behind is never sent stale
// states: it gets each table's latest when it takes the next message.

// serveWS streams the dashboard to one page (webapi.Stream): the whole
// state first, then what changed after each wake, with a heartbeat in the
// silences. Upgrades from another origin are refused (403).
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	cl := &client{wake: make(chan struct{}, 1), tables: map[string]bool{}}
	s.mu.Lock()
	s.clients[cl] = struct{}{}
	first := s.stateMsg(time.Now())
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.clients, cl)
		s.mu.Unlock()
	}()
	next := func(_ struct{}, now time.Time) []byte {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.updateMsg(cl, now)
	}
	webapi.Stream(w, r, first, cl.wake, next, &webapi.StreamOpts{
		Heartbeat: s.opts.Heartbeat, Done: s.ctx.Done(), Bye: "the hub stopped",
		Conns: s.conns, Privileged: s.auth.Arbiter(r),
		Beat: func(now time.Time) []byte { return append(appendHead(nil, "heartbeat", now), '}') },
	})
}

// appendHead appends `{"type":"<typ>","server_ms":N` to b.
func appendHead(b []byte, typ string, now time.Time) []byte {
	b = append(b, `{"type":"`...)
	b = append(b, typ...)
	b = append(b, `","server_ms":`...)
	return strconv.AppendInt(b, now.UnixMilli(), 10)
}

// appendTables appends `,"tables":[...]` with the views of ids, sorted.
func (s *Server) appendTables(b []byte, ids []string) []byte {
	slices.SortFunc(ids, hall.CompareIDs)
	b = append(b, `,"tables":[`...)
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, s.views[id]...)
	}
	return append(b, ']')
}

// stateMsg is the whole dashboard, {"type":"state",...} (s.mu held).
func (s *Server) stateMsg(now time.Time) []byte {
	ids := make([]string, 0, len(s.views))
	for id := range s.views {
		ids = append(ids, id)
	}
	b := appendHead(make([]byte, 0, 1024+len(ids)*700), "state", now)
	b = s.appendTables(b, ids)
	b = append(b, `,"alerts":`...)
	b = append(b, s.alertJS...)
	b = append(b, ',')
	b = append(b, s.lists...)
	return append(b, '}')
}

// updateMsg is what changed for cl since its last message, nil when
// nothing did; it clears cl's marks (s.mu held).
func (s *Server) updateMsg(cl *client, now time.Time) []byte {
	if len(cl.tables) == 0 && !cl.alerts && !cl.lists {
		return nil
	}
	b := appendHead(make([]byte, 0, 256+len(cl.tables)*700), "update", now)
	if len(cl.tables) > 0 {
		ids := make([]string, 0, len(cl.tables))
		for id := range cl.tables {
			ids = append(ids, id)
		}
		clear(cl.tables)
		b = s.appendTables(b, ids)
	}
	if cl.alerts {
		cl.alerts = false
		b = append(b, `,"alerts":`...)
		b = append(b, s.alertJS...)
	}
	if cl.lists {
		cl.lists = false
		b = append(b, ',')
		b = append(b, s.lists...)
	}
	return append(b, '}')
}

// serveState answers GET /api/state: the WebSocket's first message
// ({"type":"state",...}), for scripts.
func (s *Server) serveState(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	b := s.stateMsg(time.Now())
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}
