# Kernel test (scripts/kernel-test.sh, internal/kernelvm): QEMU for x86
# (TCG: no KVM needed), busybox for the VM's initramfs, cpio to pack it,
# make and gcc to build gpio-sim against Debian's kernel headers, xz for
# the kernel source, mkfs.ext4 for the power-cut disk. Sourced by .ci/run.
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
dpkg -s busybox-static >/dev/null 2>&1 || need+=(busybox-static) # static: the VM has no libc
command -v cpio >/dev/null || need+=(cpio)
command -v make >/dev/null && command -v gcc-12 >/dev/null || need+=(build-essential)
command -v xz >/dev/null || need+=(xz-utils)
command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
command -v dpkg-deb >/dev/null || need+=(dpkg)
