#!/usr/bin/env bash
# Checks the .debs build-deb.sh made in DIR (default dist/): each holds the
# binary for its CPU, the unit, the default configuration as a conffile,
# the docs and the data directory; its scripts create the user; and the
# packaged binary (run under qemu when it is there) accepts the packaged
# configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-dist}"
fail() { echo "check-deb: $*" >&2; exit 1; }

for arch in arm64 armhf; do
    debs=("$dir"/tandem_*_"$arch".deb)
    deb=${debs[0]}
    [ -e "$deb" ] || fail "no tandem_*_$arch.deb in $dir"
    info=$(dpkg-deb -I "$deb")
    contents=$(dpkg-deb -c "$deb")
    grep -q "^ Package: tandem$" <<<"$info" || fail "$deb: Package is not tandem"
    grep -q "^ Architecture: $arch$" <<<"$info" || fail "$deb: Architecture is not $arch"
    grep -q "^ Depends: .*adduser" <<<"$info" || fail "$deb: does not depend on adduser"
    for f in ./usr/bin/tandem ./usr/lib/systemd/system/tandem.service ./etc/tandem/tandem.toml \
             ./usr/share/doc/tandem/hardware.md ./usr/share/doc/tandem/console.md \
             ./usr/share/doc/tandem/record.md ./usr/share/doc/tandem/rules.md \
             ./usr/share/doc/tandem/hall.md ./usr/share/doc/tandem/tournament.md ./var/lib/tandem/; do
        grep -q " $f\$" <<<"$contents" || fail "$deb: lacks $f"
    done
    grep -q -- "-rwxr-xr-x .* ./usr/bin/tandem$" <<<"$contents" || fail "$deb: /usr/bin/tandem is not 0755"

    x=$(mktemp -d)
    dpkg-deb -R "$deb" "$x"
    grep -qx /etc/tandem/tandem.toml "$x/DEBIAN/conffiles" || fail "$deb: tandem.toml is not a conffile"
    grep -q "adduser --system" "$x/DEBIAN/postinst" || fail "$deb: postinst does not create the user"
    for script in postinst prerm postrm; do
        [ -x "$x/DEBIAN/$script" ] || fail "$deb: no executable $script"
        sh -n "$x/DEBIAN/$script" || fail "$deb: $script has a syntax error"
    done
    unit="$x/usr/lib/systemd/system/tandem.service"
    for line in "Type=notify" "WatchdogSec=" "Restart=on-failure" "User=tandem" \
                "SupplementaryGroups=gpio i2c" "DeviceAllow=char-gpiochip rw" "DeviceAllow=char-i2c rw" \
                "ExecStart=/usr/bin/tandem run --config /etc/tandem/tandem.toml"; do
        grep -q "^$line" "$unit" || fail "$deb: unit lacks $line"
    done
    grep -q "^PrivateDevices=yes" "$unit" && fail "$deb: PrivateDevices=yes hides the GPIO and I2C devices"

    # ELF e_machine (offset 18): 0xb7 aarch64, 0x28 ARM.
    machine=$(od -An -tx1 -j18 -N1 "$x/usr/bin/tandem" | tr -d ' ')
    case $arch in
        arm64) [ "$machine" = b7 ] || fail "$deb: binary e_machine $machine, want b7 (aarch64)"; q=qemu-aarch64-static ;;
        armhf) [ "$machine" = 28 ] || fail "$deb: binary e_machine $machine, want 28 (ARM)"; q=qemu-arm-static ;;
    esac
    if command -v "$q" >/dev/null; then
        "$q" "$x/usr/bin/tandem" check-config "$x/etc/tandem/tandem.toml" >/dev/null \
            || fail "$deb: the packaged binary rejects the packaged configuration"
    fi
    size=$(stat -c %s "$x/usr/bin/tandem")
    echo "$deb: ok ($arch, binary $size bytes)"
    rm -rf "$x"
done
