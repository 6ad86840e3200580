#!/usr/bin/env bash
# step: tandem-hall starts with its packaged configuration (listen ":4222", TLS) in a network namespace, answers, and stops on SIGTERM
# cmd/tandem-hall.TestHall_PackagedConfigInNetns: the real binary, as the
# service starts it, in a network namespace joined by a veth pair; the
# dashboard and NATS are reached over the veth with the hall CA, and
# SIGTERM ends it with exit 0. Needs root and iproute2
# (.ci/deps/hall-netns.sh). About 15 s with the build; bounded at 120 s.
set -euo pipefail
TANDEM_HALL_NETNS=1 timeout --kill-after=5 120 go test -count=1 -run '^TestHall_PackagedConfigInNetns$' ./cmd/tandem-hall
