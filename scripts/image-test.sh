#!/usr/bin/env bash
# Boots the SD-card image on an emulated Raspberry Pi 3 B and checks it
# (docs/image.md, "How it is tested"):
#   scripts/image-test.sh [IMAGE.img.xz] [--power-cuts N] [--keep DIR]
# IMAGE defaults to the newest dist/tandem-*-arm64.img.xz. QEMU's raspi3b
# machine boots the image's own kernel, device tree and initramfs from its
# boot partition, with the image as the SD card and USB networking whose
# port 8080 (the console) is forwarded to a free port of 127.0.0.1. Before
# the first boot the boot partition's tandem.toml is edited as a club would
# (a preset, a control, mode "simulated": QEMU 7.2 has no I2C controller
# for the displays). Then:
#   boot 1: the service reaches ready, the first boot made the data
#     partition and a PIN, the console answers through the forwarded port
#     to that PIN (and refuses another), /api/state shows the FAT
#     partition's preset and control and a working record;
#   N power cuts: a match is decided (final), a new one started and moves
#     entered, QEMU is killed (SIGKILL: the card keeps only what the guest
#     wrote) at a random instant, and the next boot must bring the match
#     back paused, with its moves a prefix of those entered;
#   after the last: the record, read from the data partition on the host,
#     is intact and holds every result the console reported final;
#   the root partition is bit for bit what the image shipped (read-only).
# Prints the boot-to-ready times and ends with "N passed, N failed".
# Root is not needed. Needs qemu-system-aarch64, mtools, sfdisk, debugfs,
# curl, jq, xz and Go (for tandem verify-record and export on the host).
set -uo pipefail
cd "$(dirname "$0")/.."

image=""
cuts=3
keep=""
while [ $# -gt 0 ]; do
    case $1 in
        --power-cuts) cuts=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        -*) echo "image-test.sh: unknown option $1" >&2; exit 2 ;;
        *) image=$1; shift ;;
    esac
done
[ -n "$image" ] || image=$(ls -t dist/tandem-*-arm64.img.xz 2>/dev/null | head -1)
[ -n "$image" ] && [ -e "$image" ] || { echo "image-test.sh: no image (scripts/image-build.sh makes dist/tandem-VERSION-arm64.img.xz)" >&2; exit 2; }
for c in qemu-system-aarch64 mcopy mtype sfdisk debugfs curl jq xz go; do
    command -v "$c" >/dev/null || { echo "image-test.sh: $c missing (.ci/deps/image.sh lists the packages)" >&2; exit 2; }
done

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { # check NAME COMMAND...: PASS when the command succeeds
    local name=$1; shift
    if "$@"; then pass "$name"; else fail "$name"; fi
}
finish() {
    echo
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ] && [ "$passed" -gt 0 ]
    exit $?
}

tmp=$(mktemp -d /var/tmp/tandem-image-test.XXXXXX)
qemu_pid=""
stop_qemu() {
    if [ -n "$qemu_pid" ]; then
        kill -KILL "$qemu_pid" 2>/dev/null
        wait "$qemu_pid" 2>/dev/null
        qemu_pid=""
    fi
}
cleanup() {
    stop_qemu
    if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$tmp"/*.log "$keep"/ 2>/dev/null; fi
    rm -rf "$tmp"
}
trap cleanup EXIT

echo "image: $image ($(du -m "$image" | cut -f1) MiB)"
sd=$tmp/sd.img
case $image in
    *.xz) xz -dc "$image" >"$sd" || { fail "the image decompresses"; finish; } ;;
    *) cp --sparse=always "$image" "$sd" ;;   # an uncompressed image (TANDEM_IMAGE_RAW=1)
esac
shipped_mib=$(( $(stat -c %s "$sd") / 1048576 ))
echo "image written to a card: $shipped_mib MiB"

# part N FIELD: the partition table's start or size of partition N, in
# 512-byte sectors.
part() { sfdisk -J "$sd" | jq -r ".partitiontable.partitions[$(($1 - 1))].$2 // empty"; }
boot_off=$(( $(part 1 start) * 512 ))
root_start=$(part 2 start)
root_size=$(part 2 size)
fat="$sd@@$boot_off"
export MTOOLS_SKIP_CHECK=1
root_sum() { dd if="$sd" bs=512 skip="$root_start" count="$root_size" status=none | sha256sum | cut -d' ' -f1; }
root_before=$(root_sum)

# The image, read without booting: what the card holds before its first start.
dd if="$sd" of="$tmp/root.img" bs=512 skip="$root_start" count="$root_size" status=none
rootcat() { debugfs -R "cat $1" "$tmp/root.img" 2>/dev/null; }
check "the boot partition holds a commented tandem.toml and wifi.txt" \
    bash -c "mtype -i '$fat' ::tandem.toml | grep -q '^# ' && mtype -i '$fat' ::wifi.txt | grep -q '^# ssid'"
check "fstab: the root read-only, no swap" \
    bash -c "f=\$(debugfs -R 'cat /etc/fstab' '$tmp/root.img' 2>/dev/null); echo \"\$f\" | grep -Eq '^LABEL=tandem-root[[:space:]]+/[[:space:]]+ext4[[:space:]]+ro,' && ! echo \"\$f\" | grep -v '^#' | grep -qw swap"
check "journald keeps the journal in memory (Storage=volatile)" \
    bash -c "debugfs -R 'cat /etc/systemd/journald.conf.d/tandem-image.conf' '$tmp/root.img' 2>/dev/null | grep -qx 'Storage=volatile'"
check "tandem.service is enabled" \
    bash -c "debugfs -R 'stat /etc/systemd/system/multi-user.target.wants/tandem.service' '$tmp/root.img' 2>/dev/null | grep -q 'Type: symlink'"
check "the tandem .deb is installed" \
    bash -c "debugfs -R 'cat /var/lib/dpkg/status' '$tmp/root.img' 2>/dev/null | grep -A2 -x 'Package: tandem' | grep -qx 'Status: install ok installed'"
rm -f "$tmp/root.img"

# The club's edit on a PC: a preset and control of its own; "simulated"
# (the displays' I2C bus does not exist in QEMU 7.2: docs/image.md).
mtype -i "$fat" ::tandem.toml | tr -d '\r' >"$tmp/tandem.toml"
sed -i -e 's/^mode = "hardware"/mode = "simulated"/' -e 's/^preset = "reglamento"/preset = "pasapiezas"/' \
    -e 's/^control = "5m"/control = "3m+2s"/' "$tmp/tandem.toml"
mcopy -o -i "$fat" "$tmp/tandem.toml" ::tandem.toml
# The boot files QEMU loads itself (it has no Pi firmware): the kernel
# (an arm64 Image; gunzipped if it were compressed), the Pi 3 B's device
# tree and the initramfs, and the command line of cmdline.txt with the
# consoles on QEMU's two serial ports: the PL011 (ttyAMA0, which the Pi 3's
# device tree gives to Bluetooth) and the mini UART (ttyS1, the Pi's
# header pins, /dev/console: the one read here).
kver=$(mdir -b -i "$fat" :: | sed -n 's|^::/vmlinuz-||p' | sort -V | tail -1)
[ -n "$kver" ] || { fail "a kernel on the boot partition"; finish; }
mcopy -i "$fat" "::vmlinuz-$kver" "$tmp/vmlinuz"
if gzip -t "$tmp/vmlinuz" 2>/dev/null; then gzip -dc "$tmp/vmlinuz" >"$tmp/Image"; else mv "$tmp/vmlinuz" "$tmp/Image"; fi
mcopy -i "$fat" "::initrd.img-$kver" "$tmp/initrd"
mcopy -i "$fat" ::bcm2837-rpi-3-b.dtb "$tmp/rpi3b.dtb"
cmdline=$(mtype -i "$fat" ::cmdline.txt | tr -d '\r\n' | sed -e 's/console=[^ ]*//g' -e 's/  */ /g')
cmdline="$cmdline console=ttyAMA0,115200 console=ttyS1,115200"
echo "kernel $kver; command line: $cmdline"
# QEMU's SD card must be a power of 2 in size: a 2 GiB card, the free
# space after the image the data partition's.
truncate -s 2G "$sd"

port=$(( 20000 + RANDOM % 20000 ))
base="https://127.0.0.1:$port"
boots=0
# boot: start QEMU on the card (serial console to boot-N.log).
boot() {
    boots=$((boots + 1))
    log=$tmp/boot-$boots.log
    : >"$log"
    : >"$tmp/boot-$boots-ttyAMA0.log"
    qemu-system-aarch64 -M raspi3b -m 1G -kernel "$tmp/Image" -dtb "$tmp/rpi3b.dtb" -initrd "$tmp/initrd" \
        -append "$cmdline" -drive "file=$sd,if=sd,format=raw" \
        -device usb-net,netdev=n0 -netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$port-:8080" \
        -display none -monitor none -serial "file:$tmp/boot-$boots-ttyAMA0.log" -serial "file:$log" -no-reboot &
    qemu_pid=$!
    boot_start=$SECONDS
}
# wait_log PATTERN SECONDS: wait until the serial console shows PATTERN.
wait_log() {
    local deadline=$((SECONDS + $2))
    while [ $SECONDS -lt $deadline ]; do
        grep -aq -- "$1" "$log" && return 0
        kill -0 "$qemu_pid" 2>/dev/null || return 1
        sleep 1
    done
    return 1
}
jar=$tmp/cookies
api() { # api METHOD PATH [JSON]: the body; the status in $tmp/status
    local args=(-sk --max-time 30 -b "$jar" -c "$jar" -o "$tmp/body" -w '%{http_code}' -X "$1")
    [ $# -ge 3 ] && args+=(-H 'Content-Type: application/json' -d "$3")
    curl "${args[@]}" "$base$2" >"$tmp/status" 2>/dev/null || echo 000 >"$tmp/status"
    cat "$tmp/body" 2>/dev/null
}
status() { cat "$tmp/status"; }
# wait_api SECONDS: until /api/state answers.
wait_api() {
    local deadline=$((SECONDS + $1))
    while [ $SECONDS -lt $deadline ]; do
        api GET /api/state >/dev/null
        [ "$(status)" = 200 ] && return 0
        sleep 2
    done
    return 1
}
state() { api GET /api/state; }
login() { rm -f "$jar"; api POST /api/login "{\"pin\":\"$1\"}" >/dev/null; status; }
ready_times=()
# boot_ready NAME: boot and wait for the service's READY=1 (the image's
# ExecStartPost says "tandem.service ready" on the console) and the console's answer.
boot_ready() {
    boot
    if wait_log 'tandem-image: tandem.service ready' 900; then
        local t=$((SECONDS - boot_start))
        ready_times+=("$t")
        pass "$1: tandem.service ready ($t s after power-on, emulated)"
    else
        fail "$1: tandem.service ready within 900 s (serial console: $log)"
        tail -40 "$log"
        return 1
    fi
    if wait_api 180; then pass "$1: the console answers through the forwarded port"
    else fail "$1: the console answers through the forwarded port"; return 1; fi
}

# ---- boot 1: the first start
if ! boot_ready "first boot"; then finish; fi
check "first boot: the data partition was made" grep -aq 'first boot: making the data partition' "$log"
pin=$(grep -ao 'tandem-image: arbiter PIN: [0-9]*' "$log" | head -1 | grep -o '[0-9]*$')
if [ -n "$pin" ]; then pass "first boot: a PIN was made ($pin) and shown on the console"; else fail "first boot: a PIN shown on the console"; fi
wrong=$(printf '%06d' $(( (10#${pin:-0} + 1) % 1000000 )))
check "the console refuses another PIN (401)" test "$(login "$wrong")" = 401
check "the console takes the first boot's PIN" test "$(login "$pin")" = 200
s=$(state)
check "/api/state: the boot partition's preset (pasapiezas)" test "$(jq -r .preset <<<"$s")" = pasapiezas
check "/api/state: the boot partition's control (3m+2s)" test "$(jq -r .control <<<"$s")" = 3m+2s
check "/api/state: the record works (recorded)" test "$(jq -r .recorded <<<"$s")" = true

# ---- power cuts
declare -A final_results=()
moves_a=(e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Nc3 Nxe4 O-O Bxc3)
moves_b=(d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 exd5)
for trial in $(seq 1 "$cuts"); do
    name="power cut $trial/$cuts"
    [ "$(login "$pin")" = 200 ] || { fail "$name: login"; continue; }
    s=$(state)
    st=$(jq -r .status <<<"$s")
    # A match in play (the last trial's, restored) is decided first: a
    # result the console reports final must survive every later cut.
    if [ "$st" != ready ]; then
        m=$(jq -r .match <<<"$s")
        api POST /api/action '{"action":"declare","board":"A","outcome":"1-0","reason":"resignation"}' >/dev/null
        deadline=$((SECONDS + 60))
        while [ $SECONDS -lt $deadline ] && [ "$(state | jq -r .final)" != true ]; do sleep 1; done
        if [ "$(state | jq -r .final)" = true ]; then final_results[$m]="1-0"; else fail "$name: the result of $m final"; fi
        api POST /api/action '{"action":"new"}' >/dev/null
    fi
    r=$(api POST /api/action '{"action":"start"}')
    [ "$(jq -r .ok <<<"$r")" = true ] || { fail "$name: start refused: $r"; continue; }
    match=$(state | jq -r .match)
    na=$((2 + RANDOM % 12))
    nb=$((1 + RANDOM % 12))
    sent_a=() sent_b=()
    for i in $(seq 0 $((na - 1))); do
        r=$(api POST /api/move "{\"board\":\"A\",\"move\":\"${moves_a[$i]}\"}")
        [ "$(jq -r .ok <<<"$r")" = true ] && sent_a+=("${moves_a[$i]}")
        [ $i -lt "$nb" ] || continue
        r=$(api POST /api/move "{\"board\":\"B\",\"move\":\"${moves_b[$i]}\"}")
        [ "$(jq -r .ok <<<"$r")" = true ] && sent_b+=("${moves_b[$i]}")
    done
    # The cut: at a random instant within 2 s of the last move's answer.
    sleep "$((RANDOM % 2)).$((RANDOM % 10))"
    stop_qemu
    echo "$name: match $match cut with ${#sent_a[@]}+${#sent_b[@]} moves entered"
    boot_ready "$name: reboot" || continue
    [ "$(login "$pin")" = 200 ] || { fail "$name: login after the reboot"; continue; }
    s=$(state)
    check "$name: the match comes back ($match)" test "$(jq -r .match <<<"$s")" = "$match"
    check "$name: the match comes back paused" test "$(jq -r .status <<<"$s")" = paused
    check "$name: the table says it recovered" test "$(jq -r .info.recovered <<<"$s")" = true
    got_a=$(jq -r '.moves[0].moves | map(.san) | join(" ")' <<<"$s")
    got_b=$(jq -r '.moves[1].moves | map(.san) | join(" ")' <<<"$s")
    prefix() { [ -z "$1" ] || [ "$1" = "$2" ] || [[ "$2" == "$1 "* ]]; }
    check "$name: board A's moves are a prefix of those entered ($got_a)" prefix "$got_a" "${sent_a[*]}"
    check "$name: board B's moves are a prefix of those entered ($got_b)" prefix "$got_b" "${sent_b[*]}"
done

# ---- the record, read from the card on the host
stop_qemu
check "the root partition is unchanged by $boots boots and $cuts power cuts (read-only)" test "$(root_sum)" = "$root_before"
data_start=$(part 3 start)
data_size=$(part 3 size)
if [ -n "$data_start" ]; then
    dd if="$sd" of="$tmp/data.img" bs=512 skip="$data_start" count="$data_size" conv=sparse status=none
    debugfs -R "dump /tandem/tandem.db $tmp/tandem.db" "$tmp/data.img" 2>/dev/null
fi
if [ -s "$tmp/tandem.db" ]; then
    pass "the record is on the data partition (/data/tandem/tandem.db)"
    CGO_ENABLED=0 go build -o "$tmp/tandem" ./cmd/tandem
    v=$("$tmp/tandem" verify-record "$tmp/tandem.db" 2>&1); rc=$?
    echo "$v"
    check "tandem verify-record: the record is whole after $cuts power cuts" test "$rc" = 0
    csv=$("$tmp/tandem" export all --record "$tmp/tandem.db" --format csv 2>&1)
    for m in "${!final_results[@]}"; do
        check "the result of $m, reported final before a cut, is in the record" \
            bash -c "grep -q '^[^,]*,$m,.*,${final_results[$m]},resignation,' <<<'$csv'"
    done
    [ "${#final_results[@]}" -gt 0 ] || [ "$cuts" -lt 2 ] || fail "no result was reported final to check"
else
    fail "the record is on the data partition"
fi

if [ ${#ready_times[@]} -gt 0 ]; then
    echo "boot to ready (emulated Pi 3 B, s): ${ready_times[*]}"
fi
finish
