//go:build !linux

package peer

import "time"

var start = time.Now()

// threadCPU falls back to wall time off Linux.
func threadCPU() time.Duration { return time.Since(start) }
