//go:build amd64

package console

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tandem/internal/browsertest"
	"tandem/rules"
	"tandem/table"
)

// daemonSim serves one table's console at one address as a daemon would,
// with its failures: kill drops every connection at once, as kill -9
// does (the kernel closes the sockets), and answers 503 until restart
// serves a new console (a new Server: it knows no session); silence makes
// every connection stop sending without closing, as a power cut or a
// pulled cable does.
type daemonSim struct {
	t    *testing.T
	tb   *table.Table // the table being served
	opts Opts
	hs   *httptest.Server
	// events are the first table's applied events, what its record
	// holds: a restart restores a new table from them.
	events func() []rules.Event

	mu    sync.Mutex
	srv   *Server // nil: down
	conns map[*gatedConn]struct{}

	silent atomic.Bool
}

func newDaemonSim(t *testing.T, opts Opts) *daemonSim {
	t.Helper()
	var mu sync.Mutex
	var events []rules.Event
	tb, _ := testTable(t, "reglamento", "", func(o *table.Opts) {
		o.Record = func(e table.Entry) {
			if e.Kind == table.EntryEvent {
				mu.Lock()
				events = append(events, e.Event)
				mu.Unlock()
			}
		}
	})
	opts.PIN = testPIN
	d := &daemonSim{t: t, tb: tb, opts: opts, conns: map[*gatedConn]struct{}{}}
	d.events = func() []rules.Event { mu.Lock(); defer mu.Unlock(); return append([]rules.Event(nil), events...) }
	d.serve()
	d.hs = httptest.NewUnstartedServer(d)
	d.hs.Listener = &gatedListener{Listener: d.hs.Listener, d: d}
	d.hs.Start()
	t.Cleanup(func() {
		d.silent.Store(false)
		d.kill()
		d.hs.Close()
	})
	return d
}

func (d *daemonSim) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	srv := d.srv
	d.mu.Unlock()
	if srv == nil {
		http.Error(w, "the daemon is down", http.StatusServiceUnavailable)
		return
	}
	srv.Handler().ServeHTTP(w, r)
}

// current is the console being served (nil while down).
func (d *daemonSim) current() *Server {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.srv
}

// kill stops the console and closes every connection, the WebSockets
// included.
func (d *daemonSim) kill() {
	d.mu.Lock()
	srv := d.srv
	d.srv = nil
	for c := range d.conns {
		c.Close()
	}
	d.mu.Unlock()
	if srv != nil {
		srv.Close()
	}
}

// serve serves a new console of d.tb.
func (d *daemonSim) serve() *Server {
	d.t.Helper()
	opts := d.opts
	srv, err := New(d.tb, &opts)
	if err != nil {
		d.t.Fatal(err)
	}
	d.mu.Lock()
	d.srv = srv
	d.mu.Unlock()
	return srv
}

// restart restores the recorded match on a new table, as a restarted
// daemon does (it comes back paused; the last record is said to be from
// at), resumes it, and serves a new console of it.
func (d *daemonSim) restart(at time.Time) *Server {
	d.t.Helper()
	es := d.events()
	tb, _ := testTable(d.t, "reglamento", "", func(o *table.Opts) {
		o.Restore = &table.Restore{Events: es, Until: es[len(es)-1].At, RecoveredAt: at}
	})
	if _, err := tb.Do(context.Background(), rules.Event{Kind: rules.Resume}, time.Now()); err != nil {
		d.t.Fatal(err)
	}
	d.tb = tb
	return d.serve()
}

type gatedListener struct {
	net.Listener
	d *daemonSim
}

func (l *gatedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	g := &gatedConn{Conn: c, d: l.d}
	l.d.mu.Lock()
	l.d.conns[g] = struct{}{}
	l.d.mu.Unlock()
	return g, nil
}

// gatedConn holds its writes while the daemon is silent, and its close
// too: a machine without power sends no FIN, so the page must notice the
// silence itself (the server's write timeout closing the socket would
// otherwise tell it).
type gatedConn struct {
	net.Conn
	d      *daemonSim
	closed atomic.Bool
}

func (c *gatedConn) Write(b []byte) (int, error) {
	for c.d.silent.Load() && !c.closed.Load() {
		time.Sleep(5 * time.Millisecond)
	}
	return c.Conn.Write(b)
}

func (c *gatedConn) Close() error {
	if c.closed.Swap(true) {
		return nil
	}
	go func() { // kill holds d.mu
		c.d.mu.Lock()
		delete(c.d.conns, c)
		c.d.mu.Unlock()
		for c.d.silent.Load() {
			time.Sleep(5 * time.Millisecond)
		}
		c.Conn.Close()
	}()
	return nil
}

// clockTimes is a promise of the four clocks' digits now and 1.5 s of
// page time later, "|"-joined, as "before;after".
const clockTimes = `new Promise((done) => {
	const read = () => Array.from(document.querySelectorAll(".clock .time"), (e) => e.textContent).join("|");
	const before = read();
	setTimeout(() => done(before + ";" + read()), 1500);
})`

// lostState is the expression "the page says the connection is lost and
// shows nothing live".
const lostState = `(document.getElementById("lost").offsetParent !== null &&
	document.getElementById("lost").textContent === "CONNECTION LOST — clocks not live, reconnecting…" &&
	document.getElementById("status").textContent === "CONNECTION LOST" &&
	document.body.classList.contains("offline") &&
	Array.from(document.querySelectorAll(".clock")).every((c) => c.dataset.running === "false" && !c.querySelector(".mark").textContent.startsWith("▶")) &&
	document.getElementById("face-A-img").offsetParent === null && document.getElementById("face-B-img").offsetParent === null)`

// liveState is the expression "the page is live again".
const liveState = `(document.getElementById("lost").offsetParent === null && !document.body.classList.contains("offline") && ` +
	`document.getElementById("conn").textContent === "live")`

// frozen checks that the clocks' digits do not move for 1.5 s of page
// time, and returns them.
func (p *page) frozen() string {
	p.t.Helper()
	v, _ := p.eval(clockTimes).(string)
	before, after, _ := strings.Cut(v, ";")
	if before == "" || before != after {
		p.t.Errorf("the clocks moved while the connection was lost: %q then %q", before, after)
	}
	return before
}

// The daemon dies (kill -9), comes back without the sessions and with a
// recovered match, then the network goes silent (a power cut): the page
// never shows clocks it does not know, says so unmistakably, and on
// reconnection shows the table again, the session's end and the
// recovery.
func TestBrowser_ConnectionLost_Restart_SessionEnded(t *testing.T) {
	bctx := browsertest.Start(t, nil)
	d := newDaemonSim(t, Opts{Simulated: true})
	p := openTab(t, bctx, d.tb, d.current(), d.hs.URL)
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.body.dataset.arbiter === "true" && !document.getElementById("arbiter-panel").classList.contains("hidden")`)
	p.Click("act-start")
	p.Until(textOf("status") + ` === "RUNNING" && ` + running("A-white"))
	p.Until(`document.getElementById("face-A-img").complete && document.getElementById("face-A-img").naturalWidth === 128`)
	// Live, the running clocks move (what the frozen check below must
	// not see).
	if v, _ := p.eval(clockTimes).(string); func() bool { b, a, _ := strings.Cut(v, ";"); return b == a }() {
		t.Fatalf("the running clocks did not move while live: %q", v)
	}

	// kill -9: every connection closes.
	d.kill()
	p.Until(lostState)
	p.frozen()
	// It stays so while the daemon is down (its reconnections fail).
	p.Until(`window.tandem.lost >= 2`)
	p.Until(lostState)

	// The daemon restarts: a new console, no session, the match recovered
	// from the record.
	srv := d.restart(time.Date(2026, 11, 29, 14, 3, 59, 0, time.Local))
	p.srv, p.tb = srv, d.tb
	p.Until(liveState + ` && ` + textOf("status") + ` === "RUNNING" && ` + running("A-white"))
	p.Until(`document.getElementById("face-A-img").offsetParent !== null`)
	// The page asked for its session again: it is gone, and the page says
	// so instead of pretending.
	p.Until(`document.body.dataset.arbiter === "false" && document.getElementById("arbiter-panel").classList.contains("hidden") && !document.getElementById("login").classList.contains("hidden")`)
	p.Until(textOf("login-msg") + ` === "your session ended (the table restarted?) — log in again" && document.getElementById("login-msg").offsetParent !== null`)
	// The log starts with the recovery.
	p.Until(`document.querySelector("#log tr:last-child").textContent === "recovered from the record after a restart (last recorded 14:03:59); earlier events: tandem export"`)

	// An action answered 401 (the session ended while the page was
	// connected): said plainly, the arbiter's intent kept.
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.body.dataset.arbiter === "true" && ` + textOf("login-msg") + ` === ""`)
	srv.auth.EndSessions()
	before := p.settled()
	p.SetValue("pen-seat", "B-black")
	p.Click("act-warn")
	p.Until(textOf("login-msg") + ` === "your session ended (the table restarted?) — log in again; not done: warn B-black" && document.body.dataset.arbiter === "false"`)
	if after := p.settled(); after.Seq != before.Seq {
		t.Errorf("the refused action changed the match: seq %d -> %d", before.Seq, after.Seq)
	}
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(textOf("notice") + ` === "logged in as the arbiter; not done before: warn B-black — do it again if it still applies" && document.getElementById("pen-seat").value === "B-black"`)
	// While the clocks run, Result… says it stopped them.
	p.Click("open-result")
	p.Until(textOf("notice") + ` === "clocks stopped for the result: choose the board, the result and how" && ` + textOf("status") + ` === "PAUSED"`)
	p.Click("act-resume")
	p.Until(textOf("status") + ` === "RUNNING"`)

	// A power cut: nothing closes, nothing arrives.
	d.silent.Store(true)
	p.Until(lostState)
	p.frozen()
	if s := p.tb.Snapshot(); s.Status != rules.Running {
		t.Fatalf("the table stopped: %s", s.Status)
	}
	// The network comes back: the page reconnects and resynchronises.
	d.silent.Store(false)
	p.Until(liveState + ` && ` + textOf("status") + ` === "RUNNING" && ` + running("A-white"))
	p.Until(`document.body.dataset.arbiter === "true"`)
}
