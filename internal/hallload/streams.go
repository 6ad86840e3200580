package hallload

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tandem/hall"
)

// lookWait bounds one request to the streams' API: a cluster without a
// metadata leader (a node just lost or restarted) may leave a request
// unanswered, and the callers ask again.
const lookWait = 5 * time.Second

// ReadStreams reads every message of the hub's records and results
// streams (hall.RecordsStream, hall.ResultsStream) in stream order, from
// the NATS server at url.
func ReadStreams(ctx context.Context, url string) (records, results []Stored, err error) {
	nc, err := nats.Connect(url, nats.Name("tandem hall-load reader"))
	if err != nil {
		return nil, nil, fmt.Errorf("connecting to the hub %s: %w", url, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, nil, err
	}
	if records, err = readStream(ctx, js, hall.RecordsStream); err != nil {
		return nil, nil, err
	}
	if results, err = readStream(ctx, js, hall.ResultsStream); err != nil {
		return nil, nil, err
	}
	return records, results, nil
}

// readStream reads every message stream holds now, in order, with an
// ordered consumer (no state left on the server).
func readStream(ctx context.Context, js jetstream.JetStream, name string) ([]Stored, error) {
	// The look up has a short wait of its own: a cluster that has just
	// lost a node may leave a request unanswered (ReadStreams' caller
	// asks again).
	look, cancel := context.WithTimeout(ctx, lookWait)
	defer cancel()
	s, err := js.Stream(look, name)
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", name, err)
	}
	info, err := s.Info(look)
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", name, err)
	}
	want := info.State.Msgs
	if want == 0 {
		return nil, nil
	}
	cons, err := s.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", name, err)
	}
	out := make([]Stored, 0, want)
	for uint64(len(out)) < want {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("stream %s: %d of %d messages read: %w", name, len(out), want, err)
		}
		batch, err := cons.Fetch(int(min(want-uint64(len(out)), 1000)), jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			return nil, fmt.Errorf("stream %s: %w", name, err)
		}
		n := 0
		for m := range batch.Messages() {
			n++
			seq, _ := strconv.ParseUint(m.Headers().Get(hall.HeaderSeq), 10, 64)
			out = append(out, Stored{Subject: m.Subject(), Seq: seq, Data: m.Data()})
		}
		if err := batch.Error(); err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrTimeout) {
			return nil, fmt.Errorf("stream %s: %w", name, err)
		}
		if n == 0 {
			return nil, fmt.Errorf("stream %s: %d of %d messages read, then nothing for 5 s", name, len(out), want)
		}
	}
	return out, nil
}

// WaitCaughtUp waits until the records stream holds, for each table, the
// last record of its journal (last[id]), or ctx ends. It returns the
// tables still behind then (nil when none).
func WaitCaughtUp(ctx context.Context, url string, last map[string]uint64) ([]string, error) {
	nc, err := nats.Connect(url, nats.Name("tandem hall-load waiter"))
	if err != nil {
		return nil, fmt.Errorf("connecting to the hub %s: %w", url, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	pending := map[string]uint64{}
	for id, n := range last {
		if n > 0 {
			pending[id] = n
		}
	}
	for {
		look, cancel := context.WithTimeout(ctx, lookWait) // one unanswered request must not end the wait
		s, err := js.Stream(look, hall.RecordsStream)
		if err == nil {
			for id, n := range pending {
				m, err := s.GetLastMsgForSubject(look, hall.RecordSubject(id))
				if err != nil {
					continue
				}
				if seq, _ := strconv.ParseUint(m.Header.Get(hall.HeaderSeq), 10, 64); seq >= n {
					delete(pending, id)
				}
			}
		}
		cancel()
		if len(pending) == 0 {
			return nil, nil
		}
		select {
		case <-ctx.Done():
			var behind []string
			for id := range pending {
				behind = append(behind, id)
			}
			return behind, nil
		case <-time.After(200 * time.Millisecond):
		}
	}
}
