package webapi

import (
	"context"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// StreamOpts configures Stream. The zero value of each field has the
// documented default.
type StreamOpts struct {
	// Heartbeat is how long a silence lasts before Beat's message is sent,
	// so the page tells a quiet server from a lost one. Zero means 1 s.
	Heartbeat time.Duration
	// Beat returns the heartbeat message; nil sends {"heartbeat":true}.
	Beat func(now time.Time) []byte
	// WriteWait bounds one message's write: a page that cannot take it in
	// that time is dropped (it reconnects). Zero means 5 s.
	WriteWait time.Duration
	// Done, when closed, ends every stream with a going-away close frame
	// saying Bye (the server stops).
	Done <-chan struct{}
	Bye  string
	// Conns, when set, caps the streams per client address and in
	// total: a stream past a cap is refused before the upgrade, with
	// 429 (the address's) or 503 (the total's), {"error": ...} and
	// Retry-After. Privileged streams (the arbiter's page) are never
	// refused for the total.
	Conns      *Conns
	Privileged bool
}

// Stream upgrades r to a WebSocket and sends first (nil: nothing), then,
// each time news receives a value, the message next makes of it (nil:
// nothing to send), with a heartbeat after each silence, until the page
// goes, a write fails, news is closed or opts.Done is closed. news is
// typically a latest.Value subscription, so a slow page gets the newest
// state, never a backlog. Upgrades from another origin are refused (403)
// by websocket.Accept's origin check; the page sends nothing (anything it
// sends is read and dropped). opts.Conns refuses a stream past its caps
// before the upgrade.
func Stream[T any](w http.ResponseWriter, r *http.Request, first []byte, news <-chan T, next func(v T, now time.Time) []byte, opts *StreamOpts) {
	var o StreamOpts
	if opts != nil {
		o = *opts
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = time.Second
	}
	if o.WriteWait <= 0 {
		o.WriteWait = 5 * time.Second
	}
	if o.Beat == nil {
		o.Beat = func(time.Time) []byte { return []byte(`{"heartbeat":true}`) }
	}
	if o.Conns != nil {
		release, ok := o.Conns.admit(w, clientAddr(r), o.Privileged)
		if !ok {
			return
		}
		defer release()
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	ctx := c.CloseRead(r.Context())
	hb := time.NewTimer(o.Heartbeat)
	defer hb.Stop()
	msg := first
	for {
		if msg != nil {
			wctx, cancel := context.WithTimeout(ctx, o.WriteWait)
			err := c.Write(wctx, websocket.MessageText, msg)
			cancel()
			if err != nil {
				return
			}
			hb.Reset(o.Heartbeat)
		}
		select {
		case <-ctx.Done():
			return
		case <-o.Done:
			c.Close(websocket.StatusGoingAway, o.Bye)
			return
		case v, ok := <-news:
			if !ok {
				c.Close(websocket.StatusGoingAway, o.Bye)
				return
			}
			msg = next(v, time.Now())
		case <-hb.C:
			msg = o.Beat(time.Now())
		}
	}
}
