//go:build !linux

package engine

import "time"

// threadCPU is not measured outside Linux.
func threadCPU() time.Duration { return 0 }

// procCPU is not measured outside Linux.
func procCPU() time.Duration { return 0 }
