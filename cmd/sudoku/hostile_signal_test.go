//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInterruptRenderKeepsFile (issue 21, class 4): Ctrl+C while render
// builds a book stops it at once and leaves the existing output file as
// it was, with no temporary file behind. Before, render built the whole
// PDF after the interrupt and then replaced the file.
func TestInterruptRenderKeepsFile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "p.txt"), filepath.Join(dir, "book.pdf")
	const p = "005300000800000020070010500400005300010070006003200080060500009004000030000009700\n"
	if err := os.WriteFile(in, []byte(strings.Repeat(p, 20000)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte("old book"), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, stderr, err := interrupt(t, []string{"render", "-out", out, in}, "", 2*time.Second)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		if err == nil {
			t.Skipf("render finished in %v, before the interrupt", time.Since(start))
		}
		t.Fatalf("exit: %v, want status 130 (stderr %q)", err, stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "old book" {
		t.Errorf("the interrupted render replaced %s (%d bytes)", out, len(b))
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("files left: %v", names)
	}
}
