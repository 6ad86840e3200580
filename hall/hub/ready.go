package hub

import (
	"context"
	"fmt"

	"tandem/hall"
)

// This file holds the hub's readiness calls, in the spirit of
// nats-server's ReadyForConnections: a caller (a test, a tool) waits
// until the hub has taken what was sent, then looks, instead of letting
// time pass and hoping.

// WaitSnap waits until the hub has taken a snapshot of table id with
// Seq at least seq, of the link run boot ("": any run's). The hub takes
// one table's snapshots in the order published, so once it returns,
// every message published before that snapshot on the same connection
// has been handled (a message on another table's subject included). It
// returns ctx's error when ctx ends first, or ErrClosed.
func (h *Hub) WaitSnap(ctx context.Context, id, boot string, seq uint64) error {
	return h.wait(ctx, func() bool {
		t := h.tables[id]
		return t != nil && (boot == "" || h.boots[id] == boot) && t.Snap.Seq >= seq && !t.LastSeen.IsZero()
	}, fmt.Sprintf("table %s's snapshot %d", id, seq))
}

// SyncResults waits until the hub has taken every result the results
// stream holds now (Results returns them all). It returns an error when
// the stream cannot be asked, ctx ends first, or the hub closes.
func (h *Hub) SyncResults(ctx context.Context) error {
	s, err := h.js.Stream(ctx, hall.ResultsStream)
	if err != nil {
		return fmt.Errorf("hall: stream %s: %w", hall.ResultsStream, err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		return fmt.Errorf("hall: stream %s: %w", hall.ResultsStream, err)
	}
	last := info.State.LastSeq
	return h.wait(ctx, func() bool { return h.resultSeq >= last }, fmt.Sprintf("result %d of %s", last, hall.ResultsStream))
}

// wait waits until cond holds (checked with h.mu held) after any change
// of the hub.
func (h *Hub) wait(ctx context.Context, cond func() bool, what string) error {
	sub := h.Subscribe()
	defer sub.Close()
	for {
		h.mu.Lock()
		ok, closed := cond(), h.closed
		h.mu.Unlock()
		switch {
		case ok:
			return nil
		case closed:
			return ErrClosed
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("hall: waiting for %s: %w", what, ctx.Err())
		case <-sub.C():
		}
	}
}
