package hub

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tandem/hall"
)

// This file stores the tables' records and results for them: a table
// never touches JetStream (its permissions do not allow it), it asks the
// hub on its own subjects (hall.StoreSubject, hall.LastSubject), and the
// hub files what it sends under the table its subject names (which the
// server's permissions bind to the table's login) with a message id the
// hub makes itself. So no table can file a result under another's name,
// nor take another's message id within the stream-wide duplicate window.

// storeQueue is the queue group of the hubs answering the tables'
// requests: one node of a cluster answers each.
const storeQueue = "tandem-hub"

// maxStoreWorkers bounds the requests stored at once; past it the
// subscription waits (the tables wait for each answer, so a table has
// at most one request out).
const maxStoreWorkers = 32

// serveTables answers the tables' store and last requests.
func (h *Hub) serveTables() error {
	for _, s := range []struct {
		subj string
		f    func(*nats.Msg)
	}{{hall.StoreSubject("*"), h.onStore}, {hall.LastSubject("*"), h.onLast}} {
		if _, err := h.nc.QueueSubscribe(s.subj, storeQueue, h.worker(s.f)); err != nil {
			return fmt.Errorf("hall: subscribing to %s: %w", s.subj, err)
		}
	}
	return nil
}

// worker runs f for each message on a goroutine of its own, at most
// maxStoreWorkers at once: a stream slow to acknowledge one table does
// not hold the others.
func (h *Hub) worker(f func(*nats.Msg)) nats.MsgHandler {
	return func(m *nats.Msg) {
		h.mu.Lock()
		if h.closed {
			h.mu.Unlock()
			return
		}
		h.workers.Add(1) // under h.mu, closed unset: before Close waits
		h.mu.Unlock()
		h.workSlots <- struct{}{}
		go func() {
			defer h.workers.Done()
			defer func() { <-h.workSlots }()
			f(m)
		}()
	}
}

// tableOf returns the table id of subject "tandem.table.<id><suffix>".
func tableOf(subject, suffix string) (string, bool) {
	rest, ok := strings.CutPrefix(subject, hall.SubjectPrefix)
	if !ok {
		return "", false
	}
	id, ok := strings.CutSuffix(rest, suffix)
	return id, ok && hall.ValidTableID(id) == nil
}

// forged says, for the head arbiter, that table from sent a message
// (what) naming table named.
func forged(from, what, named string) string {
	return fmt.Sprintf("the hub refuses table %s's %s naming table %q: a table speaks only for itself (a forgery, or a table whose [hall] table is wrong)", from, what, named)
}

// onStore stores a table's record or result (hall.StoreSubject).
func (h *Hub) onStore(m *nats.Msg) {
	answer := func(r hall.StoreReply) {
		r.V = hall.Version
		if data, err := json.Marshal(r); err == nil {
			m.Respond(data) // a lost answer is the table's timeout: it asks again
		}
	}
	id, ok := tableOf(m.Subject, ".store")
	if !ok {
		return
	}
	seq, err := strconv.ParseUint(m.Header.Get(hall.HeaderSeq), 10, 64)
	if err != nil || seq == 0 {
		answer(hall.StoreReply{Refused: fmt.Sprintf("header %s %q is not a record's sequence number", hall.HeaderSeq, m.Header.Get(hall.HeaderSeq))})
		return
	}
	expect, err := strconv.ParseUint(m.Header.Get(hall.HeaderExpect), 10, 64)
	if err != nil {
		answer(hall.StoreReply{Refused: fmt.Sprintf("header %s %q is not a stream sequence", hall.HeaderExpect, m.Header.Get(hall.HeaderExpect))})
		return
	}
	out := nats.NewMsg("")
	out.Data = m.Data
	out.Header.Set(hall.HeaderSeq, strconv.FormatUint(seq, 10))
	stream := m.Header.Get(hall.HeaderStream)
	switch stream {
	case hall.StreamRecords:
		out.Subject = hall.RecordSubject(id)
		if k := m.Header.Get(hall.HeaderKind); k != "" {
			out.Header.Set(hall.HeaderKind, k)
		}
	case hall.StreamResults:
		var r hall.Result
		if err := json.Unmarshal(m.Data, &r); err != nil || r.V < 1 || r.V > hall.Version {
			answer(hall.StoreReply{Refused: "not a result this hub reads"})
			return
		}
		if r.Table != id {
			text := forged(id, "result", r.Table)
			h.refuse(id, text, time.Now())
			answer(hall.StoreReply{Refused: text})
			return
		}
		if r.Seq != seq {
			answer(hall.StoreReply{Refused: fmt.Sprintf("the result's seq %d is not the request's %s %d", r.Seq, hall.HeaderSeq, seq)})
			return
		}
		out.Subject = hall.ResultSubject(id)
	default:
		answer(hall.StoreReply{Refused: fmt.Sprintf("header %s %q: want %q or %q", hall.HeaderStream, stream, hall.StreamRecords, hall.StreamResults)})
		return
	}
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	ack, err := h.js.PublishMsg(ctx, out, jetstream.WithMsgID(hall.MsgID(id, seq, stream == hall.StreamResults)),
		jetstream.WithExpectLastSequencePerSubject(expect))
	if err != nil {
		answer(hall.StoreReply{Error: err.Error()})
		return
	}
	answer(hall.StoreReply{Seq: ack.Sequence})
}

// onLast answers a table's catch-up (hall.LastSubject): the last record
// or result the streams hold of it.
func (h *Hub) onLast(m *nats.Msg) {
	id, ok := tableOf(m.Subject, ".last")
	if !ok {
		return
	}
	var r hall.LastReply
	var err error
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	switch string(m.Data) {
	case hall.StreamRecords:
		r, err = hall.LastStored(ctx, h.js, hall.RecordsStream, hall.RecordSubject(id))
	case hall.StreamResults:
		r, err = hall.LastStored(ctx, h.js, hall.ResultsStream, hall.ResultSubject(id))
	default:
		r.Refused = fmt.Sprintf("ask for %q or %q", hall.StreamRecords, hall.StreamResults)
	}
	if err != nil {
		r = hall.LastReply{Error: err.Error()}
	}
	r.V = hall.Version
	if data, err := json.Marshal(r); err == nil {
		m.Respond(data)
	}
}
