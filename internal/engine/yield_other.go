//go:build !linux

package engine

// yieldToMain does nothing outside Linux (see yield_linux.go).
func yieldToMain() {}
