package hallload

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"tandem/hall"
)

// This file holds the cluster mode (Opts.Cluster): three hubs, each
// tandem-hall as one node of a NATS cluster on loopback ports, the
// streams kept on all three (JetStream replicas 3), the tables given
// every node's URL, the dashboard watched on a node that stays, and the
// node that leads the records stream killed mid-run.

// hubs are the hub processes of a run: one, or a cluster's three.
type hubs []*HubProc

// newHubs makes the run's hubs in dir (not started): one, or with
// cluster three nodes whose routes join them.
func newHubs(dir string, cluster bool) (hubs, error) {
	n := 1
	if cluster {
		n = 3
	}
	hs := make(hubs, n)
	for i := range hs {
		natsAddr, err := FreeAddr()
		if err != nil {
			return nil, err
		}
		dashAddr, err := FreeAddr()
		if err != nil {
			return nil, err
		}
		h := &HubProc{Bin: "", Dir: filepath.Join(dir, "hub"), NATS: natsAddr, Dashboard: dashAddr}
		if cluster {
			h.Dir = filepath.Join(dir, fmt.Sprintf("hub%d", i+1))
			h.Node = fmt.Sprintf("hub%d", i+1)
			if h.Route, err = FreeAddr(); err != nil {
				return nil, err
			}
		}
		if err := os.MkdirAll(h.Dir, 0o755); err != nil {
			return nil, err
		}
		hs[i] = h
	}
	if cluster {
		for _, h := range hs {
			for _, o := range hs {
				if o != h {
					h.Routes = append(h.Routes, "nats://"+o.Route)
				}
			}
		}
	}
	return hs, nil
}

// url is every hub's NATS URL, as a table's [hall] url lists them.
func (hs hubs) url() string {
	var u []string
	for _, h := range hs {
		u = append(u, "nats://"+h.NATS)
	}
	return strings.Join(u, ",")
}

// usage adds up the hubs' CPU and lifetimes, and takes the largest peak
// memory.
func (hs hubs) usage() (cpu, up time.Duration, hwm int64, runs int) {
	for _, h := range hs {
		c, u, m, r := h.Usage()
		cpu, up, hwm, runs = cpu+c, up+u, max(hwm, m), runs+r
	}
	return cpu, up, hwm, runs
}

func (hs hubs) sample() {
	for _, h := range hs {
		h.Sample()
	}
}

// stop stops every running hub with SIGTERM.
func (hs hubs) stop() error {
	var first error
	for _, h := range hs {
		if h.PID() != 0 {
			if err := h.Kill(syscall.SIGTERM, nil); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// waitStreams waits until the streams exist with every replica current
// (a cluster's quorum formed), asking at url.
func waitStreams(ctx context.Context, url string, replicas int) error {
	nc, err := nats.Connect(url, nats.Name("tandem hall-load setup"))
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	last := "no answer yet" // what the last look found, for the error
	for {
		// Each look has its own short wait: while the cluster has no
		// metadata leader yet a request may go unanswered, and one wait
		// as long as ctx's would never look again.
		look, cancel := context.WithTimeout(ctx, 2*time.Second)
		ok := streamsUp(look, js, replicas, &last)
		cancel()
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the streams with %d replicas: %w (last: %s)", replicas, ctx.Err(), last)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// streamsUp reports whether both streams are there with replicas
// replicas and a leader; when not, *last says what was found.
func streamsUp(ctx context.Context, js jetstream.JetStream, replicas int, last *string) bool {
	for _, name := range []string{hall.RecordsStream, hall.ResultsStream} {
		s, err := js.Stream(ctx, name)
		if err != nil {
			*last = fmt.Sprintf("stream %s: %v", name, err)
			return false
		}
		info, err := s.Info(ctx)
		if err != nil {
			*last = fmt.Sprintf("stream %s: %v", name, err)
			return false
		}
		if info.Config.Replicas != replicas || (replicas > 1 && (info.Cluster == nil || info.Cluster.Leader == "" || len(info.Cluster.Replicas) != replicas-1)) {
			*last = fmt.Sprintf("stream %s: %d replicas, cluster %+v", name, info.Config.Replicas, info.Cluster)
			return false
		}
	}
	return true
}

// recordsLeader returns the index in hs of the node that leads the
// records stream (-1 when it cannot be told), asking at url.
func recordsLeader(ctx context.Context, hs hubs, url string) int {
	nc, err := nats.Connect(url, nats.Name("tandem hall-load leader"))
	if err != nil {
		return -1
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return -1
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second) // an unanswered request must not hold the run
	defer cancel()
	s, err := js.Stream(ctx, hall.RecordsStream)
	if err != nil {
		return -1
	}
	info, err := s.Info(ctx)
	if err != nil || info.Cluster == nil {
		return -1
	}
	for i, h := range hs {
		if h.Node == info.Cluster.Leader {
			return i
		}
	}
	return -1
}
