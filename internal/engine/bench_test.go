package engine

// Benchmarks on ../shared/data (skipped when it is absent):
//
//	go test -run X -bench 'Top1465|ForumHardest1000|Locked9x9' -benchtime 3x -cpu 1 ./internal/engine/
//	go test -run X -bench Big -benchtime 1x -cpu 2 ./internal/engine/   # workers=2 against 1 on the hard sets
//	go test -run BigStats -bigstats [-workers 2] -v ./internal/engine/  # median and worst per big file
//	go test -run CPUStat -cpustat -v ./internal/engine/                 # thread CPU time, steadier on a busy machine
//	go test -run Experiment -exp big/order4_hard.txt [-explimit 2] -v ./internal/engine/

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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
	cpu0 := procCPU()
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
	if cpu := procCPU() - cpu0; cpu > 0 {
		// CPU time over wall time shows the parallel search's cost.
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(len(puzzles))/1e3, "cpu-µs/puzzle")
	}
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

// BenchmarkLocked9x9 measures what locked candidates buy at 9x9, where the
// engine applies them to the puzzle as given only (see worker.lockNow).
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
// solution and count to 2, with -bigstats (and -workers). Wall time, and
// with one worker also the CPU time of the solving thread (steadier on a
// busy machine).
func TestBigStats(t *testing.T) {
	if !*bigStats {
		t.Skip("run with -bigstats")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
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
			var wall, cpu []float64
			var guesses []int64
			worst := 0
			for i, p := range puzzles {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				start, startCPU := time.Now(), threadCPU()
				n, st, err := s.Solve(ctx, p, sol, Options{Limit: limit, Workers: *statWorkers})
				d, dCPU := time.Since(start), threadCPU()-startCPU
				cancel()
				if err != nil || n != 1 {
					t.Errorf("%s puzzle %d: %d solutions, %v", tc.file, i+1, n, err)
				}
				wall = append(wall, float64(d.Microseconds())/1e3)
				cpu = append(cpu, float64(dCPU.Microseconds())/1e3)
				guesses = append(guesses, st.Guesses)
				if wall[i] > wall[worst] {
					worst = i
				}
			}
			worstWall := wall[worst]
			for _, xs := range [][]float64{wall, cpu} {
				slices.Sort(xs)
			}
			slices.Sort(guesses)
			cpuNote := ""
			if *statWorkers <= 1 {
				cpuNote = fmt.Sprintf("; CPU median %7.2f worst %7.2f", cpu[len(cpu)/2], cpu[len(cpu)-1])
			}
			t.Logf("%-18s limit=%d workers=%d: %3d puzzles, wall median %7.2f ms, worst %7.2f ms (puzzle %d)%s; guesses median %d max %d",
				filepath.Base(tc.file), limit, *statWorkers, len(wall), wall[len(wall)/2], worstWall, worst+1, cpuNote, guesses[len(guesses)/2], guesses[len(guesses)-1])
		}
	}
}

var statWorkers = flag.Int("workers", 1, "workers for TestBigStats")
