package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/arbiter"
	"tandem/hall"
)

// This file sends the head arbiter's commands to the tables and asks
// the streams what they hold.

// Errors of Command.
var (
	// ErrUnknownTable: no snapshot ever came from the table and the hub's
	// configuration does not name it.
	ErrUnknownTable = errors.New("hall: unknown table")
	// ErrOffline: the table is offline (no heartbeat, or nothing answers
	// on its command subject).
	ErrOffline = errors.New("hall: the table is offline")
	// ErrClosed: the hub is closed.
	ErrClosed = errors.New("hall: the hub is closed")
)

// Command sends req to table id, as a hall.Command of this version, and
// returns its reply. It fails with an
// error wrapping ErrUnknownTable, ErrOffline (shown offline, or no table
// answers on its subject), context.DeadlineExceeded (no reply within
// Opts.CommandTimeout or ctx's deadline), or ErrClosed; a command the
// table could not read (hall.Reply.Error) is an error too. A refusal by the
// rules is not an error: it is in hall.Reply.Refused.
func (h *Hub) Command(ctx context.Context, id string, req arbiter.Request) (hall.Reply, error) {
	h.mu.Lock()
	closed := h.closed
	t, known := h.tables[id]
	online := known && t.Online
	var since time.Time
	if known {
		since = t.Since
	}
	h.mu.Unlock()
	switch {
	case closed:
		return hall.Reply{}, ErrClosed
	case !known:
		return hall.Reply{}, fmt.Errorf("%w %q", ErrUnknownTable, id)
	case !online:
		if since.IsZero() {
			return hall.Reply{}, fmt.Errorf("%w: table %s was never seen", ErrOffline, id)
		}
		return hall.Reply{}, fmt.Errorf("%w: table %s since %s", ErrOffline, id, since.Format("15:04:05"))
	}
	c := hall.Command{V: hall.Version, Request: req}
	data, err := json.Marshal(c)
	if err != nil {
		return hall.Reply{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, h.opts.CommandTimeout)
	defer cancel()
	m, err := h.nc.RequestWithContext(ctx, hall.CmdSubject(id), data)
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return hall.Reply{}, fmt.Errorf("%w: table %s does not answer on %s", ErrOffline, id, hall.CmdSubject(id))
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout):
		return hall.Reply{}, fmt.Errorf("hall: table %s did not answer %q within %v: %w", id, c.Action, h.opts.CommandTimeout, context.DeadlineExceeded)
	case err != nil:
		return hall.Reply{}, fmt.Errorf("hall: command %q to table %s: %w", c.Action, id, err)
	}
	var r hall.Reply
	if err := json.Unmarshal(m.Data, &r); err != nil {
		return hall.Reply{}, fmt.Errorf("hall: table %s answered %q with something not a reply: %v", id, c.Action, err)
	}
	if r.Error != "" {
		return r, fmt.Errorf("hall: table %s: %s", id, r.Error)
	}
	return r, nil
}

// LastRecord returns the sequence number of the last journal record the
// records stream holds for table id (0: none).
func (h *Hub) LastRecord(ctx context.Context, id string) (uint64, error) {
	seq, _, err := hall.LastMessage(ctx, h.js, hall.RecordsStream, hall.RecordSubject(id))
	return seq, err
}
