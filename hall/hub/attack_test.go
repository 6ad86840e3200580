package hub

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tandem/arbiter"
	"tandem/hall"
)

// This file holds the attacks of one table on the others (docs/hall.md,
// "One table cannot speak for another"),
// each performed with a table's real login on the hub's server.

// threeTables are t01, t02, t03 with a password each.
func threeTables() []TableAuth {
	return []TableAuth{{ID: "t01", User: "t01", Password: "p1"}, {ID: "t02", User: "t02", Password: "p2"}, {ID: "t03", User: "t03", Password: "p3"}}
}

// attacker is a raw connection with a table's login, its refusals
// (the server's permission errors) collected.
type attacker struct {
	nc   *nats.Conn
	mu   sync.Mutex
	errs []string
}

func connectAs(t *testing.T, url, user, password string, opts ...nats.Option) *attacker {
	t.Helper()
	a := &attacker{}
	opts = append(opts, nats.UserInfo(user, password), nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
		a.mu.Lock()
		defer a.mu.Unlock()
		a.errs = append(a.errs, err.Error())
	}))
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	a.nc = nc
	return a
}

// refusedOn reports whether the server refused the attacker on subject.
func (a *attacker) refusedOn(subject string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.ContainsFunc(a.errs, func(e string) bool {
		return strings.Contains(e, "ermissions") && strings.Contains(e, `"`+subject+`"`)
	})
}

// Connected as t02 with t02's own password, a result naming t01 (the
// match t01 is about to decide, with t01's message id) is refused
// whichever way it is sent: on t02's own result subject straight into
// the stream (what the tables did before the hub stored for them), on
// t01's, or asked of the hub. It is in no standings, the dashboard shows
// it on t02, and when t01 decides that match its real result is
// counted, also after the hub restarts.
func TestAttack_ResultNamingAnotherTable(t *testing.T) {
	var told refusals
	store, addr := t.TempDir(), freePort(t)
	opts := &Opts{Tables: threeTables(), OnRefused: told.on, Listen: addr}
	h := newTestHub(t, store, opts)

	rec := openRecord(t, filepath.Join(t.TempDir(), "t01.db"))
	rec.match(t, "m1", 3) // its decision is record 6
	forgery := hall.Result{V: hall.Version, Table: "t01", Match: "m1", Seq: rec.n, Result: "0-1", Reason: "forfeit", Decisive: []string{"A-white"}}
	data, _ := json.Marshal(forgery)

	// t02's replies come on its own inbox prefix, as its link's do.
	a := connectAs(t, h.URL(), "t02", "p2", nats.CustomInboxPrefix(hall.InboxPrefix("t02")))
	js, err := jetstream.New(a.nc)
	if err != nil {
		t.Fatal(err)
	}
	for _, subj := range []string{hall.ResultSubject("t02"), hall.ResultSubject("t01")} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err := js.Publish(ctx, subj, data, jetstream.WithMsgID(hall.MsgID("t01", forgery.Seq, true)))
		cancel()
		if err == nil {
			t.Errorf("t02 stored a result naming t01 on %s", subj)
		}
	}
	m := nats.NewMsg(hall.StoreSubject("t02"))
	m.Data = data
	m.Header.Set(hall.HeaderStream, hall.StreamResults)
	m.Header.Set(hall.HeaderSeq, "6")
	m.Header.Set(hall.HeaderExpect, "0")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if reply, err := a.nc.RequestMsgWithContext(ctx, m); err == nil { // (no hub answered there before)
		var r hall.StoreReply
		if json.Unmarshal(reply.Data, &r) != nil || r.Refused == "" || r.Seq != 0 {
			t.Errorf("the hub took t02's result naming t01: %s", reply.Data)
		}
	}
	sync, cancelSync := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelSync()
	if err := h.SyncResults(sync); err != nil {
		t.Fatal(err)
	}
	if rs := h.Results(); len(rs) != 0 {
		t.Fatalf("the forged result is counted: %+v", rs)
	}
	waitFor(t, "the dashboard's alert on t02", func() bool {
		ts, _ := h.Table("t02")
		return hasAlert(ts, AlertRefused, `result naming table "t01"`)
	})
	// Told once a minute per table: the first of t02's refusals.
	waitFor(t, "OnRefused", func() bool { return told.has("t02", "") })
	if ts, _ := h.Table("t01"); ts.Refused != "" {
		t.Fatalf("t01 blamed: %+v", ts)
	}

	// t01 decides the match: its result is counted, once.
	l := newTestLink(t, h.URL(), "t01", rec.path, &hall.LinkOpts{User: "t01", Password: "p1"})
	rec.attach(t, l)
	genuine := func(h *Hub) {
		t.Helper()
		waitFor(t, "t01's result", func() bool { return len(h.Results()) > 0 })
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := h.SyncResults(ctx); err != nil {
			t.Fatal(err)
		}
		rs := h.Results()
		if len(rs) != 1 || rs[0].Table != "t01" || rs[0].Match != "m1" || rs[0].Result != "1-0" || rs[0].Reason != "flag" {
			t.Fatalf("results %+v, want t01's own 1-0 by flag only", rs)
		}
	}
	genuine(h)
	waitFor(t, "every record of t01", func() bool { n, _ := h.LastRecord(context.Background(), "t01"); return n == rec.n })

	h.Close()
	h2 := newTestHub(t, store, opts)
	genuine(h2)
}

// A result naming another table that an older hub let a table store
// (on its own subject) is not counted when the hub reads the stream,
// and does not stand in the way of the named table's own.
func TestHub_StoredResultNamingAnotherTableIsNotCounted(t *testing.T) {
	h := newTestHub(t, "", &Opts{Tables: threeTables()})
	forgery, _ := json.Marshal(hall.Result{V: hall.Version, Table: "t01", Match: "m1", Seq: 6, Result: "0-1", Reason: "forfeit"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The hub's own connection may store anything: as an older hub's
	// table did.
	if _, err := h.js.Publish(ctx, hall.ResultSubject("t02"), forgery); err != nil {
		t.Fatal(err)
	}
	if err := h.SyncResults(ctx); err != nil {
		t.Fatal(err)
	}
	if rs := h.Results(); len(rs) != 0 {
		t.Fatalf("counted %+v", rs)
	}
	waitFor(t, "the alert on t02", func() bool {
		ts, _ := h.Table("t02")
		return hasAlert(ts, AlertRefused, `naming table "t01"`)
	})
	rec := openRecord(t, filepath.Join(t.TempDir(), "t01.db"))
	rec.match(t, "m1", 3)
	l := newTestLink(t, h.URL(), "t01", rec.path, &hall.LinkOpts{User: "t01", Password: "p1"})
	rec.attach(t, l)
	waitFor(t, "t01's result", func() bool { return len(h.Results()) == 1 })
	if r := h.Results()[0]; r.Table != "t01" || r.Result != "1-0" {
		t.Fatalf("result %+v", r)
	}
}

// Connected as t02, a snapshot naming t01 on t02's own subject is
// refused (t01 is not shown online) and shown on t02; on t01's subject
// the server refuses it.
func TestAttack_SnapshotNamingAnotherTable(t *testing.T) {
	h := newTestHub(t, "", &Opts{Tables: threeTables()})
	a := connectAs(t, h.URL(), "t02", "p2")
	forged, _ := json.Marshal(hall.Snap{V: hall.Version, Table: "t01", Boot: "x", Seq: 1, Status: "running"})
	// On t01's subject first: the server's refusal is shown on t02 too,
	// and a table's alert says its latest refusal.
	a.nc.Publish(hall.SnapSubject("t01"), forged)
	waitFor(t, "the server's refusal of t01's subject", func() bool { return a.refusedOn(hall.SnapSubject("t01")) })
	a.nc.Publish(hall.SnapSubject("t02"), forged)
	// Then a snapshot of its own: once the hub has it, it has handled
	// everything before (WaitSnap).
	own, _ := json.Marshal(hall.Snap{V: hall.Version, Table: "t02", Boot: "x", Seq: 2, Status: "ready"})
	a.nc.Publish(hall.SnapSubject("t02"), own)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.WaitSnap(ctx, "t02", "x", 2); err != nil {
		t.Fatal(err)
	}
	if ts, _ := h.Table("t01"); ts.Online || !ts.LastSeen.IsZero() || ts.Snap.Status != "" {
		t.Fatalf("t01 shown from t02's snapshot: %+v", ts)
	}
	waitFor(t, "the alert on t02", func() bool {
		ts, _ := h.Table("t02")
		return hasAlert(ts, AlertRefused, `snapshot naming table "t01"`)
	})
}

// Connected as t02, reading every inbox (the hub's command replies, the
// other tables' acknowledgements) is refused, as are t03's own inbox
// and everything: while t03 sends its snapshots, records and result and
// answers a command, t02 receives nothing of it.
func TestAttack_ReadOtherTablesInboxes(t *testing.T) {
	h := newTestHub(t, "", &Opts{Tables: threeTables()})
	a := connectAs(t, h.URL(), "t02", "p2")
	var mu sync.Mutex
	var got []string
	spy := []string{"_INBOX.>", hall.InboxPrefix("t03") + ".>", ">", "_INBOX_*.>", "tandem.>", hall.InboxPrefix("t02") + ".>"}
	for _, subj := range spy {
		if _, err := a.nc.Subscribe(subj, func(m *nats.Msg) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, m.Subject)
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.nc.Flush(); err != nil {
		t.Fatal(err)
	}

	rec := openRecord(t, filepath.Join(t.TempDir(), "t03.db"))
	rec.match(t, "m1", 3)
	l := newTestLink(t, h.URL(), "t03", rec.path, &hall.LinkOpts{User: "t03", Password: "p3",
		Handle: func(context.Context, hall.Command) hall.Reply { return hall.Reply{OK: true, Status: "paused"} }})
	rec.attach(t, l)
	l.Publish(hall.Snap{Status: "running"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.WaitSnap(ctx, "t03", l.Boot(), 1); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "t03's result", func() bool { return len(h.Results()) == 1 })
	waitFor(t, "every record of t03", func() bool { n, _ := h.LastRecord(context.Background(), "t03"); return n == rec.n })
	if r, err := h.Command(ctx, "t03", arbiter.Request{Action: "pause"}); err != nil || r.Status != "paused" {
		t.Fatalf("command: %+v %v", r, err)
	}
	// Whatever the server delivered to t02 before the round trip has
	// arrived after it.
	if err := a.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	if len(got) > 0 {
		t.Fatalf("t02 read %d messages of t03's traffic: %q", len(got), got)
	}
	mu.Unlock()
	// Refused by the server, not merely quiet (its own inbox is not).
	for _, subj := range spy[:len(spy)-1] {
		waitFor(t, "the refusal of "+subj, func() bool { return a.refusedOn(subj) })
	}
	// And the dashboard shows it on t02 (its latest refused subject).
	waitFor(t, "the alert on t02", func() bool {
		ts, _ := h.Table("t02")
		return slices.ContainsFunc(spy[:len(spy)-1], func(subj string) bool { return hasAlert(ts, AlertRefused, " on "+subj) })
	})
}
