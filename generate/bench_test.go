package generate

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// benchPuzzles makes b.N puzzles of opt, one at a time, and reports the
// median time per puzzle, the CPU time per puzzle and the mean clue count.
func benchPuzzles(b *testing.B, opt Options) {
	g, err := New(opt)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var times []time.Duration
	clues := 0
	k := uint64(0)
	cpu0 := cpuTime()
	for b.Loop() {
		start := time.Now()
		p, err := g.Puzzle(ctx, k)
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		clues += p.Clues
		k++
	}
	cpu := cpuTime() - cpu0
	slices.Sort(times)
	if cpu > 0 {
		// Wall time suffers when other processes share the machine; CPU
		// time much less (the benchmark runs on one goroutine).
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(k), "cpu-ms/puzzle")
	}
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms/puzzle")
	b.ReportMetric(float64(clues)/float64(k), "clues/puzzle")
}

func BenchmarkMinimal9(b *testing.B)  { benchPuzzles(b, Options{Seed: 1}) }
func BenchmarkCentral9(b *testing.B)  { benchPuzzles(b, Options{Symmetry: Central, Seed: 1}) }
func BenchmarkFull9(b *testing.B)     { benchPuzzles(b, Options{Symmetry: Full, Seed: 1}) }
func BenchmarkCentral16(b *testing.B) { benchPuzzles(b, Options{Order: 4, Symmetry: Central, Seed: 1}) }
func BenchmarkMinimal16(b *testing.B) { benchPuzzles(b, Options{Order: 4, Seed: 1}) }
func BenchmarkMinimal16Boxes(b *testing.B) {
	benchPuzzles(b, Options{Order: 4, Dig: DigBoxes, Seed: 1})
}
func BenchmarkCentral25Boxes(b *testing.B) {
	benchPuzzles(b, Options{Order: 5, Symmetry: Central, Dig: DigBoxes, Seed: 1})
}
func BenchmarkCentral25(b *testing.B) { benchPuzzles(b, Options{Order: 5, Symmetry: Central, Seed: 1}) }

// BenchmarkRunCentral9 measures throughput with Options.Workers set by
// -cpu: compare -cpu 1 and -cpu 2 for the speedup of -j 2.
func BenchmarkRunCentral9(b *testing.B) {
	g, err := New(Options{Symmetry: Central, Seed: 1, Workers: testingProcs()})
	if err != nil {
		b.Fatal(err)
	}
	n := uint64(b.N)
	b.ResetTimer()
	cpu0 := cpuTime()
	if err := g.Run(context.Background(), 0, n, func(*Puzzle) error { return nil }); err != nil {
		b.Fatal(err)
	}
	if cpu := cpuTime() - cpu0; cpu > 0 {
		// The same CPU time a puzzle with 1 and 2 workers means no
		// overhead from parallel work: the speedup is then the number of
		// free cores.
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "cpu-ms/puzzle")
	}
}

func BenchmarkRandomGrid(b *testing.B) {
	for _, order := range []int{3, 4, 5, 6} {
		b.Run(string(rune('0'+order)), func(b *testing.B) {
			src := rand.NewPCG(1, 2)
			for b.Loop() {
				if _, err := RandomGrid(context.Background(), order, src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// testingProcs returns GOMAXPROCS, which -cpu sets.
func testingProcs() int { return runtime.GOMAXPROCS(0) }

var distFlag = flag.Int("generate.dist", 0, "TestClueDistribution: make `N` 9x9 puzzles of each symmetry and print the clue counts")

// TestClueDistribution prints the distribution of clue counts over
// -generate.dist puzzles (10000 for the figures in the notes) of each of a
// few symmetries. It is skipped without the flag:
//
//	go test ./generate/ -run ClueDistribution -v -args -generate.dist=10000
func TestClueDistribution(t *testing.T) {
	n := *distFlag
	if n <= 0 {
		t.Skip("set -generate.dist N to run")
	}
	for _, sym := range []Symmetry{None, Central, Full} {
		g, err := New(Options{Symmetry: sym, Seed: 1, Workers: runtime.GOMAXPROCS(0)})
		if err != nil {
			t.Fatal(err)
		}
		counts := map[int]int{}
		start := time.Now()
		sum := 0
		if err := g.Run(context.Background(), 0, uint64(n), func(p *Puzzle) error {
			counts[p.Clues]++
			sum += p.Clues
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		d := time.Since(start)
		var b strings.Builder
		for _, c := range slices.Sorted(maps.Keys(counts)) {
			fmt.Fprintf(&b, " %d:%d", c, counts[c])
		}
		t.Logf("%v: %d puzzles, %.0f puzzles/s, mean %.2f clues;%s", sym, n, float64(n)/d.Seconds(), float64(sum)/float64(n), b.String())
	}
}
