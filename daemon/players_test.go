package daemon

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/config"
	"tandem/rules"
)

// consoleState reads the console's GET /api/state: the players it shows
// per seat, and the status.
func consoleState(t *testing.T, d *Daemon) (players [4]string, status string) {
	t.Helper()
	resp, err := http.Get(d.Info().ConsoleURL + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v struct {
		Status string `json:"status"`
		Clocks [4]struct {
			Player string `json:"player"`
		} `json:"clocks"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	for i, c := range v.Clocks {
		players[i] = c.Player
	}
	return players, v.Status
}

// hallConsoleConfig is hallConfig with the web console on a free port.
func hallConsoleConfig(t *testing.T, path, addr string) *config.Config {
	c := hallConfig(t, path, addr)
	c.Console.Disabled = false
	c.Console.Listen = "127.0.0.1:0"
	c.Console.PIN = "4829"
	return c
}

// recordPlayers returns the players of each match of the record, in
// order (nil players as four "").
func recordPlayers(t *testing.T, d *Daemon, path string) [][4]string {
	t.Helper()
	l := synced(t, d, path)
	ms, err := l.Matches()
	if err != nil {
		t.Fatal(err)
	}
	var ps [][4]string
	for _, m := range ms {
		var p [4]string
		if m.Begin.Players != nil {
			p = *m.Begin.Players
		}
		ps = append(ps, p)
	}
	return ps
}

var (
	round1 = [4]string{"Ana", "Bo", "Cy", "Di"} // hallConfig's
	round2 = [4]string{"Eva", "Fu", "Gil", "Hal"}
)

// TestHall_PlayersDuringDecidedMatch (fix item 3): the hub sends the next
// round's players while the match is decided. The decided match keeps
// its players (hub snapshot, console, record); the new names come with
// the next match, and its record's begin holds them.
func TestHall_PlayersDuringDecidedMatch(t *testing.T) {
	addr, store := hallAddr(t), t.TempDir()
	path := filepath.Join(t.TempDir(), "t9.db")
	h := startHub(t, addr, store)
	d, err := Start(context.Background(), hallConsoleConfig(t, path, addr), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { d.Close() }()
	eventually(t, "t9 on the hub", func() bool { s, ok := h.Table("t9"); return ok && s.Online })
	now := time.Now()
	do(t, d, rules.Event{Kind: rules.Start}, now)
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation}, now.Add(time.Second))
	waitFinal(t, d)
	decided := d.hallSnap(d.Table.Snapshot()).Match

	ctx := context.Background()
	r, err := h.Command(ctx, "t9", arbiter.Request{Action: "players", Players: round2})
	if err != nil || !r.OK || r.Notice != "players set for the next match" {
		t.Fatalf("players: %+v, %v", r, err)
	}
	// The hub gets the snapshot the command publishes: the decided
	// match with its own players. The next snapshot the link sends holds
	// it (hall.Link.Sent).
	link := d.hall.link.Load()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := h.WaitSnap(wctx, "t9", link.Boot(), link.Sent()+1); err != nil {
		t.Fatal(err)
	}
	if s, _ := h.Table("t9"); s.Snap.Match != decided || s.Snap.Players != round1 || s.Snap.Status != "decided" {
		t.Fatalf("the decided match on the hub after the next round's players: match %s (want %s), players %v, %s",
			s.Snap.Match, decided, s.Snap.Players, s.Snap.Status)
	}
	if p := d.hallSnap(d.Table.Snapshot()).Players; p != round1 {
		t.Fatalf("hall snapshot of the decided match: players %v, want %v", p, round1)
	}
	if p, st := consoleState(t, d); p != round1 || st != "decided" {
		t.Fatalf("console of the decided match: players %v (%s), want %v", p, st, round1)
	}
	if r := d.hallSnap(d.Table.Snapshot()); r.Match != decided {
		t.Fatalf("the players command began a match %s over the decided one %s", r.Match, decided)
	}

	// The next match: the new players everywhere, and in its record.
	if r, err := h.Command(ctx, "t9", arbiter.Request{Action: "new"}); err != nil || !r.OK || r.Status != "ready" {
		t.Fatalf("new: %+v, %v", r, err)
	}
	eventually(t, "the next match's players on the hub", func() bool {
		s, _ := h.Table("t9")
		return s.Snap.Match != decided && s.Snap.Players == round2
	})
	if p, st := consoleState(t, d); p != round2 || st != "ready" {
		t.Fatalf("console of the next match: players %v (%s), want %v", p, st, round2)
	}
	ps := recordPlayers(t, d, path)
	if len(ps) != 2 || ps[0] != round1 || ps[1] != round2 {
		t.Fatalf("the record's matches' players %v, want [%v %v]", ps, round1, round2)
	}
	eventually(t, "the result on the hub", func() bool { return len(h.Results()) == 1 })
	if res := h.Results()[0]; res.Players != round1 {
		t.Fatalf("the result's players %v, want %v", res.Players, round1)
	}
}

// TestRecord_RestartRestoresPlayers (fix item 4): players set by the hall
// command, a match played, the table stopped and started again twice:
// the restored match's snapshot (hall, console) has the record's names,
// not the configuration's, and so has the next match (the hub's pairing
// is not sent again).
func TestRecord_RestartRestoresPlayers(t *testing.T) {
	addr, store := hallAddr(t), t.TempDir()
	path := filepath.Join(t.TempDir(), "t9.db")
	h := startHub(t, addr, store)
	d, err := Start(context.Background(), hallConsoleConfig(t, path, addr), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { d.Close() }()
	eventually(t, "t9 on the hub", func() bool { s, ok := h.Table("t9"); return ok && s.Online })
	if r, err := h.Command(context.Background(), "t9", arbiter.Request{Action: "players", Players: round2}); err != nil || !r.OK || r.Notice != "players set for this match" {
		t.Fatalf("players: %+v, %v", r, err)
	}
	now := time.Now()
	do(t, d, rules.Event{Kind: rules.Start}, now)
	do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, now.Add(time.Second))
	match := d.hallSnap(d.Table.Snapshot()).Match

	for restart := 1; restart <= 2; restart++ {
		d.Close()
		d, err = Start(context.Background(), hallConsoleConfig(t, path, addr), nil)
		if err != nil {
			t.Fatal(err)
		}
		s := d.hallSnap(d.Table.Snapshot())
		if !s.Recovered || s.Match != match || s.Status != "paused" {
			t.Fatalf("restart %d: not the recovered match: %+v", restart, s)
		}
		if s.Players != round2 {
			t.Fatalf("restart %d: the recovered match's players %q, want %q", restart, s.Players, round2)
		}
		if p, _ := consoleState(t, d); p != round2 {
			t.Fatalf("restart %d: console players %q, want %q", restart, p, round2)
		}
		eventually(t, "the recovered match on the hub", func() bool {
			s, _ := h.Table("t9")
			return s.Online && s.Snap.Recovered && s.Snap.Players == round2
		})
	}
	// The next match keeps the hub's pairing (the hub does not send it
	// again after a restart).
	if _, err := d.Table.Do(context.Background(), rules.Event{Kind: rules.Reset}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if s := d.hallSnap(d.Table.Snapshot()); s.Match == match || s.Players != round2 {
		t.Fatalf("the next match after the restarts: %s, players %q, want %q", s.Match, s.Players, round2)
	}
	ps := recordPlayers(t, d, path)
	if last := ps[len(ps)-1]; last != round2 {
		t.Fatalf("the next match's record: players %q, want %q", last, round2)
	}
}

// TestPlayers_NoRecord: without a record the players follow the matches
// as well (the loop's entries), and a decision is final at once, as for
// a table that records nothing.
func TestPlayers_NoRecord(t *testing.T) {
	addr := hallAddr(t)
	h := startHub(t, addr, t.TempDir())
	c := hallConsoleConfig(t, "", addr)
	c.Journal.Off = true
	d, err := Start(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	eventually(t, "t9 on the hub", func() bool { s, ok := h.Table("t9"); return ok && s.Online })
	now := time.Now()
	do(t, d, rules.Event{Kind: rules.Start}, now)
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation}, now.Add(time.Second))
	if s := d.Table.Snapshot(); s.Status != rules.Decided || !s.Final {
		t.Fatalf("without a record the decision is not final at once: %v final %v", s.Status, s.Final)
	}
	if r, err := h.Command(context.Background(), "t9", arbiter.Request{Action: "players", Players: round2}); err != nil || !r.OK || r.Notice != "players set for the next match" {
		t.Fatalf("players: %+v, %v", r, err)
	}
	if p, _ := consoleState(t, d); p != round1 {
		t.Fatalf("the decided match's players %q, want %q", p, round1)
	}
	do(t, d, rules.Event{Kind: rules.Reset}, now.Add(2*time.Second))
	if p, st := consoleState(t, d); p != round2 || st != "ready" {
		t.Fatalf("the next match's players %q (%s), want %q", p, st, round2)
	}
	eventually(t, "the next match's players on the hub", func() bool { s, _ := h.Table("t9"); return s.Snap.Players == round2 })
}
