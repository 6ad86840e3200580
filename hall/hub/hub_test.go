package hub

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/hall"
)

// newTestHub starts a hub on a free loopback port with its store in a
// temporary directory (or dir, when given).
func newTestHub(t *testing.T, dir string, opts *Opts) *Hub {
	t.Helper()
	o := Opts{}
	if opts != nil {
		o = *opts
	}
	if o.Listen == "" {
		o.Listen = "127.0.0.1:0"
	}
	if o.StoreDir == "" {
		o.StoreDir = dir
	}
	if o.StoreDir == "" {
		o.StoreDir = t.TempDir()
	}
	h, err := New(&o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// waitFor polls cond every 5 ms until it holds or 10 s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestHub_RawSnapshotMakesTableOnlineThenOffline(t *testing.T) {
	h := newTestHub(t, "", &Opts{OfflineAfter: 200 * time.Millisecond})
	nc, err := nats.Connect(h.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	sub := h.Subscribe()
	defer sub.Close()
	b, _ := json.Marshal(hall.Snap{V: hall.Version, Table: "t1", Boot: "x", Seq: 1, Status: "ready"})
	nc.Publish(hall.SnapSubject("t1"), b)
	waitFor(t, "t1 online", func() bool { s, ok := h.Table("t1"); return ok && s.Online })
	<-sub.C()
	if got := sub.Tables(); len(got) != 1 || got[0].ID != "t1" || !got[0].Online {
		t.Fatalf("sub tables %+v", got)
	}
	waitFor(t, "t1 offline", func() bool { s, _ := h.Table("t1"); return !s.Online })
	s, _ := h.Table("t1")
	if len(s.Alerts) == 0 || s.Alerts[0].Kind != AlertOffline {
		t.Fatalf("alerts %+v", s.Alerts)
	}
	if _, err := h.Command(context.Background(), "t1", hall.Command{Action: "pause"}); !errors.Is(err, ErrOffline) {
		t.Fatalf("command to an offline table: %v", err)
	}
	if _, err := h.Command(context.Background(), "nope", hall.Command{Action: "pause"}); !errors.Is(err, ErrUnknownTable) {
		t.Fatalf("command to an unknown table: %v", err)
	}
}
