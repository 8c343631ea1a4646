package engine

import (
	"context"
	"flag"
	"runtime"
	"syscall"
	"testing"
	"time"
)

var cpuStat = flag.Bool("cpustat", false, "TestCPUStat: thread CPU time per puzzle (robust on a busy machine)")

// threadCPU returns the CPU time of the calling thread.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestCPUStat(t *testing.T) {
	if !*cpuStat {
		t.Skip("run with -cpustat")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, tc := range []struct {
		file       string
		order, max int
		reps       int
	}{
		{"puzzles3_magictour_top1465", 3, 0, 5},
		{"puzzles5_forum_hardest_1905_11+", 3, 1000, 5},
	} {
		ps := loadPuzzles(t, tc.file, tc.order, tc.max)
		for _, locked := range []bool{true, false} {
			for _, limit := range []int{1, 2} {
				s, _ := NewSolver(tc.order)
				s.noLocked = !locked
				sol := make([]uint8, len(ps[0]))
				best := time.Duration(1 << 62)
				var g int64
				for range tc.reps {
					g = 0
					start := threadCPU()
					for _, p := range ps {
						_, st, _ := s.Solve(context.Background(), p, sol, Options{Limit: limit})
						g += st.Guesses
					}
					best = min(best, threadCPU()-start)
				}
				t.Logf("%.12s locked=%-5v limit=%d: %6.1f µs/puzzle (CPU, best of %d), %6.1f guesses", tc.file, locked, limit,
					float64(best.Nanoseconds())/1e3/float64(len(ps)), tc.reps, float64(g)/float64(len(ps)))
			}
		}
	}
}
