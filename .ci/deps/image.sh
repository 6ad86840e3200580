# SD-card image (scripts/image-build.sh, scripts/image-test.sh): mmdebstrap
# and qemu-user-static for the arm64 system, dosfstools, mtools, fdisk and
# e2fsprogs for the partitions (no loop device), xz for the image, QEMU's
# raspi3b machine (qemu-system-arm), curl and jq for the boot test's
# console checks. Sourced by .ci/run; only with TANDEM_IMAGE_CI=1, the
# switch of .ci/steps/image.sh's build and boot.
if [ "${TANDEM_IMAGE_CI:-}" = 1 ]; then
    command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
    command -v qemu-aarch64-static >/dev/null || need+=(qemu-user-static)
    command -v qemu-system-aarch64 >/dev/null || need+=(qemu-system-arm)
    command -v mkfs.vfat >/dev/null || need+=(dosfstools)
    command -v mcopy >/dev/null || need+=(mtools)
    command -v sfdisk >/dev/null || need+=(fdisk)
    command -v debugfs >/dev/null && command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
    command -v xz >/dev/null || need+=(xz-utils)
    command -v curl >/dev/null || need+=(curl)
    command -v jq >/dev/null || need+=(jq)
fi
