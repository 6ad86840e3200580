package hub

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"tandem/internal/inputfile"
)

// StoreLockFile is the file in the store directory that the running hub
// holds locked (flock) and that names its process id: two JetStream
// servers on one directory would damage it.
const StoreLockFile = "hub.lock"

// StoreInUseError is New's error when another hub holds the store
// directory (Opts.StoreDir).
type StoreInUseError struct {
	// Dir is the store directory.
	Dir string
	// PID is the running hub's process id, 0 when unknown.
	PID int
}

func (e *StoreInUseError) Error() string {
	who := "another hub"
	if e.PID > 0 {
		who += " (pid " + strconv.Itoa(e.PID) + ")"
	}
	return fmt.Sprintf("hall: the store %s is in use by %s: stop it, or give this hub another store ([hub] store, --store)", e.Dir, who)
}

// storeLock is a hub's hold on its store directory; nil holds nothing.
type storeLock struct{ f *os.File }

// lockStore creates dir when missing and locks its StoreLockFile for this
// process, writing the process id in it; it fails with a
// *StoreInUseError when another hub holds it. The lock goes with the
// process: a hub killed leaves no stale lock.
func lockStore(dir string) (*storeLock, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("hall: the store: %w", err)
	}
	path := filepath.Join(dir, StoreLockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, fmt.Errorf("hall: the store's lock: %w", err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			pid := 0
			if b, err := inputfile.Read(path, 64); err == nil { // a pid
				pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
			}
			return nil, &StoreInUseError{Dir: dir, PID: pid}
		}
		return nil, fmt.Errorf("hall: locking %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0) // the pid only informs the message above
	}
	return &storeLock{f}, nil
}

// release unlocks the store (closing the file drops the lock).
func (l *storeLock) release() {
	if l != nil && l.f != nil {
		l.f.Close()
		l.f = nil
	}
}

// errLocked: another open file holds the lock.
var errLocked = errors.New("locked")
