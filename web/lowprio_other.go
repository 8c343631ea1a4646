//go:build !linux

package web

// lowerPriority does nothing outside Linux.
func lowerPriority() {}
