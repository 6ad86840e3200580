#!/usr/bin/env bash
# The hall's load and fault test, figures in
# docs/performance.md ("Hall"):
#
#   scripts/hall-load.sh [FLAGS]
#
# builds tandem-hall and cmd/tandem-hall-load, then runs the hub (tandem-hall)
# as its own process on random loopback ports with a temporary store, and
# simulated tables in the load process (each a real table with its record
# on disk and a hall link) pressing about 4 times a second. A client on the
# dashboard's /ws measures press -> dashboard latency; the hub's CPU and
# peak memory come from /proc, and so does the machine's other work during
# the presses (a run is the hall's only when that is near zero). Mid-run the hub is killed with SIGKILL and
# started again on the same store and ports; at the end every table's
# record must be in the hub's stream exactly once, in order, and every
# decided result in the results stream. Exit status 1 on any loss or
# duplicate; the latency goal (p99 <= 50 ms) is reported, not asserted.
#
# Default: 100 tables for 60 s, hub killed at 30 s for 3 s. FLAGS go to
# tandem-hall-load: --tables N --duration D --kill-at D --down D
# --period D --match-min D --match-max D --seed N --dir DIR (keep the
# store and records) --cluster --quiet.
#
# Cluster mode (--cluster, docs/hall.md "A hub on three machines"): the
# hub is three tandem-hall nodes of one NATS cluster on loopback ports,
# the streams on all three (JetStream replicas 3), the tables given every
# node's URL; the dashboard is watched on node 3, and at --kill-at the
# node leading the records stream (node 1 when node 3 leads) gets SIGKILL,
# restarted --down later. Every press counts in the latency: the tables
# that were on the killed node reconnect to another.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/tandem-hall" ./cmd/tandem-hall
go build -o "$bin/tandem-hall-load" ./cmd/tandem-hall-load
echo "machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(uname -srm), $(go env GOVERSION)"
"$bin/tandem-hall-load" --hub "$bin/tandem-hall" "$@"
