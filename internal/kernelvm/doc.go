// Package kernelvm is the harness that runs tandem against a real Linux
// kernel in a QEMU virtual machine: the GPIO character device with a
// simulated chip (gpio-sim), and true power cuts of a record on an ext4
// virtio disk.
//
// Nothing of the kernel is in the repository. Prepare fetches Debian's
// kernel image, headers and source packages of one version (apt-get
// download), builds the gpio-sim module out of tree from three of the
// source's files, and keeps the kernel and the modules in a cache keyed by
// the kernel's version (~/.cache/tandem-kernel-vm). Initramfs packs busybox,
// the modules and the programs under test; Boot starts QEMU (TCG: no KVM
// needed) and hands back the serial console line by line; VM.Kill is the
// power cut.
//
// The programs inside the VM are package kernelvm/guest, run by
// cmd/tandem-kernel-test (one static binary: the host's driver and the
// guest), and the real tandem binary. scripts/kernel-test.sh runs it all;
// docs/hardware.md and docs/record.md give the figures.
package kernelvm
