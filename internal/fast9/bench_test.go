package fast9

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// dataDir holds the benchmark files (see its README.md).
const dataDir = "../../../shared/data"

var dataFiles = []string{
	"random_minimal_100k",
	"puzzles2_17_clue",
	"puzzles3_magictour_top1465",
	"puzzles5_forum_hardest_1905_11+",
}

// loadData reads a benchmark file into grids, or skips b when it is absent.
func loadData(b *testing.B, name string) [][81]uint8 {
	path := filepath.Join(dataDir, name)
	if _, err := os.Stat(path); err != nil {
		b.Skipf("benchmark data not found: %v", err)
	}
	ps := readPuzzles(b, path)
	gs := make([][81]uint8, len(ps))
	for i, s := range ps {
		gs[i] = *parse(b, s)
	}
	return gs
}

// relabel returns gs with the digits of each puzzle renamed by a random
// permutation (fixed seed): a guess heuristic that favours some digits
// gains nothing from it.
func relabel(gs [][81]uint8) [][81]uint8 {
	r := rand.New(rand.NewPCG(9, 10))
	out := make([][81]uint8, len(gs))
	for i := range gs {
		perm := r.Perm(9)
		for j, v := range gs[i] {
			if v != 0 {
				out[i][j] = uint8(perm[v-1] + 1)
			}
		}
	}
	return out
}

// BenchmarkSolve solves every puzzle of each data file, finding the first
// solution (limit 1) or counting to 2; one b.Loop iteration is one pass
// over the file. The hardest file is also run with its digits relabeled.
func BenchmarkSolve(b *testing.B) {
	for _, name := range append(dataFiles, dataFiles[3]+"/relabeled") {
		for _, limit := range []int{1, 2} {
			b.Run(name+"/limit"+string(rune('0'+limit)), func(b *testing.B) {
				file, relabeled := strings.CutSuffix(name, "/relabeled")
				gs := loadData(b, file)
				if relabeled {
					gs = relabel(gs)
				}
				ctx := context.Background()
				var s Solver
				var sol [81]uint8
				var guesses, runs int64
				b.ReportAllocs()
				cpu0 := cpuTime()
				for b.Loop() {
					for i := range gs {
						n, st, err := s.Solve(ctx, &gs[i], &sol, Options{Limit: limit})
						if n != 1 || err != nil {
							b.Fatalf("puzzle %d: %d solutions, %v", i, n, err)
						}
						guesses += st.Guesses
					}
					runs++
				}
				total := float64(runs) * float64(len(gs))
				b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/total, "cpu-µs/puzzle")
				b.ReportMetric(float64(b.Elapsed().Microseconds())/total, "µs/puzzle")
				b.ReportMetric(total/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(guesses)/total, "guesses/puzzle")
			})
		}
	}
}

// cpuTime returns the user CPU time of the process so far. The machine is
// shared, so this is steadier than wall time for a single-goroutine loop.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano())
}
