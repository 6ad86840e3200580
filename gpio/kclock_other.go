//go:build !linux

package gpio

import "time"

// monotonicNs has no kernel clock to read off Linux (no GPIO character
// device either): it counts from the process's first call.
func monotonicNs() int64 { return int64(time.Since(processStart)) }

var processStart = time.Now()
