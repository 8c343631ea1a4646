//go:build !unix

package generate

import "time"

// cpuTime returns the CPU time the process has used, or 0 if unknown.
func cpuTime() time.Duration { return 0 }
