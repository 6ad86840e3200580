package daemon

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/config"
	"tandem/hall"
	"tandem/hall/hub"
	"tandem/rules"
)

// hallAddr returns a loopback address free now: the hub comes back on it
// after its restart.
func hallAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func startHub(t *testing.T, addr, store string) *hub.Hub {
	t.Helper()
	h, err := hub.New(&hub.Opts{Listen: addr, StoreDir: store, Duplicates: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// streamCount returns how many records of table id the hub's stream holds.
func streamCount(t *testing.T, h *hub.Hub, id string) uint64 {
	t.Helper()
	js, err := jetstream.New(h.Conn())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, hall.RecordsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(hall.RecordSubject(id)))
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Subjects[hall.RecordSubject(id)]
}

// resultsStored returns how many results the hub's results stream holds.
func resultsStored(t *testing.T, h *hub.Hub) uint64 {
	t.Helper()
	js, err := jetstream.New(h.Conn())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, hall.ResultsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

// allPublished waits until the hub holds every record of the table's
// file, and checks it holds each once: as many as the file's last seq.
func allPublished(t *testing.T, h *hub.Hub, d *Daemon, path, id string) uint64 {
	t.Helper()
	l := synced(t, d, path)
	last := l.Records[len(l.Records)-1].Seq
	eventually(t, "every record on the hub", func() bool {
		n, err := h.LastRecord(context.Background(), id)
		return err == nil && n == last
	})
	if n := streamCount(t, h, id); n != last {
		t.Fatalf("the hub holds %d records of %s, the file %d", n, id, last)
	}
	return last
}

func hallConfig(t *testing.T, path, addr string) *config.Config {
	c := recordConfig(t, path)
	c.Hall = config.Hall{URL: "nats://" + addr, Table: "t9"}
	c.Journal.Players = [4]string{"Ana", "Bo", "Cy", "Di"}
	return c
}

// TestHall_CommandsOutageRestart: a table with a record joins the hub;
// every command goes through the console's action path; the hub goes
// down while the table plays and decides; back from its store, it gets
// every record once and the result; a table restart publishes nothing
// twice.
func TestHall_CommandsOutageRestart(t *testing.T) {
	addr, store := hallAddr(t), t.TempDir()
	path := filepath.Join(t.TempDir(), "t9.db")
	h := startHub(t, addr, store)
	d, err := Start(context.Background(), hallConfig(t, path, addr), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { d.Close() }()
	eventually(t, "t9 on the hub", func() bool { s, ok := h.Table("t9"); return ok && s.Online && s.Snap.Status == "ready" })
	eventually(t, "Info.Hall online", func() bool { return d.Info().HallOnline && strings.HasPrefix(d.Info().Hall, "hall online since ") })
	if s, _ := h.Table("t9"); s.Snap.Players != [4]string{"Ana", "Bo", "Cy", "Di"} || s.Snap.Preset != d.Config.Preset || s.Snap.Match == "" {
		t.Fatalf("snapshot %+v", s.Snap)
	}

	ctx := context.Background()
	cmd := func(c arbiter.Request) hall.Reply {
		t.Helper()
		r, err := h.Command(ctx, "t9", c)
		if err != nil {
			t.Fatalf("%s: %v", c.Action, err)
		}
		return r
	}
	if r := cmd(arbiter.Request{Action: "players", Players: [4]string{"Eva", "Fu", "Gil", "Hal"}}); !r.OK || r.Notice != "players set for this match" {
		t.Fatalf("players: %+v", r)
	}
	eventually(t, "the players on the hub", func() bool { s, _ := h.Table("t9"); return s.Snap.Players[0] == "Eva" })
	if r := cmd(arbiter.Request{Action: "start"}); !r.OK || r.Status != "running" {
		t.Fatalf("start: %+v", r)
	}
	if r := cmd(arbiter.Request{Action: "adjust", Seat: "A-white", Delta: "+30"}); r.OK || r.Refused == "" || !strings.Contains(r.Notice, "pause first") {
		t.Fatalf("adjust while running: %+v", r)
	}
	if r := cmd(arbiter.Request{Action: "pause"}); !r.OK || r.Status != "paused" {
		t.Fatalf("pause: %+v", r)
	}
	eventually(t, "paused on the hub", func() bool { s, _ := h.Table("t9"); return s.Snap.Status == "paused" })
	before := d.Table.Snapshot().Clocks[bughouse.AWhite].Remaining
	if r := cmd(arbiter.Request{Action: "adjust", Seat: "A-white", Delta: "+30"}); !r.OK {
		t.Fatalf("adjust: %+v", r)
	}
	if got := d.Table.Snapshot().Clocks[bughouse.AWhite].Remaining; got != before+30*time.Second {
		t.Fatalf("adjusted to %v, want %v", got, before+30*time.Second)
	}
	if _, err := h.Command(ctx, "t9", arbiter.Request{Action: "adjust", Seat: "Z-white", Delta: "+30"}); err == nil || !strings.Contains(err.Error(), "seat") {
		t.Fatalf("a bad seat: %v", err)
	}
	if r := cmd(arbiter.Request{Action: "resume"}); !r.OK || r.Status != "running" {
		t.Fatalf("resume: %+v", r)
	}
	// A move crosses the hall as the console's request carries it.
	if r := cmd(arbiter.Request{Action: "move", Board: "A", Move: "e4"}); !r.OK {
		t.Fatalf("move: %+v", r)
	}
	if n := d.Table.Snapshot().Moves(); n != 1 {
		t.Fatalf("%d moves on the scoresheet after the hall's move, want 1", n)
	}
	if r := cmd(arbiter.Request{Action: "new"}); r.OK || !strings.Contains(r.Notice, "pause first") {
		t.Fatalf("new while running: %+v", r)
	}
	if r := cmd(arbiter.Request{Action: "pause"}); !r.OK {
		t.Fatalf("pause: %+v", r)
	}
	if r := cmd(arbiter.Request{Action: "new", Control: "3m+2s"}); !r.OK || r.Status != "ready" {
		t.Fatalf("new: %+v", r)
	}
	eventually(t, "the new match on the hub", func() bool { s, _ := h.Table("t9"); return s.Snap.Control == "3m+2s" && s.Snap.Status == "ready" })
	allPublished(t, h, d, path, "t9")

	// The hub goes down: the table plays on, records, and says offline.
	h.Close()
	eventually(t, "Info.Hall offline", func() bool { return !d.Info().HallOnline && strings.HasPrefix(d.Info().Hall, "hall offline since ") })
	now := time.Now()
	do(t, d, rules.Event{Kind: rules.Start}, now)
	do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, now.Add(time.Second))
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.WhiteWins, Reason: rules.Resignation}, now.Add(2*time.Second))
	if s := d.Table.Snapshot(); s.Status != rules.Decided {
		t.Fatalf("offline, the table did not decide: %v", s.Status)
	}
	waitFinal(t, d)
	// Only lets time pass beyond the hub's 200 ms duplicate window, so
	// that the catch-up alone must keep the records single.
	time.Sleep(300 * time.Millisecond)

	// Back from its store: every record once, the result once.
	h = startHub(t, addr, store)
	last := allPublished(t, h, d, path, "t9")
	eventually(t, "the result", func() bool { return len(h.Results()) == 1 })
	r := h.Results()[0]
	if r.Table != "t9" || r.Result != "0-1" || r.Reason != "resignation" || r.Players != [4]string{"Eva", "Fu", "Gil", "Hal"} || r.Control != "3m+2s" {
		t.Fatalf("result %+v", r)
	}

	// A table restart (the decided match restored): nothing twice.
	d.Close()
	d, err = Start(context.Background(), hallConfig(t, path, addr), nil)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "t9 back", func() bool { s, _ := h.Table("t9"); return s.Online && s.Snap.Recovered })
	if n := allPublished(t, h, d, path, "t9"); n < last {
		t.Fatalf("%d records after the restart, %d before", n, last)
	}
	// Every record is on the hub (allPublished): whatever the restarted
	// table published is stored; the hub has taken all the stream holds.
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := h.SyncResults(sctx); err != nil {
		t.Fatal(err)
	}
	if n, stored := len(h.Results()), resultsStored(t, h); n != 1 || stored != 1 {
		t.Fatalf("%d results (%d in the stream) after the table's restart", n, stored)
	}
	if s, _ := h.Table("t9"); len(s.Alerts) == 0 || s.Alerts[0].Kind != hub.AlertRecovered {
		t.Fatalf("alerts %+v", s.Alerts)
	}
}

func TestHall_NoHubAtStart_TableRuns(t *testing.T) {
	// The hub is not there at all: Start does not wait for it, the
	// table plays, Info and the displays say offline.
	c := hallConfig(t, filepath.Join(t.TempDir(), "t.db"), hallAddr(t))
	start := time.Now()
	d, err := Start(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("Start took %v without a hub", el)
	}
	do(t, d, rules.Event{Kind: rules.Start}, time.Now())
	if s := d.Table.Snapshot(); s.Status != rules.Running {
		t.Fatalf("status %v", s.Status)
	}
	if in := d.Info(); in.HallOnline || !strings.HasPrefix(in.Hall, "hall offline since ") {
		t.Fatalf("info %+v", in)
	}
	s := d.Table.Snapshot()
	s.Status = rules.Paused
	if n := displayNote(Info{Hall: "hall offline since 10:00"}, &s, nil); n != "HALL OFFLINE" {
		t.Fatalf("display note %q", n)
	}
	if n := displayNote(Info{Hall: "hall online since 10:00", HallOnline: true}, &s, nil); n != "" {
		t.Fatalf("display note online %q", n)
	}
}
