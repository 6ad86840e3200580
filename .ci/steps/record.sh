#!/usr/bin/env bash
# step: the record survives SIGKILL: 30 kill-and-restart trials of the real binary
# journal/faulttest builds tandem, runs it on random scripted timelines, kills
# it at random instants (a third of the cuts also tear the last record, as a
# power cut leaves it), restarts it and checks: the record reads and its hash
# chain holds, no result reported final is lost, the restored times are within
# the checkpoint interval (docs/record.md). About 30 s on two cores.
set -euo pipefail
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
TANDEM_KILL_TRIALS="${TANDEM_KILL_TRIALS:-30}" go test -count=1 -run '^TestKill$' -v ./journal/faulttest >"$out" 2>&1 || status=$?
grep -E '^KILL-TRIALS|^(ok|FAIL)\b' "$out" || true
if [ "$status" -ne 0 ]; then
  grep -E -- '--- FAIL|kill_test.go' "$out" | head -100
  exit "$status"
fi
