#!/bin/sh
# tandem prerm: stop the service before its files go (not on upgrade: the
# postinst of the new version restarts it).
set -e
if [ "$1" = remove ] && [ -d /run/systemd/system ]; then
    deb-systemd-invoke stop tandem.service >/dev/null || true
fi
exit 0
