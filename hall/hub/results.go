package hub

import (
	"encoding/json"
	"slices"

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
	h.mu.Lock()
	defer h.mu.Unlock()
	if seq > h.resultSeq {
		h.resultSeq = seq
		defer h.resultTaken()
	}
	var r hall.Result
	if err := json.Unmarshal(m.Data(), &r); err != nil || r.V < 1 || r.V > hall.Version {
		return
	}
	key := r.Table + "/" + r.Match
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
