#!/usr/bin/env bash
# The real kernel in the loop (internal/kernelvm, docs/hardware.md,
# docs/record.md):
#
#   scripts/kernel-test.sh [--power-cuts N] [--no-gpio] [--seed S] [-v]
#
# builds tandem and cmd/tandem-kernel-test as static binaries, then boots
# Debian's kernel in QEMU (TCG: no KVM needed): the GPIO suite on a
# simulated chip whose lines are named as a Pi's (GPIO17...), and N
# power-cut trials of the record on an ext4 virtio disk. The kernel, its
# gpio-sim module and the other modules are prepared on the first run from
# Debian's packages (apt-get download: run apt-get update once) and cached
# in ~/.cache/tandem-kernel-vm. Needs qemu-system-x86, busybox-static,
# cpio, build-essential, e2fsprogs (.ci/deps/kernel.sh). Ends with the line
# "N passed, N failed"; exit status 1 when a test failed.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
# Stripped: a smaller initramfs loads faster into the VM.
CGO_ENABLED=0 go build -ldflags="-s -w" -o "$bin/tandem" ./cmd/tandem
CGO_ENABLED=0 go build -ldflags="-s -w" -o "$bin/tandem-kernel-test" ./cmd/tandem-kernel-test
echo "machine: $(nproc) cores, $(uname -srm), $(go env GOVERSION), $(qemu-system-x86_64 --version | head -1)"
"$bin/tandem-kernel-test" --tandem "$bin/tandem" "$@"
