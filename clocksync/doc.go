// Package clocksync tells whether this machine's wall clock has been set
// from a time source since boot. A Raspberry Pi has no battery clock: it
// boots on the time it saved at shutdown (fake-hwclock, timesyncd's
// clock file) and keeps that until a time server answers, which in a hall
// without internet may be never. The table's clocks do not care (they
// run on monotonic time); the record's wall times and the hub's results
// do: the record and the dashboard say when they are guesses.
//
// Read looks, in this order, at:
//
//  1. systemd-timesyncd's /run/systemd/timesync/synchronized, which it
//     touches at each successful synchronisation (systemd-timesyncd(8));
//     /run is emptied at boot, so the file means "since boot". Raspberry
//     Pi OS runs timesyncd by default.
//  2. The kernel's NTP status, adjtimex(2) with no change requested: a
//     clock no daemon has disciplined has STA_UNSYNC set (chrony, ntpd
//     and timesyncd clear it once synchronised). The hardened
//     tandem.service (ProtectClock=yes) forbids even this read: it fails
//     with EPERM.
//  3. When the kernel cannot be asked, timesyncd's runtime directory
//     /run/systemd/timesync (which exists while timesyncd runs): running
//     and not synchronised yet is Unsynced.
//
// Anything else is Unknown: no Linux, or a daemon other than timesyncd
// behind ProtectClock (docs/hardware.md, "Time without internet").
package clocksync
