#!/bin/sh
# tandem postrm. The user tandem and /var/lib/tandem (the match record)
# are kept on remove and on purge: results are not the package's to
# delete, and a record owned by a deleted user would belong to whoever
# gets its UID next. docs/record.md says how to back it up, restore it,
# or delete it by hand.
set -e
if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
fi
if [ "$1" = purge ]; then
    dpkg-statoverride --remove /etc/tandem/tandem.toml >/dev/null 2>&1 || true
fi
if command -v deb-systemd-helper >/dev/null; then
    case "$1" in
        remove) deb-systemd-helper mask tandem.service >/dev/null || true ;;
        purge)
            deb-systemd-helper purge tandem.service >/dev/null || true
            deb-systemd-helper unmask tandem.service >/dev/null || true
            ;;
    esac
fi
exit 0
