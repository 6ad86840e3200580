# Hardware: dpkg-deb checks the built .debs; qemu runs the packaged binary.
command -v dpkg-deb >/dev/null || need+=(dpkg)
command -v qemu-arm-static >/dev/null || need+=(qemu-user-static)
