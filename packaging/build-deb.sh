#!/usr/bin/env bash
# Builds the tandem .deb for Raspberry Pi OS: arm64 (64-bit) and armhf
# (32-bit, ARMv7), into dist/ (or $1). Needs Go and the Go module proxy
# only: nfpm is run from its module at a pinned version.
#
#   packaging/build-deb.sh            -> dist/tandem_VERSION_arm64.deb, dist/tandem_VERSION_armhf.deb
#   VERSION=1.2.3 packaging/build-deb.sh out/
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist}"
mkdir -p "$out"
NFPM_MODULE="github.com/goreleaser/nfpm/v2/cmd/nfpm@v2.45.2"

if [ -z "${VERSION:-}" ]; then
    rev=$(git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)
    VERSION="0.1.0+git${rev}"
fi
export VERSION

# nfpm, built for this machine from the module proxy (cached after the
# first time by Go's module and build caches).
tools="$(mktemp -d)"
trap 'rm -rf "$tools"' EXIT
GOBIN="$tools" GOOS= GOARCH= CGO_ENABLED=0 go install "$NFPM_MODULE"
nfpm="$tools/nfpm"

bin="$tools"
for arch in arm64 armhf; do
    case $arch in
        arm64) goarch=arm64; goarm= ;;
        armhf) goarch=arm;   goarm=7 ;;
    esac
    CGO_ENABLED=0 GOOS=linux GOARCH=$goarch GOARM=$goarm \
        go build -trimpath -ldflags "-s -w" -o "$bin/tandem-$arch" ./cmd/tandem
    # nfpm expands ${ARCH} and ${VERSION} itself, not a file's path.
    sed "s|\${BINARY}|$bin/tandem-$arch|" packaging/nfpm.yaml >"$bin/nfpm-$arch.yaml"
    ARCH=$arch "$nfpm" package --config "$bin/nfpm-$arch.yaml" --packager deb --target "$out/"
done
ls -l "$out"/tandem_*.deb
