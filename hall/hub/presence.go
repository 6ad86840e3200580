package hub

import (
	"encoding/json"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/hall"
)

// This file follows the tables' snapshots: a table online while they
// arrive, offline after Opts.OfflineAfter without one.

// onSnap takes a table's snapshot.
func (h *Hub) onSnap(m *nats.Msg) {
	now := time.Now()
	var s hall.Snap
	if err := json.Unmarshal(m.Data, &s); err != nil || s.V < 1 || s.V > hall.Version {
		return // not a snapshot this version reads
	}
	id := m.Subject[len(hall.SubjectPrefix) : len(m.Subject)-len(".snap")]
	if s.Table != id {
		// The subject is the table's login's; a snapshot naming
		// another table is refused, and shown.
		h.refuse(id, forged(id, "snapshot", s.Table), now)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	t := h.tables[id]
	if t == nil {
		t = &TableState{ID: id}
		h.tables[id] = t
	}
	if h.boots[id] == s.Boot && s.Seq <= t.Snap.Seq {
		return // came late
	}
	h.boots[id] = s.Boot
	if !t.Online {
		t.Online, t.Since = true, now
	}
	t.LastSeen = now
	t.Snap = s
	if s.SentMs > 0 {
		t.ClockOffset = time.UnixMilli(s.SentMs).Sub(now)
		t.clockFar = t.ClockOffset > h.opts.ClockTolerance || t.ClockOffset < -h.opts.ClockTolerance
	}
	t.alerts()
	h.changed(id)
}

// watchOffline marks tables offline after OfflineAfter without a
// snapshot.
func (h *Hub) watchOffline() {
	defer h.wg.Done()
	tick := time.NewTicker(h.opts.OfflineAfter / 4)
	defer tick.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case now := <-tick.C:
			h.mu.Lock()
			for id, t := range h.tables {
				off := t.Online && now.Sub(t.LastSeen) > h.opts.OfflineAfter
				if off {
					t.Online, t.Since = false, now
				}
				unrefused := t.Refused != "" && now.Sub(t.refusedAt) > refusedFor
				if unrefused {
					t.Refused = ""
				}
				if off || unrefused {
					t.alerts()
					h.changed(id)
				}
			}
			for text, at := range h.told {
				if now.Sub(at) >= time.Minute {
					delete(h.told, text)
				}
			}
			h.mu.Unlock()
		}
	}
}
