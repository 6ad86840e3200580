package hall

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go/jetstream"
)

// lastMsg returns the journal sequence number (HeaderSeq) and the data of
// the last message on subject subj of stream; 0 when the stream holds none.
func lastMsg(ctx context.Context, js jetstream.JetStream, stream, subj string) (uint64, []byte, error) {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return 0, nil, fmt.Errorf("hall: stream %s: %w", stream, err)
	}
	m, err := s.GetLastMsgForSubject(ctx, subj)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, nil, nil
	}
	if err != nil {
		return 0, nil, fmt.Errorf("hall: the last message of %s: %w", subj, err)
	}
	v := m.Header.Get(HeaderSeq)
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, nil, fmt.Errorf("hall: the last message of %s has %s %q, not a sequence number", subj, HeaderSeq, v)
	}
	return n, m.Data, nil
}
