package journal

import (
	"os"
	"syscall"
)

// datasync makes f's data durable (fdatasync): the witness is rewritten
// in place, its size never changes, so its metadata need not be synced.
func datasync(f *os.File) error {
	sc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := sc.Control(func(fd uintptr) { serr = syscall.Fdatasync(int(fd)) }); err != nil {
		return err
	}
	return serr
}
