package daemon

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"

	"tandem/bughouse"
	"tandem/config"
	"tandem/console"
	"tandem/journal"
)

// consoleClient logs in to a daemon's console as the arbiter.
type consoleClient struct {
	t    *testing.T
	url  string
	http *http.Client
}

func login(t *testing.T, d *Daemon, pin string) *consoleClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &consoleClient{t: t, url: strings.TrimSuffix(d.Info().ConsoleURL, "/"), http: &http.Client{Jar: jar}}
	c.post("/api/login", `{"pin":"`+pin+`"}`, nil)
	return c
}

func (c *consoleClient) post(path, body string, out any) {
	c.t.Helper()
	r, err := c.http.Post(c.url+path, "application/json", strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	defer r.Body.Close()
	if r.StatusCode != http.StatusOK {
		c.t.Fatalf("POST %s %s: %s", path, body, r.Status)
	}
	if out != nil {
		json.NewDecoder(r.Body).Decode(out)
	}
}

func (c *consoleClient) move(board, move string) {
	c.t.Helper()
	var res console.MoveResult
	c.post("/api/move", `{"board":"`+board+`","move":"`+move+`"}`, &res)
	if !res.OK {
		c.t.Fatalf("%s on %s refused: %s", move, board, res.Refused)
	}
}

func (c *consoleClient) view() console.View {
	c.t.Helper()
	r, err := c.http.Get(c.url + "/api/state")
	if err != nil {
		c.t.Fatal(err)
	}
	defer r.Body.Close()
	var v console.View
	json.NewDecoder(r.Body).Decode(&v)
	return v
}

// The moves entered in the console are part of the record: after a
// restart the match comes back with its scoresheet and reserves, and
// moves entered then go on in the same match.
func TestRecord_MovesRestoredAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	cfg := config.Default()
	cfg.Journal.File = path
	cfg.Console.Listen = "127.0.0.1:0"
	cfg.Console.PIN = "2468"
	d, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := login(t, d, "2468")
	c.post("/api/action", `{"action":"start"}`, nil)
	c.move("A", "e4")
	c.move("A", "d5")
	c.move("A", "exd5")
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	d2, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if !d2.Table.Snapshot().Recovered {
		t.Fatal("not recovered")
	}
	c2 := login(t, d2, "2468")
	v := c2.view()
	if len(v.Moves[0].Moves) != 3 || v.Moves[0].Moves[2].SAN != "exd5" || v.Reserves[bughouse.BBlack]["P"] != 1 {
		t.Fatalf("restored view: %+v %v", v.Moves[0].Moves, v.Reserves)
	}
	c2.move("B", "d4")
	c2.move("B", "P@e6")
	if err := d2.Close(); err != nil {
		t.Fatal(err)
	}
	l, err := journal.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := l.Matches()
	moves, err := ms[len(ms)-1].Moves()
	if len(ms) != 1 || err != nil || len(moves) != 5 {
		t.Fatalf("%d matches, moves %v %v", len(ms), moves, err)
	}
}
