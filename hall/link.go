package hall

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/journal"
)

// LinkOpts configures NewLink. URL and Table are required; every other
// zero value has the documented default.
type LinkOpts struct {
	// URL is the hub's NATS address, e.g. "nats://hall.local:4222"
	// ([hall] url); several may be given separated by commas.
	URL string
	// Table is this table's id ([hall] table, ValidTableID).
	Table string
	// Credentials ([hall]): a user and password, a token, an nkey seed
	// file or a credentials file (JWT). None: no authentication.
	User         string
	Password     string
	Token        string
	NkeySeedFile string
	CredsFile    string
	// CAFile is the hall CA's certificate ([hall] ca, package hall/ca's
	// ca.crt): the link then speaks TLS only and takes a hub whose
	// certificate the CA issued for the address dialled. "": plain NATS
	// (a hub on this machine).
	CAFile string

	// RecordFile is the table's journal file, whose records the link
	// publishes (records up to the last one Synced); "" publishes none.
	RecordFile string
	// Handle runs a command from the hub and returns the reply; it is
	// called on the link's goroutine with a context of 2 s. Nil answers
	// every command with an error.
	Handle func(ctx context.Context, c Command) Reply
	// OnState is called (never concurrently) with the initial State
	// during NewLink, then whenever the State changes.
	OnState func(LinkState)
	// WallClock returns whether the table's wall clock is synchronised
	// with a time source (a clocksync.Status word: "synchronised",
	// "unsynchronised", "unknown"), for Snap.WallClock; it is called at
	// each publication, heartbeats included, so the hub sees the clock
	// set as soon as a time server answers. Nil sends none.
	WallClock func() string
	// Heartbeat is how often the latest snapshot is sent again when
	// nothing changed. Zero means 1 s.
	Heartbeat time.Duration
	// Retry is the wait after a failed publication before the link asks
	// the streams again. Zero means 500 ms.
	Retry time.Duration
	// Reconnect is the wait between two connection attempts. Zero means
	// 1 s.
	Reconnect time.Duration
}

// LinkState is the link's state, for the table's screens (Text).
type LinkState struct {
	// Online is true while connected to the hub; Since is when it last
	// became online or offline (the link's start at first).
	Online bool
	Since  time.Time
	// Refused says why the hub refuses this table ("" while it does
	// not): its login (a wrong user, password, token, nkey or
	// credentials file: the link stays offline) or its messages (the
	// user is another table's: per-table permissions, docs/hall.md; the
	// link is connected but nothing it sends is taken). Unlike a network
	// fault, waiting does not cure it: the [hall] settings (or the hub's
	// [hub.tables]) must change. A refused login is cleared by the next
	// login that succeeds, refused messages by the next connection.
	Refused string
	// Err says why records cannot be published ("" while they can).
	Err string
}

// OK reports whether the hub takes what the table sends: online and
// not refused.
func (s LinkState) OK() bool { return s.Online && s.Refused == "" }

// Text is the state in one line for the table's screens, e.g. "hall
// online since 14:05", "hall offline since 14:05 (hall: publishing
// t07/12: ...)", "hall offline: the hub refused the login (authorization
// violation): check [hall] user and password" or "hall ERROR: the hub
// refuses this table's messages on tandem.table.t01.*: check [hall] table
// and user". Times are in the local zone.
func (s LinkState) Text() string {
	var text string
	switch {
	case s.Refused != "" && s.Online:
		return "hall ERROR: " + s.Refused
	case s.Refused != "":
		return "hall offline: " + s.Refused
	case s.Online:
		text = "hall online since " + s.Since.Local().Format("15:04")
	default:
		text = "hall offline since " + s.Since.Local().Format("15:04")
	}
	if s.Err != "" {
		text += " (" + strings.TrimPrefix(s.Err, "hall: ") + ")"
	}
	return text
}

// Link is a table's side of the hall: it connects to the hub (and
// reconnects, forever), publishes the snapshots it is given and the
// journal's records, and answers commands. Nothing it does waits on the
// network on its caller's goroutine. Make it with NewLink; Close it.
type Link struct {
	opts LinkOpts
	nc   *nats.Conn
	boot string

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	snapWake chan struct{}
	recWake  chan struct{}

	mu      sync.Mutex
	snap    Snap
	hasSnap bool
	synced  uint64 // the last record durable on the table's disk
	state   LinkState
	stateMu sync.Mutex    // serializes OnState
	seq     atomic.Uint64 // snapshots published (written by the snap goroutine)
}

// NewLink starts a link as opts says. It returns at once: the connection
// is made in the background and made again after every loss. It returns
// an error only for a bad table id, a missing URL, or an nkey seed file
// or credentials file that cannot be read. A login the hub refuses is
// retried as long as the link runs (the hub's configuration may be
// fixed): LinkState.Refused says why meanwhile.
func NewLink(opts *LinkOpts) (*Link, error) {
	if opts == nil || opts.URL == "" {
		return nil, errors.New("hall: no hub URL ([hall] url)")
	}
	if err := ValidTableID(opts.Table); err != nil {
		return nil, err
	}
	l := &Link{opts: *opts, snapWake: make(chan struct{}, 1), recWake: make(chan struct{}, 1)}
	if l.opts.Heartbeat <= 0 {
		l.opts.Heartbeat = time.Second
	}
	if l.opts.Retry <= 0 {
		l.opts.Retry = 500 * time.Millisecond
	}
	if l.opts.Reconnect <= 0 {
		l.opts.Reconnect = time.Second
	}
	var b [6]byte
	rand.Read(b[:])
	l.boot = hex.EncodeToString(b[:])
	l.state = LinkState{Since: time.Now()}
	cred, err := Credentials(opts.User, opts.Password, opts.Token, opts.NkeySeedFile, opts.CredsFile)
	if err != nil {
		return nil, err
	}
	if opts.CAFile != "" {
		tc, err := ClientTLS(opts.CAFile)
		if err != nil {
			return nil, err
		}
		cred = append(cred, nats.Secure(tc))
	}
	copts := append(cred,
		nats.Name("tandem table "+opts.Table),
		// The only inboxes this table's login may read (the hub's
		// permissions): its replies come there, and no other table's.
		nats.CustomInboxPrefix(InboxPrefix(opts.Table)),
		nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(l.opts.Reconnect),
		// Nothing is buffered while offline: a snapshot is stale by the
		// reconnection, and records are published again from the file.
		nats.ReconnectBufSize(-1),
		// A cable pulled closes nothing: the pings find it out.
		nats.PingInterval(2*time.Second),
		nats.MaxPingsOutstanding(2),
		// nats.go gives up after the same login error twice: a table
		// keeps trying, the hub's [hub.tables] may be fixed meanwhile.
		nats.IgnoreAuthErrorAbort(),
		nats.ConnectHandler(func(*nats.Conn) { l.connected() }),
		nats.ReconnectHandler(func(*nats.Conn) { l.connected() }),
		nats.DisconnectErrHandler(func(*nats.Conn, error) { l.wakeAll() }),
		// The server's refusals arrive here (and a failed first login on
		// the reconnect handler): they are not network faults.
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { l.refused(err) }),
		nats.ReconnectErrHandler(func(_ *nats.Conn, err error) { l.refused(err) }),
	)
	// The first state, before any handler can report a newer one: the
	// calls are serialized by stateMu, so the caller never ends on a
	// stale state (a table reading State after NewLink could, racing the
	// connect handler).
	if l.opts.OnState != nil {
		l.stateMu.Lock()
		l.opts.OnState(l.state)
		l.stateMu.Unlock()
	}
	nc, err := nats.Connect(opts.URL, copts...)
	if err != nil {
		return nil, fmt.Errorf("hall: %s: %w", opts.URL, err)
	}
	l.nc = nc
	if _, err := nc.Subscribe(CmdSubject(opts.Table), l.onCommand); err != nil {
		nc.Close()
		return nil, fmt.Errorf("hall: subscribing to %s: %w", CmdSubject(opts.Table), err)
	}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	l.wg.Add(2)
	go l.runSnaps()
	go l.runRecords()
	return l, nil
}

// connected runs at each (re)connection: the login was taken, and the
// permissions are checked again by what the link sends next.
func (l *Link) connected() {
	l.setState(func(s *LinkState) { s.Refused = "" })
	l.wakeAll()
}

// refused records a refusal by the hub in the state; other errors (the
// network's) are the Online flag's and Err's business.
func (l *Link) refused(err error) {
	if msg := l.refusal(err); msg != "" {
		l.setState(func(s *LinkState) { s.Refused = msg })
	}
}

// refusal says what err means when it is the hub refusing this table,
// naming the [hall] keys to check; "" for any other error.
func (l *Link) refusal(err error) string {
	switch {
	case errors.Is(err, nats.ErrPermissionViolation):
		return "the hub refuses this table's messages on " + SubjectPrefix + l.opts.Table + ".*: check [hall] table and user (each table's user may send only as its own table)"
	case errors.Is(err, nats.ErrAuthorization):
		return "the hub refused the login (authorization violation): check " + l.credKeys()
	case errors.Is(err, nats.ErrSecureConnRequired), l.opts.CAFile == "" && (isCertError(err) || errors.Is(err, nats.ErrTLS)):
		return "the hub speaks TLS only: set [hall] ca to the hall CA's certificate (docs/hall.md, TLS)"
	case errors.Is(err, nats.ErrSecureConnWanted):
		return "the hub does not speak TLS, and [hall] ca wants it: check [hall] url and the hub's [hub] tls"
	case isCertError(err):
		return "the hub's certificate is not the hall CA's for this address (" + strings.TrimPrefix(err.Error(), "tls: ") + "): check [hall] ca and url"
	case errors.Is(err, nats.ErrAuthExpired), errors.Is(err, nats.ErrAuthRevoked), errors.Is(err, nats.ErrAccountAuthExpired):
		return "the hub refused the login (" + strings.TrimPrefix(err.Error(), "nats: ") + "): check " + l.credKeys()
	}
	return ""
}

// credKeys names the [hall] settings that make the login.
func (l *Link) credKeys() string {
	o := l.opts
	switch {
	case o.CredsFile != "":
		return "[hall] creds_file"
	case o.NkeySeedFile != "":
		return "[hall] nkey_seed_file (its public key is the hub's [hub.tables] nkey)"
	case o.Token != "":
		return "[hall] token"
	case o.User != "":
		return "[hall] user and password"
	}
	return "[hall]: the hub wants credentials (user and password, token, nkey_seed_file or creds_file)"
}

func (l *Link) wakeAll() {
	for _, c := range []chan struct{}{l.snapWake, l.recWake} {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// Boot returns the id of this link's run (Snap.Boot).
func (l *Link) Boot() string { return l.boot }

// Sent returns how many snapshots the link has published (the last one's
// Snap.Seq). A snapshot handed to Publish before Sent was read goes out
// with a Seq above it, or is replaced by a newer one that does: a test
// waits for the hub to show Seq Sent()+1 (hub.WaitSnap) to know the hub
// holds what was published.
func (l *Link) Sent() uint64 { return l.seq.Load() }

// State returns the link's state now.
func (l *Link) State() LinkState {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state
}

// setState changes the state with f and calls OnState when it changed.
func (l *Link) setState(f func(*LinkState)) {
	l.stateMu.Lock()
	defer l.stateMu.Unlock()
	l.mu.Lock()
	old := l.state
	f(&l.state)
	now := l.state
	l.mu.Unlock()
	if now != old && l.opts.OnState != nil {
		l.opts.OnState(now)
	}
}

// Publish hands the link the table's latest snapshot; the link fills
// Table, Boot, Seq, SentMs, Heartbeat and HallErr and sends it when
// connected. It never blocks: a snapshot not yet sent is replaced by a
// newer one.
func (l *Link) Publish(s Snap) {
	l.mu.Lock()
	l.snap, l.hasSnap = s, true
	l.mu.Unlock()
	select {
	case l.snapWake <- struct{}{}:
	default:
	}
}

// Synced tells the link that the table's record is durable up to record
// seq (journal.Opts.Synced): records after it are not published yet, so
// the hub never holds a record that a power cut could still take from the
// table's disk.
func (l *Link) Synced(seq uint64) {
	l.mu.Lock()
	if seq > l.synced {
		l.synced = seq
	}
	l.mu.Unlock()
	select {
	case l.recWake <- struct{}{}:
	default:
	}
}

// runSnaps sends the snapshots: each one handed to Publish, and the latest
// again after each Heartbeat without one.
func (l *Link) runSnaps() {
	defer l.wg.Done()
	hb := time.NewTimer(l.opts.Heartbeat)
	defer hb.Stop()
	sent := false // the latest was sent
	for {
		beat := false
		select {
		case <-l.ctx.Done():
			return
		case <-l.snapWake:
		case <-hb.C:
			beat = true
		}
		online := l.nc.IsConnected()
		if online != l.State().Online {
			l.setState(func(s *LinkState) { s.Online, s.Since = online, time.Now() })
		}
		l.mu.Lock()
		s, ok := l.snap, l.hasSnap
		fresh := !sent || !beat
		l.mu.Unlock()
		if ok && online {
			s.V, s.Table, s.Boot, s.Seq = Version, l.opts.Table, l.boot, l.seq.Add(1)
			s.SentMs, s.Heartbeat = time.Now().UnixMilli(), !fresh
			s.HallErr = l.State().Err
			if l.opts.WallClock != nil {
				s.WallClock = l.opts.WallClock()
			}
			if data, err := json.Marshal(s); err == nil {
				l.nc.Publish(SnapSubject(l.opts.Table), data) // a loss is covered by the next beat
			}
		}
		if !beat {
			sent = false
		}
		if ok && online {
			sent = true
		}
		hb.Reset(l.opts.Heartbeat)
	}
}

// onCommand answers a command from the hub.
func (l *Link) onCommand(m *nats.Msg) {
	var c Command
	var r Reply
	switch err := json.Unmarshal(m.Data, &c); {
	case err != nil:
		r.Error = "not a command: " + err.Error()
	case c.V > Version:
		r.Error = fmt.Sprintf("command version %d; this table reads up to %d", c.V, Version)
	case l.opts.Handle == nil:
		r.Error = "this table takes no commands"
	default:
		ctx, cancel := context.WithTimeout(l.ctx, 2*time.Second)
		r = l.opts.Handle(ctx, c)
		cancel()
	}
	r.V = Version
	data, err := json.Marshal(r)
	if err != nil {
		return
	}
	m.Respond(data) // a reply lost is the hub's timeout
}

// runRecords publishes the journal's records: on each connection, from
// the streams' last one for this table; then as they become durable.
func (l *Link) runRecords() {
	defer l.wg.Done()
	if l.opts.RecordFile == "" {
		return
	}
	t := newTail(l.opts.RecordFile)
	defer t.close()
	caught := false // the cursor below holds for this connection
	var cur cursor  // what the streams hold
	poll := time.NewTicker(250 * time.Millisecond)
	defer poll.Stop()
	for {
		select {
		case <-l.ctx.Done():
			return
		case <-l.recWake:
		case <-poll.C:
		}
		if !l.nc.IsConnected() {
			caught = false
			continue
		}
		err := t.read()
		if err == nil && !caught {
			cur, err = l.catchUp(t)
			caught = err == nil
		}
		if err == nil {
			l.mu.Lock()
			upTo := min(l.synced, t.last())
			l.mu.Unlock()
			cur, err = l.publishUpTo(t, cur, upTo)
		}
		if err != nil {
			caught = false
			l.setState(func(s *LinkState) { s.Err = err.Error() })
			select {
			case <-l.ctx.Done():
				return
			case <-time.After(l.opts.Retry):
			}
			continue
		}
		l.setState(func(s *LinkState) { s.Err = "" })
	}
}

// cursor is what the streams hold of this table: the journal sequence
// numbers of its last record and result (res: every decision up to it
// has its result stored), and their stream sequences, which each next
// publication expects as its subject's last (so that a stale catch-up,
// a replica behind its leader, can never store a record twice: the
// leader refuses it, and the link asks again).
type cursor struct {
	rec, res     uint64
	recAt, resAt uint64 // stream sequences of the last record and result
}

// catchUp asks the streams for the last record and result they hold for
// this table, and checks that the last record is this table's record
// (not another table with the same id, nor an older record file).
func (l *Link) catchUp(t *tail) (cursor, error) {
	ctx, cancel := context.WithTimeout(l.ctx, 5*time.Second)
	defer cancel()
	id := l.opts.Table
	rec, err := l.last(ctx, StreamRecords)
	if err != nil {
		return cursor{}, err
	}
	res, err := l.last(ctx, StreamResults)
	if err != nil {
		return cursor{}, err
	}
	if rec.Seq > 0 {
		if rec.Seq > t.last() {
			return cursor{}, fmt.Errorf("hall: the hub holds %d records of table %s, this table's record %d: another table has this id, or the record file was replaced", rec.Seq, id, t.last())
		}
		_, mine, err := t.get(rec.Seq)
		if err != nil {
			return cursor{}, err
		}
		if !bytes.Equal(mine, rec.Data) {
			return cursor{}, fmt.Errorf("hall: the hub's record %d of table %s is not this table's: another table has this id, or the record file was replaced", rec.Seq, id)
		}
	}
	return cursor{rec: rec.Seq, res: res.Seq, recAt: rec.At, resAt: res.At}, nil
}

// last asks the hub for the last message of this table in stream
// (StreamRecords, StreamResults).
func (l *Link) last(ctx context.Context, stream string) (LastReply, error) {
	subj := LastSubject(l.opts.Table)
	m, err := l.nc.RequestWithContext(ctx, subj, []byte(stream))
	if err != nil {
		return LastReply{}, l.hubError(subj, err)
	}
	var r LastReply
	if err := json.Unmarshal(m.Data, &r); err != nil {
		return LastReply{}, fmt.Errorf("hall: the hub's answer on %s is not a LastReply: %v", subj, err)
	}
	switch {
	case r.Refused != "":
		return LastReply{}, fmt.Errorf("hall: the hub refuses %s: %s", subj, r.Refused)
	case r.Error != "":
		return LastReply{}, fmt.Errorf("hall: the last %s of table %s: %s", stream, l.opts.Table, r.Error)
	}
	return r, nil
}

// hubError says what a failed request to the hub on subj means.
func (l *Link) hubError(subj string, err error) error {
	if errors.Is(err, nats.ErrNoResponders) {
		return fmt.Errorf("hall: no hub answers on %s (a hub older than this table? hub and tables upgrade together, docs/hall.md): %w", subj, err)
	}
	return fmt.Errorf("hall: %s: %w", subj, err)
}

// publishUpTo publishes records c.rec+1 to upTo (and the results among
// them after c.res), each acknowledged before the next, and returns the
// new cursor.
func (l *Link) publishUpTo(t *tail, c cursor, upTo uint64) (cursor, error) {
	id := l.opts.Table
	for seq := min(c.rec, c.res) + 1; seq <= upTo; seq++ {
		if l.ctx.Err() != nil {
			return c, l.ctx.Err()
		}
		r, payload, err := t.get(seq)
		if err != nil {
			return c, err
		}
		// A result goes before its record: a cut between the two
		// publishes the record (and so the result) again.
		if r.Kind == journal.KindDecision && seq > c.res {
			data, err := json.Marshal(t.result(id, r))
			if err != nil {
				return c, err
			}
			at, err := l.publish(StreamResults, MsgID(id, seq, true), seq, "", data, c.resAt)
			if err != nil {
				return c, err
			}
			c.resAt = at
		}
		c.res = max(c.res, seq)
		if seq > c.rec {
			at, err := l.publish(StreamRecords, MsgID(id, seq, false), seq, string(r.Kind), payload, c.recAt)
			if err != nil {
				return c, err
			}
			c.rec, c.recAt = seq, at
		}
	}
	return c, nil
}

// publish has the hub store one message in stream (StreamRecords,
// StreamResults), expecting this table's last message there to be stream
// sequence expect (0: none), waits for the hub's acknowledgement and
// returns its stream sequence. A message the stream already holds (the
// same record within the duplicate window) is acknowledged with the
// sequence it had. msgID names the message in errors; the hub makes
// the stream's message id itself.
func (l *Link) publish(stream, msgID string, seq uint64, kind string, data []byte, expect uint64) (uint64, error) {
	subj := StoreSubject(l.opts.Table)
	m := nats.NewMsg(subj)
	m.Data = data
	m.Header.Set(HeaderStream, stream)
	m.Header.Set(HeaderSeq, strconv.FormatUint(seq, 10))
	m.Header.Set(HeaderExpect, strconv.FormatUint(expect, 10))
	if kind != "" {
		m.Header.Set(HeaderKind, kind)
	}
	ctx, cancel := context.WithTimeout(l.ctx, 5*time.Second)
	defer cancel()
	reply, err := l.nc.RequestMsgWithContext(ctx, m)
	if err != nil {
		return 0, fmt.Errorf("hall: publishing %s: %w", msgID, l.hubError(subj, err))
	}
	var r StoreReply
	if err := json.Unmarshal(reply.Data, &r); err != nil {
		return 0, fmt.Errorf("hall: publishing %s: the hub's answer is not a StoreReply: %v", msgID, err)
	}
	switch {
	case r.Refused != "":
		return 0, fmt.Errorf("hall: publishing %s: the hub refuses it: %s", msgID, r.Refused)
	case r.Error != "":
		return 0, fmt.Errorf("hall: publishing %s: %s", msgID, r.Error)
	}
	return r.Seq, nil
}

// Close stops the link and closes its connection. Records not yet
// published are published by the next link's catch-up.
func (l *Link) Close() error {
	l.cancel()
	l.wg.Wait()
	l.nc.Close()
	l.setState(func(s *LinkState) { s.Online, s.Since = false, time.Now() })
	return nil
}
