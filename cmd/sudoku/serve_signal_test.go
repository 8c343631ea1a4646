//go:build unix

package main

import (
	"strings"
	"testing"
	"time"
)

// TestServeInterrupt checks that serve, as a real process, stops cleanly
// on SIGINT (Ctrl+C) with exit status 0.
func TestServeInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	_, stderr, err := interrupt(t, []string{"serve", "-addr", "127.0.0.1:0"}, "", 1500*time.Millisecond)
	if err != nil || !strings.Contains(stderr, "stopped") {
		t.Errorf("serve after SIGINT: %v, stderr %q; want status 0 and a clean stop", err, stderr)
	}
}
