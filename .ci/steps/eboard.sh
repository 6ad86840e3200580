#!/usr/bin/env bash
# step: eboard: the DGT message decoder and the session reader fuzzed briefly; one change's inference timed natively and under qemu arm64
set -euo pipefail
# The pseudo-terminal tests of the e-boards already ran in go test (the
# kernel's /dev/ptmx; nothing to install).
# Counts, not durations: Go 1.26's fuzzing coordinator can fail a target
# with a bare "context deadline exceeded" at the end of a -fuzztime
# duration on a loaded machine, with no crasher (go.dev/issue/75804, seen
# here on FuzzRead); a count has no deadline to race. About 10 s each.
go test -count=1 -run XXX -fuzz FuzzDecoder -fuzztime 300000x ./eboard
go test -count=1 -run XXX -fuzz FuzzRead -fuzztime 200000x ./eboard/session
go test -count=1 -run XXX -bench 'Explain|TrackerMove' -benchtime 20000x -benchmem ./eboard/infer
CGO_ENABLED=0 GOARCH=arm64 go test -c -o /tmp/tandem-infer.arm64 ./eboard/infer
qemu-aarch64-static /tmp/tandem-infer.arm64 -test.run XXX -test.bench 'Explain|TrackerMove' -test.benchtime 2000x -test.benchmem
rm -f /tmp/tandem-infer.arm64
