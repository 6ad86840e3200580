package hallload

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// wsMessage is what the measuring client reads of the dashboard's
// WebSocket messages (docs/hall.md, "The dashboard"): {"type":"state"} the
// whole dashboard, then {"type":"update"} with the tables that changed,
// each in its latest state, and {"type":"heartbeat"}.
type wsMessage struct {
	Type   string `json:"type"`
	Tables []struct {
		ID   string `json:"id"`
		Snap struct {
			Events      uint64 `json:"events"`
			LastEventNs int64  `json:"last_event_ns"`
		} `json:"snap"`
	} `json:"tables"`
}

// Watcher is the measuring client: it reads the dashboard's /ws and hands
// every table state to a Tracker, stamped with its arrival. It reconnects
// when the connection drops (the hub was killed) until its context ends.
type Watcher struct {
	url      string
	tr       *Tracker
	conns    atomic.Int64 // connections made
	messages atomic.Int64 // messages read
	bad      atomic.Int64 // messages that did not read as JSON
}

// NewWatcher returns a watcher of the dashboard at addr ("host:port").
func NewWatcher(addr string, tr *Tracker) *Watcher {
	return &Watcher{url: "ws://" + addr + "/ws", tr: tr}
}

// Run reads the dashboard until ctx ends, reconnecting every 100 ms
// after a failure.
func (w *Watcher) Run(ctx context.Context) {
	for ctx.Err() == nil {
		w.read(ctx)
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (w *Watcher) read(ctx context.Context) error {
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	c, _, err := websocket.Dial(dctx, w.url, nil)
	cancel()
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(64 << 20) // the first state holds every table
	conn := time.Now()
	w.conns.Add(1)
	for {
		_, data, err := c.Read(ctx)
		recv := time.Now()
		if err != nil {
			return err
		}
		w.messages.Add(1)
		var m wsMessage
		if err := json.Unmarshal(data, &m); err != nil {
			w.bad.Add(1)
			continue
		}
		for _, t := range m.Tables {
			w.tr.Observe(t.ID, t.Snap.Events, t.Snap.LastEventNs, recv, conn)
		}
	}
}

// Counts returns the connections made, the messages read and those that
// did not read.
func (w *Watcher) Counts() (conns, messages, bad int64) {
	return w.conns.Load(), w.messages.Load(), w.bad.Load()
}

// String describes the watcher for messages.
func (w *Watcher) String() string { return fmt.Sprintf("dashboard watcher %s", w.url) }
