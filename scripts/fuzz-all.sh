#!/usr/bin/env bash
# Runs every fuzzer of the repository in turn, one at a time, and prints
# what each did:
#
#   scripts/fuzz-all.sh DURATION        e.g. 10m, 1m, 30s (go test -fuzztime)
#
# Each fuzzer is found by its name (func FuzzName(f *testing.F) in a
# _test.go file) and run alone with
#   go test -run '^$' -fuzz '^FuzzName$' -fuzztime DURATION -parallel 1 \
#     -fuzzminimizetime MIN ./pkg
# (one worker: the machine is shared and small). MIN bounds the shrinking
# of each new interesting input: 100 executions (100x) unless
# FUZZ_MINIMIZE says otherwise. With go's default (60s of it), a fuzzer
# whose seeds are whole files (config's examples) spent a whole 1m run
# minimizing, 17 executions counted (minimizing is not). For each it prints the
# package, the name, the executions and the new inputs found, and any
# crasher with the file go test wrote it to (testdata/fuzz/FuzzName/...,
# beside the package): keep it there, it is then a regression test that
# go test runs. The exit status is 1 when a fuzzer failed.
#
# FUZZ_ONLY, a grep -E pattern, keeps the fuzzers whose "package name"
# matches it (e.g. FUZZ_ONLY='^(eboard|journal) ' to finish a run that was
# cut short).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: scripts/fuzz-all.sh DURATION   (e.g. 10m: go test -fuzztime)" >&2
  exit 2
fi
dur="$1"
minimize="${FUZZ_MINIMIZE:-100x}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Every fuzzer, as "package-dir name", in a stable order.
mapfile -t fuzzers < <(grep -rE --include='*_test.go' -o '^func Fuzz[A-Za-z0-9_]+\(' . |
  sed -E 's#^\./(.*)/[^/]+_test\.go:func (Fuzz[A-Za-z0-9_]+)\($#\1 \2#' | sort -u)
if [ -n "${FUZZ_ONLY:-}" ]; then
  mapfile -t fuzzers < <(printf '%s\n' "${fuzzers[@]}" | grep -E -- "$FUZZ_ONLY" || true)
fi
if [ ${#fuzzers[@]} -eq 0 ]; then
  echo "no fuzzers found${FUZZ_ONLY:+ matching FUZZ_ONLY=$FUZZ_ONLY}" >&2
  exit 1
fi
echo "fuzz-all: ${#fuzzers[@]} fuzzers, $dur each, one at a time (-parallel 1, -fuzzminimizetime $minimize), go $(go env GOVERSION), $(nproc) cores"
start=$(date +%s)
failed=0
printf '%-22s %-24s %14s %10s  %s\n' package fuzzer execs new result
for f in "${fuzzers[@]}"; do
  pkg=${f% *}
  name=${f#* }
  status=0
  go test -run '^$' -fuzz "^${name}\$" -fuzztime "$dur" -parallel 1 -fuzzminimizetime "$minimize" "./$pkg" >"$log" 2>&1 || status=$?
  # The last progress line holds the totals: "fuzz: elapsed: 1m0s,
  # execs: 123456 (2057/sec), new interesting: 3 (total: 50)".
  last=$(grep -E '^fuzz: elapsed: .*execs: ' "$log" | tail -1 || true)
  execs=$(sed -E 's/.*execs: ([0-9]+).*/\1/' <<<"$last")
  new=$(sed -nE 's/.*new interesting: ([0-9]+).*/\1/p' <<<"$last")
  result=ok
  crasher=$(grep -Eo 'testdata/fuzz/[A-Za-z0-9_]+/[0-9a-f]+' "$log" | tail -1 || true)
  if [ "$status" -ne 0 ] && [ -z "$crasher" ] &&
    [ "$(grep -vE '^(fuzz: elapsed|--- FAIL: Fuzz|FAIL|exit status|ok )' "$log" | grep -cvE '^\s*context deadline exceeded$')" -eq 0 ]; then
    # Go 1.26's fuzzing coordinator may report its own -fuzztime deadline
    # as a failure, with no input (go.dev/issue/75804, fixed in Go 1.27):
    # not a crasher.
    result="ok (no crasher; the toolchain's end-of-fuzztime race, go.dev/issue/75804)"
    status=0
  elif [ "$status" -ne 0 ]; then
    failed=1
    result="FAIL${crasher:+: crasher $pkg/$crasher}"
  fi
  printf '%-22s %-24s %14s %10s  %s\n' "$pkg" "$name" "${execs:-?}" "${new:--}" "$result"
  if [ "$status" -ne 0 ]; then
    grep -vE '^fuzz: elapsed' "$log" | head -40 | sed 's/^/    /'
  fi
done
echo "wall time: $(( $(date +%s) - start )) s"
exit "$failed"
