#!/bin/sh
# tandem-hall prerm: stop the hub before its files go (not on upgrade).
set -e
if [ "$1" = remove ] && [ -d /run/systemd/system ]; then
    deb-systemd-invoke stop tandem-hall.service >/dev/null || true
fi
exit 0
