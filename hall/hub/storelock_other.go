//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package hub

import "os"

// lockFile locks nothing where flock is missing: the hub runs on Linux
// (docs/hall.md); elsewhere, one hub per store is the operator's care.
func lockFile(*os.File) error { return nil }
