#!/bin/sh
# tandem-hall postinst: the service user, the store directory (every
# table's records and the results), the unit left disabled on the first
# install (the head arbiter enables and starts it once the configuration
# holds the tables' credentials and the hall's certificates: docs/hall.md),
# on upgrades enabled again only if it was, a running hub restarted on
# upgrade (the tables catch up).
set -e
if [ "$1" = configure ]; then
    # The user stays after a purge (Debian practice), like the store.
    # The home directory first, so that adduser finds it.
    install -d -m 0750 /var/lib/tandem-hall
    if ! getent passwd tandem-hall >/dev/null; then
        adduser --system --group --home /var/lib/tandem-hall --no-create-home \
            --shell /usr/sbin/nologin --gecos "tandem hall hub" tandem-hall
    fi
    install -d -o tandem-hall -g tandem-hall -m 0750 /var/lib/tandem-hall
    # The configuration may hold passwords and the arbiter's PIN: readable
    # by root and the service only (kept by dpkg on upgrades; the
    # administrator's own statoverride wins).
    if ! dpkg-statoverride --list /etc/tandem-hall/tandem-hall.toml >/dev/null 2>&1; then
        dpkg-statoverride --update --add root tandem-hall 0640 /etc/tandem-hall/tandem-hall.toml
    fi
fi
if [ "$1" = configure ] || [ "$1" = abort-upgrade ] || [ "$1" = abort-deconfigure ] || [ "$1" = abort-remove ]; then
    # Disabled by default (dh_installsystemd --no-enable's logic):
    # was-enabled is true on a first install, so it is asked only of a
    # unit this package installed before.
    if deb-systemd-helper debian-installed tandem-hall.service; then
        deb-systemd-helper unmask tandem-hall.service >/dev/null || true
        if deb-systemd-helper --quiet was-enabled tandem-hall.service; then
            deb-systemd-helper enable tandem-hall.service >/dev/null || true
        fi
    fi
    deb-systemd-helper update-state tandem-hall.service >/dev/null || true
    if [ -d /run/systemd/system ]; then
        systemctl --system daemon-reload >/dev/null || true
        if [ -n "$2" ]; then
            deb-systemd-invoke try-restart tandem-hall.service >/dev/null || true
        fi
    fi
fi
exit 0
