#!/bin/sh
# tandem postinst: the service user and its groups, the data directory
# (the match record), the unit enabled on the first install (started by
# the installer after `tandem probe`), a running table restarted on
# upgrade (it comes back paused from its record).
set -e
if [ "$1" = configure ]; then
    # Raspberry Pi OS has gpio and i2c; elsewhere make them so the unit's
    # SupplementaryGroups resolve (then give the devices to them with udev).
    for g in gpio i2c; do
        getent group "$g" >/dev/null || addgroup --system "$g"
    done
    # The user stays after a purge (Debian practice): the record it owns
    # is never left to a bare UID, and a reinstall finds it as it was.
    # The home directory first, so that adduser finds it.
    install -d -m 0750 /var/lib/tandem
    if ! getent passwd tandem >/dev/null; then
        adduser --system --group --home /var/lib/tandem --no-create-home \
            --shell /usr/sbin/nologin --gecos "tandem bughouse clock" tandem
    fi
    adduser --quiet tandem gpio
    adduser --quiet tandem i2c
    adduser --quiet tandem dialout   # the e-boards' serial ports
    # Not a package directory: dpkg never removes it, with or without a
    # record in it.
    install -d -o tandem -g tandem -m 0750 /var/lib/tandem
    # Records a deleted user left (packages before this one deleted the
    # user on purge) are this table's: give them back, and say so. Only
    # plain files of the directory itself, unknown owner, one link: a
    # hard link planted there to another file is left alone.
    orphans=0
    for f in /var/lib/tandem/* /var/lib/tandem/.[!.]*; do
        [ -f "$f" ] && [ ! -L "$f" ] || continue
        [ "$(stat -c %U:%h "$f")" = UNKNOWN:1 ] || continue
        chown tandem:tandem "$f"
        orphans=$((orphans + 1))
    done
    if [ "$orphans" -gt 0 ]; then
        echo "tandem: gave $orphans file(s) in /var/lib/tandem, left by a deleted user, back to tandem"
    fi
    # The configuration may hold passwords and the arbiter's PIN: readable
    # by root and the service only (kept by dpkg on upgrades; the
    # administrator's own statoverride wins).
    if ! dpkg-statoverride --list /etc/tandem/tandem.toml >/dev/null 2>&1; then
        dpkg-statoverride --update --add root tandem 0640 /etc/tandem/tandem.toml
    fi
fi
if [ "$1" = configure ] || [ "$1" = abort-upgrade ] || [ "$1" = abort-deconfigure ] || [ "$1" = abort-remove ]; then
    deb-systemd-helper unmask tandem.service >/dev/null || true
    # was-enabled is true on a first install: the unit is enabled then,
    # and on upgrades only if the administrator has not disabled it.
    if deb-systemd-helper --quiet was-enabled tandem.service; then
        deb-systemd-helper enable tandem.service >/dev/null || true
    else
        deb-systemd-helper update-state tandem.service >/dev/null || true
    fi
    if [ -d /run/systemd/system ]; then
        systemctl --system daemon-reload >/dev/null || true
        if [ -n "$2" ]; then
            deb-systemd-invoke try-restart tandem.service >/dev/null || true
        fi
    fi
fi
exit 0
