package variant

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

var (
	killerOnce sync.Once
	killerSet  []*Puzzle
)

// killerBench is a fixed set of 9x9 killers with no givens, generated from
// a fixed seed (each unique).
func killerBench(b testing.TB) []*Puzzle {
	killerOnce.Do(func() {
		rng := rand.New(rand.NewPCG(19, 9))
		for range 100 {
			killerSet = append(killerSet, genKiller(b, rng, 9))
		}
	})
	return killerSet
}

// benchCount counts each puzzle to 2 in turn and reports the median
// thread CPU time of one count (median-cpu-ns/op: robust on a busy
// machine) besides the mean wall time.
func benchCount(b *testing.B, ps []*Puzzle) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := context.Background()
	times := make([]time.Duration, 0, 1024)
	k, guesses := 0, int64(0)
	for b.Loop() {
		p := ps[k%len(ps)]
		k++
		t0 := threadCPU()
		r, err := Count(ctx, p, 2, Options{CountOnly: true})
		times = append(times, threadCPU()-t0)
		guesses += r.Guesses
		if err != nil || r.Count != 1 {
			b.Fatalf("count %d, %v", r.Count, err)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-cpu-ns/op")
	b.ReportMetric(float64(guesses)/float64(k), "guesses/op")
}

// benchSolver is benchCount with one Solver for all of ps, which share
// their side, regions and rules: the rules compiled once.
func benchSolver(b *testing.B, ps []*Puzzle) {
	for _, p := range ps[1:] {
		if !reflect.DeepEqual(p.Regions, ps[0].Regions) || !reflect.DeepEqual(p.Rules, ps[0].Rules) {
			b.Fatal("puzzles with different rules")
		}
	}
	s, err := NewSolver(ps[0])
	if err != nil {
		b.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := context.Background()
	times := make([]time.Duration, 0, 1024)
	k, guesses := 0, int64(0)
	for b.Loop() {
		p := ps[k%len(ps)]
		k++
		t0 := threadCPU()
		r, err := s.Count(ctx, p.Givens, 2, Options{CountOnly: true})
		times = append(times, threadCPU()-t0)
		guesses += r.Guesses
		if err != nil || r.Count != 1 {
			b.Fatalf("count %d, %v", r.Count, err)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-cpu-ns/op")
	b.ReportMetric(float64(guesses)/float64(k), "guesses/op")
}

// BenchmarkKiller: 9x9 killers with no givens proved unique.
func BenchmarkKiller(b *testing.B) { benchCount(b, killerBench(b)) }

// BenchmarkKillerGen: the generator's own 9x9 killers (seeds 0-49; cages
// merged while they stay unique, a few givens where needed), harder than
// the grower's alone.
func BenchmarkKillerGen(b *testing.B) { benchCount(b, genSet(b, "killer", 9, 50)) }

// BenchmarkKillerGivenless: the generator's 9x9 killers with no givens
// (generate -variant killer -givens 0, seeds 0-29; target: a median of
// 100 µs).
func BenchmarkKillerGivenless(b *testing.B) {
	spec, err := ParseSpec("killer", 9)
	if err != nil {
		b.Fatal(err)
	}
	spec.MaxGivens = 0
	benchCount(b, genSpecSet(b, spec, 30))
}

// BenchmarkKillerCompile: Validate and compile alone, the fixed cost.
func BenchmarkKillerCompile(b *testing.B) {
	ps := killerBench(b)
	k := 0
	for b.Loop() {
		p := ps[k%len(ps)]
		k++
		if p.Validate() != nil {
			b.Fatal("invalid")
		}
		compile(p)
	}
}

func benchGenerate(b *testing.B, fam string, n int) {
	spec, err := ParseSpec(fam, n)
	if err != nil {
		b.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	seed := uint64(0)
	t0 := threadCPU()
	for b.Loop() {
		if _, err := Generate(context.Background(), spec, seed); err != nil {
			b.Fatal(err)
		}
		seed++
	}
	b.ReportMetric(float64(seed)/(threadCPU()-t0).Seconds(), "puzzles/cpu-s")
}

// BenchmarkGenerateKiller: 9x9 killers with no givens (target 20/s).
func BenchmarkGenerateKiller(b *testing.B) { benchGenerate(b, "killer", 9) }

// BenchmarkGenerateJigsaw: 9x9 jigsaws, minimal givens (target 200/s).
func BenchmarkGenerateJigsaw(b *testing.B) { benchGenerate(b, "jigsaw", 9) }

var (
	genSetMu sync.Mutex
	genSets  = map[string][]*Puzzle{}
)

// genSet is k puzzles of a family and side made by Generate from seeds
// 0..k-1 (cached across benchmarks).
func genSet(b *testing.B, fam string, n, k int) []*Puzzle {
	spec, err := ParseSpec(fam, n)
	if err != nil {
		b.Fatal(err)
	}
	return genSpecSet(b, spec, k)
}

// genSpecSet is genSet for a Spec.
func genSpecSet(b *testing.B, spec Spec, k int) []*Puzzle {
	genSetMu.Lock()
	defer genSetMu.Unlock()
	key := fmt.Sprint(spec, spec.Size, spec.MaxGivens, k)
	if ps, ok := genSets[key]; ok {
		return ps
	}
	var ps []*Puzzle
	for seed := range uint64(k) {
		g, err := Generate(context.Background(), spec, seed)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, g.Puzzle)
	}
	genSets[key] = ps
	return ps
}

// benchClassicSame counts the givens of ps (variant puzzles) as classic
// sudokus with square boxes, by sudoku.Count: the classic engine's time
// on the same givens. Givens that clash in boxes are skipped.
func benchClassicSame(b *testing.B, ps []*Puzzle) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := context.Background()
	var gs []*sudoku.Grid
	for _, p := range ps {
		g, err := sudoku.FromValues(3, p.Givens)
		if err == nil && g.Check() == nil {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		b.Skip("no puzzle is a valid classic one")
	}
	times := make([]time.Duration, 0, 1024)
	k := 0
	for b.Loop() {
		t0 := threadCPU()
		_, err := sudoku.Count(ctx, gs[k%len(gs)], 2, sudoku.Options{CountOnly: true})
		times = append(times, threadCPU()-t0)
		k++
		if err != nil {
			b.Fatal(err)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-cpu-ns/op")
}

// The 9x9 variants against the classic engine on the same givens (target:
// within 2x). The classic count of those givens may find two solutions
// early, as the variant rules are what make them unique.
func BenchmarkX(b *testing.B)              { benchCount(b, genSet(b, "x", 9, 50)) }
func BenchmarkXClassic(b *testing.B)       { benchClassicSame(b, genSet(b, "x", 9, 50)) }
func BenchmarkWindoku(b *testing.B)        { benchCount(b, genSet(b, "windoku", 9, 50)) }
func BenchmarkWindokuClassic(b *testing.B) { benchClassicSame(b, genSet(b, "windoku", 9, 50)) }
func BenchmarkJigsaw(b *testing.B)         { benchCount(b, genSet(b, "jigsaw", 9, 50)) }
func BenchmarkJigsawClassic(b *testing.B)  { benchClassicSame(b, genSet(b, "jigsaw", 9, 50)) }

// Sides with rectangular boxes against the square ones (target: 6x6 and
// 12x12 at least as fast per cell as 4x4 and 16x16; divide by 36, 16, 144
// and 256). 4x4 and 16x16 take the classic path.
func BenchmarkSide4(b *testing.B)  { benchCount(b, genSet(b, "", 4, 50)) }
func BenchmarkSide6(b *testing.B)  { benchCount(b, genSet(b, "", 6, 50)) }
func BenchmarkSide12(b *testing.B) { benchCount(b, genSet(b, "", 12, 20)) }
func BenchmarkSide16(b *testing.B) { benchCount(b, genSet(b, "", 16, 10)) }

// The same with one Solver per side (and for X and windoku): no compile
// per puzzle.
func BenchmarkSide4Solver(b *testing.B)   { benchSolver(b, genSet(b, "", 4, 50)) }
func BenchmarkSide6Solver(b *testing.B)   { benchSolver(b, genSet(b, "", 6, 50)) }
func BenchmarkSide12Solver(b *testing.B)  { benchSolver(b, genSet(b, "", 12, 20)) }
func BenchmarkSide16Solver(b *testing.B)  { benchSolver(b, genSet(b, "", 16, 10)) }
func BenchmarkXSolver(b *testing.B)       { benchSolver(b, genSet(b, "x", 9, 50)) }
func BenchmarkWindokuSolver(b *testing.B) { benchSolver(b, genSet(b, "windoku", 9, 50)) }
