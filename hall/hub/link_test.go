package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"

	"tandem/hall"
)

// freePort returns a loopback address free now, for a hub that must come
// back on the same address after a restart.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// testRecord is a table's journal on disk, written through package
// journal as the daemon writes it, with its Synced progress passed to a
// link.
type testRecord struct {
	path string
	w    *journal.Writer
	mu   sync.Mutex
	link *hall.Link
	n    uint64 // records appended
}

func openRecord(t testing.TB, path string) *testRecord {
	t.Helper()
	r := &testRecord{path: path}
	w, l, err := journal.Open(path, &journal.Opts{Synced: func(seq, _ uint64) {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.link != nil {
			r.link.Synced(seq)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	r.w = w
	if n := len(l.Records); n > 0 {
		r.n = l.Records[n-1].Seq
	}
	t.Cleanup(func() { w.Close() })
	return r
}

// attach gives the record's progress to link, with what is on disk now.
func (r *testRecord) attach(t testing.TB, l *hall.Link) {
	if err := r.w.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	r.link = l
	n := r.n
	r.mu.Unlock()
	l.Synced(n)
}

// match appends a match of events presses and a decision, as a table
// records one.
func (r *testRecord) match(t testing.TB, id string, presses int) {
	t.Helper()
	now := time.Now().UTC()
	players := [4]string{"Ana", "Bo", "Cy", "Di"}
	r.w.Append(journal.Record{Kind: journal.KindMatch, Match: id, Wall: now, Preset: "fics",
		Options: map[string]string{"control": "3m"}, Table: "T", Players: &players}, 0)
	at := time.Duration(0)
	r.w.Append(journal.Record{Kind: journal.KindEvent, Match: id, Wall: now, At: at, Event: &rules.Event{Kind: rules.Start, At: at}}, 0)
	for i := range presses {
		at += 700 * time.Millisecond
		seat := bughouse.Seats[i%4]
		r.w.Append(journal.Record{Kind: journal.KindEvent, Match: id, Wall: now, At: at, Event: &rules.Event{Kind: rules.Press, Seat: seat, At: at}}, 0)
	}
	at += time.Second
	r.w.Append(journal.Record{Kind: journal.KindDecision, Match: id, Wall: now, At: at, Result: "1-0", Reason: "flag", Decisive: []string{"A-black"}}, 0)
	r.n += uint64(presses) + 3
	if err := r.w.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// records reads every record message of table id from the stream and
// returns their sequence numbers, in stream order. A cluster's stream
// may answer "temporarily unavailable" for a while after a node is back
// (its replicas catching up): the read is tried again until it answers,
// 30 s at most.
func records(t *testing.T, h *Hub, id string) []uint64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		// Each try waits 5 s at most: a cluster whose node just came
		// back may leave a request unanswered, and one try with the
		// whole 30 s would never ask again.
		try, done := context.WithTimeout(ctx, 5*time.Second)
		out, err := readRecords(try, h, id)
		done()
		if err == nil {
			return out
		}
		if ctx.Err() != nil {
			t.Fatalf("the records of %s: %v", id, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// readRecords is one try of records.
func readRecords(ctx context.Context, h *Hub, id string) ([]uint64, error) {
	s, err := h.js.Stream(ctx, hall.RecordsStream)
	if err != nil {
		return nil, err
	}
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(hall.RecordSubject(id)))
	if err != nil {
		return nil, err
	}
	want := int(info.State.Subjects[hall.RecordSubject(id)])
	if want == 0 {
		return nil, nil
	}
	cons, err := s.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{hall.RecordSubject(id)}})
	if err != nil {
		return nil, err
	}
	var out []uint64
	for len(out) < want {
		batch, err := cons.Fetch(want-len(out), jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			return nil, err
		}
		for m := range batch.Messages() {
			n, err := strconv.ParseUint(m.Headers().Get(hall.HeaderSeq), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("record message without a sequence header: %w", err)
			}
			out = append(out, n)
		}
		if batch.Error() != nil && !errors.Is(batch.Error(), context.DeadlineExceeded) {
			return nil, batch.Error()
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return out, nil
}

// checkOnce fails unless seqs is exactly 1..n in order.
func checkOnce(t *testing.T, seqs []uint64, n uint64) {
	t.Helper()
	if uint64(len(seqs)) != n {
		t.Fatalf("the stream holds %d records, want %d", len(seqs), n)
	}
	for i, s := range seqs {
		if s != uint64(i)+1 {
			t.Fatalf("record %d of the stream is seq %d: %v", i+1, s, seqs)
		}
	}
}

func newTestLink(t *testing.T, url, table, recordFile string, opts *hall.LinkOpts) *hall.Link {
	t.Helper()
	o := hall.LinkOpts{}
	if opts != nil {
		o = *opts
	}
	o.URL, o.Table, o.RecordFile = url, table, recordFile
	o.Heartbeat, o.Retry, o.Reconnect = 100*time.Millisecond, 50*time.Millisecond, 50*time.Millisecond
	l, err := hall.NewLink(&o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

func TestLink_SnapshotReachesHub(t *testing.T) {
	h := newTestHub(t, "", nil)
	l := newTestLink(t, h.URL(), "t7", "", nil)
	l.Publish(hall.Snap{Status: "running", ClocksAtMs: time.Now().UnixMilli(), Clocks: [4]hall.Clock{{Ms: 180000, Running: true, Turn: true}}, Running: [2]string{"A-white", ""},
		Players: [4]string{"Ana", "", "", ""}, Claim: &hall.Claim{Claimant: "B-black", Reason: "flag"}})
	waitFor(t, "t7's snapshot", func() bool { s, ok := h.Table("t7"); return ok && s.Snap.Status == "running" })
	s, _ := h.Table("t7")
	if !s.Online || s.Snap.Table != "t7" || s.Snap.V != hall.Version || s.Snap.Players[0] != "Ana" || s.Snap.Clocks[0].Ms != 180000 {
		t.Fatalf("state %+v", s)
	}
	if len(s.Alerts) != 1 || s.Alerts[0].Kind != AlertClaim || s.Alerts[0].Text != "claim by B-black (flag)" {
		t.Fatalf("alerts %+v", s.Alerts)
	}
	if r := s.Remaining(0, s.LastSeen.Add(time.Second)); r > 179*time.Second || r < 178*time.Second {
		t.Fatalf("remaining a second after: %v", r)
	}
	// Heartbeats keep it online with a growing sequence.
	seq := s.Snap.Seq
	waitFor(t, "a heartbeat", func() bool { s, _ := h.Table("t7"); return s.Snap.Seq > seq+2 && s.Snap.Heartbeat })
	waitFor(t, "the link online", func() bool { return l.State().Online })
}

func TestLink_CommandRoundTripAndOffline(t *testing.T) {
	h := newTestHub(t, "", &Opts{OfflineAfter: 300 * time.Millisecond, CommandTimeout: time.Second})
	var got []hall.Command
	var mu sync.Mutex
	l := newTestLink(t, h.URL(), "t1", "", &hall.LinkOpts{Handle: func(ctx context.Context, c hall.Command) hall.Reply {
		mu.Lock()
		got = append(got, c)
		mu.Unlock()
		switch c.Action {
		case "pause":
			return hall.Reply{OK: true, Status: "paused"}
		case "adjust":
			return hall.Reply{Refused: "the clocks run", Notice: "pause first"}
		case "slow":
			<-ctx.Done()
			return hall.Reply{Error: "too late"}
		}
		return hall.Reply{Error: "unknown action " + strconv.Quote(c.Action)}
	}})
	l.Publish(hall.Snap{Status: "running"})
	waitFor(t, "t1 online", func() bool { s, _ := h.Table("t1"); return s.Online })
	ctx := context.Background()
	r, err := h.Command(ctx, "t1", arbiter.Request{Action: "pause"})
	if err != nil || !r.OK || r.Status != "paused" {
		t.Fatalf("pause: %+v %v", r, err)
	}
	r, err = h.Command(ctx, "t1", arbiter.Request{Action: "adjust", Seat: "A-white", Delta: "+30"})
	if err != nil || r.OK || r.Refused != "the clocks run" {
		t.Fatalf("adjust: %+v %v", r, err)
	}
	if _, err := h.Command(ctx, "t1", arbiter.Request{Action: "dance"}); err == nil || !strings.Contains(err.Error(), `unknown action "dance"`) {
		t.Fatalf("unknown action: %v", err)
	}
	if _, err := h.Command(ctx, "t1", arbiter.Request{Action: "slow"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow: %v", err)
	}
	mu.Lock()
	if len(got) != 4 || got[1].Seat != "A-white" || got[1].Delta != "+30" || got[0].V != hall.Version {
		t.Fatalf("the table got %+v", got)
	}
	mu.Unlock()
	l.Close()
	waitFor(t, "t1 offline", func() bool { s, _ := h.Table("t1"); return !s.Online })
	if _, err := h.Command(ctx, "t1", arbiter.Request{Action: "pause"}); !errors.Is(err, ErrOffline) || !strings.Contains(err.Error(), "t1 since") {
		t.Fatalf("offline: %v", err)
	}
}

func TestHub_CommandNoResponderIsOffline(t *testing.T) {
	// A table shown online whose command subject nobody answers (its
	// snapshots come, its command handler is gone) fails at once as
	// offline, not after the timeout.
	h := newTestHub(t, "", nil)
	nc, err := nats.Connect(h.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	b, _ := json.Marshal(hall.Snap{V: hall.Version, Table: "t2", Boot: "b", Seq: 1, Status: "ready"})
	nc.Publish(hall.SnapSubject("t2"), b)
	waitFor(t, "t2 online", func() bool { s, _ := h.Table("t2"); return s.Online })
	start := time.Now()
	if _, err := h.Command(context.Background(), "t2", arbiter.Request{Action: "pause"}); !errors.Is(err, ErrOffline) || !strings.Contains(err.Error(), "does not answer") {
		t.Fatalf("no responder: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("no responder took %v, want at once", d)
	}
}

func TestLink_RecordsAndResultsOnceAcrossOutagesAndRestarts(t *testing.T) {
	addr := freePort(t)
	store := t.TempDir()
	// A 200 ms duplicate window: the outages below are longer, so only
	// the catch-up keeps the records single.
	hopts := &Opts{Listen: addr, StoreDir: store, Duplicates: 200 * time.Millisecond}
	h := newTestHub(t, "", hopts)
	rec := openRecord(t, filepath.Join(t.TempDir(), "t3.db"))
	rec.match(t, "m1", 5) // before the link: published by its first catch-up
	l := newTestLink(t, h.URL(), "t3", rec.path, nil)
	rec.attach(t, l)
	waitFor(t, "the first match", func() bool { return len(h.Results()) == 1 })
	// The result and the records are two streams: the result may be in
	// before the catch-up's last record.
	waitFor(t, "every record", func() bool { n, _ := h.LastRecord(context.Background(), "t3"); return n == rec.n })
	checkOnce(t, records(t, h, "t3"), rec.n)
	r := h.Results()[0]
	if r.Table != "t3" || r.Match != "m1" || r.Result != "1-0" || r.Reason != "flag" || r.Players[3] != "Di" ||
		r.Control != "3m" || r.Preset != "fics" || r.MatchMs != 4500 || r.Seq != rec.n {
		t.Fatalf("result %+v", r)
	}

	// The hub goes down; the table records on, shows offline.
	h.Close()
	waitFor(t, "the link offline", func() bool { return !l.State().Online })
	rec.match(t, "m2", 40)
	// Only lets time pass beyond the 200 ms duplicate window, so that the
	// catch-up alone must keep the records single.
	time.Sleep(300 * time.Millisecond)
	rec.match(t, "m3", 7)

	// The hub comes back from its store: everything missed arrives once.
	h = newTestHub(t, "", hopts)
	waitFor(t, "three results", func() bool { return len(h.Results()) == 3 })
	waitFor(t, "every record", func() bool { n, _ := h.LastRecord(context.Background(), "t3"); return n == rec.n })
	checkOnce(t, records(t, h, "t3"), rec.n)
	for i, r := range h.Results() {
		if want := "m" + strconv.Itoa(i+1); r.Match != want {
			t.Fatalf("result %d is %s, want %s", i, r.Match, want)
		}
	}

	// The table restarts (a new link on the same record, reopened): it
	// publishes nothing again, and what follows once.
	l.Close()
	rec.w.Close()
	rec = openRecord(t, rec.path)
	l = newTestLink(t, h.URL(), "t3", rec.path, nil)
	rec.attach(t, l)
	rec.match(t, "m4", 3)
	waitFor(t, "four results", func() bool { return len(h.Results()) == 4 })
	waitFor(t, "every record", func() bool { n, _ := h.LastRecord(context.Background(), "t3"); return n == rec.n })
	checkOnce(t, records(t, h, "t3"), rec.n)
	// Every record is on the hub: the link's catch-up and publications
	// are done. The results stream holds 4, and the hub has taken them.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.SyncResults(ctx); err != nil {
		t.Fatal(err)
	}
	if n, stored := len(h.Results()), streamMsgs(t, h, hall.ResultsStream); n != 4 || stored != 4 {
		t.Fatalf("%d results (%d in the stream) after the table's restart, want 4", n, stored)
	}
	if s := l.State(); s.Err != "" {
		t.Fatalf("link error %q", s.Err)
	}
}

func TestLink_AnotherRecordUnderTheSameIDIsRefused(t *testing.T) {
	h := newTestHub(t, "", nil)
	a := openRecord(t, filepath.Join(t.TempDir(), "a.db"))
	a.match(t, "m1", 2)
	la := newTestLink(t, h.URL(), "t4", a.path, nil)
	a.attach(t, la)
	waitFor(t, "a's records", func() bool { n, _ := h.LastRecord(context.Background(), "t4"); return n == a.n })
	la.Close()

	// Another table (another record file) under the same id: its records
	// would be taken for a's. It says so and publishes none.
	b := openRecord(t, filepath.Join(t.TempDir(), "b.db"))
	b.match(t, "other", 9)
	lb := newTestLink(t, h.URL(), "t4", b.path, nil)
	b.attach(t, lb)
	lb.Publish(hall.Snap{Status: "ready"})
	waitFor(t, "the link's error", func() bool { return strings.Contains(lb.State().Err, "not this table's") })
	waitFor(t, "the error on the hub", func() bool {
		s, _ := h.Table("t4")
		return len(s.Alerts) > 0 && s.Alerts[len(s.Alerts)-1].Kind == AlertRecord
	})
	checkOnce(t, records(t, h, "t4"), a.n)
	if n := len(h.Results()); n != 1 {
		t.Fatalf("%d results, want a's one", n)
	}
}

func TestLink_NeverBlocksWithoutHub(t *testing.T) {
	// No hub at all: NewLink, Publish and Synced return at once, and the
	// state says offline.
	addr := freePort(t)
	start := time.Now()
	l := newTestLink(t, "nats://"+addr, "t5", "", nil)
	for range 1000 {
		l.Publish(hall.Snap{Status: "running"})
		l.Synced(3)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("a link without a hub took %v", d)
	}
	if l.State().Online {
		t.Fatal("online without a hub")
	}
}

func TestHub_TableCredentialsAndPermissions(t *testing.T) {
	h := newTestHub(t, "", &Opts{Tables: []TableAuth{
		{ID: "t1", User: "table1", Password: "s3cret"},
		{ID: "t2", User: "table2", Password: "other"},
	}})
	// Configured tables are listed before they are seen.
	if ts := h.Tables(); len(ts) != 2 || ts[0].ID != "t1" || ts[0].Online || ts[0].Alerts[0].Text != "never seen" {
		t.Fatalf("tables %+v", ts)
	}
	rec := openRecord(t, filepath.Join(t.TempDir(), "t1.db"))
	rec.match(t, "m1", 1)
	good := newTestLink(t, h.URL(), "t1", rec.path, &hall.LinkOpts{User: "table1", Password: "s3cret",
		Handle: func(context.Context, hall.Command) hall.Reply { return hall.Reply{OK: true} }})
	rec.attach(t, good)
	good.Publish(hall.Snap{Status: "ready"})
	waitFor(t, "t1 online", func() bool { s, _ := h.Table("t1"); return s.Online })
	waitFor(t, "t1's result", func() bool { return len(h.Results()) == 1 })
	if r, err := h.Command(context.Background(), "t1", arbiter.Request{Action: "pause"}); err != nil || !r.OK {
		t.Fatalf("command with credentials: %+v %v", r, err)
	}
	waitFor(t, "every record", func() bool { n, _ := h.LastRecord(context.Background(), "t1"); return n == rec.n })
	checkOnce(t, records(t, h, "t1"), rec.n)

	// A wrong password never connects.
	bad := newTestLink(t, h.URL(), "t2", "", &hall.LinkOpts{User: "table2", Password: "guess"})
	bad.Publish(hall.Snap{Status: "ready"})
	// Table 1's credentials cannot speak for table 2.
	nc, err := nats.Connect(h.URL(), nats.UserInfo("table1", "s3cret"), nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	b, _ := json.Marshal(hall.Snap{V: hall.Version, Table: "t2", Boot: "x", Seq: 1, Status: "running"})
	nc.Publish(hall.SnapSubject("t2"), b)
	// A snapshot t1 may send, after it on the same connection (the link
	// closed: no other run of t1 publishes): once the hub has taken it,
	// it has handled the forged one.
	good.Close()
	b, _ = json.Marshal(hall.Snap{V: hall.Version, Table: "t1", Boot: "marker", Seq: 1, Status: "ready"})
	nc.Publish(hall.SnapSubject("t1"), b)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.WaitSnap(ctx, "t1", "marker", 1); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the wrong password refused", func() bool { return bad.State().Refused != "" })
	if s, _ := h.Table("t2"); s.Online || bad.State().Online {
		t.Fatalf("t2 is online with table 1's credentials or a wrong password: %+v", s)
	}
}

func TestNew_BadCredentials(t *testing.T) {
	for _, c := range []struct {
		name string
		o    Opts
		want string
	}{
		{"token and users", Opts{Token: "x", Tables: []TableAuth{{ID: "t1", User: "a", Password: "b"}}}, "exclude each other"},
		{"bad id", Opts{Tables: []TableAuth{{ID: "t.1", User: "a", Password: "b"}}}, `table id "t.1"`},
		{"no password", Opts{Tables: []TableAuth{{ID: "t1", User: "a"}}}, "no password"},
		{"nothing", Opts{Tables: []TableAuth{{ID: "t1"}}}, "no credentials"},
		{"bad nkey", Opts{Tables: []TableAuth{{ID: "t1", Nkey: "SUAB"}}}, "not a user public key"},
		{"same user", Opts{Tables: []TableAuth{{ID: "t1", User: "a", Password: "b"}, {ID: "t2", User: "a", Password: "c"}}}, "same user"},
		{"bad listen", Opts{Listen: "4222"}, "not host:port"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.o.StoreDir = t.TempDir()
			if c.o.Listen == "" {
				c.o.Listen = "127.0.0.1:0"
			}
			h, err := New(&c.o)
			if err == nil {
				h.Close()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want %q", err, c.want)
			}
		})
	}
}

// The first OnState call happens inside NewLink, before the connect
// handler can report a newer state: a table that showed the state read
// after NewLink could end on a stale "offline" while the link was online.
func TestLink_OnStateFirstCallInsideNewLink(t *testing.T) {
	h := newTestHub(t, "", nil)
	var (
		mu     sync.Mutex
		states []hall.LinkState
	)
	l, err := hall.NewLink(&hall.LinkOpts{URL: h.URL(), Table: "t6", OnState: func(s hall.LinkState) {
		mu.Lock()
		states = append(states, s)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	mu.Lock()
	n := len(states)
	first := hall.LinkState{}
	if n > 0 {
		first = states[0]
	}
	mu.Unlock()
	if n == 0 || first.Online {
		t.Fatalf("after NewLink: %d states, first %+v; want the initial (offline) state already shown", n, first)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		last := states[len(states)-1]
		mu.Unlock()
		if last.Online {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the last state shown never became online")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The link asks for the wall clock's status at each publication,
// heartbeats included: the hub sees a table's clock set by a time server
// without waiting for a change of the match.
func TestLink_WallClockOnEveryPublication(t *testing.T) {
	h := newTestHub(t, "", nil)
	var wall atomic.Value
	wall.Store("unsynchronised")
	l := newTestLink(t, h.URL(), "t9", "", &hall.LinkOpts{WallClock: func() string { return wall.Load().(string) }})
	l.Publish(hall.Snap{Status: "ready"})
	clock := func(s TableState) string {
		for _, a := range s.Alerts {
			if a.Kind == AlertClock {
				return a.Text
			}
		}
		return ""
	}
	waitFor(t, "t9 unsynchronised", func() bool {
		s, ok := h.Table("t9")
		return ok && s.Snap.WallClock == "unsynchronised" && clock(s) != ""
	})
	wall.Store("synchronised") // the hub's time server answered; the match did not change
	waitFor(t, "t9 synchronised by a heartbeat", func() bool {
		s, _ := h.Table("t9")
		return s.Snap.WallClock == "synchronised" && s.Snap.Heartbeat && clock(s) == ""
	})
}

// streamMsgs returns how many messages stream holds.
func streamMsgs(t *testing.T, h *Hub, stream string) uint64 {
	t.Helper()
	// Tried again while a cluster's stream is temporarily unavailable
	// (records), 30 s at most.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		try, done := context.WithTimeout(ctx, 5*time.Second) // as records: one unanswered request is asked again
		s, err := h.js.Stream(try, stream)
		if err == nil {
			var info *jetstream.StreamInfo
			if info, err = s.Info(try); err == nil {
				done()
				return info.State.Msgs
			}
		}
		done()
		if ctx.Err() != nil {
			t.Fatalf("stream %s: %v", stream, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
