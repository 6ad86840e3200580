package hallload

import (
	"context"
	"fmt"
	"testing"
	"time"

	"tandem/hall/hub"
	"tandem/journal"
)

// startHub starts an embedded hub on addr with its store in dir.
func startHub(t *testing.T, addr, dir string) *hub.Hub {
	t.Helper()
	h, err := hub.New(&hub.Opts{Listen: addr, StoreDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Simulated tables play whole matches (starts, presses on the running
// clocks, declared results, new matches) with nothing refused; after a hub
// restart mid-play, the harness's own reading of the streams finds every
// record and result once, and the hub's state shows each table's last
// event.
func TestSims_AgainstEmbeddedHub_NothingLost(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 5 s of play on loopback; the native (amd64) pass runs it in full")
	}
	addr, err := FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	store := t.TempDir()
	h := startHub(t, addr, store)
	url := "nats://" + addr
	dir := t.TempDir()
	var sims []*Sim
	for i := range 3 {
		s, err := NewSim(&SimOpts{ID: fmt.Sprintf("t%d", i+1), Dir: dir, URL: url, Period: 40 * time.Millisecond,
			MatchMin: 400 * time.Millisecond, MatchMax: 700 * time.Millisecond, Checkpoint: 100 * time.Millisecond, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		sims = append(sims, s)
		s.Play()
	}
	// Play is counted, not timed: on a busy machine the tables play
	// slower, and the scenario waits for them.
	playUntil(t, sims, "a match before the hub goes", 8, 1)
	h.Close() // the hub goes away; the tables play on
	var down []int
	for _, s := range sims {
		p, _ := s.Counts()
		down = append(down, p)
	}
	waitPlay(t, "presses while the hub is down", func() bool {
		for i, s := range sims {
			if p, _ := s.Counts(); p < down[i]+5 {
				return false
			}
		}
		return true
	})
	h = startHub(t, addr, store)
	defer h.Close()
	playUntil(t, sims, "a second match after the restart", 20, 2)

	last := map[string]uint64{}
	var journals []Journal
	for _, s := range sims {
		s.Stop()
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if _, err := s.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		j, err := ReadJournal(s.ID(), s.Path())
		if err != nil {
			t.Fatal(err)
		}
		journals = append(journals, j)
		last[s.ID()] = j.Records[len(j.Records)-1].Seq
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	behind, err := WaitCaughtUp(ctx, url, last)
	if err != nil || behind != nil {
		t.Fatalf("tables behind %v, %v", behind, err)
	}
	records, results, err := ReadStreams(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	v := Check(journals, records, results)
	if !v.OK() {
		t.Fatalf("problems: %v", v.Problems)
	}
	if v.Results < 3 {
		t.Errorf("%d results checked; want every table's at least", v.Results)
	}
	for _, j := range journals {
		var kinds = map[journal.Kind]int{}
		for _, r := range j.Records {
			kinds[r.Kind]++
		}
		if kinds[journal.KindMatch] < 2 || kinds[journal.KindDecision] < 1 || kinds[journal.KindCheckpoint] < 1 {
			t.Errorf("table %s's record: %v; want matches, decisions and checkpoints", j.Table, kinds)
		}
	}
	// The hub shows each table's last event, stamped as the table logged it.
	for _, s := range sims {
		evs := s.Events()
		deadline := time.Now().Add(5 * time.Second)
		for {
			ts, ok := h.Table(s.ID())
			if ok && ts.Snap.Events == uint64(len(evs)) {
				if d := time.Unix(0, ts.Snap.LastEventNs).Sub(evs[len(evs)-1].Wall).Abs(); d > time.Millisecond {
					t.Errorf("table %s: last event at %d ns on the hub, %v in the log", s.ID(), ts.Snap.LastEventNs, evs[len(evs)-1].Wall)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("table %s: the hub shows %d events, the table applied %d", s.ID(), ts.Snap.Events, len(evs))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// playUntil waits until every table has played at least presses presses
// and begun matches matches.
func playUntil(t *testing.T, sims []*Sim, what string, presses, matches int) {
	t.Helper()
	waitPlay(t, what, func() bool {
		for _, s := range sims {
			if p, m := s.Counts(); p < presses || m < matches {
				return false
			}
		}
		return true
	})
}

// waitPlay waits for cond, polled; the tables' play fails the test when it
// has not got there in a minute (a table that stopped playing).
func waitPlay(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not reached in a minute of play", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
