package webapi

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// dialFrom opens a WebSocket to url from loopback address ip, and
// returns it, or the HTTP status and body of the refusal.
func dialFrom(t *testing.T, url, ip string) (*websocket.Conn, int, string) {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, "ws"+url[len("http"):], &websocket.DialOptions{HTTPClient: hc})
	if err == nil {
		return c, 101, ""
	}
	if resp == nil {
		t.Fatalf("dial from %s: %v", ip, err)
	}
	b, _ := io.ReadAll(resp.Body)
	return nil, resp.StatusCode, string(b)
}

// A stream past an address's cap is refused 429, past the total 503,
// before the upgrade, with a JSON error and Retry-After; a privileged
// one passes the total; a closed one gives its place back.
func TestStream_Caps(t *testing.T) {
	conns := NewConns(2, 3)
	news := make(chan int)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Stream(w, r, []byte(`{}`), news, func(int, time.Time) []byte { return nil },
			&StreamOpts{Conns: conns, Privileged: r.URL.Query().Get("arbiter") != ""})
	}))
	defer srv.Close()
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	for _, ip := range []string{"127.0.3.1", "127.0.3.1", "127.0.3.2"} {
		c, code, body := dialFrom(t, srv.URL, ip)
		if c == nil {
			t.Fatalf("from %s: %d %s, want admitted", ip, code, body)
		}
		open = append(open, c)
	}
	var e struct{ Error string }
	if c, code, body := dialFrom(t, srv.URL, "127.0.3.1"); c != nil || code != 429 || json.Unmarshal([]byte(body), &e) != nil || e.Error == "" {
		t.Fatalf("a third from one address: %d %s, want 429 JSON", code, body)
	}
	if c, code, body := dialFrom(t, srv.URL, "127.0.3.3"); c != nil || code != 503 || json.Unmarshal([]byte(body), &e) != nil {
		t.Fatalf("a fourth in all: %d %s, want 503 JSON", code, body)
	}
	c, code, body := dialFrom(t, srv.URL+"?arbiter=1", "127.0.3.3")
	if c == nil {
		t.Fatalf("the arbiter's page past the total: %d %s", code, body)
	}
	open = append(open, c)
	if n, refused := conns.Open(); n != 4 || refused != 2 {
		t.Fatalf("open %d, refused %d; want 4 and 2", n, refused)
	}
	// The privileged one counts in the total: two must go.
	open[0].Close(websocket.StatusNormalClosure, "")
	open[3].Close(websocket.StatusNormalClosure, "")
	open = open[1:3]
	deadline := time.Now().Add(5 * time.Second)
	for n, _ := conns.Open(); n != 2; n, _ = conns.Open() {
		if time.Now().After(deadline) {
			t.Fatalf("%d open after two closes, want 2", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if c, code, _ := dialFrom(t, srv.URL, "127.0.3.1"); c == nil || code != 101 {
		t.Fatalf("after a close, its address again: %d", code)
	} else {
		c.CloseNow()
	}
}
