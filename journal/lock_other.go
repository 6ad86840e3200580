//go:build !unix

package journal

import "os"

// lockFile does nothing where flock does not exist: tandem runs on Linux;
// elsewhere one table per record is the user's to keep.
func lockFile(f *os.File, exclusive bool) error { return nil }

const nonBlock = 0
