#!/usr/bin/env bash
# idle-console.sh: the CPU a running match costs with the web console on and
# no browser connected (docs/performance.md, "Idle console").
#
# Builds tandem, runs `tandem run` on a simulated table (console on a
# loopback port), starts the match with the simulated panel's pause switch
# (POST /api/press from this machine: no session, no view), and reads the
# process's utime + stime (/proc/PID/stat, clock ticks: 100 a second on
# Linux) before and after SECONDS (default 60) with nobody watching.
#
# Usage: scripts/idle-console.sh [SECONDS] [BINARY]
# BINARY: a tandem binary to measure instead of building this tree's.
# TENTHS (env): the displays' tenths_below (default "1h": the clocks show
# tenths the whole time, so the table publishes a snapshot every tenth of
# a second for each running clock, the most a match ever publishes).
# CONSOLE=off (env): the same table without the console, the match started
# by a --script timeline instead: what the table costs alone.
set -euo pipefail
secs=${1:-60}
dir=$(mktemp -d)
pid=
cleanup() {
	if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
	rm -rf "$dir"
}
trap cleanup EXIT
bin=${2:-}
if [ -z "$bin" ]; then
	bin=$dir/tandem
	go build -o "$bin" ./cmd/tandem
fi
port=$((20000 + RANDOM % 20000))
cat >"$dir/tandem.toml" <<TOML
mode = "simulated"
[time]
control = "30m"
[display]
tenths_below = "${TENTHS:-1h}"
[console]
enabled = $([ "${CONSOLE:-on}" = off ] && echo false || echo true)
listen = "127.0.0.1:$port"
pin = "246813"
TOML
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
if [ "${CONSOLE:-on}" = off ]; then
	printf 'control 30m\n0 start\n%d end\n' $((secs + 30)) >"$dir/start.timeline"
	"$bin" run --config "$dir/tandem.toml" --script "$dir/start.timeline" >"$dir/out" 2>&1 </dev/null &
	pid=$!
	sleep 2
	before=$(ticks)
	sleep "$secs"
	after=$(ticks)
	echo "console off: ticks in ${secs}s: $((after - before)) (utime+stime, before $before, after $after)"
	exit 0
fi
"$bin" run --config "$dir/tandem.toml" >"$dir/out" 2>&1 </dev/null &
pid=$!
url=http://127.0.0.1:$port
for _ in $(seq 100); do
	curl -s -o /dev/null "$url/api/session" && break
	sleep 0.1
done
# The pause switch starts a ready match (the panel's own press: no view).
curl -sf -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"pause":true}' "$url/api/press"
sleep 1 # the start reaches the loop
before=$(ticks)
sleep "$secs"
after=$(ticks)
status=$(curl -sf "$url/api/state" | grep -o '"status":"[a-z]*"' | head -1 | cut -d\" -f4)
echo "status after: $status (want running)"
echo "ticks in ${secs}s: $((after - before)) (utime+stime, before $before, after $after)"
[ "$status" = running ]
