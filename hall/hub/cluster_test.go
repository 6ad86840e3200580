package hub

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/hall"
)

// testCluster is three hubs on loopback, each a node of one cluster with
// its own store, ports kept across restarts.
type testCluster struct {
	t            *testing.T
	nats, routes [3]string
	stores       [3]string
	hubs         [3]*Hub
}

func newTestCluster(t *testing.T) *testCluster {
	c := &testCluster{t: t}
	for i := range 3 {
		c.nats[i], c.routes[i], c.stores[i] = freePort(t), freePort(t), t.TempDir()
	}
	for i := range 3 {
		c.start(i)
	}
	t.Cleanup(func() {
		for _, h := range c.hubs {
			if h != nil {
				h.Close()
			}
		}
	})
	return c
}

// start starts node i (again).
func (c *testCluster) start(i int) {
	c.t.Helper()
	var routes []string
	for j := range 3 {
		if j != i {
			routes = append(routes, "nats://"+c.routes[j])
		}
	}
	h, err := New(&Opts{Listen: c.nats[i], StoreDir: c.stores[i], Duplicates: 200 * time.Millisecond,
		Cluster: &Cluster{Node: fmt.Sprintf("hub%d", i+1), Listen: c.routes[i], Routes: routes}})
	if err != nil {
		c.t.Fatal(err)
	}
	c.hubs[i] = h
}

// stop stops node i.
func (c *testCluster) stop(i int) {
	c.hubs[i].Close()
	c.hubs[i] = nil
}

// urls is every node's client URL, as a table's [hall] url lists them.
func (c *testCluster) urls() string {
	var u []string
	for _, a := range c.nats {
		u = append(u, "nats://"+a)
	}
	return strings.Join(u, ",")
}

func (c *testCluster) ready(i int) {
	c.t.Helper()
	select {
	case <-c.hubs[i].Ready():
	case <-time.After(30 * time.Second):
		c.t.Fatalf("node %d's streams not ready after 30 s", i+1)
	}
}

// A hub on three machines (here three loopback nodes): a table lists every
// node. One node goes mid-match: nothing is lost, another node's hub
// carries on with every result once; with two of three gone the table
// keeps its record, and once a node is back it catches up, each record
// once.
func TestCluster_NodesLost_NothingLostNothingTwice(t *testing.T) {
	if testing.Short() {
		// Three JetStream nodes electing leaders under qemu would take
		// minutes of CI's budget: the native pass runs it.
		t.Skip("cluster fault test: run without -short")
	}
	c := newTestCluster(t)
	for i := range 3 {
		c.ready(i)
	}
	rec := openRecord(t, filepath.Join(t.TempDir(), "t1.db"))
	rec.match(t, "m1", 4)
	l := newTestLink(t, c.urls(), "t1", rec.path, nil)
	rec.attach(t, l)
	l.Publish(hall.Snap{Status: "ready"})
	for i := range 3 {
		waitLong(t, fmt.Sprintf("the result on node %d", i+1), func() bool { return len(c.hubs[i].Results()) == 1 })
	}

	// Node 1 goes; the match goes on; node 2 takes everything, once.
	c.stop(0)
	rec.match(t, "m2", 6)
	waitLong(t, "two results on node 2", func() bool { return len(c.hubs[1].Results()) == 2 })
	waitLong(t, "every record on node 2", func() bool { n, _ := c.hubs[1].LastRecord(context.Background(), "t1"); return n == rec.n })
	checkOnce(t, records(t, c.hubs[1], "t1"), rec.n)
	waitLong(t, "t1 online on node 3", func() bool { s, _ := c.hubs[2].Table("t1"); return s.Online })

	// Node 2 goes too: no quorum. The table records on and says why the
	// hall does not take its records.
	c.stop(1)
	rec.match(t, "m3", 5)
	waitLong(t, "the link's error", func() bool { return l.State().Err != "" })
	// Only lets time pass beyond the 200 ms duplicate window, so that
	// the expected sequences alone must keep the records single.
	time.Sleep(300 * time.Millisecond)

	// Node 1 comes back: a quorum again; the table catches up.
	c.start(0)
	waitLong(t, "three results on node 3", func() bool { return len(c.hubs[2].Results()) == 3 })
	waitLong(t, "every record on node 1", func() bool { n, _ := c.hubs[0].LastRecord(context.Background(), "t1"); return n == rec.n })
	checkOnce(t, records(t, c.hubs[0], "t1"), rec.n)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.hubs[0].SyncResults(ctx); err != nil {
		t.Fatal(err)
	}
	if n, stored := len(c.hubs[0].Results()), streamMsgs(t, c.hubs[0], hall.ResultsStream); n != 3 || stored != 3 {
		t.Fatalf("node 1: %d results, %d stored; want 3", n, stored)
	}
	waitLong(t, "the link's error gone", func() bool { return l.State().Err == "" })
}

// waitLong is waitFor with a cluster's patience: leader elections after
// a node goes take seconds, more on a busy machine.
func waitLong(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
