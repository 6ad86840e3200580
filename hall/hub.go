package hall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// HubOpts configures NewHub. The zero value runs an embedded server on
// DefaultListen with its store in DefaultStoreDir and no authentication.
type HubOpts struct {
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

	// CommandTimeout bounds Command's wait for a table's reply. Zero means
	// 2 s.
	CommandTimeout time.Duration
	// OfflineAfter is how long without a snapshot (the tables send a
	// heartbeat every second) before a table is shown offline. Zero means
	// 3 s.
	OfflineAfter time.Duration
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

// AlertKind names an alert on a table.
type AlertKind string

// The alerts the hub raises (TableState.Alerts), in this order.
const (
	// AlertOffline: no snapshot for HubOpts.OfflineAfter.
	AlertOffline AlertKind = "offline"
	// AlertRefused: the embedded server refuses the table's login or its
	// messages (TableState.Refused).
	AlertRefused AlertKind = "refused"
	// AlertFlag: a flag fell (a clock ran out).
	AlertFlag AlertKind = "flag"
	// AlertClaim: a claim waits for the arbiter (Art 29).
	AlertClaim AlertKind = "claim"
	// AlertRecovered: the table restarted (a power cut) and restored its
	// match from the record: it comes back paused.
	AlertRecovered AlertKind = "recovered"
	// AlertRecord: the table's record failed (its clocks run on without
	// one), or its records cannot reach the hall.
	AlertRecord AlertKind = "record"
	// AlertEBoard: an e-board shows a position no legal move explains
	// (docs/eboard.md).
	AlertEBoard AlertKind = "eboard"
)

// Alert is one thing the head arbiter should look at.
type Alert struct {
	Kind AlertKind `json:"kind"`
	// Text says it for people, e.g. "claim by A-white (illegal-move)".
	Text string `json:"text"`
}

// TableState is the hub's view of one table.
type TableState struct {
	// ID is the table id.
	ID string `json:"id"`
	// Online is true while snapshots arrive; Since is when it last became
	// online or offline (hub clock; zero for a configured table never
	// seen), LastSeen the last snapshot's arrival (zero: never).
	Online   bool      `json:"online"`
	Since    time.Time `json:"since"`
	LastSeen time.Time `json:"last_seen"`
	// Snap is the latest snapshot (zero when never seen).
	Snap Snap `json:"snap"`
	// Refused says why the embedded server refuses this table's login or
	// messages (see HubOpts.OnRefused); "" when it has not for 10 s.
	Refused   string `json:"refused,omitempty"`
	refusedAt time.Time
	// Alerts are the current alerts, in AlertKind order.
	Alerts []Alert `json:"alerts"`
}

// Remaining returns seat's remaining time at instant now (hub clock):
// the snapshot's time, less what a running clock has used since its
// instant (on the table's clock up to the send, on the hub's since the
// arrival). Never negative. seat is in bughouse.Seat order (0-3).
func (s TableState) Remaining(seat int, now time.Time) time.Duration {
	c := s.Snap.Clocks[seat]
	left := time.Duration(c.Ms) * time.Millisecond
	if c.Running && s.Online {
		if s.Snap.ClocksAtMs > 0 && s.Snap.SentMs > s.Snap.ClocksAtMs {
			left -= time.Duration(s.Snap.SentMs-s.Snap.ClocksAtMs) * time.Millisecond
		}
		left -= now.Sub(s.LastSeen)
	}
	return max(left, 0)
}

// alerts computes s.Alerts from its state.
func (s *TableState) alerts() {
	s.Alerts = s.Alerts[:0]
	if !s.Online {
		text := "offline"
		if !s.Since.IsZero() {
			text = "offline since " + s.Since.Format("15:04")
		}
		if s.LastSeen.IsZero() {
			text = "never seen"
		}
		s.Alerts = append(s.Alerts, Alert{AlertOffline, text})
	}
	if s.Refused != "" {
		s.Alerts = append(s.Alerts, Alert{AlertRefused, s.Refused})
	}
	for i, c := range s.Snap.Clocks {
		if c.Flagged {
			s.Alerts = append(s.Alerts, Alert{AlertFlag, "flag: " + seatNames[i]})
		}
	}
	if c := s.Snap.Claim; c != nil {
		s.Alerts = append(s.Alerts, Alert{AlertClaim, "claim by " + c.Claimant + " (" + c.Reason + ")"})
	}
	if s.Snap.Recovered {
		text := "recovered after a restart"
		if s.Snap.RecoveredMs != 0 {
			text += " (last record " + time.UnixMilli(s.Snap.RecoveredMs).Format("15:04:05") + ")"
		}
		s.Alerts = append(s.Alerts, Alert{AlertRecovered, text})
	}
	if s.Snap.RecordErr != "" {
		s.Alerts = append(s.Alerts, Alert{AlertRecord, s.Snap.RecordErr})
	}
	if s.Snap.HallErr != "" {
		s.Alerts = append(s.Alerts, Alert{AlertRecord, s.Snap.HallErr})
	}
	for _, text := range s.Snap.EBoard {
		s.Alerts = append(s.Alerts, Alert{AlertEBoard, text})
	}
}

var seatNames = [4]string{"A-white", "A-black", "B-white", "B-black"}

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

// Hub is the hall's side: it runs (or joins) the NATS server, keeps every
// table's latest state and alerts, sends commands and collects the
// decided results. Make it with NewHub; Close it.
type Hub struct {
	opts HubOpts
	srv  *server.Server // nil when joined (HubOpts.URL)
	nc   *nats.Conn
	js   jetstream.JetStream
	url  string

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	tables  map[string]*TableState
	boots   map[string]string // the Boot of each table's last snapshot
	results []Result
	seen    map[string]bool // results by table/match: each counted once
	subs    map[*Sub]struct{}
	closed  bool

	owners   map[string]string    // the table of each user and nkey (HubOpts.Tables)
	told     map[string]time.Time // refusals told to OnRefused, by table or text
	refusals chan refusalMsg      // to OnRefused
	lock     *storeLock           // the store directory's, while the server runs
}

// NewHub starts the hub: the embedded NATS server with JetStream (or a
// connection to HubOpts.URL), the two streams (created or updated: file
// storage), the snapshot subscription and the results reader. It returns
// an error, with nothing left running, when the server cannot start (the
// port in use: a *ListenError; the store directory unwritable or used by
// another hub: a *StoreInUseError; bad credentials) or the URL cannot be
// reached.
func NewHub(opts *HubOpts) (*Hub, error) {
	h := &Hub{tables: map[string]*TableState{}, boots: map[string]string{}, seen: map[string]bool{}, subs: map[*Sub]struct{}{},
		owners: map[string]string{}, told: map[string]time.Time{}, refusals: make(chan refusalMsg, 64)}
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
	if o.Duplicates <= 0 {
		o.Duplicates = 2 * time.Minute
	}
	copts := []nats.Option{nats.Name("tandem-hall"), nats.MaxReconnects(-1), nats.ReconnectWait(250 * time.Millisecond)}
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
		h.url = srv.ClientURL()
		copts = append(copts, nats.InProcessServer(srv))
		switch {
		case password != "":
			copts = append(copts, nats.UserInfo(hubUser, password))
		case o.Token != "":
			copts = append(copts, nats.Token(o.Token))
		}
	} else {
		h.url = o.URL
		c, err := credentials(o.User, o.Password, o.Token, o.NkeySeedFile, o.CredsFile)
		if err != nil {
			return nil, err
		}
		copts = append(copts, c...)
	}
	nc, err := nats.Connect(h.url, copts...)
	if err != nil {
		h.stopServer()
		return nil, fmt.Errorf("hall: connecting to %s: %w", h.url, err)
	}
	h.nc = nc
	if err := h.start(); err != nil {
		nc.Close()
		h.stopServer()
		return nil, err
	}
	return h, nil
}

// credentials returns the connect options for one set of credentials.
func credentials(user, password, token, nkeySeedFile, credsFile string) ([]nats.Option, error) {
	var opts []nats.Option
	if user != "" {
		opts = append(opts, nats.UserInfo(user, password))
	}
	if token != "" {
		opts = append(opts, nats.Token(token))
	}
	if nkeySeedFile != "" {
		o, err := nats.NkeyOptionFromSeed(nkeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("hall: nkey seed file %s: %w", nkeySeedFile, err)
		}
		opts = append(opts, o)
	}
	if credsFile != "" {
		// nats.go reads it at each login: a missing file would look like a
		// network fault for ever.
		f, err := os.Open(credsFile)
		if err != nil {
			return nil, fmt.Errorf("hall: creds file: %w", err)
		}
		f.Close()
		opts = append(opts, nats.UserCredentials(credsFile))
	}
	return opts, nil
}

func (h *Hub) start() error {
	js, err := jetstream.New(h.nc)
	if err != nil {
		return fmt.Errorf("hall: JetStream: %w", err)
	}
	h.js = js
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, cfg := range []jetstream.StreamConfig{
		{Name: RecordsStream, Subjects: []string{SubjectPrefix + "*.record"}, Description: "tandem: every table's journal records, each once",
			Storage: jetstream.FileStorage, Duplicates: h.opts.Duplicates, AllowDirect: true},
		{Name: ResultsStream, Subjects: []string{SubjectPrefix + "*.result"}, Description: "tandem: decided results, each once",
			Storage: jetstream.FileStorage, Duplicates: h.opts.Duplicates, AllowDirect: true, Discard: jetstream.DiscardNew},
	} {
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("hall: creating stream %s: %w", cfg.Name, err)
		}
	}
	h.ctx, h.cancel = context.WithCancel(context.Background())
	if _, err := h.nc.Subscribe(SubjectPrefix+"*.snap", h.onSnap); err != nil {
		h.cancel()
		return fmt.Errorf("hall: subscribing to snapshots: %w", err)
	}
	cons, err := js.OrderedConsumer(ctx, ResultsStream, jetstream.OrderedConsumerConfig{})
	if err != nil {
		h.cancel()
		return fmt.Errorf("hall: reading %s: %w", ResultsStream, err)
	}
	cc, err := cons.Consume(h.onResult)
	if err != nil {
		h.cancel()
		return fmt.Errorf("hall: reading %s: %w", ResultsStream, err)
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		<-h.ctx.Done()
		cc.Stop()
	}()
	h.wg.Add(1)
	go h.watchOffline()
	if h.opts.OnRefused != nil {
		h.wg.Add(1)
		go h.tellRefusals(h.ctx.Done())
	}
	return nil
}

// URL returns the address tables connect to: the embedded server's
// client URL (with the port chosen when Listen's was 0), or HubOpts.URL.
func (h *Hub) URL() string { return h.url }

// Conn returns the hub's NATS connection (for tools such as the load test:
// reading the records stream). Closing it is the Hub's job.
func (h *Hub) Conn() *nats.Conn { return h.nc }

// onSnap takes a table's snapshot.
func (h *Hub) onSnap(m *nats.Msg) {
	now := time.Now()
	var s Snap
	if err := json.Unmarshal(m.Data, &s); err != nil || s.V < 1 || s.V > Version {
		return // not a snapshot this version reads
	}
	id := m.Subject[len(SubjectPrefix) : len(m.Subject)-len(".snap")]
	if s.Table != id {
		return // a snapshot must name the table of its subject
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	t := h.tables[id]
	if t == nil {
		t = &TableState{ID: id}
		h.tables[id] = t
	}
	if h.boots[id] == s.Boot && s.Seq <= t.Snap.Seq {
		return // came late
	}
	h.boots[id] = s.Boot
	if !t.Online {
		t.Online, t.Since = true, now
	}
	t.LastSeen = now
	t.Snap = s
	t.alerts()
	h.changed(id)
}

// watchOffline marks tables offline after OfflineAfter without a
// snapshot.
func (h *Hub) watchOffline() {
	defer h.wg.Done()
	tick := time.NewTicker(h.opts.OfflineAfter / 4)
	defer tick.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case now := <-tick.C:
			h.mu.Lock()
			for id, t := range h.tables {
				off := t.Online && now.Sub(t.LastSeen) > h.opts.OfflineAfter
				if off {
					t.Online, t.Since = false, now
				}
				unrefused := t.Refused != "" && now.Sub(t.refusedAt) > refusedFor
				if unrefused {
					t.Refused = ""
				}
				if off || unrefused {
					t.alerts()
					h.changed(id)
				}
			}
			for text, at := range h.told {
				if now.Sub(at) >= time.Minute {
					delete(h.told, text)
				}
			}
			h.mu.Unlock()
		}
	}
}

// onResult takes a result from the results stream.
func (h *Hub) onResult(m jetstream.Msg) {
	var r Result
	if err := json.Unmarshal(m.Data(), &r); err != nil || r.V < 1 || r.V > Version {
		return
	}
	key := r.Table + "/" + r.Match
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.seen[key] {
		return // the stream holds it once; a restarted consumer may not
	}
	h.seen[key] = true
	h.results = append(h.results, r)
	for s := range h.subs {
		s.results = append(s.results, r)
		s.signal()
	}
}

// changed marks table id changed for every subscriber (h.mu held).
func (h *Hub) changed(id string) {
	for s := range h.subs {
		s.dirty[id] = true
		s.signal()
	}
}

// Tables returns every table's state, sorted by id: the configured ones
// (HubOpts.Tables) and every table that sent a snapshot.
func (h *Hub) Tables() []TableState {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]TableState, 0, len(h.tables))
	for _, t := range h.tables {
		out = append(out, t.clone())
	}
	slices.SortFunc(out, func(a, b TableState) int { return CompareIDs(a.ID, b.ID) })
	return out
}

// Table returns table id's state, and false when the hub does not know it.
func (h *Hub) Table(id string) (TableState, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t, ok := h.tables[id]
	if !ok {
		return TableState{}, false
	}
	return t.clone(), true
}

func (t *TableState) clone() TableState {
	c := *t
	c.Alerts = slices.Clone(t.Alerts)
	c.Snap.Decisive = slices.Clone(t.Snap.Decisive)
	if t.Snap.Claim != nil {
		cl := *t.Snap.Claim
		c.Snap.Claim = &cl
	}
	return c
}

// CompareIDs orders table ids as people number tables: runs of digits
// compare by value, so "t2" comes before "t10" and "t07" equals "t7" in
// rank; it returns a negative number, zero or a positive number as a is
// before, level with or after b (the order Tables and the dashboard use).
func CompareIDs(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := trimZeros(a[:da]), trimZeros(b[:db])
			if len(na) != len(nb) {
				return len(na) - len(nb)
			}
			if c := compareStr(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

func trimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

func compareStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Results returns every decided result the results stream holds, in the
// order stored, each once.
func (h *Hub) Results() []Result {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.results)
}

// Sub follows the hub's changes: C is signalled when Tables or Results
// would return something; neither blocks the hub. Make it with Subscribe;
// Close it.
type Sub struct {
	h       *Hub
	c       chan struct{}
	dirty   map[string]bool
	results []Result
}

// Subscribe returns a subscription to table changes and new results. No
// change is lost: a table that changed several times before the reader
// looks is returned once, in its latest state.
func (h *Hub) Subscribe() *Sub {
	s := &Sub{h: h, c: make(chan struct{}, 1), dirty: map[string]bool{}}
	h.mu.Lock()
	if !h.closed {
		h.subs[s] = struct{}{}
	}
	h.mu.Unlock()
	return s
}

func (s *Sub) signal() {
	select {
	case s.c <- struct{}{}:
	default:
	}
}

// C returns the channel signalled (without blocking the hub) after a
// change.
func (s *Sub) C() <-chan struct{} { return s.c }

// Tables returns the latest state of each table that changed since the
// last call, sorted by id.
func (s *Sub) Tables() []TableState {
	h := s.h
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]TableState, 0, len(s.dirty))
	for id := range s.dirty {
		out = append(out, h.tables[id].clone())
	}
	clear(s.dirty)
	slices.SortFunc(out, func(a, b TableState) int { return CompareIDs(a.ID, b.ID) })
	return out
}

// Results returns the results that arrived since the last call, in order.
func (s *Sub) Results() []Result {
	h := s.h
	h.mu.Lock()
	defer h.mu.Unlock()
	out := s.results
	s.results = nil
	return out
}

// Close ends the subscription.
func (s *Sub) Close() {
	s.h.mu.Lock()
	delete(s.h.subs, s)
	s.h.mu.Unlock()
}

// Command sends c to table id and returns its reply. It fails with an
// error wrapping ErrUnknownTable, ErrOffline (shown offline, or no table
// answers on its subject), context.DeadlineExceeded (no reply within
// HubOpts.CommandTimeout or ctx's deadline), or ErrClosed; a command the
// table could not read (Reply.Error) is an error too. A refusal by the
// rules is not an error: it is in Reply.Refused.
func (h *Hub) Command(ctx context.Context, id string, c Command) (Reply, error) {
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
		return Reply{}, ErrClosed
	case !known:
		return Reply{}, fmt.Errorf("%w %q", ErrUnknownTable, id)
	case !online:
		if since.IsZero() {
			return Reply{}, fmt.Errorf("%w: table %s was never seen", ErrOffline, id)
		}
		return Reply{}, fmt.Errorf("%w: table %s since %s", ErrOffline, id, since.Format("15:04:05"))
	}
	c.V = Version
	data, err := json.Marshal(c)
	if err != nil {
		return Reply{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, h.opts.CommandTimeout)
	defer cancel()
	m, err := h.nc.RequestWithContext(ctx, CmdSubject(id), data)
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return Reply{}, fmt.Errorf("%w: table %s does not answer on %s", ErrOffline, id, CmdSubject(id))
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout):
		return Reply{}, fmt.Errorf("hall: table %s did not answer %q within %v: %w", id, c.Action, h.opts.CommandTimeout, context.DeadlineExceeded)
	case err != nil:
		return Reply{}, fmt.Errorf("hall: command %q to table %s: %w", c.Action, id, err)
	}
	var r Reply
	if err := json.Unmarshal(m.Data, &r); err != nil {
		return Reply{}, fmt.Errorf("hall: table %s answered %q with something not a reply: %v", id, c.Action, err)
	}
	if r.Error != "" {
		return r, fmt.Errorf("hall: table %s: %s", id, r.Error)
	}
	return r, nil
}

// LastRecord returns the sequence number of the last journal record the
// records stream holds for table id (0: none).
func (h *Hub) LastRecord(ctx context.Context, id string) (uint64, error) {
	seq, _, err := lastMsg(ctx, h.js, RecordsStream, RecordSubject(id))
	return seq, err
}

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
