// Command tandem-hall-load is the hall's load and fault test: it starts the hub (tandem-hall) as a separate process, runs
// simulated tables against it in this process (each a real table with its
// record on disk and a hall link), measures press -> dashboard latency and
// the hub's CPU and memory, kills the hub mid-run and restarts it, and
// checks that the hub's streams hold every record and result exactly once.
//
// Usage:
//
//	tandem-hall-load --hub BIN [--tables 100] [--duration 60s] [--kill-at 30s]
//	                 [--down 3s] [--period 250ms] [--match-min 15s] [--match-max 30s]
//	                 [--catch-up 60s] [--dir DIR] [--seed N] [--cluster] [--quiet]
//
// scripts/hall-load.sh builds both binaries and runs it. Exit status: 0
// when nothing was lost or duplicated, 1 on any loss, duplicate or table
// failure (the summary says which), 2 for bad usage or when the test could
// not run. The latency goal is printed, never asserted.
//
// main only parses the command line; package tandem/internal/hallload
// does the work.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"tandem/internal/hallload"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tandem-hall-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o hallload.Opts
	fs.StringVar(&o.Bin, "hub", "", "the tandem-hall `BIN`ary that runs the hub (required)")
	fs.IntVar(&o.Tables, "tables", 100, "simulated tables")
	fs.DurationVar(&o.Duration, "duration", 60*time.Second, "how long the tables press")
	killAt := fs.Duration("kill-at", 0, "when to SIGKILL the hub, from the start (default half the duration; negative: never)")
	fs.DurationVar(&o.Down, "down", 3*time.Second, "how long the hub stays down before its restart")
	fs.DurationVar(&o.Period, "period", 250*time.Millisecond, "each table's mean time between presses")
	fs.DurationVar(&o.MatchMin, "match-min", 15*time.Second, "the shortest match (play before the result is declared)")
	fs.DurationVar(&o.MatchMax, "match-max", 30*time.Second, "the longest match")
	fs.DurationVar(&o.CatchUp, "catch-up", 60*time.Second, "the longest wait, after the presses, for the hub to hold every record")
	fs.StringVar(&o.Dir, "dir", "", "keep the hub's store and the tables' records in `DIR` (default a temporary directory, removed)")
	fs.Uint64Var(&o.Seed, "seed", uint64(time.Now().UnixNano()), "seed of the tables' random choices")
	quiet := fs.Bool("quiet", false, "no progress lines")
	fs.BoolVar(&o.Cluster, "cluster", false, "run the hub as a cluster of 3 nodes; kill the node leading the records stream")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || o.Bin == "" || o.Tables < 1 || o.Duration <= 0 {
		fmt.Fprintln(stderr, "tandem-hall-load: give --hub BIN (tandem-hall), a positive --tables and --duration, and no arguments")
		fs.Usage()
		return 2
	}
	o.KillAt = *killAt
	o.Keep = o.Dir != ""
	if !*quiet {
		o.Progress = stdout
	}
	fmt.Fprintf(stdout, "tandem-hall-load: seed %d\n", o.Seed)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := hallload.Run(ctx, o)
	if err != nil {
		fmt.Fprintf(stderr, "tandem-hall-load: %v\n", err)
		return 2
	}
	rep.Write(stdout)
	if !rep.OK() {
		return 1
	}
	return 0
}
