#!/bin/sh
# tandem postinst: the service user, its groups, the data directory, the
# unit enabled (started by the installer after `tandem probe`).
set -e
if [ "$1" = configure ]; then
    # Raspberry Pi OS has gpio and i2c; elsewhere make them so the unit's
    # SupplementaryGroups resolve (then give the devices to them with udev).
    for g in gpio i2c; do
        getent group "$g" >/dev/null || addgroup --system "$g"
    done
    if ! getent passwd tandem >/dev/null; then
        adduser --system --group --home /var/lib/tandem --no-create-home \
            --shell /usr/sbin/nologin --gecos "tandem bughouse clock" tandem
    fi
    adduser tandem gpio >/dev/null
    adduser tandem i2c >/dev/null
    adduser tandem dialout >/dev/null   # the e-boards' serial ports
    install -d -o tandem -g tandem -m 0750 /var/lib/tandem
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload || true
        systemctl enable tandem.service || true
        # An upgrade restarts a running table: it comes back paused from
        # its record.
        if systemctl is-active --quiet tandem.service; then
            systemctl restart tandem.service || true
        fi
    fi
fi
exit 0
