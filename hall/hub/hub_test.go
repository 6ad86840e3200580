package hub

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/arbiter"
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
	if _, err := h.Command(context.Background(), "t1", arbiter.Request{Action: "pause"}); !errors.Is(err, ErrOffline) {
		t.Fatalf("command to an offline table: %v", err)
	}
	if _, err := h.Command(context.Background(), "nope", arbiter.Request{Action: "pause"}); !errors.Is(err, ErrUnknownTable) {
		t.Fatalf("command to an unknown table: %v", err)
	}
}

// A table that says its wall clock was never synchronised, or whose clock
// is far from the hub's, shows AlertClock; a synchronised table near the
// hub's clock does not.
func TestHub_ClockAlert(t *testing.T) {
	h := newTestHub(t, "", nil)
	nc, err := nats.Connect(h.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	now := time.Now()
	cases := []struct {
		id, wall string
		sent     time.Time
		want     string // the clock alert's text, "" for none
	}{
		{"t1", "synchronised", now, ""},
		{"t2", "unsynchronised", now, "clock never synchronised since boot: its times of day are guesses"},
		{"t3", "unsynchronised", now.Add(-2*time.Hour - 3*time.Minute), "clock never synchronised since boot, 2 h 03 min behind the hub's: its times of day are guesses"},
		{"t4", "synchronised", now.Add(40 * time.Second), "clock about 40 s ahead of the hub's: its times of day are wrong"},
		{"t5", "", now.Add(-12 * time.Minute), "clock 12 min behind the hub's: its times of day are wrong"},
		{"t6", "unknown", now.Add(2 * time.Second), ""},
	}
	for i, c := range cases {
		b, _ := json.Marshal(hall.Snap{V: hall.Version, Table: c.id, Boot: "x", Seq: uint64(i + 1), Status: "ready", SentMs: c.sent.UnixMilli(), WallClock: c.wall})
		nc.Publish(hall.SnapSubject(c.id), b)
	}
	for _, c := range cases {
		waitFor(t, c.id+" seen", func() bool { _, ok := h.Table(c.id); return ok })
		s, _ := h.Table(c.id)
		got := ""
		for _, a := range s.Alerts {
			if a.Kind == AlertClock {
				got = a.Text
			}
		}
		if got != c.want {
			t.Errorf("%s (wall clock %q, offset %v): alert %q, want %q", c.id, c.wall, s.ClockOffset, got, c.want)
		}
	}
}

func TestRoughly(t *testing.T) {
	for d, want := range map[time.Duration]string{
		11 * time.Second: "about 10 s", 15 * time.Second: "about 20 s", 59 * time.Second: "about 60 s",
		time.Minute: "1 min", 89 * time.Second: "1 min", 90 * time.Second: "2 min", 59*time.Minute + 29*time.Second: "59 min",
		time.Hour: "1 h 00 min", 25*time.Hour + 7*time.Minute: "25 h 07 min",
	} {
		if got := roughly(d); got != want {
			t.Errorf("roughly(%v) = %q, want %q", d, got, want)
		}
	}
}

// An offline table's running clock is shown at the last value the hub
// knew (its last snapshot's arrival), not at the snapshot's instant nor
// now; an online one runs on, its unused delay first.
func TestTableState_RemainingOfflineFrozenAtLastSeen(t *testing.T) {
	seen := time.Unix(1e9, 0)
	s := TableState{Online: true, LastSeen: seen, Snap: hall.Snap{Status: "running",
		ClocksAtMs: seen.Add(-4 * time.Second).UnixMilli(), SentMs: seen.UnixMilli(),
		Clocks: [4]hall.Clock{{Ms: 60000, Running: true, DelayMs: 1000}, {Ms: 50000}}}}
	if got := s.Remaining(0, seen.Add(2*time.Second)); got != 55*time.Second {
		t.Fatalf("online, 2 s after: %v; want 60 - 4 - 2 + 1 (delay) = 55 s", got)
	}
	s.Online = false
	for _, now := range []time.Time{seen, seen.Add(time.Minute)} {
		if got := s.Remaining(0, now); got != 57*time.Second {
			t.Fatalf("offline at %v: %v; want 57 s, the value at its last snapshot", now.Sub(seen), got)
		}
	}
	if got := s.Remaining(1, seen.Add(time.Minute)); got != 50*time.Second {
		t.Fatalf("a stopped clock: %v", got)
	}
}
