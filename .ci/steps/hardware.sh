#!/usr/bin/env bash
# step: the Pi .debs (arm64, armhf) build with nfpm and hold the binary, unit, config and data dir
set -euo pipefail
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
packaging/build-deb.sh "$out"
packaging/check-deb.sh "$out"
