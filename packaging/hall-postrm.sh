#!/bin/sh
# tandem-hall postrm. The user tandem-hall and /var/lib/tandem-hall (every
# table's records and the results) are kept on remove and on purge, as
# tandem's are (docs/hall.md: backing up the store).
set -e
if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
fi
if [ "$1" = purge ]; then
    dpkg-statoverride --remove /etc/tandem-hall/tandem-hall.toml >/dev/null 2>&1 || true
fi
if command -v deb-systemd-helper >/dev/null; then
    case "$1" in
        remove) deb-systemd-helper mask tandem-hall.service >/dev/null || true ;;
        purge)
            deb-systemd-helper purge tandem-hall.service >/dev/null || true
            deb-systemd-helper unmask tandem-hall.service >/dev/null || true
            ;;
    esac
fi
exit 0
