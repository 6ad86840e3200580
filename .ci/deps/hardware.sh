# Hardware and packaging: dpkg-deb inspects the built .debs, qemu runs the
# packaged binaries on the Pis' CPUs, lintian checks the packages,
# systemd-analyze scores the units (offline: no running systemd needed),
# mmdebstrap makes the scratch Debian root the packages are installed in.
command -v dpkg-deb >/dev/null || need+=(dpkg)
command -v qemu-arm-static >/dev/null || need+=(qemu-user-static)
command -v lintian >/dev/null || need+=(lintian)
command -v systemd-analyze >/dev/null || need+=(systemd)
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
