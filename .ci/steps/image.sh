#!/usr/bin/env bash
# step: the SD-card image: built (mmdebstrap bookworm arm64 + the tandem .deb), booted on QEMU's Raspberry Pi 3 B, 3 power cuts mid-match
# scripts/image-build.sh then scripts/image-test.sh (docs/image.md). The
# Debian system (stage 1, the slow part: maintainer scripts under
# emulation) is cached in ~/.cache/tandem-image by the hash of its inputs;
# a fresh machine builds it once. Bounded so that CI stays within its
# budget: the build at 30 minutes, the boot test at 20.
set -euo pipefail
start=$SECONDS
out=$(mktemp -d /var/tmp/tandem-image-ci.XXXXXX)
trap 'rm -rf "$out"' EXIT
status=0
timeout --kill-after=20 1800 scripts/image-build.sh "$out" || status=$?
echo "image build: $((SECONDS - start)) s"
if [ "$status" = 0 ]; then
    t=$SECONDS
    timeout --kill-after=20 1200 scripts/image-test.sh "$out"/tandem-*-arm64.img.xz \
        --power-cuts "${TANDEM_IMAGE_POWER_CUTS:-3}" || status=$?
    echo "image boot test: $((SECONDS - t)) s"
fi
echo "image step: $((SECONDS - start)) s"
exit "$status"
