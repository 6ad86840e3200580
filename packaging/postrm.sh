#!/bin/sh
# tandem postrm: on purge, the user goes; the record in /var/lib/tandem is
# kept (match results: delete it by hand if you mean to).
set -e
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload || true
fi
if [ "$1" = purge ] && getent passwd tandem >/dev/null; then
    deluser --system tandem >/dev/null || true
fi
exit 0
