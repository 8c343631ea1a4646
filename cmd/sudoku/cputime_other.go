//go:build !unix

package main

import "time"

// cpuTime returns false: this system has no getrusage.
func cpuTime() (time.Duration, bool) { return 0, false }
