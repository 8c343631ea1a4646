package logic

import (
	"bufio"
	"context"
	"flag"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

var (
	hardest    = flag.String("hardest", "", "rate the puzzles of `file` (one a line) with the nested chains, logging each ER and time")
	hardestMax = flag.Int("hardest-n", 50, "rate at most this many puzzles of -hardest")
	hardestTO  = flag.Duration("hardest-timeout", time.Minute, "give up a puzzle of -hardest after this long")
)

// TestHardest rates the hardest puzzles (ER 10 and more): every one must be
// solved without guessing. It runs only with -hardest FILE.
func TestHardest(t *testing.T) {
	if *hardest == "" {
		t.Skip("no -hardest file")
	}
	f, err := os.Open(*hardest)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var times []time.Duration
	for sc.Scan() && len(times) < *hardestMax {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		p, err := sudoku.Parse(fields[0])
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), *hardestTO)
		t0, c0 := time.Now(), cpuTime()
		r, err := Rate(ctx, p, Options{})
		d, cpu := time.Since(t0), cpuTime()-c0
		cancel()
		times = append(times, cpu)
		if err != nil {
			t.Errorf("%s: %v after %v", fields[0], err, d)
			continue
		}
		t.Logf("%s ER %s (%s) in %v (CPU %v)", fields[0], FormatRating(r.ER), r.Hardest, d.Round(time.Millisecond), cpu.Round(time.Millisecond))
	}
	slices.Sort(times)
	if len(times) > 0 {
		t.Logf("%d puzzles, CPU time: median %v, slowest %v", len(times), times[len(times)/2], times[len(times)-1])
	}
}

// cpuTime returns the CPU time the process has used (the machine may be
// shared, so wall time says little).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
