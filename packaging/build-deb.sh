#!/usr/bin/env bash
# Builds the .debs for Raspberry Pi OS into dist/ (or $1): tandem (the
# table) and tandem-hall (the hall's hub), each for arm64 (64-bit Pi OS)
# and armhf (32-bit Pi OS, built for ARMv6 so that it runs on every Pi the
# 32-bit OS runs on: Pi 1, Zero, Zero W as well as the ARMv7 and ARMv8
# ones). Needs Go and the Go module proxy only: nfpm is run from its
# module at a pinned version.
#
#   packaging/build-deb.sh            -> dist/tandem_VERSION_arm64.deb, ..._armhf.deb,
#                                        dist/tandem-hall_VERSION_arm64.deb, ..._armhf.deb
#   VERSION=1.2.3 packaging/build-deb.sh out/
#   ARCHES="amd64" packaging/build-deb.sh out/   (other Debian architectures: a PC hub,
#                                                 the installation test of check-install.sh)
#   HOMEPAGE=https://... packaging/build-deb.sh   (the packages' Homepage field: tandem has no
#                                                 public home yet, so by default there is none)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist}"
mkdir -p "$out"
NFPM_MODULE="github.com/goreleaser/nfpm/v2/cmd/nfpm@v2.45.2"
MAINTAINER="tandem maintainers <maintainers@users.noreply.a-seed-fe0566bf.example>"
ARCHES="${ARCHES:-arm64 armhf}"

if [ -z "${VERSION:-}" ]; then
    rev=$(git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)
    VERSION="0.1.0+git${rev}"
fi
export VERSION
# The changelog's date: the commit's, so that two builds of one commit
# make the same files.
date=$(git log -1 --format=%cD 2>/dev/null || date -R)

# nfpm, built for this machine from the module proxy (cached after the
# first time by Go's module and build caches).
tools="$(mktemp -d)"
trap 'rm -rf "$tools"' EXIT
GOBIN="$tools" GOOS= GOARCH= CGO_ENABLED=0 go install "$NFPM_MODULE"
nfpm="$tools/nfpm"

for arch in $ARCHES; do
    case $arch in
        arm64) goarch=arm64; goarm= ;;
        # Raspberry Pi OS's armhf is ARMv6 with VFP (Raspbian), not
        # Debian's ARMv7: GOARM=7 dies with "illegal instruction" on the
        # ARM1176 of a Pi 1 or Zero.
        armhf) goarch=arm;   goarm=6 ;;
        amd64) goarch=amd64; goarm= ;;
        *) echo "build-deb.sh: no Go target for Debian architecture $arch" >&2; exit 1 ;;
    esac
    for pkg in tandem tandem-hall; do
        bin="$tools/$pkg-$arch"
        gen="$tools/gen-$pkg-$arch"
        mkdir -p "$gen"
        CGO_ENABLED=0 GOOS=linux GOARCH=$goarch GOARM=$goarm \
            go build -trimpath -ldflags "-s -w -X main.version=$VERSION" -o "$bin" ./cmd/$pkg
        packaging/copyright.sh "$bin" >"$gen/copyright"
        gzip -9n <"packaging/$pkg.1" >"$gen/$pkg.1.gz"
        printf '%s (%s) unstable; urgency=medium\n\n  * Built from git commit %s.\n\n -- %s  %s\n' \
            "$pkg" "$VERSION" "$(git rev-parse HEAD 2>/dev/null || echo unknown)" "$MAINTAINER" "$date" |
            gzip -9n >"$gen/changelog.gz"
        conf=packaging/nfpm.yaml
        [ "$pkg" = tandem-hall ] && conf=packaging/nfpm-hall.yaml
        # nfpm expands ${ARCH} and ${VERSION} itself, not a file's path.
        sed -e "s|\${BINARY}|$bin|" -e "s|\${GEN}|$gen|" "$conf" >"$tools/nfpm-$pkg-$arch.yaml"
        if [ -n "${HOMEPAGE:-}" ]; then
            printf 'homepage: %s\n' "$HOMEPAGE" >>"$tools/nfpm-$pkg-$arch.yaml"
        fi
        ARCH=$arch "$nfpm" package --config "$tools/nfpm-$pkg-$arch.yaml" --packager deb --target "$out/"
    done
done
ls -l "$out"/*.deb
