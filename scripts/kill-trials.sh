#!/usr/bin/env bash
# Runs the record's SIGKILL trials (journal/faulttest) many times and prints
# the figures docs/record.md quotes:
#
#   scripts/kill-trials.sh [TRIALS]      default 200
#
# Each trial runs the real binary on a random scripted timeline, kills it
# with SIGKILL at a random instant (a third also tear the last record, as a
# power cut may leave it), restarts it and checks the record. Set
# TANDEM_KILL_SEED to replay a run (the seed is printed), TANDEM_KILL_SLACK
# to change the tolerance over the checkpoint interval (default 300ms).
set -euo pipefail
cd "$(dirname "$0")/.."
trials="${1:-200}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s)
status=0
TANDEM_KILL_TRIALS="$trials" go test -count=1 -timeout 60m -run '^TestKill$' -v ./journal/faulttest >"$out" 2>&1 || status=$?
grep -E 'kill trials:|^KILL-TRIALS' "$out" || true
echo "wall time: $(( $(date +%s) - start )) s on $(nproc) cores, go $(go env GOVERSION), $(uname -srm)"
if [ "$status" -ne 0 ]; then
  grep -E -- '--- FAIL|kill_test.go' "$out" | head -200
  exit "$status"
fi
