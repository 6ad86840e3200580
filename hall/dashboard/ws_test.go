package dashboard

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tandem/bughouse"
	"tandem/rules"
)

// A table's press reaches a /ws client as an update of that table alone,
// with the press's instant (last_event_ns, the table's wall clock) and the
// clock that runs; heartbeats follow when nothing happens.
func TestWS_PressReachesTheClient(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Heartbeat: 200 * time.Millisecond})
	d1 := startTable(t, h, "t1", "")
	startTable(t, h, "t2", "")
	w := ts.ws()
	w.until("both tables", func(w *wsClient) bool { return w.tables["t1"].Online && w.tables["t2"].Online })
	if w.msgs[0].Type != "state" || !w.msgs[0].Present["alerts"] || !w.msgs[0].Present["results"] {
		t.Fatalf("first message: %+v", w.msgs[0])
	}
	do(t, d1, rules.Event{Kind: rules.Start})
	before := time.Now()
	do(t, d1, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite})
	w.until("the press", func(w *wsClient) bool { return w.tables["t1"].Snap.LastEvent == "press A-white" })
	tv := w.tables["t1"]
	if got := time.Unix(0, tv.Snap.LastEventNs); got.Before(before.Add(-time.Millisecond)) || got.After(time.Now()) {
		t.Errorf("last_event_ns %v, not the press's instant (after %v)", got, before)
	}
	if tv.Snap.Status != "running" || tv.Snap.Running != [2]string{"A-black", "B-white"} || !tv.Snap.Clocks[bughouse.ABlack].Running {
		t.Errorf("t1 after the press: %+v", tv.Snap)
	}
	if tv.AtMs == 0 || tv.AtMs > time.Now().UnixMilli() {
		t.Errorf("at_ms %d", tv.AtMs)
	}
	last := w.msgs[len(w.msgs)-1]
	if last.Type != "update" || len(last.Tables) != 1 || last.Tables[0].ID != "t1" || last.Present["results"] {
		t.Errorf("the press's message: %+v", last)
	}
	// A heartbeat comes within Opts.Heartbeat of silence (the tables'
	// own heartbeats, each second, are updates: their last_seen moves).
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	seen := false
	for !seen {
		m, err := w.next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		seen = m.Type == "heartbeat" && m.ServerMs > 0
		if m.Type == "update" && len(m.Tables) > 0 && !strings.HasPrefix(m.Tables[0].ID, "t") {
			t.Fatalf("unknown table %+v", m.Tables[0])
		}
	}
}

// The dashboard's WebSockets are capped (webapi.Conns): past the total a
// spectator's page is refused 503 with a JSON error; the head arbiter's
// page is still admitted.
func TestWS_Capped_ArbiterStillAdmitted(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{MaxStreams: 1})
	ts.ws()
	resp, err := http.Get(ts.hs.URL + "/ws") // not even an upgrade: refused first
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 503 || !strings.Contains(string(body), `"error":"this server shows 1 live pages already`) {
		t.Fatalf("past the cap: %d %s", resp.StatusCode, body)
	}
	arb := ts.arbiter()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.hs.URL, "http")+"/ws", &websocket.DialOptions{HTTPClient: arb})
	if err != nil {
		t.Fatalf("the arbiter's page past the cap: %v", err)
	}
	c.CloseNow()
}
