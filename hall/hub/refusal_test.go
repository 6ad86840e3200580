package hub

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/hall"
)

// refusals collects Opts.OnRefused's calls.
type refusals struct {
	mu   sync.Mutex
	told [][2]string
}

func (r *refusals) on(table, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.told = append(r.told, [2]string{table, text})
}

func (r *refusals) has(table, part string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, t := range r.told {
		if t[0] == table && strings.Contains(t[1], part) {
			return true
		}
	}
	return false
}

func hasAlert(s TableState, kind AlertKind, part string) bool {
	for _, a := range s.Alerts {
		if a.Kind == kind && strings.Contains(a.Text, part) {
			return true
		}
	}
	return false
}

func twoTables() []TableAuth {
	return []TableAuth{{ID: "t01", User: "t01", Password: "p1"}, {ID: "t02", User: "t02", Password: "p2"}}
}

// A table logged in with another table's user is connected but refused
// everything: its state says so (not "online"), and the hub shows it on
// the table it claims to be.
func TestLink_AnotherTablesUserIsRefused(t *testing.T) {
	var told refusals
	h := newTestHub(t, "", &Opts{Tables: twoTables(), OnRefused: told.on})
	l := newTestLink(t, h.URL(), "t01", "", &hall.LinkOpts{User: "t02", Password: "p2"})
	l.Publish(hall.Snap{Status: "ready"})
	// Connected and refused: the refusal can come in before the
	// connection's own callback says online (seen once in the whole
	// suite's run: "hall offline: the hub refuses ..."), so wait for both.
	waitFor(t, "the link's refusal while online", func() bool { s := l.State(); return s.Refused != "" && s.Online })
	s := l.State()
	want := "hall ERROR: the hub refuses this table's messages on tandem.table.t01.*: check [hall] table and user"
	if !strings.HasPrefix(s.Text(), want) || s.OK() {
		t.Fatalf("state %+v, text %q", s, s.Text())
	}
	waitFor(t, "the hub's alert on t01", func() bool {
		ts, _ := h.Table("t01")
		return hasAlert(ts, AlertRefused, `table t02's user "t02"`)
	})
	if ts, _ := h.Table("t01"); ts.Online || !strings.Contains(ts.Refused, "tandem.table.t01.") {
		t.Fatalf("t01 %+v", ts)
	}
	waitFor(t, "OnRefused", func() bool { return told.has("t01", "calls itself t01") })
	// The real t02 is not blamed.
	if ts, _ := h.Table("t02"); ts.Refused != "" {
		t.Fatalf("t02 %+v", ts)
	}
}

// A wrong password is a refusal, not a pulled cable; the link keeps
// trying (nats.go alone gives up after two), so a hub restarted with the
// right credentials takes it.
func TestLink_WrongPasswordIsRefusedThenRetried(t *testing.T) {
	var told refusals
	dir, addr := t.TempDir(), freePort(t)
	h := newTestHub(t, dir, &Opts{Listen: addr, Tables: twoTables(), OnRefused: told.on})
	l := newTestLink(t, "nats://"+addr, "t02", "", &hall.LinkOpts{User: "t02", Password: "guess"})
	l.Publish(hall.Snap{Status: "ready"})
	waitFor(t, "the link's refusal", func() bool { return l.State().Refused != "" })
	want := "hall offline: the hub refused the login (authorization violation): check [hall] user and password"
	if s := l.State(); s.Text() != want || s.Online {
		t.Fatalf("state %+v, text %q, want %q", s, s.Text(), want)
	}
	waitFor(t, "the hub's alert on t02", func() bool {
		ts, _ := h.Table("t02")
		return hasAlert(ts, AlertRefused, `login refused for table t02's user "t02"`)
	})
	waitFor(t, "OnRefused", func() bool { return told.has("t02", "login refused") })
	// nats.go alone stops after the second refusal: wait for a third.
	seen := map[time.Time]bool{}
	waitFor(t, "three refused logins", func() bool {
		h.mu.Lock()
		seen[h.tables["t02"].refusedAt] = true
		h.mu.Unlock()
		return len(seen) >= 3
	})
	h.Close()

	tables := twoTables()
	tables[1].Password = "guess"
	h2 := newTestHub(t, dir, &Opts{Listen: addr, Tables: tables})
	waitFor(t, "t02 online on the fixed hub", func() bool { ts, _ := h2.Table("t02"); return ts.Online })
	waitFor(t, "the refusal cleared", func() bool { return l.State().OK() })
	if s := l.State(); !strings.HasPrefix(s.Text(), "hall online since ") {
		t.Fatalf("text %q", s.Text())
	}
}

// A login with a user no table has is told to OnRefused without a table.
func TestHub_UnknownUserRefusal(t *testing.T) {
	var told refusals
	h := newTestHub(t, "", &Opts{Tables: twoTables(), OnRefused: told.on})
	nc, err := nats.Connect(h.URL(), nats.UserInfo("nobody", "x"))
	if err == nil {
		nc.Close()
		t.Fatal("connected as an unknown user")
	}
	waitFor(t, "OnRefused", func() bool { return told.has("", `login refused for user "nobody" from 127.0.0.1`) })
	for _, ts := range h.Tables() {
		if ts.Refused != "" {
			t.Fatalf("a table blamed: %+v", ts)
		}
	}
}

func TestNewLink_MissingCredentialFiles(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	for _, o := range []hall.LinkOpts{{CredsFile: missing}, {NkeySeedFile: missing}} {
		o.URL, o.Table = "nats://127.0.0.1:1", "t1"
		l, err := hall.NewLink(&o)
		if err == nil {
			l.Close()
			t.Fatalf("%+v: no error", o)
		}
		if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), missing) {
			t.Fatalf("%+v: %v", o, err)
		}
	}
}

// Two hubs on one store: the second refuses at once, naming the store
// and the first's process; the store is free again once the first stops.
func TestNew_StoreInUse(t *testing.T) {
	dir := t.TempDir()
	h := newTestHub(t, dir, nil)
	_, err := New(&Opts{Listen: "127.0.0.1:0", StoreDir: dir})
	var se *StoreInUseError
	if !errors.As(err, &se) || se.Dir != dir || se.PID != os.Getpid() {
		t.Fatalf("second hub: %v", err)
	}
	if !strings.Contains(err.Error(), "the store "+dir+" is in use by another hub (pid ") {
		t.Fatalf("message %q", err)
	}
	h.Close()
	h2, err := New(&Opts{Listen: "127.0.0.1:0", StoreDir: dir})
	if err != nil {
		t.Fatalf("after the first stopped: %v", err)
	}
	h2.Close()
}

// A busy port fails at once with the system's reason.
func TestNew_ListenInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = New(&Opts{Listen: ln.Addr().String(), StoreDir: t.TempDir()})
	var le *ListenError
	if !errors.As(err, &le) || !errors.Is(err, syscall.EADDRINUSE) {
		t.Fatalf("error %v", err)
	}
	if want := "hall: listen " + ln.Addr().String() + ": address already in use"; err.Error() != want {
		t.Fatalf("error %q, want %q", err, want)
	}
}

// One table's refusals (its snapshots, its commands' subscription, its
// catch-up's DIRECT.GET: each a different text) are told to OnRefused
// once a minute for the table, not once per subject.
func TestHub_RefusalsToldOncePerTable(t *testing.T) {
	var told refusals
	h := newTestHub(t, "", &Opts{Tables: twoTables(), OnRefused: told.on})
	l := newTestLink(t, h.URL(), "t01", "", &hall.LinkOpts{User: "t02", Password: "p2"})
	l.Publish(hall.Snap{Status: "ready"})
	waitFor(t, "OnRefused", func() bool { return told.has("t01", "calls itself t01") })
	// Let the link be refused again for a few seconds (it retries).
	texts := map[string]bool{}
	seen := map[time.Time]bool{}
	waitFor(t, "three refusals", func() bool {
		l.Publish(hall.Snap{Status: "ready"})
		h.mu.Lock()
		seen[h.tables["t01"].refusedAt] = true
		texts[h.tables["t01"].Refused] = true
		h.mu.Unlock()
		return len(seen) >= 3
	})
	h.refuse("t01", "another subject's text", time.Now())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := h.flushRefusals(ctx); err != nil { // OnRefused runs on its own goroutine
		t.Fatal(err)
	}
	told.mu.Lock()
	defer told.mu.Unlock()
	n := 0
	for _, r := range told.told {
		if r[0] == "t01" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("t01's refusals told %d times within a minute (texts %v): %q", n, texts, told.told)
	}
}

// A known table's credentials in a client that does not name itself a
// tandem table, sending on another table's subject: the refusal is that
// table's, with an alert, not "not a tandem table".
func TestHub_KnownCredentialsOnAnotherTablesSubject_Alerted(t *testing.T) {
	var told refusals
	h := newTestHub(t, "", &Opts{Tables: twoTables(), OnRefused: told.on})
	nc, err := nats.Connect(h.URL(), nats.UserInfo("t01", "p1"), nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.Publish(hall.SnapSubject("t02"), []byte(`{}`))
	nc.Flush()
	waitFor(t, "the alert on t01", func() bool {
		ts, _ := h.Table("t01")
		return hasAlert(ts, AlertRefused, `table t01's user "t01"`) && hasAlert(ts, AlertRefused, "tandem.table.t02.snap")
	})
	waitFor(t, "OnRefused", func() bool { return told.has("t01", "another table's subjects") })
	if told.has("", "not a tandem table") {
		t.Fatalf("told %q", told.told)
	}
}

// TestAlerts_EBoard: a snapshot's e-board alerts are the table's alerts,
// after the others, each with its text.
func TestAlerts_EBoard(t *testing.T) {
	s := TableState{Online: true, Snap: hall.Snap{RecordErr: "disk full", EBoard: []string{"e-board board A, after A-white's press: no legal move"}}}
	s.alerts()
	if len(s.Alerts) != 2 || s.Alerts[1] != (Alert{AlertEBoard, "e-board board A, after A-white's press: no legal move"}) {
		t.Fatalf("%+v", s.Alerts)
	}
}
