package clocksync

import (
	"errors"
	"os"
	"path/filepath"
)

// Status is what Read found about the wall clock.
type Status uint8

const (
	// Unknown: nothing this package can read tells.
	Unknown Status = iota
	// Synced: a time source set the clock since boot.
	Synced
	// Unsynced: no time source has set the clock since boot (or, from
	// the kernel's status, for the last several hours): its time of day
	// is whatever the Pi booted with.
	Unsynced
)

// String returns "unknown", "synchronised" or "unsynchronised": the words
// the record (journal.Record.WallClock) and the hall's snapshots
// (hall.Snap.WallClock) carry.
func (s Status) String() string {
	switch s {
	case Synced:
		return "synchronised"
	case Unsynced:
		return "unsynchronised"
	}
	return "unknown"
}

// ParseStatus reads what String writes; anything else is Unknown.
func ParseStatus(s string) Status {
	switch s {
	case "synchronised":
		return Synced
	case "unsynchronised":
		return Unsynced
	}
	return Unknown
}

// TimesyncDir is systemd-timesyncd's runtime directory (its unit's
// RuntimeDirectory=systemd/timesync): present while timesyncd runs.
const TimesyncDir = "/run/systemd/timesync"

// SyncedFile is the file in TimesyncDir that timesyncd touches at each
// successful synchronisation.
const SyncedFile = "synchronized"

// Kernel is the kernel's NTP status as adjtimex(2) returns it with no
// change requested: the clock state (TIME_OK 0 ... TIME_ERROR 5) and the
// status bits (STA_UNSYNC 0x40 among them).
type Kernel struct {
	State  int
	Status int32
}

// The adjtimex values Read looks at (linux/timex.h).
const (
	kernelTimeError = 5    // TIME_ERROR: the clock is not synchronised
	kernelUnsync    = 0x40 // STA_UNSYNC
)

// Synced reports whether the kernel holds the clock synchronised: neither
// STA_UNSYNC nor the TIME_ERROR state.
func (k Kernel) Synced() bool {
	return k.Status&kernelUnsync == 0 && k.State != kernelTimeError
}

// Opts says where Read looks; the zero value is this machine's.
type Opts struct {
	// TimesyncDir is systemd-timesyncd's runtime directory. Empty means
	// TimesyncDir.
	TimesyncDir string
	// ReadKernel returns the kernel's NTP status. Nil means the
	// adjtimex(2) system call on Linux and ErrNoKernel elsewhere.
	ReadKernel func() (Kernel, error)
}

// ErrNoKernel is ReadKernel's error where the system has no adjtimex.
var ErrNoKernel = errors.New("clocksync: no kernel NTP status on this system")

// Read returns the wall clock's status, looking where the package doc
// says. It never fails: what cannot be read is skipped, and when nothing
// tells, the answer is Unknown. It costs a stat and a system call (a few
// microseconds, no disk: /run is in memory).
func Read(o *Opts) Status {
	dir, kernel := TimesyncDir, readKernel
	if o != nil {
		if o.TimesyncDir != "" {
			dir = o.TimesyncDir
		}
		if o.ReadKernel != nil {
			kernel = o.ReadKernel
		}
	}
	if _, err := os.Stat(filepath.Join(dir, SyncedFile)); err == nil {
		return Synced
	}
	if k, err := kernel(); err == nil {
		if k.Synced() {
			return Synced
		}
		return Unsynced
	}
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return Unsynced
	}
	return Unknown
}
