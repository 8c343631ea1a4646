//go:build linux

package vtext

import (
	"context"
	"encoding/json"
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/gosudoku/sudoku/variant"
)

// threadCPU returns the CPU time of the calling thread (on a busy machine
// it counts only the time this thread ran).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// lineKindNames are the line rules of round two (and whispers with a
// difference of their own): the setters' puzzles that hold one are
// benchmarked.
var lineKindNames = []string{"regionsum", "entropic", "modular", "lockout", "zipper", "between", "nabner", "doublearrow", "tenline"}

// BenchmarkSettersLines counts to 2, one after the other, the setters'
// puzzles of ../shared/data/variants/svs-puzzles.json (beside the
// repository; skipped when absent) that hold a line rule of round two or
// a whisper with a difference of its own, and reports per puzzle the
// median thread CPU time of a count and its guesses.
func BenchmarkSettersLines(b *testing.B) {
	data, err := os.ReadFile("../../../shared/data/variants/svs-puzzles.json")
	if err != nil {
		b.Skipf("benchmark data absent (%v): this benchmark needs ../shared/data beside the repository", err)
	}
	var ps []setterPuzzle
	if err := json.Unmarshal(data, &ps); err != nil {
		b.Fatal(err)
	}
	for _, sp := range ps {
		p, err := ReadLink(sp.Puzzle)
		if err != nil || !hasLineRule(p) {
			continue
		}
		b.Run(sp.Title, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var times []time.Duration
			var guesses int64
			for b.Loop() {
				t0 := threadCPU()
				res, err := variant.Count(context.Background(), p, 2, variant.Options{CountOnly: true})
				times = append(times, threadCPU()-t0)
				if err != nil || res.Count != 1 {
					b.Fatalf("count %d, %v", res.Count, err)
				}
				guesses = res.Guesses
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-cpu-ns/op")
			b.ReportMetric(float64(guesses), "guesses/op")
		})
	}
}

func hasLineRule(p *variant.Puzzle) bool {
	for _, r := range p.Rules {
		if w, ok := r.(variant.Whisper); ok && w.Diff != 0 || slices.Contains(lineKindNames, r.Kind()) {
			return true
		}
	}
	return false
}
