#!/usr/bin/env bash
# step: the .debs (tandem, tandem-hall; arm64, armhf, amd64): contents, lintian, unit scores, qemu on the Pis' CPUs, sizes; installed and purged in a scratch root
# packaging/check-deb.sh runs the packaged binaries under qemu on an
# ARM1176 (Pi 1, Zero) and a Cortex-A7 (Pi 2) for armhf, a Cortex-A53, A72
# and A76 for arm64, scores each unit with systemd-analyze security (at
# most 3.0), runs lintian and compares the sizes with docs/performance.md;
# packaging/check-install.sh installs the amd64 packages with dpkg in a
# scratch Debian root, purges and reinstalls them. About 2 minutes.
set -euo pipefail
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
ARCHES="arm64 armhf amd64" packaging/build-deb.sh "$out"
packaging/check-deb.sh "$out"
packaging/check-install.sh "$out"
