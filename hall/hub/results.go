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
	var r hall.Result
	if err := json.Unmarshal(m.Data(), &r); err != nil || r.V < 1 || r.V > hall.Version {
		return
	}
	key := r.Table + "/" + r.Match
	h.mu.Lock()
	defer h.mu.Unlock()
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
