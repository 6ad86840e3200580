#!/usr/bin/env bash
# step: the real kernel in QEMU: the GPIO suite on gpio-sim lines named as a Pi's, and 20 power cuts of the record on ext4
# scripts/kernel-test.sh: Debian's kernel image, headers and source
# (6.1.0-47, apt-get download; about 30 s the first time, then cached in
# ~/.cache/tandem-kernel-vm), gpio-sim built out of tree, then one VM for
# the GPIO suite (about 70 s) and 20 power-cut trials in two chains of VMs
# side by side (about 16 s a trial). Bounded at 10 minutes. The figures
# are printed, not asserted; the checks are (docs/hardware.md,
# docs/record.md).
set -euo pipefail
start=$SECONDS
# apt-get download needs the package lists (a fresh machine has none until
# .ci/run installed something; a cached kit needs none).
ls "$HOME"/.cache/tandem-kernel-vm/*/ready >/dev/null 2>&1 || apt-get update -qq
status=0
timeout --kill-after=10 590 scripts/kernel-test.sh --power-cuts "${TANDEM_POWER_CUTS:-20}" || status=$?
echo "kernel test step: $((SECONDS - start)) s"
exit "$status"
