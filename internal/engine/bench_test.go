package engine

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// dataDir is the shared benchmark data, relative to this package.
const dataDir = "../../../shared/data"

var bigStats = flag.Bool("bigstats", false, "TestBigStats: print median and worst ms/puzzle for every file of "+dataDir+"/big")

// loadPuzzles reads up to max puzzles (all if max <= 0) of the given order
// from a shared data file, skipping the benchmark when it is absent.
func loadPuzzles(tb testing.TB, name string, order, max int) [][]uint8 {
	tb.Helper()
	path := filepath.Join(dataDir, name)
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("benchmark data absent: %v", err)
	}
	defer f.Close()
	var out [][]uint8
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<16)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		cells, err := parseLine(line, order)
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, len(out)+1, err)
		}
		out = append(out, cells)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// benchFile solves every puzzle of a file per iteration on one Solver,
// counting to limit, and reports µs and guesses per puzzle.
func benchFile(b *testing.B, name string, order, max, limit, workers int, noLocked bool) {
	puzzles := loadPuzzles(b, name, order, max)
	s, err := NewSolver(order)
	if err != nil {
		b.Fatal(err)
	}
	s.noLocked = noLocked
	sol := make([]uint8, len(puzzles[0]))
	ctx := context.Background()
	var guesses int64
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		guesses = 0
		for i, p := range puzzles {
			n, st, err := s.Solve(ctx, p, sol, Options{Limit: limit, Workers: workers})
			if err != nil || n != 1 {
				b.Fatalf("puzzle %d: %d solutions, %v", i+1, n, err)
			}
			guesses += st.Guesses
		}
	}
	per := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(len(puzzles))
	b.ReportMetric(per/1e3, "µs/puzzle")
	b.ReportMetric(float64(guesses)/float64(len(puzzles)), "guesses/puzzle")
	b.ReportMetric(0, "ns/op")
}

func BenchmarkTop1465(b *testing.B) {
	for _, limit := range []int{1, 2} {
		b.Run(fmt.Sprintf("limit=%d", limit), func(b *testing.B) {
			benchFile(b, "puzzles3_magictour_top1465", 3, 0, limit, 1, false)
		})
	}
}

func BenchmarkForumHardest1000(b *testing.B) {
	for _, limit := range []int{1, 2} {
		b.Run(fmt.Sprintf("limit=%d", limit), func(b *testing.B) {
			benchFile(b, "puzzles5_forum_hardest_1905_11+", 3, 1000, limit, 1, false)
		})
	}
}

// BenchmarkLocked9x9 measures what locked candidates buy at 9x9.
func BenchmarkLocked9x9(b *testing.B) {
	for _, file := range []string{"puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+"} {
		for _, noLocked := range []bool{false, true} {
			b.Run(fmt.Sprintf("%.12s/locked=%v", file, !noLocked), func(b *testing.B) {
				benchFile(b, file, 3, 1000, 2, 1, noLocked)
			})
		}
	}
}

// BenchmarkBig solves the 16x16 and 25x25 sets. Workers 2 against 1 shows
// the parallel speedup on the hard sets.
func BenchmarkBig(b *testing.B) {
	for _, tc := range []struct {
		file   string
		order  int
		max    int
		limits []int
		ws     []int
	}{
		{"big/order4_unique.txt", 4, 0, []int{1, 2}, []int{1}},
		{"big/order4_hard.txt", 4, 0, []int{1, 2}, []int{1, 2}},
		{"big/order5_unique.txt", 5, 0, []int{1, 2}, []int{1}},
		{"big/order5_hard.txt", 5, 0, []int{1, 2}, []int{1, 2}},
	} {
		for _, limit := range tc.limits {
			for _, w := range tc.ws {
				b.Run(fmt.Sprintf("%s/limit=%d/workers=%d", filepath.Base(tc.file), limit, w), func(b *testing.B) {
					benchFile(b, tc.file, tc.order, tc.max, limit, w, false)
				})
			}
		}
	}
}

// TestBigStats prints median and worst ms/puzzle per big file, for first
// solution and count to 2, with -bigstats (and -workers).
func TestBigStats(t *testing.T) {
	if !*bigStats {
		t.Skip("run with -bigstats")
	}
	for _, tc := range []struct {
		file  string
		order int
	}{
		{"big/order4_unique.txt", 4},
		{"big/order4_hard.txt", 4},
		{"big/order5_unique.txt", 5},
		{"big/order5_hard.txt", 5},
	} {
		puzzles := loadPuzzles(t, tc.file, tc.order, 0)
		s, err := NewSolver(tc.order)
		if err != nil {
			t.Fatal(err)
		}
		sol := make([]uint8, len(puzzles[0]))
		for _, limit := range []int{1, 2} {
			var ms []float64
			var guesses []int64
			worst := 0
			for i, p := range puzzles {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				start := time.Now()
				n, st, err := s.Solve(ctx, p, sol, Options{Limit: limit, Workers: *statWorkers})
				d := time.Since(start)
				cancel()
				if err != nil || n != 1 {
					t.Errorf("%s puzzle %d: %d solutions, %v", tc.file, i+1, n, err)
				}
				ms = append(ms, float64(d.Microseconds())/1e3)
				guesses = append(guesses, st.Guesses)
				if ms[i] > ms[worst] {
					worst = i
				}
			}
			sorted := slices.Clone(ms)
			slices.Sort(sorted)
			g := slices.Clone(guesses)
			slices.Sort(g)
			t.Logf("%-22s limit=%d workers=%d: %3d puzzles, median %8.2f ms, worst %8.2f ms (puzzle %d), guesses median %d max %d",
				filepath.Base(tc.file), limit, *statWorkers, len(ms), sorted[len(sorted)/2], ms[worst], worst+1, g[len(g)/2], g[len(g)-1])
		}
	}
}

var statWorkers = flag.Int("workers", 1, "workers for TestBigStats")
