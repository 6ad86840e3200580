package console

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/i18n/lang"
	"tandem/rules"
	"tandem/table"
)

// These tests count the views the console builds (Server.builds, one
// counter per Server: the tests run in parallel) while the match goes on
// through the table's own snapshots, as at a real table: a view is built
// only for a language somebody watches (docs/console.md, API: no work for
// a screen nobody watches).

// built returns the views s built so far, by language.
func built(s *Server) [lang.Count]uint64 {
	var n [lang.Count]uint64
	for l := range n {
		n[l] = s.builds[l].Load()
	}
	return n
}

// shown waits until the console has taken the table's snapshot snap (or
// a later one), through its subscription.
func shown(t *testing.T, s *Server, snap table.Snapshot) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		got := s.lastSnap
		s.mu.Unlock()
		if got.Seq > snap.Seq || (got.Seq == snap.Seq && got.At >= snap.At) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the console shows event %d at %v, want %d at %v", got.Seq, got.At, snap.Seq, snap.At)
		}
		time.Sleep(time.Millisecond)
	}
}

// unwatched waits until no socket of language l is open on s.
func unwatched(t *testing.T, s *Server, l lang.Lang) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for s.watchers(l) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d sockets of %s still counted after they closed", s.watchers(l), l)
		}
		time.Sleep(time.Millisecond)
	}
}

// play starts the match if it is ready and presses the running clocks n
// times, each press one snapshot of the table, and waits until the
// console has taken the last. It returns the last event's Seq.
func play(t *testing.T, e *env, n int) uint64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if e.tb.Snapshot().Status == rules.Ready {
		if _, err := e.srv.Do(ctx, arbiter.Command{Kind: arbiter.Start}, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < n; i++ {
		snap := e.tb.Snapshot()
		for _, seat := range []bughouse.Seat{bughouse.AWhite, bughouse.ABlack} {
			if snap.Clocks[seat].Running {
				if _, err := e.tb.Do(ctx, rules.Event{Kind: rules.Press, Seat: seat}, time.Now()); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	snap := e.settled()
	shown(t, e.srv, snap)
	return snap.Seq
}

// dial opens the page's WebSocket in language code l ("" the default,
// English).
func dial(t *testing.T, ctx context.Context, e *env, l string) *websocket.Conn {
	t.Helper()
	u := "ws" + strings.TrimPrefix(e.hs.URL, "http") + "/ws"
	if l != "" {
		u += "?lang=" + l
	}
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// readUntil reads c's views until one shows event seq.
func readUntil(t *testing.T, ctx context.Context, c *websocket.Conn, seq uint64) View {
	t.Helper()
	for {
		if v := readView(t, ctx, c); v.Seq >= seq && v.Status != "" {
			return v
		}
	}
}

// With nobody watching, neither the table's snapshots, nor the console's
// own actions and log lines, nor the daemon's Info build a view.
func TestIdle_NobodyWatching_NoViewBuilt(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Opts{Simulated: true})
	play(t, e, 30)
	// A new match refused while the clocks run: the console's own line.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if r, err := e.srv.Do(ctx, arbiter.Command{Kind: arbiter.NewMatch}, time.Now()); err != nil || r.Refused == "" {
		t.Fatalf("new match while running: %+v %v", r, err)
	}
	e.srv.SetInfo(Info{Hall: "hall online since 20:10", HallOnline: true})
	play(t, e, 10)
	if n := built(e.srv); n != [lang.Count]uint64{} {
		t.Errorf("views built with nobody watching, by language: %v; want none", n)
	}
}

// One English page costs English views only, and one Spanish page
// Spanish ones; the page still gets every change.
func TestIdle_OnlyTheWatchedLanguageBuilt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		code      string
		want, not lang.Lang
	}{{"", lang.English, lang.Spanish}, {"es", lang.Spanish, lang.English}} {
		e := newEnv(t, Opts{Simulated: true})
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c := dial(t, ctx, e, tc.code)
		readView(t, ctx, c)
		seq := play(t, e, 20)
		if v := readUntil(t, ctx, c, seq); v.Status != "running" {
			t.Errorf("%s page: status %q", tc.want, v.Status)
		}
		e.srv.SetInfo(Info{Hall: "hall online since 20:10", HallOnline: true})
		for v := readView(t, ctx, c); v.Info.Hall == ""; v = readView(t, ctx, c) {
		}
		n := built(e.srv)
		if n[tc.not] != 0 || n[tc.want] == 0 {
			t.Errorf("with one %s page, views built by language: %v; want %s only", tc.want, n, tc.want)
		}
		c.Close(websocket.StatusNormalClosure, "")
		cancel()
	}
}

// A page that opens while nobody watched gets the view of the match now
// at once, and exactly the view the console builds of it: not one kept
// from before, when somebody last watched.
func TestIdle_ConnectGetsAFreshViewAtOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Opts{Simulated: true})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := dial(t, ctx, e, "es")
	readView(t, ctx, c)
	c.Close(websocket.StatusNormalClosure, "")
	unwatched(t, e.srv, lang.Spanish)
	play(t, e, 5)
	if _, err := e.srv.Do(ctx, arbiter.Command{Kind: arbiter.Pause}, time.Now()); err != nil {
		t.Fatal(err)
	}
	// Paused: the table publishes nothing more, so the view stays what it
	// is once the console has taken the last snapshot published.
	snap := e.settled()
	shown(t, e.srv, snap)
	seq := snap.Seq
	c = dial(t, ctx, e, "es")
	defer c.CloseNow()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if _, ok := got["server_ms"]; !ok {
		t.Error("first message without server_ms")
	}
	delete(got, "server_ms")
	var want map[string]any
	if err := json.Unmarshal(mustJSON(t, e.srv.buildViewIn(lang.Spanish)), &want); err != nil {
		t.Fatal(err)
	}
	if got["seq"] != float64(seq) || got["status"] != "paused" {
		t.Fatalf("first message after connecting: seq %v status %v, want %d paused", got["seq"], got["status"], seq)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("first message after connecting is not the view of the match now:\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}
}

// Once the last page closes, the views stop.
func TestIdle_DisconnectStopsBuilds(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Opts{Simulated: true})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c1, c2 := dial(t, ctx, e, ""), dial(t, ctx, e, "")
	readView(t, ctx, c1)
	readView(t, ctx, c2)
	seq := play(t, e, 5)
	c1.Close(websocket.StatusNormalClosure, "")
	// One page left: it still gets every change.
	readUntil(t, ctx, c2, seq)
	seq = play(t, e, 5)
	readUntil(t, ctx, c2, seq)
	c2.Close(websocket.StatusNormalClosure, "")
	unwatched(t, e.srv, lang.English)
	before := built(e.srv)
	play(t, e, 20)
	e.srv.SetInfo(Info{Hall: "hall offline since 20:12"})
	if after := built(e.srv); after != before {
		t.Errorf("views built after the last page closed: %v before, %v after", before, after)
	}
}

// GET /api/state builds the one view it answers with, in its language.
func TestIdle_StateBuildsItsLanguageOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Opts{})
	play(t, e, 3)
	w := e.request("GET", "/api/state?lang=es", "", otherMachine, nil)
	var v View
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil || v.Status != "running" || v.Last == nil {
		t.Fatalf("GET /api/state?lang=es: %v %s", err, w.Body)
	}
	if n := built(e.srv); n[lang.English] != 0 || n[lang.Spanish] != 1 {
		t.Errorf("GET /api/state?lang=es built, by language: %v; want one Spanish view", n)
	}
}

// BenchmarkUpdate is the console's work for one snapshot (a clock's
// digit change: nothing new in the log) with nobody watching, and with
// one English page open. The match is paused, so that the table publishes
// nothing on its own meanwhile.
func BenchmarkUpdate(b *testing.B) {
	for _, watched := range []bool{false, true} {
		name := "NobodyWatching"
		if watched {
			name = "OneEnglishPage"
		}
		b.Run(name, func(b *testing.B) {
			p, err := rules.LookupPreset("reglamento")
			if err != nil {
				b.Fatal(err)
			}
			tb, err := table.New(&table.Opts{Options: p.Options, Preset: p.Name})
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { defer close(done); tb.Run(ctx) }()
			defer func() { cancel(); <-done }()
			for _, k := range []rules.Kind{rules.Start, rules.Pause} {
				if _, err := tb.Do(ctx, rules.Event{Kind: k}, time.Now()); err != nil {
					b.Fatal(err)
				}
			}
			s, err := New(tb, &Opts{PIN: testPIN, Simulated: true})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			if watched {
				_, stop := s.watchView(lang.English)
				defer stop()
			}
			snap := tb.Snapshot()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				snap.At += time.Millisecond
				s.update(snap)
			}
		})
	}
}
