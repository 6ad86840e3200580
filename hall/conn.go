package hall

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"strconv"
	"tandem/internal/inputfile"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// This file holds what both ends of the hall's NATS (a table's Link and
// the hub, package hall/hub) do alike.

// LastMessage returns the journal sequence number (HeaderSeq) and the data
// of the last message on subject subj of stream; 0 and nil when the stream
// holds none. Errors name the stream or subject: the stream missing, the
// server unreachable, a last message without a sequence number.
func LastMessage(ctx context.Context, js jetstream.JetStream, stream, subj string) (uint64, []byte, error) {
	s, err := lastStored(ctx, js, stream, subj)
	return s.seq, s.data, err
}

// stored is the last message of a subject: its journal sequence number,
// data and stream sequence (all zero: none).
type stored struct {
	seq  uint64
	data []byte
	at   uint64
}

// LastStored is LastMessage with the stream sequence: the hub's answer
// to a LastSubject request.
func LastStored(ctx context.Context, js jetstream.JetStream, stream, subj string) (LastReply, error) {
	s, err := lastStored(ctx, js, stream, subj)
	return LastReply{V: Version, Seq: s.seq, At: s.at, Data: s.data}, err
}

// lastStored is LastMessage with the stream sequence.
func lastStored(ctx context.Context, js jetstream.JetStream, stream, subj string) (stored, error) {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return stored{}, fmt.Errorf("hall: stream %s: %w", stream, err)
	}
	m, err := s.GetLastMsgForSubject(ctx, subj)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return stored{}, nil
	}
	if err != nil {
		return stored{}, fmt.Errorf("hall: the last message of %s: %w", subj, err)
	}
	v := m.Header.Get(HeaderSeq)
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return stored{}, fmt.Errorf("hall: the last message of %s has %s %q, not a sequence number", subj, HeaderSeq, v)
	}
	return stored{seq: n, data: m.Data, at: m.Sequence}, nil
}

// Credentials returns the NATS connect options for one set of
// credentials: a user and password, a token, an nkey seed file (read
// now) and a credentials file (checked readable now: nats.go reads it at
// each login, and a missing file would look like a network fault for
// ever). Empty fields add nothing. The error names the file that cannot
// be read.
func Credentials(user, password, token, nkeySeedFile, credsFile string) ([]nats.Option, error) {
	var opts []nats.Option
	if user != "" {
		opts = append(opts, nats.UserInfo(user, password))
	}
	if token != "" {
		opts = append(opts, nats.Token(token))
	}
	if nkeySeedFile != "" {
		// nats.go reads the file itself: a FIFO or a device there would
		// hang or fill the memory. Read it once through a limit first.
		if _, err := inputfile.Read(nkeySeedFile, maxCredentials); err != nil {
			return nil, fmt.Errorf("hall: nkey seed file: %w", err)
		}
		o, err := nats.NkeyOptionFromSeed(nkeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("hall: nkey seed file %s: %w", nkeySeedFile, err)
		}
		opts = append(opts, o)
	}
	if credsFile != "" {
		// A FIFO or a device would hang it or fill the memory.
		if _, err := inputfile.Read(credsFile, maxCredentials); err != nil {
			return nil, fmt.Errorf("hall: creds file: %w", err)
		}
		opts = append(opts, nats.UserCredentials(credsFile))
	}
	return opts, nil
}

// maxCredentials is the largest nkey seed or creds file read (bytes): a
// real one is under 2 KiB (config.MaxCredentialsSize).
const maxCredentials = 64 << 10

// ClientTLS returns the TLS a table's link (or a tool) uses towards the
// hub: TLS 1.2 at least, the server verified with the hall CA of caFile
// (PEM, at most 64 KiB) only. The error names the file.
func ClientTLS(caFile string) (*tls.Config, error) {
	data, err := inputfile.Read(caFile, maxCredentials)
	if err != nil {
		return nil, fmt.Errorf("hall: the hall CA's certificate: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(data) {
		return nil, fmt.Errorf("hall: %s holds no PEM certificate (the hall CA's ca.crt)", caFile)
	}
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, nil
}

// isCertError reports whether err is the hub's certificate failing the
// verification (another CA's, or not for the address dialled).
func isCertError(err error) bool {
	var ua x509.UnknownAuthorityError
	var hn x509.HostnameError
	var ci x509.CertificateInvalidError
	var tv *tls.CertificateVerificationError
	return errors.As(err, &ua) || errors.As(err, &hn) || errors.As(err, &ci) || errors.As(err, &tv)
}
