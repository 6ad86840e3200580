//go:build unix

package journal

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile takes an advisory lock (flock) on f without waiting, exclusive
// for a writer, shared for a reader: ErrInUse when another process holds
// a lock that excludes it (a table writing the record).
func lockFile(f *os.File, exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return ErrInUse
	}
	if err != nil {
		return fmt.Errorf("journal: locking the record: %w", err)
	}
	return nil
}

// nonBlock opens a FIFO without waiting for a writer (read then refuses
// it); it changes nothing for a regular file.
const nonBlock = syscall.O_NONBLOCK
