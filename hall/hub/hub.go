package hub

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/url"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tandem/hall"
)

// This file holds the hub's options and its lifecycle: New, the
// streams, the readers started, Close.

// Opts configures New. The zero value runs an embedded server on
// DefaultListen with its store in DefaultStoreDir and no authentication.
type Opts struct {
	// URL, when set, joins an existing NATS server or cluster ("nats://
	// host:4222") instead of embedding one; Listen, StoreDir, MaxMemory,
	// MaxStore and Tables are then ignored (its own configuration rules
	// them), and the hub only creates the streams. User and Password,
	// Token, NkeySeedFile or CredsFile are the hub's credentials there.
	URL          string
	User         string
	Password     string
	NkeySeedFile string
	CredsFile    string

	// Listen is the embedded server's "host:port" for the tables; port 0
	// picks a free one (URL tells which). Empty means DefaultListen.
	Listen string
	// StoreDir is the embedded server's JetStream directory: the records
	// and results survive a restart there. Empty means DefaultStoreDir.
	StoreDir string
	// MaxMemory and MaxStore cap JetStream's memory and disk use (bytes).
	// Zero means DefaultMaxMemory and DefaultMaxStore.
	MaxMemory int64
	MaxStore  int64
	// Tables are the tables' credentials. Empty (and no Token) means no
	// authentication: any machine that reaches Listen may act as a table.
	Tables []TableAuth
	// Token is one token all tables share (and the hub's own on URL),
	// instead of Tables.
	Token string
	// TLS, when set, is the embedded server's TLS for the tables (its
	// certificate: package hall/ca's, tandem-hall's [hub] tls): every
	// table then connects over TLS (no plain connection is taken) and
	// verifies the hub with the hall CA. Its RootCAs must hold the hall
	// CA: the hub's own connection verifies its server with it. URL is
	// then "tls://...". Nil: plain NATS, for a hub on loopback only
	// (tandem-hall refuses it beyond).
	TLS *tls.Config

	// Cluster, when set, makes the embedded server one node of a NATS
	// cluster of hubs (docs/hall.md, "A hub on three machines"): the
	// streams are kept on every node (JetStream replicas), so that the
	// hall loses nothing when a node goes, and each node's hub (and
	// dashboard) follows every table. Nil: a hub alone.
	Cluster *Cluster

	// CommandTimeout bounds Command's wait for a table's reply. Zero means
	// 2 s.
	CommandTimeout time.Duration
	// OfflineAfter is how long without a snapshot (the tables send a
	// heartbeat every second) before a table is shown offline. Zero means
	// 3 s.
	OfflineAfter time.Duration
	// ClockTolerance is how far a table's wall clock may be from the
	// hub's (hall.Snap.SentMs against the snapshot's arrival) before the
	// table shows AlertClock. Zero means 10 s: a hall whose tables take
	// their time from the hub (docs/hall.md) is within milliseconds.
	ClockTolerance time.Duration
	// Duplicates is the streams' duplicate window: a record published
	// twice within it is stored once. Past it, the tables' catch-up (which
	// starts after the last record the stream holds) still publishes each
	// record once. Zero means 2 minutes.
	Duplicates time.Duration
	// OnRefused, when set, is told each refusal of the embedded server:
	// a login refused (a wrong password, an unknown user or nkey) or a
	// message outside a table's permissions (a table using another's
	// user). table is the table concerned ("" when none is known); text
	// says it for the head arbiter. A table's refusals are told at most
	// once a minute (one wrong [hall] is refused on several subjects at
	// once), those of no known table once a minute per text; it is
	// called on a goroutine of its own, never concurrently.
	// The table concerned also shows an AlertRefused.
	OnRefused func(table, text string)
}

// Cluster is one node's part of a cluster of hubs (Opts.Cluster).
type Cluster struct {
	// Name is the cluster's name, the same on every node (zero:
	// "tandem-hall"); Node this node's, unique among them (required).
	Name, Node string
	// Listen is the "host:port" the other nodes' routes connect to;
	// Routes are the other nodes' route URLs ("nats://hub2.local:6222").
	Listen string
	Routes []string
	// Replicas is how many nodes keep each stream (zero: 3, at most
	// the nodes). With 3 a stream takes records while 2 nodes are up;
	// with one node left the tables keep their records and catch up
	// once a second node is back.
	Replicas int
}

// replicas is the streams' replica count for o.
func (o *Opts) replicas() int {
	if o.Cluster == nil {
		return 1
	}
	r := o.Cluster.Replicas
	if r <= 0 {
		r = 3
	}
	return min(r, len(o.Cluster.Routes)+1, 5)
}

// Hub is the hall's side: it runs (or joins) the NATS server, keeps every
// table's latest state and alerts, sends commands and collects the
// decided results. Make it with New; Close it.
type Hub struct {
	opts Opts
	srv  *server.Server // nil when joined (Opts.URL)
	nc   *nats.Conn
	js   jetstream.JetStream
	url  string

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	tables  map[string]*TableState
	boots   map[string]string // the Boot of each table's last snapshot
	results []hall.Result
	seen    map[string]bool // results by table/match: each counted once
	// resultSeq is the results stream's last message taken (SyncResults).
	resultSeq uint64
	subs      map[*Sub]struct{}
	closed    bool

	ready    chan struct{}        // closed once the streams are there (Ready)
	owners   map[string]string    // the table of each user and nkey (Opts.Tables)
	told     map[string]time.Time // refusals told to OnRefused, by table or text
	refusals chan refusalMsg      // to OnRefused
	lock     *storeLock           // the store directory's, while the server runs

	workers   sync.WaitGroup // the tables' store and last requests in progress
	workSlots chan struct{}  // maxStoreWorkers
}

// New starts the hub: the embedded NATS server with JetStream (or a
// connection to Opts.URL), the two streams (created or updated: file
// storage), the snapshot subscription and the results reader. It returns
// an error, with nothing left running, when the server cannot start (the
// port in use: a *ListenError; the store directory unwritable or used by
// another hub: a *StoreInUseError; bad credentials) or the URL cannot be
// reached.
func New(opts *Opts) (*Hub, error) {
	h := &Hub{tables: map[string]*TableState{}, boots: map[string]string{}, seen: map[string]bool{}, subs: map[*Sub]struct{}{},
		owners: map[string]string{}, told: map[string]time.Time{}, refusals: make(chan refusalMsg, 64), ready: make(chan struct{}),
		workSlots: make(chan struct{}, maxStoreWorkers)}
	if opts != nil {
		h.opts = *opts
	}
	o := &h.opts
	if o.CommandTimeout <= 0 {
		o.CommandTimeout = 2 * time.Second
	}
	if o.OfflineAfter <= 0 {
		o.OfflineAfter = 3 * time.Second
	}
	if o.ClockTolerance <= 0 {
		o.ClockTolerance = 10 * time.Second
	}
	if o.Duplicates <= 0 {
		o.Duplicates = 2 * time.Minute
	}
	copts := []nats.Option{nats.Name("tandem-hall"), nats.MaxReconnects(-1), nats.ReconnectWait(250 * time.Millisecond),
		nats.Timeout(connectWait / 2)}
	connURL := ""
	if o.URL == "" {
		// The tables first: the server's log may name them at once.
		for _, t := range o.Tables {
			ts := &TableState{ID: t.ID}
			ts.alerts()
			h.tables[t.ID] = ts
			h.owners[t.User+t.Nkey] = t.ID
		}
		srv, lock, password, err := startServer(o, serverLog{h})
		if err != nil {
			return nil, err
		}
		h.srv, h.lock = srv, lock
		h.url = tablesURL(srv.ClientURL())
		// The hub's own connection is in-process (a pipe, never the
		// network): the server asks no TLS of it, so neither its
		// certificate's names nor the listen address matter (a listen
		// on every interface made it dial tls://0.0.0.0, refused by
		// the certificate, and nats.go then hung). Its URL is plain
		// for the same reason: a tls:// scheme would make nats.go ask
		// for TLS over the pipe.
		connURL = "nats://" + hubInProcess
		copts = append(copts, nats.InProcessServer(srv))
		switch {
		case password != "":
			copts = append(copts, nats.UserInfo(hubUser, password))
		case o.Token != "":
			copts = append(copts, nats.Token(o.Token))
		}
	} else {
		h.url, connURL = o.URL, o.URL
		c, err := hall.Credentials(o.User, o.Password, o.Token, o.NkeySeedFile, o.CredsFile)
		if err != nil {
			return nil, err
		}
		copts = append(copts, c...)
	}
	nc, err := connectWithin(connURL, connectWait, copts, h.stopServer)
	if err != nil {
		h.stopServer()
		return nil, fmt.Errorf("hall: the hub's own connection to %s: %w", h.url, err)
	}
	h.nc = nc
	if err := h.start(); err != nil {
		nc.Close()
		h.stopServer()
		return nil, err
	}
	return h, nil
}

// connectWait bounds the hub's own first connection (New): past it, New
// fails rather than hang.
const connectWait = 10 * time.Second

// hubInProcess stands for the embedded server in the hub's own
// connection's URL: the connection is in-process, nothing is dialled.
const hubInProcess = "in-process.tandem-hall.invalid:4222"

// connectWithin connects to url with opts, waiting at most wait; past
// it, abort is called (it must make the pending connection fail, e.g.
// by stopping the embedded server that connection is made to) and an
// error returned. nats.go bounds each dial and handshake by its Timeout,
// but not everything after (a failed TLS handshake over an in-process
// pipe blocked its close forever): this bound holds whatever the cause.
func connectWithin(url string, wait time.Duration, opts []nats.Option, abort func()) (*nats.Conn, error) {
	type result struct {
		nc  *nats.Conn
		err error
	}
	done := make(chan result, 1)
	go func() {
		nc, err := nats.Connect(url, opts...)
		done <- result{nc, err}
	}()
	select {
	case r := <-done:
		return r.nc, r.err
	case <-time.After(wait):
		abort()
		go func() { // the late connection, if it ever comes, is closed
			if r := <-done; r.nc != nil {
				r.nc.Close()
			}
		}()
		return nil, fmt.Errorf("no connection within %v", wait)
	}
}

// tablesURL is the embedded server's client URL as the tables dial it:
// a server listening on every interface ("0.0.0.0", "::") is shown on
// this machine's loopback address, which the hub's certificate names
// (package hall/ca); the tables on other machines use the hub's name.
func tablesURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	if ip := net.ParseIP(p.Hostname()); ip != nil && ip.IsUnspecified() {
		p.Host = net.JoinHostPort("127.0.0.1", p.Port())
	}
	return p.String()
}

func (h *Hub) start() error {
	js, err := jetstream.New(h.nc)
	if err != nil {
		return fmt.Errorf("hall: JetStream: %w", err)
	}
	h.js = js
	h.ctx, h.cancel = context.WithCancel(context.Background())
	if _, err := h.nc.Subscribe(hall.SubjectPrefix+"*.snap", h.onSnap); err != nil {
		h.cancel()
		return fmt.Errorf("hall: subscribing to snapshots: %w", err)
	}
	if err := h.serveTables(); err != nil {
		h.cancel()
		return err
	}
	h.wg.Add(1)
	go h.watchOffline()
	if h.opts.OnRefused != nil {
		h.wg.Add(1)
		go h.tellRefusals(h.ctx.Done())
	}
	if h.opts.Cluster == nil {
		// A hub alone: its streams are there at once, or it fails.
		if err := h.openStreams(10 * time.Second); err != nil {
			h.cancel()
			return err
		}
		return nil
	}
	// A node of a cluster: the streams need a quorum of nodes, which
	// may start minutes apart. The snapshots are followed meanwhile.
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		for h.ctx.Err() == nil {
			if h.openStreams(5*time.Second) == nil {
				return
			}
			select {
			case <-h.ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}()
	return nil
}

// openStreams creates (or updates) the two streams and starts reading the
// results, within wait; it closes h.ready then.
func (h *Hub) openStreams(wait time.Duration) error {
	ctx, cancel := context.WithTimeout(h.ctx, wait)
	defer cancel()
	for _, cfg := range []jetstream.StreamConfig{
		{Name: hall.RecordsStream, Subjects: []string{hall.SubjectPrefix + "*.record"}, Description: "tandem: every table's journal records, each once",
			Storage: jetstream.FileStorage, Duplicates: h.opts.Duplicates, AllowDirect: true, Replicas: h.opts.replicas()},
		{Name: hall.ResultsStream, Subjects: []string{hall.SubjectPrefix + "*.result"}, Description: "tandem: decided results, each once",
			Storage: jetstream.FileStorage, Duplicates: h.opts.Duplicates, AllowDirect: true, Discard: jetstream.DiscardNew, Replicas: h.opts.replicas()},
	} {
		if _, err := h.js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("hall: creating stream %s: %w", cfg.Name, err)
		}
	}
	cons, err := h.js.OrderedConsumer(ctx, hall.ResultsStream, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return fmt.Errorf("hall: reading %s: %w", hall.ResultsStream, err)
	}
	cc, err := cons.Consume(h.onResult)
	if err != nil {
		return fmt.Errorf("hall: reading %s: %w", hall.ResultsStream, err)
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		<-h.ctx.Done()
		cc.Stop()
	}()
	close(h.ready)
	return nil
}

// Ready returns a channel closed once the streams are there and the
// results are read: at New for a hub alone, once a quorum of nodes is up
// for a node of a cluster.
func (h *Hub) Ready() <-chan struct{} { return h.ready }

// URL returns the address tables connect to: the embedded server's
// client URL (with the port chosen when Listen's was 0), or Opts.URL.
func (h *Hub) URL() string { return h.url }

// Conn returns the hub's NATS connection (for tools such as the load test:
// reading the records stream). Closing it is the Hub's job.
func (h *Hub) Conn() *nats.Conn { return h.nc }

// Close stops the hub: its subscriptions, its connection and the
// embedded server (whose store stays on disk for the next start).
func (h *Hub) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	clear(h.subs)
	h.mu.Unlock()
	h.cancel()
	h.wg.Wait()
	h.workers.Wait()
	h.nc.Close()
	h.stopServer()
	return nil
}

func (h *Hub) stopServer() {
	if h.srv != nil {
		h.srv.Shutdown()
		h.srv.WaitForShutdown()
	}
	h.lock.release()
}
