#!/usr/bin/env bash
# Builds the SD-card image for the Pi 3, 4, 400 and Zero 2 W (docs/image.md):
#   scripts/image-build.sh            -> dist/tandem-VERSION-arm64.img.xz + .sha256
#   scripts/image-build.sh OUTDIR
# Root only (mmdebstrap in root mode, the binfmt_misc entry). Stage 1, the
# Debian system (mmdebstrap, about 15 min under emulation on 2 cores), is
# cached in $TANDEM_IMAGE_CACHE (default ~/.cache/tandem-image) by the hash
# of its inputs; stage 2 installs the tandem .deb and the image's own files.
set -euo pipefail
cd "$(dirname "$0")/.."

out="dist"
base_only=false
for a in "$@"; do
    case $a in
        --base-only) base_only=true ;;   # stage 1 only (CI warms its cache with it)
        -*) echo "image-build.sh: unknown option $a" >&2; exit 2 ;;
        *) out=$a ;;
    esac
done
[ "$(id -u)" = 0 ] || { echo "image-build.sh: run as root (mmdebstrap --mode=root, binfmt_misc)" >&2; exit 1; }
for c in mmdebstrap qemu-aarch64-static mkfs.vfat mcopy mkfs.ext4 sfdisk xz sha256sum; do
    command -v "$c" >/dev/null || { echo "image-build.sh: $c missing (.ci/deps/image.sh lists the packages)" >&2; exit 1; }
done
start=$SECONDS
cache="${TANDEM_IMAGE_CACHE:-$HOME/.cache/tandem-image}"
mkdir -p "$cache" "$out"
work=$(mktemp -d /var/tmp/tandem-image.XXXXXX)

# binfmt_misc: the arm64 maintainer scripts run under qemu-aarch64-static.
# Registered here (Debian's binfmt-support is not assumed), with the F flag
# so that the interpreter is opened now and found inside the chroot too;
# what this script added is removed on exit, whatever the outcome (CI runs
# on a developer's machine).
binfmt=/proc/sys/fs/binfmt_misc
mounted_binfmt=false
registered=""
cleanup() {
    set +e
    if [ -n "$registered" ] && [ -e "$binfmt/$registered" ]; then echo -1 >"$binfmt/$registered"; fi
    if $mounted_binfmt; then
        # Unmounted only if nothing else was registered meanwhile.
        others=$(find "$binfmt" -mindepth 1 -maxdepth 1 ! -name register ! -name status | wc -l)
        [ "$others" = 0 ] && umount "$binfmt"
    fi
    for m in $(awk -v w="$work" 'index($2, w) == 1 {print $2}' /proc/mounts | sort -r); do umount -l "$m"; done
    rm -rf "$work"
}
trap cleanup EXIT
# A signal (CI's timeout) still runs the cleanup: the binfmt entry goes.
trap 'exit 143' TERM
trap 'exit 130' INT
if [ ! -e "$binfmt/register" ]; then
    mount -t binfmt_misc binfmt_misc "$binfmt"
    mounted_binfmt=true
fi
aarch64_magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
aarch64_mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
have_aarch64=false
for e in "$binfmt"/*; do
    case $(basename "$e") in register|status) continue ;; esac
    # An entry of the host's own serves only with F (the interpreter opened
    # at registration): without it the chroot would need the interpreter
    # at the same path. Ours, added later, is looked at first otherwise.
    if grep -q '^enabled' "$e" 2>/dev/null && grep -q '^magic 7f454c460201010000000000000000000200b700' "$e" 2>/dev/null &&
        grep -q '^flags: .*F' "$e" 2>/dev/null; then
        have_aarch64=true
    fi
done
if ! $have_aarch64; then
    registered=tandem-image-aarch64
    # The magic and mask go as the kernel's own \x escapes (a NUL byte
    # written raw would cut the magic short and catch every 64-bit ELF).
    printf ':%s:M::%s:%s:%s:F\n' "$registered" "$aarch64_magic" "$aarch64_mask" \
        "$(command -v qemu-aarch64-static)" >"$binfmt/register"
    if ! grep -qx 'magic 7f454c460201010000000000000000000200b700' "$binfmt/$registered" || ! /bin/true; then
        echo -1 >"$binfmt/$registered"; registered=""
        echo "image-build.sh: the binfmt_misc entry came out wrong; removed" >&2
        exit 1
    fi
fi

# Stage 1: Debian bookworm for arm64 from Debian's own packages. The kernel
# and its initramfs (MODULES=most: the SD controller and USB are modules),
# the Pi's boot firmware and Wi-Fi firmware (non-free-firmware), systemd
# with networkd and timesyncd, wpa_supplicant for a club network, hostapd
# and dnsmasq for the access point, and what the first boot needs to make
# the data partition (sfdisk, mkfs.ext4).
suite=bookworm
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
security="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
packages=(linux-image-arm64 raspi-firmware firmware-brcm80211 initramfs-tools zstd
    systemd systemd-sysv systemd-timesyncd udev kmod dbus
    wpasupplicant hostapd dnsmasq-base iproute2 iw wireless-regdb
    dosfstools e2fsprogs fdisk adduser procps)
sources=("deb $mirror $suite main non-free-firmware"
    "deb $mirror $suite-updates main non-free-firmware"
    "deb $security $suite-security main non-free-firmware")
# Less on the card: no manual pages, translations or documentation beyond
# the copyright files (tandem's own documentation is kept). The same rules
# stay in the image for any later dpkg run.
nodoc='path-exclude=/usr/share/man/*
path-exclude=/usr/share/locale/*
path-include=/usr/share/locale/locale.alias
path-exclude=/usr/share/doc/*
path-include=/usr/share/doc/*/copyright
path-include=/usr/share/doc/tandem/*
path-exclude=/usr/share/info/*'
key=$(printf '%s\n' "$suite" "${packages[@]}" "${sources[@]}" "$nodoc" v1 | sha256sum | cut -c1-16)
base="$cache/base-$key"
if [ -e "$base/var/lib/dpkg/status" ]; then
    echo "stage 1: cached $base"
else
    echo "stage 1: mmdebstrap $suite arm64 (slow: the maintainer scripts run under emulation)"
    t0=$SECONDS
    rm -rf "$cache"/base-*   # one base kept: the cache holds the current inputs only
    mmdebstrap --mode=root --variant=minbase --arch=arm64 \
        --include="$(IFS=,; echo "${packages[*]}")" \
        --setup-hook='mkdir -p "$1/boot/firmware" "$1/etc/dpkg/dpkg.cfg.d"' \
        --setup-hook="printf '%s\n' '$nodoc' >\"\$1/etc/dpkg/dpkg.cfg.d/01-tandem-nodoc\"" \
        --customize-hook='rm -f "$1"/var/cache/apt/*.bin "$1"/var/lib/apt/lists/*_Packages "$1"/var/lib/apt/lists/*_Release "$1"/var/lib/apt/lists/*_InRelease' \
        "$suite" "$base.partial" "${sources[@]}"
    mv "$base.partial" "$base"
    echo "stage 1: $((SECONDS - t0)) s"
fi
$base_only && exit 0

# Stage 2: the tandem system on a copy of the base.
if [ -z "${VERSION:-}" ]; then
    VERSION="0.1.0+git$(git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)"
fi
export VERSION
root="$work/root"
mkdir -p "$root"
echo "stage 2: copying the base"
cp -a "$base/." "$root/"
deb="${TANDEM_DEB:-}"
if [ -z "$deb" ]; then
    echo "stage 2: the tandem .deb (packaging/build-deb.sh)"
    ARCHES=arm64 packaging/build-deb.sh "$work/deb" >/dev/null
    deb=$(ls "$work"/deb/tandem_*_arm64.deb)
fi
cp "$deb" "$root/tmp/tandem.deb"
for m in proc sys dev; do mkdir -p "$root/$m"; done
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
# dpkg -i starts nothing: no systemd runs in the chroot (the postinst
# enables the unit only).
chroot "$root" dpkg -i /tmp/tandem.deb
rm -f "$root/tmp/tandem.deb"
umount "$root/dev" "$root/sys" "$root/proc"
gid=$(awk -F: '$1 == "tandem" {print $3}' "$root/etc/group")
[ -n "$gid" ] || { echo "image-build.sh: the .deb made no tandem group" >&2; exit 1; }

img=packaging/image
install -d "$root/usr/lib/tandem-image"
install -m 0755 "$img/tandem-image-setup" "$img/tandem-image-net" "$root/usr/lib/tandem-image/"
install -m 0644 "$img"/units/*.service "$root/etc/systemd/system/"
install -d "$root/etc/systemd/system/tandem.service.d"
install -m 0644 "$img/units/tandem-image.conf" "$root/etc/systemd/system/tandem.service.d/image.conf"
install -d "$root/etc/systemd/journald.conf.d"
install -m 0644 "$img/journald.conf" "$root/etc/systemd/journald.conf.d/tandem-image.conf"
install -m 0644 "$img/10-wired.network" "$root/etc/systemd/network/10-wired.network"
install -m 0644 "$img/60-tandem-devices.rules" "$root/etc/udev/rules.d/60-tandem-devices.rules"
echo i2c-dev >"$root/etc/modules-load.d/tandem-i2c.conf"
# wpa_supplicant@wlan0 reads the configuration tandem-image-net writes.
ln -sf /run/tandem-net/wpa_supplicant-wlan0.conf "$root/etc/wpa_supplicant/wpa_supplicant-wlan0.conf"
# tandem check-config /etc/tandem/tandem.toml (the .deb's documented path)
# reads the boot partition's file.
ln -sf /boot/firmware/tandem.toml "$root/etc/tandem/tandem.toml"
echo tandem >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\ttandem\n::1\tlocalhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
# Each card gets its own machine id at boot (an empty file on a read-only
# root: systemd makes one in memory).
: >"$root/etc/machine-id"
rm -f "$root/var/lib/dbus/machine-id"
# Read-only root: the boot partition read-only too (tandem-image-setup and
# -net remount it for their one write), /tmp and /var/tmp in memory, no
# swap. The boot partition's files: root and the tandem group may read
# (tandem.toml holds the PIN).
cat >"$root/etc/fstab" <<EOT
# The tandem image (docs/image.md): the root read-only, the boot partition
# (FAT: tandem.toml, wifi.txt) read-only, the data partition (the record,
# the keys) mounted by tandem-image-setup.service. No swap.
LABEL=tandem-root  /               ext4   ro,noatime,errors=remount-ro  0 1
LABEL=TANDEM       /boot/firmware  vfat   ro,noatime,uid=0,gid=$gid,fmask=0137,dmask=0027  0 2
tmpfs              /tmp            tmpfs  nosuid,nodev,mode=1777,size=64M  0 0
tmpfs              /var/tmp        tmpfs  nosuid,nodev,mode=1777,size=16M  0 0
# systemd's own state (timesyncd's last time, the random seed) in memory.
tmpfs              /var/lib/systemd tmpfs nosuid,nodev,mode=0755,size=8M  0 0
EOT
ln -sf /dev/null "$root/etc/systemd/system/systemd-rfkill.service"
ln -sf /dev/null "$root/etc/systemd/system/systemd-rfkill.socket"
chroot "$root" systemctl enable systemd-networkd.service tandem-image-setup.service tandem-image-net.service tandem.service
chroot "$root" systemctl is-enabled tandem.service

# The boot partition: the firmware, kernel, initramfs and device trees that
# raspi-firmware puts in /boot/firmware, its config.txt and cmdline.txt made
# again for this image (the root by label, read-only; the consoles the
# Pi 3's and 4's serial port and HDMI, the boot log on HDMI), and the
# club's files. raspi-firmware's own files keep these settings for any
# later run of its hook.
cat >"$root/etc/default/raspi-firmware" <<'EOT'
# The tandem image (scripts/image-build.sh): see raspi-firmware's own
# /usr/share/doc/raspi-firmware for every setting.
ROOTPART="LABEL=tandem-root"
CONSOLES="ttyS1,115200 tty0"
EOT
echo ro >"$root/etc/default/raspi-extra-cmdline"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
chroot "$root" env DEB_MAINT_PARAMS=configure /etc/kernel/postinst.d/z50-raspi-firmware
umount "$root/dev" "$root/proc"
boot="$work/boot"
mv "$root/boot/firmware" "$boot"
mkdir -p "$root/boot/firmware" "$root/data"
# raspi-firmware writes "rw" before the extra "ro" (the later one wins):
# only "ro" is left, so that cmdline.txt says what happens.
sed -i 's/ rw / /' "$boot/cmdline.txt"
grep -q 'root=LABEL=tandem-root .*\bro\b' "$boot/cmdline.txt" || { echo "image-build.sh: cmdline.txt: $(cat "$boot/cmdline.txt")" >&2; exit 1; }
cp "$img/tandem.toml" "$img/wifi.txt" "$boot/"
# Less on the card: the apt lists and caches (the image is replaced whole,
# never upgraded in place).
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log

# The partitions: FAT32 boot (256 MiB), ext4 root (what it holds plus a
# margin), made from the directories with no loop device (mkfs.ext4 -d,
# mtools), then put in an MBR disk image (the Pi's boot ROM reads MBR).
echo "stage 2: the partitions"
boot_mib=256
root_kib=$(du -sk --apparent-size "$root" | cut -f1)
root_mib=$(( (root_kib * 12 / 10) / 1024 + 128 ))
mkfs.vfat -F 32 -n TANDEM -C "$work/boot.img" $((boot_mib * 1024)) >/dev/null
mcopy -s -i "$work/boot.img" "$boot"/* ::
mkfs.ext4 -q -L tandem-root -d "$root" -E root_owner=0:0 "$work/root.img" "${root_mib}M"
name="tandem-$VERSION-arm64.img"
disk="$work/$name"
start_mib=4
total_mib=$((start_mib + boot_mib + root_mib))
truncate -s "${total_mib}M" "$disk"
sfdisk --quiet "$disk" <<EOT
label: dos
start=${start_mib}MiB, size=${boot_mib}MiB, type=c, bootable
start=$((start_mib + boot_mib))MiB, size=${root_mib}MiB, type=83
EOT
dd if="$work/boot.img" of="$disk" bs=1M seek=$start_mib conv=notrunc,sparse status=none
dd if="$work/root.img" of="$disk" bs=1M seek=$((start_mib + boot_mib)) conv=notrunc,sparse status=none
# TANDEM_IMAGE_RAW=1: the uncompressed image too (image-test.sh takes it).
if [ "${TANDEM_IMAGE_RAW:-}" = 1 ]; then cp --sparse=always "$disk" "$out/$name"; fi
echo "stage 2: xz"
xz -T2 -6 -c "$disk" >"$out/$name.xz.partial"
mv "$out/$name.xz.partial" "$out/$name.xz"
(cd "$out" && sha256sum "$name.xz" >"$name.xz.sha256")
echo "image: $out/$name.xz ($(du -m "$out/$name.xz" | cut -f1) MiB compressed, $total_mib MiB written to the card)"
echo "build: $((SECONDS - start)) s"
