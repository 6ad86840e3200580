package hub

import (
	"slices"

	"tandem/hall"
)

// This file lets readers (the dashboard) follow the hub: the tables
// and their changes, the results as they arrive.

// Tables returns every table's state, sorted by id: the configured ones
// (Opts.Tables) and every table that sent a snapshot.
func (h *Hub) Tables() []TableState {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]TableState, 0, len(h.tables))
	for _, t := range h.tables {
		out = append(out, t.clone())
	}
	slices.SortFunc(out, func(a, b TableState) int { return hall.CompareIDs(a.ID, b.ID) })
	return out
}

// Table returns table id's state, and false when the hub does not know it.
func (h *Hub) Table(id string) (TableState, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t, ok := h.tables[id]
	if !ok {
		return TableState{}, false
	}
	return t.clone(), true
}

// changed marks table id changed for every subscriber (h.mu held).
func (h *Hub) changed(id string) {
	for s := range h.subs {
		s.dirty[id] = true
		s.signal()
	}
}

// Sub follows the hub's changes: C is signalled when Tables or Results
// would return something; neither blocks the hub. Make it with Subscribe;
// Close it.
type Sub struct {
	h       *Hub
	c       chan struct{}
	dirty   map[string]bool
	results []hall.Result
}

// Subscribe returns a subscription to table changes and new results. No
// change is lost: a table that changed several times before the reader
// looks is returned once, in its latest state.
func (h *Hub) Subscribe() *Sub {
	s := &Sub{h: h, c: make(chan struct{}, 1), dirty: map[string]bool{}}
	h.mu.Lock()
	if !h.closed {
		h.subs[s] = struct{}{}
	}
	h.mu.Unlock()
	return s
}

func (s *Sub) signal() {
	select {
	case s.c <- struct{}{}:
	default:
	}
}

// C returns the channel signalled (without blocking the hub) after a
// change.
func (s *Sub) C() <-chan struct{} { return s.c }

// Tables returns the latest state of each table that changed since the
// last call, sorted by id.
func (s *Sub) Tables() []TableState {
	h := s.h
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]TableState, 0, len(s.dirty))
	for id := range s.dirty {
		out = append(out, h.tables[id].clone())
	}
	clear(s.dirty)
	slices.SortFunc(out, func(a, b TableState) int { return hall.CompareIDs(a.ID, b.ID) })
	return out
}

// Results returns the results that arrived since the last call, in order.
func (s *Sub) Results() []hall.Result {
	h := s.h
	h.mu.Lock()
	defer h.mu.Unlock()
	out := s.results
	s.results = nil
	return out
}

// Close ends the subscription.
func (s *Sub) Close() {
	s.h.mu.Lock()
	delete(s.h.subs, s)
	s.h.mu.Unlock()
}
