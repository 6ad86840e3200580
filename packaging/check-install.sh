#!/usr/bin/env bash
# Installs the amd64 .debs of DIR (build-deb.sh with ARCHES=amd64: the same
# files and maintainer scripts as the Pi's, for this machine's CPU) with
# dpkg in a scratch Debian root made by mmdebstrap, then checks what a club
# relies on:
#   - install: a record a deleted user left is given to the new user;
#     the users tandem (groups gpio, i2c) and tandem-hall, the data
#     directories 0750 owned by them, the configurations 0640 root:USER, the
#     table's unit enabled, the hub's disabled (enabled by hand, it stays
#     enabled across an upgrade); the service user can read its
#     configuration;
#   - purge: the users and the data stay (a record is never left to a bare
#     UID); the configuration and the units' links go;
#   - reinstall: the record is as it was, still the user's.
# Needs root (chroot) and Debian's archive (mmdebstrap). About 40 s.
#
#   packaging/check-install.sh DIR
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-dist}"
fail() { echo "check-install: $*" >&2; exit 1; }
command -v mmdebstrap >/dev/null || fail "mmdebstrap is not installed (apt-get install mmdebstrap)"
debs=("$dir"/tandem_*_amd64.deb "$dir"/tandem-hall_*_amd64.deb)
for d in "${debs[@]}"; do [ -e "$d" ] || fail "no $d (ARCHES=amd64 packaging/build-deb.sh $dir)"; done

root=$(mktemp -d)
cleanup() { rm -rf "$root"; }
trap cleanup EXIT
mmdebstrap --quiet --mode=root --variant=minbase --include=adduser bookworm "$root" >/dev/null
cp "${debs[@]}" "$root/tmp/"
in_root() { chroot "$root" "$@"; }
owner() { in_root stat -c '%U:%G %a' "$1"; }
expect() { # WHAT GOT WANT
    [ "$2" = "$3" ] || fail "$1: $2, want $3"
}

# A record an older package left to a bare UID (it deleted the user on
# purge): the install gives it back to the new user.
mkdir -p "$root/var/lib/tandem"
echo old >"$root/var/lib/tandem/old.db"
chown 4242:4242 "$root/var/lib/tandem/old.db"
echo other >"$root/tmp/other"
chown 4343:4343 "$root/tmp/other"
ln "$root/tmp/other" "$root/var/lib/tandem/planted"   # two links: not given away
in_root dpkg -i /tmp/"$(basename "${debs[0]}")" /tmp/"$(basename "${debs[1]}")" >/dev/null
expect "install: a bare UID's record" "$(owner /var/lib/tandem/old.db | cut -d' ' -f1)" "tandem:tandem"
expect "install: a hard link planted in the data directory" "$(owner /var/lib/tandem/planted | cut -d' ' -f1)" "UNKNOWN:UNKNOWN"
for u in tandem tandem-hall; do
    in_root getent passwd "$u" >/dev/null || fail "install: no user $u"
    expect "install: /var/lib/$u" "$(owner /var/lib/$u)" "$u:$u 750"
    expect "install: /etc/$u/$u.toml" "$(owner /etc/$u/$u.toml)" "root:$u 640"
done
[ -L "$root/etc/systemd/system/multi-user.target.wants/tandem.service" ] || fail "install: tandem.service not enabled"
[ ! -e "$root/etc/systemd/system/multi-user.target.wants/tandem-hall.service" ] || fail "install: tandem-hall.service enabled (it is disabled by default)"
# Enabled by hand (the link `systemctl enable` makes), it stays enabled
# when the package is installed again.
ln -s /usr/lib/systemd/system/tandem-hall.service "$root/etc/systemd/system/multi-user.target.wants/tandem-hall.service"
in_root dpkg -i /tmp/"$(basename "${debs[1]}")" >/dev/null
[ -L "$root/etc/systemd/system/multi-user.target.wants/tandem-hall.service" ] || fail "upgrade: tandem-hall.service enabled by hand, then disabled by the package"
groups=$(in_root id -nG tandem)
for g in gpio i2c; do
    grep -qw "$g" <<<"$groups" || fail "install: tandem is not in group $g ($groups)"
done
# The service's user reads its configuration (as the unit runs it).
in_root setpriv --reuid=tandem --regid=tandem --init-groups /usr/bin/tandem check-config /etc/tandem/tandem.toml >/dev/null ||
    fail "install: user tandem cannot read /etc/tandem/tandem.toml"
in_root setpriv --reuid=tandem-hall --regid=tandem-hall --init-groups /usr/bin/tandem check-config /etc/tandem-hall/tandem-hall.toml >/dev/null ||
    fail "install: user tandem-hall cannot read /etc/tandem-hall/tandem-hall.toml"
# Another user does not.
if in_root setpriv --reuid=nobody --regid=nogroup --clear-groups cat /etc/tandem/tandem.toml >/dev/null 2>&1; then
    fail "install: any user reads /etc/tandem/tandem.toml (it may hold the arbiter's PIN)"
fi

# A record, as the service would leave it.
in_root setpriv --reuid=tandem --regid=tandem --init-groups sh -c 'echo record > /var/lib/tandem/tandem.db'
in_root setpriv --reuid=tandem-hall --regid=tandem-hall --init-groups sh -c 'mkdir /var/lib/tandem-hall/jetstream && echo stream > /var/lib/tandem-hall/jetstream/x'

in_root dpkg --purge tandem tandem-hall >/dev/null
for u in tandem tandem-hall; do
    in_root getent passwd "$u" >/dev/null || fail "purge: user $u deleted (its files would belong to a bare UID)"
    [ ! -e "$root/etc/$u/$u.toml" ] || fail "purge: /etc/$u/$u.toml left"
    [ ! -e "$root/etc/systemd/system/multi-user.target.wants/$u.service" ] || fail "purge: $u.service still enabled"
    in_root dpkg-statoverride --list "/etc/$u/$u.toml" >/dev/null && fail "purge: statoverride of /etc/$u/$u.toml left"
done
expect "purge: the record" "$(owner /var/lib/tandem/tandem.db | cut -d" " -f1)" "tandem:tandem"
expect "purge: the hub's store" "$(owner /var/lib/tandem-hall/jetstream/x | cut -d" " -f1)" "tandem-hall:tandem-hall"

in_root dpkg -i /tmp/"$(basename "${debs[0]}")" >/dev/null
expect "reinstall: the record" "$(in_root cat /var/lib/tandem/tandem.db)" "record"
expect "reinstall: the record's owner" "$(owner /var/lib/tandem/tandem.db | cut -d" " -f1)" "tandem:tandem"
echo "check-install: install, purge and reinstall in a scratch Debian root: ok"
