package canon

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/generate"
)

// dataDir holds the benchmark files (see its README.md); the benchmarks
// skip when it is absent.
var dataDir = flag.String("data", "../../shared/data", "the folder of the benchmark files")

var dataFiles = []string{
	"puzzles2_17_clue",
	"puzzles3_magictour_top1465",
	"puzzles5_forum_hardest_1905_11+",
	"random_minimal_100k",
}

// loadData reads the 9x9 puzzles of a benchmark file (at most max), or
// skips b when it is absent.
func loadData(b testing.TB, name string, max int) [][81]uint8 {
	f, err := os.Open(filepath.Join(*dataDir, name))
	if err != nil {
		b.Skipf("benchmark data not found: %v", err)
	}
	defer f.Close()
	var out [][81]uint8
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < max {
		line := sc.Text()
		if len(line) < 81 || line[0] == '#' {
			continue
		}
		var p [81]uint8
		for i := range 81 {
			if c := line[i]; c >= '1' && c <= '9' {
				p[i] = c - '0'
			}
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return out
}

// solutions returns the solution of each puzzle.
func solutions(b *testing.B, ps [][81]uint8) [][81]uint8 {
	out := make([][81]uint8, len(ps))
	for i, p := range ps {
		g, _ := sudoku.New(3)
		for j, v := range p {
			_ = g.SetCell(j, int(v))
		}
		res, err := sudoku.Solve(context.Background(), g, sudoku.Options{})
		if err != nil || res.Solution == nil {
			b.Fatalf("puzzle %d: no solution: %v", i+1, err)
		}
		for j := range out[i] {
			out[i][j] = uint8(res.Solution.Cell(j))
		}
	}
	return out
}

// benchSet canonicalizes gs in a loop and reports grids per second.
func benchSet(b *testing.B, gs [][81]uint8, k Kind) {
	var c Canonicalizer
	n := 0
	for b.Loop() {
		if _, err := c.Cells(&gs[n%len(gs)], k); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "grids/s")
}

// BenchmarkPuzzles canonicalizes the puzzles of each shared set (both kinds).
func BenchmarkPuzzles(b *testing.B) {
	for _, name := range dataFiles {
		for _, k := range []Kind{Minlex, PatternFirst} {
			b.Run(name+"/"+k.String(), func(b *testing.B) {
				benchSet(b, loadData(b, name, 1<<20), k)
			})
		}
	}
}

// BenchmarkGrids canonicalizes the solutions of the first 2,000 puzzles of
// each shared set.
func BenchmarkGrids(b *testing.B) {
	for _, name := range dataFiles {
		b.Run(name, func(b *testing.B) {
			benchSet(b, solutions(b, loadData(b, name, 2000)), Minlex)
		})
	}
}

// BenchmarkRefined computes the refined form of 20 random complete grids of
// 16x16 and 25x25 and of near-complete puzzles made from them (90% of the
// cells given), in turn.
func BenchmarkRefined(b *testing.B) {
	for _, n := range []int{4, 5} {
		for _, keep := range []float64{1, 0.9} {
			b.Run(fmt.Sprintf("%dx%d/given=%v", n*n, n*n, keep), func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				var grids []*sudoku.Grid
				for seed := range 20 {
					g, err := generate.RandomGrid(context.Background(), n, rand.NewPCG(uint64(seed), 3))
					if err != nil {
						b.Fatal(err)
					}
					for i := range g.Cells() {
						if r.Float64() >= keep {
							_ = g.SetCell(i, 0)
						}
					}
					grids = append(grids, g)
				}
				i := 0
				for b.Loop() {
					if _, err := Refined(context.Background(), grids[i%len(grids)]); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}

// BenchmarkRefinedPatterns computes the refined form of 20 shuffled
// pattern grids of 16x16 and 25x25 (every line in one class, so Refined
// runs the individualization-refinement search), in turn.
func BenchmarkRefinedPatterns(b *testing.B) {
	for _, n := range []int{4, 5} {
		b.Run(fmt.Sprintf("%dx%d", n*n, n*n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			var grids []*sudoku.Grid
			for range 20 {
				cells := randomMapping(r, n).Apply(patternGrid(n))
				g, err := sudoku.New(n)
				if err != nil {
					b.Fatal(err)
				}
				for i, v := range cells {
					_ = g.SetCell(i, v)
				}
				grids = append(grids, g)
			}
			i := 0
			for b.Loop() {
				if _, err := Refined(context.Background(), grids[i%len(grids)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
