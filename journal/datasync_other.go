//go:build !linux

package journal

import "os"

// datasync makes f durable: fsync where fdatasync is not offered.
func datasync(f *os.File) error { return f.Sync() }
