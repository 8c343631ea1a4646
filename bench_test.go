package sudoku

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
	// One puzzle per line, "#" lines comments (package format reads more).
	sc := bufio.NewScanner(f)
	var out []*Grid
	for sc.Scan() && (max == 0 || len(out) < max) {
		w := strings.Fields(sc.Text())
		if len(w) == 0 || w[0][0] == '#' {
			continue
		}
		g, err := Parse(w[0])
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		out = append(out, g)
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

// sparseCase is one search of BenchmarkCountSparse.
type sparseCase struct {
	name  string
	g     *Grid
	limit int
	opt   Options
}

// BenchmarkCountSparse measures the public API on the near-empty and
// adversarial grids that once made the engines pathological: empty grids,
// empty grids with exclusions (most values of r1c1 and a few in row 1),
// two givens placed against the empty grid's fill, and the generator's
// check (a unique puzzle with its solution's value of a blank cell
// excluded: no solution), with and without Options.CountOnly. A count
// with CountOnly allocates nothing:
//
//	go test -run X -bench CountSparse -benchmem .
func BenchmarkCountSparse(b *testing.B) {
	dig := MustParse("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
	const digSol = "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
	var digOpt Options
	for i := range digSol {
		if dig.Cell(i) == 0 {
			digOpt.Exclude = []Candidate{{Cell: i, Value: int(digSol[i] - '0')}}
			break
		}
	}
	cases := []sparseCase{{"dig9", dig, 1, digOpt}}
	for _, order := range []int{3, 4, 5} {
		empty, _ := New(order)
		side := empty.Side()
		var ex []Candidate
		for v := 1; v < side; v++ {
			ex = append(ex, Candidate{Cell: 0, Value: v})
		}
		for c := 1; c < side; c += 3 {
			ex = append(ex, Candidate{Cell: c, Value: 1 + (c*7)%side})
		}
		two := empty.Clone()
		two.SetCell(1, 1)           // the empty grid's fill puts 1 in r1c1
		two.SetCell(side*side-1, 2) // and its last value in the last cell
		cases = append(cases,
			sparseCase{fmt.Sprintf("empty%d", side), empty, 2, Options{}},
			sparseCase{fmt.Sprintf("excl%d", side), empty, 2, Options{Exclude: ex}},
			sparseCase{fmt.Sprintf("two%d", side), two, 2, Options{}})
	}
	ctx := context.Background()
	for _, c := range cases {
		for _, countOnly := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/countonly=%v", c.name, countOnly), func(b *testing.B) {
				opt := c.opt
				opt.CountOnly = countOnly
				// Warm the pooled Solver, whose stack grows on first use.
				res, err := Count(ctx, c.g, c.limit, opt)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if res, err = Count(ctx, c.g, c.limit, opt); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(res.Guesses), "guesses/search")
			})
		}
	}
}
