package clocksync_test

import (
	"fmt"
	"os"
	"path/filepath"

	"tandem/clocksync"
)

// A Pi in a hall without a time server: timesyncd runs (its runtime
// directory is there) but has never synchronised, and the hardened unit
// hides the kernel's status. The record and the dashboard then say the
// table's times of day are guesses.
func Example() {
	dir, _ := os.MkdirTemp("", "timesync")
	defer os.RemoveAll(dir)
	hidden := func() (clocksync.Kernel, error) { return clocksync.Kernel{}, os.ErrPermission }
	fmt.Println(clocksync.Read(&clocksync.Opts{TimesyncDir: dir, ReadKernel: hidden}))

	// The hub answers: timesyncd touches its file.
	os.WriteFile(filepath.Join(dir, clocksync.SyncedFile), nil, 0o644)
	fmt.Println(clocksync.Read(&clocksync.Opts{TimesyncDir: dir, ReadKernel: hidden}))
	// Output:
	// unsynchronised
	// synchronised
}
