package hub

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"tandem/hall"
)

// This file collects the decided results from the results stream.

// onResult takes a result from the results stream.
func (h *Hub) onResult(m jetstream.Msg) {
	var seq uint64
	if md, err := m.Metadata(); err == nil {
		seq = md.Sequence.Stream
	}
	// The table is its subject's, never the payload's: the subject is
	// the one the table's login may publish on (before the hub stored
	// for the tables, a table could file a result naming another).
	id, ok := tableOf(m.Subject(), ".result")
	var r hall.Result
	if ok && json.Unmarshal(m.Data(), &r) == nil && r.V >= 1 && r.V <= hall.Version && r.Table != id {
		h.refuse(id, forged(id, "result", r.Table)+" (stored by an older hub: not counted)", time.Now())
		ok = false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if seq > h.resultSeq {
		h.resultSeq = seq
		defer h.resultTaken()
	}
	if !ok || r.V < 1 || r.V > hall.Version {
		return
	}
	key := id + "/" + r.Match
	if h.seen[key] {
		return // the stream holds it once; a restarted consumer may not
	}
	h.seen[key] = true
	h.results = append(h.results, r)
	for s := range h.subs {
		s.results = append(s.results, r)
		s.signal()
	}
}

// Results returns every decided result the results stream holds, in the
// order stored, each once.
func (h *Hub) Results() []hall.Result {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.results)
}

// resultTaken wakes the subscribers (SyncResults among them) after a
// message of the results stream was taken, a result or not (h.mu held).
func (h *Hub) resultTaken() {
	for s := range h.subs {
		s.signal()
	}
}
