//go:build linux || darwin || freebsd || netbsd || openbsd

package hub

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes f's exclusive flock without waiting: errLocked when
// another open file holds it (in this process or another).
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
