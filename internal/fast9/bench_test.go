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

// minusOne returns gs with one given of each puzzle removed (a random
// one, fixed seed). Removing a given from a minimal puzzle leaves several
// solutions, so this makes a set of puzzles with many solutions, where the
// first solution is found far from the ends of the search.
func minusOne(gs [][81]uint8) [][81]uint8 {
	r := rand.New(rand.NewPCG(17, 1))
	out := make([][81]uint8, len(gs))
	for i, g := range gs {
		var given []int
		for j, v := range g {
			if v != 0 {
				given = append(given, j)
			}
		}
		out[i] = g
		out[i][given[r.IntN(len(given))]] = 0
	}
	return out
}

// BenchmarkSolve solves every puzzle of each data file, finding the first
// solution (limit 1) or counting to 2; one b.Loop iteration is one pass
// over the file. The hardest file is also run with its digits relabeled,
// and the 17-clue file with one given of each puzzle removed (minus1:
// puzzles with many solutions).
func BenchmarkSolve(b *testing.B) {
	for _, name := range append(dataFiles, dataFiles[3]+"/relabeled", dataFiles[1]+"/minus1") {
		for _, limit := range []int{1, 2} {
			b.Run(name+"/limit"+string(rune('0'+limit)), func(b *testing.B) {
				file, relabeled := strings.CutSuffix(name, "/relabeled")
				file, many := strings.CutSuffix(file, "/minus1")
				gs := loadData(b, file)
				if relabeled {
					gs = relabel(gs)
				}
				if many {
					gs = minusOne(gs)
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
						if n != 1 && !(many && n >= 1) || err != nil {
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

// sparseCases are 9x9 grids with (nearly) nothing given, where a change of
// branching once made the search pathological (12,000 guesses on an empty
// grid with exclusions): the empty grid; the empty grid with exclusions
// (most values of r1c1, random candidates of row 1 and column 1, fixed
// seed); two givens placed against the empty grid's fill; and the
// generator's check, each of the sample puzzles with its solution's value
// of one blank cell excluded (no solution: the whole tree is searched).
func sparseCases(b *testing.B) []struct {
	name  string
	grids [][81]uint8
	excl  [][]Exclusion
} {
	type sc = struct {
		name  string
		grids [][81]uint8
		excl  [][]Exclusion
	}
	var empty [81]uint8
	r := rand.New(rand.NewPCG(3, 7))
	var ex []Exclusion
	for v := uint8(1); v < 9; v++ {
		ex = append(ex, Exclusion{Cell: 0, Value: v})
	}
	for range 18 {
		i := r.IntN(9)
		if r.IntN(2) == 0 {
			i *= 9
		}
		ex = append(ex, Exclusion{Cell: i, Value: uint8(1 + r.IntN(9))})
	}
	two := empty
	two[1], two[80] = 1, 2
	dig := sc{name: "dig"}
	var s Solver
	var sol [81]uint8
	for _, line := range readPuzzles(b, "testdata/samples.txt") {
		p := *parse(b, line)
		if n, _, err := s.Solve(context.Background(), &p, &sol, Options{Limit: 1}); n != 1 || err != nil {
			b.Fatalf("%s: %d solutions, %v", line, n, err)
		}
		var blank []int
		for i, v := range p {
			if v == 0 {
				blank = append(blank, i)
			}
		}
		i := blank[r.IntN(len(blank))]
		dig.grids = append(dig.grids, p)
		dig.excl = append(dig.excl, []Exclusion{{Cell: i, Value: sol[i]}})
	}
	return []sc{
		{name: "empty", grids: [][81]uint8{empty}},
		{name: "excl", grids: [][81]uint8{empty}, excl: [][]Exclusion{ex}},
		{name: "two", grids: [][81]uint8{two}},
		dig,
	}
}

// BenchmarkSparse solves the sparse and adversarial grids of sparseCases,
// first solution and count to 2, and reports µs and guesses per grid.
func BenchmarkSparse(b *testing.B) {
	for _, c := range sparseCases(b) {
		for _, limit := range []int{1, 2} {
			b.Run(c.name+"/limit"+string(rune('0'+limit)), func(b *testing.B) {
				ctx := context.Background()
				var s Solver
				var sol [81]uint8
				var guesses, runs int64
				b.ReportAllocs()
				for b.Loop() {
					for i := range c.grids {
						o := Options{Limit: limit}
						if c.excl != nil {
							o.Exclude = c.excl[i]
						}
						if _, st, err := s.Solve(ctx, &c.grids[i], &sol, o); err != nil {
							b.Fatal(err)
						} else {
							guesses += st.Guesses
						}
					}
					runs++
				}
				total := float64(runs) * float64(len(c.grids))
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/total, "µs/grid")
				b.ReportMetric(float64(guesses)/total, "guesses/grid")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
