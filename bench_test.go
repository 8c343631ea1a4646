package sudoku

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// benchData is where the benchmark puzzle sets live, beside the repository.
const benchData = "../shared/data"

// loadBench reads up to max puzzles (0: all) from a file of benchData, or
// skips the benchmark when the file is absent.
func loadBench(b *testing.B, name string, max int) []*Grid {
	b.Helper()
	f, err := os.Open(filepath.Join(benchData, name))
	if err != nil {
		b.Skipf("benchmark data absent (%v): these benchmarks need ../shared/data beside the repository", err)
	}
	defer f.Close()
	r := NewReader(bufio.NewReaderSize(f, 1<<16))
	var out []*Grid
	for max == 0 || len(out) < max {
		p, err := r.Read()
		if err != nil {
			break
		}
		out = append(out, p.Grid)
	}
	if len(out) == 0 {
		b.Fatalf("no puzzles in %s", name)
	}
	return out
}

// benchSets are the data sets and how many puzzles of each a benchmark
// takes: enough for a stable figure in about a second a run.
var benchSets = []struct {
	name string
	file string
	max  int
}{
	{"random_minimal", "random_minimal_100k", 10000},
	{"17_clue", "puzzles2_17_clue", 10000},
	{"top1465", "puzzles3_magictour_top1465", 0},
	{"forum_hardest", "puzzles5_forum_hardest_1905_11+", 1000},
	{"order4_unique", "big/order4_unique.txt", 50},
	{"order5_unique", "big/order5_unique.txt", 5},
}

// BenchmarkCount measures the public API, first solution (limit 1) and
// uniqueness proof (limit 2), per puzzle, on one goroutine.
func BenchmarkCount(b *testing.B) {
	for _, set := range benchSets {
		for _, limit := range []int{1, 2} {
			name := set.name + "/first"
			if limit == 2 {
				name = set.name + "/count2"
			}
			b.Run(name, func(b *testing.B) {
				puzzles := loadBench(b, set.file, set.max)
				ctx := context.Background()
				var guesses int64
				solved := 0
				b.ReportAllocs()
				for b.Loop() {
					for _, g := range puzzles {
						res, err := Count(ctx, g, limit, Options{})
						if err != nil || res.Count == 0 {
							b.Fatalf("%s: %v %v", g, res.Status(), err)
						}
						guesses += res.Guesses
						solved++
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(solved), "µs/puzzle")
				b.ReportMetric(float64(guesses)/float64(solved), "guesses/puzzle")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
