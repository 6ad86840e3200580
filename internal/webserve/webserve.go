package webserve

import (
	"context"
	"crypto/tls"
	"io"
	"log"
	"net"
	"net/http"
	"time"
)

// The defaults of Opts' zero values. A phone's browser opens about six
// connections to a host and one per WebSocket page; a hall has a few
// hundred people at most.
const (
	DefaultPerAddr           = 32
	DefaultTotal             = 512
	DefaultMaxHeaderBytes    = 16 << 10 // a browser's request head is 1-2 KiB
	DefaultMaxBodyBytes      = 1 << 20  // the largest request (a pairing) is below it
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultWriteTimeout      = 30 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
)

// Opts configures New. Each zero field takes its Default constant. A
// negative one leaves net/http's own behaviour, without the limit (no
// cap, no timeout, no body limit; 1 MiB of request head): the server
// the floods of docs/performance.md ("Connections") filled, for comparison only.
type Opts struct {
	// PerAddr caps the connections open at once from one remote IP
	// address (an IPv4-mapped IPv6 address counts as its IPv4 one).
	// Zero means DefaultPerAddr.
	PerAddr int
	// Total caps the connections open at once. Zero means DefaultTotal.
	Total int
	// MaxHeaderBytes bounds a request's head (request line and header
	// fields); a longer one is answered 431 and its connection closed.
	// Zero means DefaultMaxHeaderBytes.
	MaxHeaderBytes int
	// MaxBodyBytes bounds every request's body: one announced larger is
	// answered 413 unread; reading past it fails with
	// *http.MaxBytesError. Handlers may set smaller limits of their own.
	// Zero means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// ReadHeaderTimeout, ReadTimeout, WriteTimeout and IdleTimeout are
	// http.Server's fields of those names: the time a request's head may
	// take to arrive, the whole request, the answer's writing, and a
	// keep-alive connection's wait for its next request. Zero means the
	// Default constant of that name.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	// TLS, when set, makes the server HTTPS: TLS runs over the capped
	// listener, so a refused connection costs no handshake. Nil means
	// plain HTTP.
	TLS *tls.Config
	// ErrorLog receives net/http's own complaints (a failed TLS
	// handshake, a handler's panic). Nil discards them: a flood must not
	// write a line per connection to the table's terminal.
	ErrorLog *log.Logger
}

// Server is one HTTP(S) server over a listener, with the limits of Opts.
type Server struct {
	// HTTP is the net/http server, with the limits set; Serve runs it.
	HTTP  *http.Server
	conns *Listener
	ln    net.Listener // what Serve accepts from: conns, or TLS over it
}

// New returns a server of h over ln with the limits of opts (nil: every
// default). Serve starts it; Close or Shutdown stops it and closes ln.
func New(ln net.Listener, h http.Handler, opts *Opts) *Server {
	var o Opts
	if opts != nil {
		o = *opts
	}
	s := &Server{conns: Limit(ln, orInt(o.PerAddr, DefaultPerAddr), orInt(o.Total, DefaultTotal))}
	s.ln = s.conns
	s.HTTP = &http.Server{
		Handler:           limitBody(h, orInt64(o.MaxBodyBytes, DefaultMaxBodyBytes)),
		MaxHeaderBytes:    orInt(o.MaxHeaderBytes, DefaultMaxHeaderBytes),
		ReadHeaderTimeout: orDur(o.ReadHeaderTimeout, DefaultReadHeaderTimeout),
		ReadTimeout:       orDur(o.ReadTimeout, DefaultReadTimeout),
		WriteTimeout:      orDur(o.WriteTimeout, DefaultWriteTimeout),
		IdleTimeout:       orDur(o.IdleTimeout, DefaultIdleTimeout),
		ErrorLog:          o.ErrorLog,
	}
	if s.HTTP.ErrorLog == nil {
		s.HTTP.ErrorLog = log.New(io.Discard, "", 0)
	}
	if o.TLS != nil {
		s.HTTP.TLSConfig = o.TLS
		s.ln = tls.NewListener(s.conns, o.TLS)
	}
	return s
}

// Serve accepts connections until Close or Shutdown, then returns
// http.ErrServerClosed; any other error is the listener's.
func (s *Server) Serve() error { return s.HTTP.Serve(s.ln) }

// Addr is the listener's address.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Conns is the capped listener, for its counts.
func (s *Server) Conns() *Listener { return s.conns }

// Close closes the listener and every connection but the hijacked ones
// (WebSockets: their handlers close them), at once.
func (s *Server) Close() error { return s.HTTP.Close() }

// Shutdown closes the listener and the idle connections, then waits for
// the requests being answered until ctx ends (http.Server.Shutdown).
func (s *Server) Shutdown(ctx context.Context) error { return s.HTTP.Shutdown(ctx) }

// limitBody reads every request's body through http.MaxBytesReader(n),
// and answers 413 to a body announced larger, without reading it.
func limitBody(h http.Handler, n int64) http.Handler {
	if n < 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > n {
			// Answered unread: net/http then closes the connection
			// rather than read the rest to keep it alive.
			w.Header().Set("Connection", "close")
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, n)
		}
		h.ServeHTTP(w, r)
	})
}

func orInt(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func orInt64(v, def int64) int64 {
	if v == 0 {
		return def
	}
	return v
}

func orDur(v, def time.Duration) time.Duration {
	if v == 0 {
		return def
	}
	return v
}
