#!/usr/bin/env bash
# Checks the .debs build-deb.sh made in DIR (default dist/), for arm64 and
# armhf (and any other architecture there):
#   - each package's fields (maintainer, licence files), contents, conffile,
#     maintainer scripts, units;
#   - lintian: no error, warning or info tag (the overrides shipped in
#     packaging/lintian/ say why each exception is one);
#   - each unit read by `systemd-analyze verify` without a complaint, and
#     its `systemd-analyze security` exposure at 3.0 or below;
#   - the table's binary does not link nats-server (only tandem-hall does);
#   - the packaged binaries run under qemu on the Pis' CPUs: arm64 on a
#     Cortex-A53 (Zero 2 W, 3), A72 (4) and A76 (5); armhf on an ARM1176
#     (Pi 1, Zero, Zero W) and a Cortex-A7 (Pi 2): the table accepts its
#     packaged configuration, the hub starts its NATS server;
#   - the sizes docs/performance.md gives (Size) are the measured ones,
#     within 0.3 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-dist}"
fail() { echo "check-deb: $*" >&2; exit 1; }
MAX_EXPOSURE=3.0
TOLERANCE_KB=300

# Sizes as docs/performance.md's table lists them: "| tandem | arm64 | 10.2 MB | 4.4 MB |".
doc_size() { # PACKAGE ARCH FIELD(4: binary, 5: .deb) -> MB as written
    awk -F'|' -v p="$1" -v a="$2" -v c="$3" '
        { for (i = 2; i <= 5; i++) { f[i] = $i; gsub(/^[ `]+|[ `]+$/, "", f[i]) } }
        f[2] == p && f[3] == a { sub(/ MB$/, "", f[c]); print f[c]; exit }' docs/performance.md
}
check_size() { # WHAT BYTES PACKAGE ARCH COLUMN
    local doc kb
    doc=$(doc_size "$3" "$4" "$5")
    [ -n "$doc" ] || fail "docs/performance.md has no size row for $3 $4 (| $3 | $4 | N MB | N MB |)"
    kb=$(( $2 / 1000 ))
    awk -v d="$doc" -v kb="$kb" -v t="$TOLERANCE_KB" 'BEGIN { x = kb - d * 1000; if (x < 0) x = -x; exit !(x <= t) }' ||
        fail "$1 is $(awk -v kb="$kb" 'BEGIN { printf "%.1f", kb / 1000 }') MB; docs/performance.md says $doc MB: measure again and update the Size table"
}

# qemu for the CPUs of each Debian architecture.
cpus() {
    case $1 in
        arm64) echo "qemu-aarch64-static:cortex-a53 qemu-aarch64-static:cortex-a72 qemu-aarch64-static:cortex-a76" ;;
        armhf) echo "qemu-arm-static:arm1176 qemu-arm-static:cortex-a7" ;;
        *) echo "native:" ;;
    esac
}

run_on() { # QEMU:CPU BINARY ARGS...
    local q=${1%%:*} cpu=${1#*:}
    shift
    if [ "$q" = native ]; then "$@"; else "$q" -cpu "$cpu" "$@"; fi
}

# The hub starts under CPU, its NATS server listening: its first line.
# The binary (or qemu) is started directly in the background, so that $!
# is its pid and the TERM reaches it.
hub_starts() { # QEMU:CPU BINARY
    local q=${1%%:*} cpu=${1#*:} tmp pid ok=1
    tmp=$(mktemp -d)
    if [ "$q" = native ]; then
        "$2" --listen 127.0.0.1:0 --store "$tmp/store" --dashboard off >"$tmp/out" 2>&1 &
    else
        "$q" -cpu "$cpu" "$2" --listen 127.0.0.1:0 --store "$tmp/store" --dashboard off >"$tmp/out" 2>&1 &
    fi
    pid=$!
    for _ in $(seq 1 300); do
        if grep -qs "^hall: NATS for the tables at nats://127.0.0.1:" "$tmp/out"; then ok=0; break; fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    [ $ok = 0 ] || cat "$tmp/out" >&2
    rm -rf "$tmp"
    return $ok
}

unit_ok() { # DEB UNITFILE NAME
    local out score bad
    # verify first: the offline score ignores a directive it cannot read
    # (a typo would score as if it were not there). The binary is not on
    # this machine: that complaint is expected.
    out=$(systemd-analyze verify --man=no "$2" 2>&1 || true)
    bad=$(grep -v "is not executable: No such file or directory" <<<"$out" | grep -v '^$' || true)
    [ -z "$bad" ] || fail "$1: systemd-analyze verify $3: $bad"
    out=$(systemd-analyze security --offline=yes "$2" 2>&1) || fail "$1: systemd-analyze security: $out"
    score=$(sed -n "s/.*Overall exposure level for $3: \([0-9.]*\).*/\1/p" <<<"$out")
    [ -n "$score" ] || fail "$1: no exposure level for $3 in: $out"
    awk -v s="$score" -v m="$MAX_EXPOSURE" 'BEGIN { exit !(s <= m) }' ||
        fail "$1: $3 exposure $score, above $MAX_EXPOSURE: $(grep '✗' <<<"$out")"
    echo "$score"
}

command -v lintian >/dev/null || fail "lintian is not installed (apt-get install lintian)"
command -v systemd-analyze >/dev/null || fail "systemd-analyze is not installed (apt-get install systemd)"

found=0
for deb in "$dir"/tandem_*.deb "$dir"/tandem-hall_*.deb; do
    [ -e "$deb" ] || continue
    found=$((found + 1))
    info=$(dpkg-deb -I "$deb")
    pkg=$(sed -n 's/^ Package: //p' <<<"$info")
    arch=$(sed -n 's/^ Architecture: //p' <<<"$info")
    contents=$(dpkg-deb -c "$deb")
    case $pkg in
        tandem) bin=tandem; etc=/etc/tandem/tandem.toml
            docs="hardware.md config.md console.md record.md rules.md hall.md tournament.md examples/timesyncd-hall.conf" ;;
        tandem-hall) bin=tandem-hall; etc=/etc/tandem-hall/tandem-hall.toml
            docs="hall.md tournament.md examples/hall-hub.toml examples/chrony-hall.conf" ;;
        *) fail "$deb: unknown package $pkg" ;;
    esac
    unit=/usr/lib/systemd/system/$pkg.service
    grep -q "^ Depends: .*adduser" <<<"$info" || fail "$deb: does not depend on adduser"
    grep -q "^ Maintainer: [^<]* <[^@>]*@[^>]*>$" <<<"$info" || fail "$deb: no maintainer with an address"
    grep -qi "localhost" <<<"$(grep -E '^ (Maintainer|Homepage):' <<<"$info")" && fail "$deb: a maintainer or homepage at localhost"
    for f in ./usr/bin/$bin .$unit .$etc ./usr/share/doc/$pkg/copyright ./usr/share/doc/$pkg/changelog.gz \
             ./usr/share/man/man1/$bin.1.gz ./usr/share/lintian/overrides/$pkg; do
        grep -q " $f\$" <<<"$contents" || fail "$deb: lacks $f"
    done
    for d in $docs; do
        grep -q " ./usr/share/doc/$pkg/$d\$" <<<"$contents" || fail "$deb: lacks /usr/share/doc/$pkg/$d"
    done
    # The data directory is made by the postinst, never a package
    # directory: dpkg would try to remove it (and the record) on purge.
    grep -q " ./var/lib/" <<<"$contents" && fail "$deb: ships a directory in /var/lib"
    grep -q -- "-rwxr-xr-x .* ./usr/bin/$bin$" <<<"$contents" || fail "$deb: /usr/bin/$bin is not 0755"

    x=$(mktemp -d)
    dpkg-deb -R "$deb" "$x"
    grep -qx "$etc" "$x/DEBIAN/conffiles" || fail "$deb: $etc is not a conffile"
    grep -q "adduser --system" "$x/DEBIAN/postinst" || fail "$deb: postinst does not create the user"
    grep -q "dpkg-statoverride --update --add root $pkg 0640 $etc" "$x/DEBIAN/postinst" || fail "$deb: postinst does not protect $etc"
    grep -Eq "deluser|userdel|rm -rf? /var/lib" "$x/DEBIAN/postrm" && fail "$deb: postrm deletes the user or the data"
    for script in postinst prerm postrm; do
        [ -x "$x/DEBIAN/$script" ] || fail "$deb: no executable $script"
        sh -n "$x/DEBIAN/$script" || fail "$deb: $script has a syntax error"
    done
    grep -q "^License: Apache-2.0" "$x/usr/share/doc/$pkg/copyright" || fail "$deb: copyright file without tandem's licence"
    grep -q "^Files: go/\*" "$x/usr/share/doc/$pkg/copyright" || fail "$deb: copyright file without the Go runtime's licence"

    u="$x$unit"
    for line in "User=$pkg" "ProtectSystem=strict" "CapabilityBoundingSet=$" "SystemCallFilter=@system-service" \
                "ProtectClock=yes" "RestrictAddressFamilies=" "StateDirectory=$pkg" "UMask=0027" "After=.*time-sync.target"; do
        grep -q "^$line" "$u" || fail "$deb: unit lacks $line"
    done
    grep -Eq "^(Wants|Requires)=.*time-sync" "$u" && fail "$deb: unit waits for time-sync.target (a table keeps time without a network)"
    if [ "$pkg" = tandem ]; then
        for line in "Type=notify" "WatchdogSec=" "Restart=on-failure" "SupplementaryGroups=gpio i2c" \
                    "DeviceAllow=char-gpiochip rw" "DeviceAllow=char-i2c rw" "DevicePolicy=closed" \
                    "ExecStart=/usr/bin/tandem run --config /etc/tandem/tandem.toml"; do
            grep -q "^$line" "$u" || fail "$deb: unit lacks $line"
        done
        grep -q "^PrivateDevices=yes" "$u" && fail "$deb: PrivateDevices=yes hides the GPIO and I2C devices"
        # The table links no NATS server (docs/performance.md, Size).
        if go version -m "$x/usr/bin/tandem" | grep -q "nats-server"; then
            fail "$deb: /usr/bin/tandem links github.com/nats-io/nats-server: only tandem-hall may"
        fi
    else
        grep -q "^ExecStart=/usr/bin/tandem-hall --config /etc/tandem-hall/tandem-hall.toml" "$u" || fail "$deb: unit lacks its ExecStart"
        grep -q "^PrivateDevices=yes" "$u" || fail "$deb: the hub's unit does not hide the devices"
    fi
    score=$(unit_ok "$deb" "$u" "$pkg.service")

    # ELF e_machine (offset 18): 0xb7 aarch64, 0x28 ARM, 0x3e x86-64.
    machine=$(od -An -tx1 -j18 -N1 "$x/usr/bin/$bin" | tr -d ' ')
    case $arch in
        arm64) want=b7 ;;
        armhf) want=28 ;;
        amd64) want=3e ;;
        *) fail "$deb: unknown architecture $arch" ;;
    esac
    [ "$machine" = "$want" ] || fail "$deb: binary e_machine $machine, want $want ($arch)"
    ran=""
    for qc in $(cpus "$arch"); do
        q=${qc%%:*}
        [ "$q" = native ] || command -v "$q" >/dev/null || fail "$q is not installed (apt-get install qemu-user-static)"
        if [ "$pkg" = tandem ]; then
            set +e
            run_on "$qc" "$x/usr/bin/tandem" check-config "$x$etc" >/dev/null 2>"$x/err"
            rc=$?
            set -e
            [ $rc = 0 ] || fail "$deb: the packaged binary on $qc exits $rc on the packaged configuration ($(head -c 300 "$x/err"); 132: an instruction that CPU lacks)"
        else
            hub_starts "$qc" "$x/usr/bin/tandem-hall" || fail "$deb: the hub does not start on $qc"
        fi
        if [ "$q" = native ]; then ran="$ran native"; else ran="$ran ${qc#*:}"; fi
    done

    size=$(stat -c %s "$x/usr/bin/$bin")
    dsize=$(stat -c %s "$deb")
    check_size "$deb: /usr/bin/$bin" "$size" "$pkg" "$arch" 4
    check_size "$deb" "$dsize" "$pkg" "$arch" 5
    echo "$deb: ok ($arch; binary $size bytes, .deb $dsize bytes; $pkg.service exposure $score; ran on$ran)"
    rm -rf "$x"
done
[ "$found" -ge 4 ] || fail "found $found .debs in $dir, want tandem and tandem-hall for arm64 and armhf"

# lintian on them all at once (one start-up): any error, warning or info
# tag fails; packaging/lintian/ holds the explained overrides.
out=$(lintian --tag-display-limit 0 --info --fail-on error,warning,info "$dir"/tandem_*.deb "$dir"/tandem-hall_*.deb 2>&1 | grep -v "^running with root privileges" || true)
if [ -n "$out" ]; then
    fail "lintian: $out"
fi
echo "check-deb: lintian clean ($found packages)"
