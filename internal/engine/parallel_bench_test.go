package engine

// BenchmarkParallel compares the parallel search (the CLI's default -jp:
// GOMAXPROCS workers, at least 2) with one goroutine where a split of the
// tree can go wrong: the empty grids 16x16 to 64x64, grids with exclusions
// or two givens, the big sets and the generator's checks, 20 runs of each
// way, alternately, first solution and count to 2:
//
//	go test -run X -bench Parallel -benchtime 1x -timeout 2h ./internal/engine/
//	go test -run X -bench 'Parallel/empty64' -benchtime 1x ./internal/engine/ -args -parnoyield  # helpers not yielding
//	go test -run X -bench 'Parallel/order4' -benchtime 1x ./internal/engine/ -args -parwork 131072  # share after more work than startWork
//	go test -run X -bench 'Parallel/order4' -benchtime 1x ./internal/engine/ -args -parafter 16 -parrel -1 -parwork -1  # the start before startRel and startWork
//	go test -run X -bench 'Parallel/empty' -benchtime 1x ./internal/engine/ -args -parsame  # the noise: parallel against itself
//
// The parallel search must never lose to the serial one: its worst run
// within 1.5x of the serial worst, its median no slower. Each case logs
// "ok" or "LOSES" on wall time, which needs an idle machine, and the last
// line lists the cases that lose; CPU time and nodes per run show the
// work done on a busy machine too, and "shared/puzzle" how often the main
// worker shared its tree: where it never did, the parallel search ran the
// serial one on its code path, and the median ratio only measures noise.

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

var (
	parNoYield = flag.Bool("parnoyield", false, "BenchmarkParallel: helpers keep the main worker's priority")
	parSame    = flag.Bool("parsame", false, "BenchmarkParallel: the parallel search on both sides, so that the ratios show the noise (A/A)")
	parAfter   = flag.Int("parafter", 0, "BenchmarkParallel: exhausted branch points before the parallel search shares its tree (0: startAfter)")
	parRel     = flag.Int("parrel", 0, "BenchmarkParallel: an exhausted branch point counts toward -parafter if parrel times its subtree's nodes reach its depth (0: startRel, -1: all count)")
	parLong    = flag.Int("parlong", 0, "BenchmarkParallel: nodes per cell after which the parallel search shares its tree in any case (0: startLong, -1: no bound)")
	parWork    = flag.Int64("parwork", 0, "BenchmarkParallel: nodes times cells the serial search spends before the parallel search shares its tree (0: startWork, -1: none)")
)

// parRuns is how many runs of each case each mode gets.
const parRuns = 20

// parCase is one input of BenchmarkParallel: puzzles solved one after
// another make one run.
type parCase struct {
	name    string
	order   int
	puzzles [][]uint8
	excl    [][]Exclusion // per puzzle; nil for none
}

// emptyGrid returns the empty grid of order n.
func emptyGrid(n int) []uint8 { return make([]uint8, n*n*n*n) }

// sparseCases are grids with (nearly) nothing given: the empty grids of
// orders 4..8, empty grids with exclusions (25x25 and 64x64), and grids
// with two givens placed where the search of the empty grid would put
// other values (25x25 and 49x49; at 64x64 even one such given stops the
// search on one goroutine and on two past 10 s, which is the engine's
// branching, not the split).
func sparseCases() []parCase {
	var cs []parCase
	for n := 4; n <= 8; n++ {
		side := n * n
		cs = append(cs, parCase{name: fmt.Sprintf("empty%d", side), order: n, puzzles: [][]uint8{emptyGrid(n)}})
	}
	for _, n := range []int{5, 7, 8} {
		side := n * n
		// Exclusions: random candidates (fixed seed) of the first row
		// and column, and most values of cell 0.
		r := rand.New(rand.NewPCG(uint64(n), 7))
		var ex []Exclusion
		for v := 1; v < side; v++ {
			ex = append(ex, Exclusion{Cell: 0, Value: uint8(v)})
		}
		for range 2 * side {
			i := r.IntN(side)
			if r.IntN(2) == 0 {
				i *= side // a cell of the first column instead
			}
			ex = append(ex, Exclusion{Cell: i, Value: uint8(1 + r.IntN(side))})
		}
		if n != 7 {
			cs = append(cs, parCase{name: fmt.Sprintf("excl%d", side), order: n,
				puzzles: [][]uint8{emptyGrid(n)}, excl: [][]Exclusion{ex}})
		}
		if n == 8 {
			continue
		}
		two := emptyGrid(n)
		two[1] = 1           // the empty grid's search puts 1 in cell 0
		two[side*side-1] = 2 // and its last value in the last cell
		cs = append(cs, parCase{name: fmt.Sprintf("two%d", side), order: n, puzzles: [][]uint8{two}})
	}
	return cs
}

// digCase is the generator's check on the first puzzles of a big file: each
// puzzle with the solution's value of one blank cell excluded (random,
// fixed seed), so that the search proves no other solution exists.
func digCase(b testing.TB, name string, order, max int) parCase {
	ps := loadPuzzles(b, name, order, max)
	s, err := NewSolver(order)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(order), 11))
	c := parCase{name: "dig-" + name[len("big/"):len(name)-len(".txt")], order: order, puzzles: ps}
	sol := make([]uint8, len(ps[0]))
	for _, p := range ps {
		if n, _, err := s.Solve(context.Background(), p, sol, Options{Limit: 1}); n != 1 || err != nil {
			b.Fatalf("%s: %d solutions, %v", name, n, err)
		}
		var blank []int
		for i, v := range p {
			if v == 0 {
				blank = append(blank, i)
			}
		}
		i := blank[r.IntN(len(blank))]
		c.excl = append(c.excl, []Exclusion{{Cell: i, Value: sol[i]}})
	}
	return c
}

func BenchmarkParallel(b *testing.B) {
	cases := sparseCases()
	for _, f := range []struct {
		file  string
		order int
	}{
		{"big/order4_unique.txt", 4},
		{"big/order4_hard.txt", 4},
		{"big/order5_unique.txt", 5},
		{"big/order5_hard.txt", 5},
	} {
		cases = append(cases, parCase{name: f.file[len("big/") : len(f.file)-len(".txt")], order: f.order})
	}
	cases = append(cases, parCase{name: "dig-order4_unique", order: 4}, parCase{name: "dig-order5_unique", order: 5})
	workers := max(2, runtime.GOMAXPROCS(0)) // the CLI's default -jp
	var ran int
	var lost []string
	for _, c := range cases {
		for _, limit := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/limit=%d", c.name, limit), func(b *testing.B) {
				switch {
				case len(c.name) > 4 && c.name[:4] == "dig-":
					c = digCase(b, "big/"+c.name[4:]+".txt", c.order, 20)
				case c.puzzles == nil:
					c.puzzles = loadPuzzles(b, "big/"+c.name+".txt", c.order, 0)
				}
				ran++
				if ok, ratio, shared := benchParallel(b, c, limit, workers); !ok {
					note := ""
					if !shared {
						note = ", never shared: the serial search"
					}
					lost = append(lost, fmt.Sprintf("%s (median %.2f, worst %.2f%s)", b.Name(), ratio[0], ratio[1], note))
				}
			})
		}
	}
	if ran > 0 {
		// Printed, not logged: a benchmark with sub-benchmarks shows no log.
		fmt.Printf("BenchmarkParallel: %d cases, %d lose on wall time (parallel/serial ratios):\n", ran, len(lost))
		for _, l := range lost {
			fmt.Printf("\t%s\n", l)
		}
	}
}

// benchParallel runs c parRuns times on one goroutine and on workers,
// alternately (serial first in half the pairs), and reports the median and worst run of each in ms of wall
// time and of process CPU time, their ratios (parallel over serial), the
// worst single puzzle of each, and how many nodes the main worker of the
// parallel search visited per node of the serial search (at most 1: it
// follows the serial search). Wall times need an idle machine; CPU times
// and nodes do not. It logs "ok" or "LOSES" against the target, the
// parallel median no slower and its worst within 1.5x of the serial worst,
// and reports whether the target is met, the median and worst ratios, and
// whether any parallel search shared its tree.
func benchParallel(b *testing.B, c parCase, limit, workers int) (met bool, ratio [2]float64, shared bool) {
	s, err := NewSolver(c.order)
	if err != nil {
		b.Fatal(err)
	}
	s.noYield = *parNoYield
	s.startAfter = *parAfter
	s.startRel = *parRel
	s.startWork = *parWork
	s.startLong = *parLong
	sol := make([]uint8, len(c.puzzles[0]))
	type result struct {
		total, worst, cpu        time.Duration
		nodes, mainNodes, shared int64
	}
	shares := func() int64 {
		if s.sh == nil {
			return 0
		}
		return int64(s.sh.shares)
	}
	run := func(w int) (r result) {
		if *parSame {
			w = workers
		}
		cpu0, shares0 := procCPU(), shares()
		for i, p := range c.puzzles {
			o := Options{Limit: limit, Workers: w}
			if c.excl != nil {
				o.Exclude = c.excl[i]
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			start := time.Now()
			_, st, err := s.Solve(ctx, p, sol, o)
			d := time.Since(start)
			cancel()
			if err != nil {
				b.Errorf("puzzle %d, %d workers: %v", i+1, w, err)
			}
			r.total += d
			r.worst = max(r.worst, d)
			r.nodes += st.Nodes
			r.mainNodes += s.main.nodes
		}
		r.cpu = procCPU() - cpu0
		r.shared = shares() - shares0
		return r
	}
	var serial, par, cpu1, cpuP []float64
	var worst1, worstP time.Duration
	var nodes1, mainP, nodesP, sharedP int64
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
	// One run of each way first, not counted: the first makes the
	// Solver's buffers, and counted it was the serial worst.
	run(1)
	run(workers)
	for b.Loop() {
		serial, par, cpu1, cpuP = serial[:0], par[:0], cpu1[:0], cpuP[:0]
		nodes1, mainP, nodesP, sharedP = 0, 0, 0, 0
		for k := range 2 * parRuns {
			// Serial, parallel, parallel, serial, ...: each way runs
			// first in half the pairs, which cancels a drift.
			w := 1
			if k%2 != k/2%2 {
				w = workers
			}
			r := run(w)
			if w == 1 {
				serial = append(serial, ms(r.total))
				cpu1 = append(cpu1, ms(r.cpu))
				worst1 = max(worst1, r.worst)
				nodes1 += r.nodes
			} else {
				par = append(par, ms(r.total))
				cpuP = append(cpuP, ms(r.cpu))
				worstP = max(worstP, r.worst)
				mainP += r.mainNodes
				nodesP += r.nodes
				sharedP += r.shared
			}
		}
	}
	for _, x := range [][]float64{serial, par, cpu1, cpuP} {
		slices.Sort(x)
	}
	med := func(x []float64) float64 { return x[len(x)/2] }
	worst := func(x []float64) float64 { return x[len(x)-1] }
	b.ReportMetric(med(serial), "ms-median-1")
	b.ReportMetric(worst(serial), "ms-worst-1")
	b.ReportMetric(med(par), "ms-median-par")
	b.ReportMetric(worst(par), "ms-worst-par")
	b.ReportMetric(med(par)/med(serial), "median-ratio")
	b.ReportMetric(worst(par)/worst(serial), "worst-ratio")
	b.ReportMetric(med(cpu1), "cpu-ms-median-1")
	b.ReportMetric(med(cpuP), "cpu-ms-median-par")
	b.ReportMetric(med(cpuP)/med(cpu1), "cpu-ratio")
	b.ReportMetric(float64(mainP)/float64(nodes1), "main-nodes/serial")
	b.ReportMetric(float64(nodesP)/float64(nodes1), "nodes/serial")
	b.ReportMetric(float64(sharedP)/float64(parRuns*len(c.puzzles)), "shared/puzzle")
	if len(c.puzzles) > 1 {
		b.ReportMetric(ms(worst1), "ms-puzzle-worst-1")
		b.ReportMetric(ms(worstP), "ms-puzzle-worst-par")
	}
	b.ReportMetric(0, "ns/op")
	met = med(par) <= med(serial) && worst(par) <= 1.5*worst(serial)
	verdict := "ok"
	if !met {
		verdict = "LOSES"
	}
	if sharedP == 0 {
		verdict += " (never shared: the serial search)"
	}
	b.Logf("%s (wall) median %.1f/%.1f ms, worst %.1f/%.1f ms (parallel/serial); CPU median %.1f/%.1f ms",
		verdict, med(par), med(serial), worst(par), worst(serial), med(cpuP), med(cpu1))
	return met, [2]float64{med(par) / med(serial), worst(par) / worst(serial)}, sharedP > 0
}
