//go:build linux

package engine

import (
	"context"
	"flag"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

var cpuStat = flag.Bool("cpustat", false, "TestCPUStat: thread CPU time per puzzle (robust on a busy machine)")

// threadCPU returns the CPU time of the calling thread.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// procCPU returns the CPU time of the process (user and system).
func procCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
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

var expFile = flag.String("exp", "", "TestExperiment: big file to run configurations on")
var expLimit = flag.Int("explimit", 1, "TestExperiment: solution limit")
var expMax = flag.Int("expmax", 0, "TestExperiment: puzzles (0 all)")

// TestExperiment compares search configurations on one file: median,
// 90th percentile and worst CPU ms and nodes per puzzle.
func TestExperiment(t *testing.T) {
	if *expFile == "" {
		t.Skip("run with -exp FILE")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	order := 4
	if strings.Contains(*expFile, "order5") {
		order = 5
	} else if !strings.Contains(*expFile, "order4") {
		order = 3
	}
	ps := loadPuzzles(t, *expFile, order, *expMax)
	type cfg struct {
		name                string
		noLocked, noWeights bool
	}
	cfgs := []cfg{
		{name: "plain", noWeights: true},
		{name: "wdeg"},
		{name: "wdeg-nolocked", noLocked: true},
	}
	if *expCfg != "" {
		var keep []cfg
		for _, c := range cfgs {
			if strings.Contains(","+*expCfg+",", ","+c.name+",") {
				keep = append(keep, c)
			}
		}
		cfgs = keep
	}
	for _, c := range cfgs {
		s, _ := NewSolver(order)
		s.noLocked, s.noWeights = c.noLocked, c.noWeights
		sol := make([]uint8, len(ps[0]))
		var ms []float64
		var nodes []int64
		for i, p := range ps {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			start := threadCPU()
			n, st, err := s.Solve(ctx, p, sol, Options{Limit: *expLimit})
			d := threadCPU() - start
			cancel()
			if err != nil || n != 1 {
				t.Logf("%s puzzle %d: %d solutions, %v", c.name, i+1, n, err)
			}
			ms = append(ms, float64(d.Microseconds())/1e3)
			nodes = append(nodes, st.Nodes)
		}
		slices.Sort(ms)
		slices.Sort(nodes)
		q := func(f float64) int { return min(len(ms)-1, int(f*float64(len(ms)))) }
		var sum float64
		for _, m := range ms {
			sum += m
		}
		t.Logf("%-16s ms median %7.2f p90 %7.2f worst %8.2f mean %7.2f | nodes median %6d p90 %7d max %8d",
			c.name, ms[q(0.5)], ms[q(0.9)], ms[len(ms)-1], sum/float64(len(ms)), nodes[q(0.5)], nodes[q(0.9)], nodes[len(nodes)-1])
	}
}

var expCfg = flag.String("cfg", "", "TestExperiment: comma-separated configuration names")
