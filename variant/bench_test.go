package variant

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
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

// BenchmarkKiller: 9x9 killers with no givens proved unique.
func BenchmarkKiller(b *testing.B) { benchCount(b, killerBench(b)) }

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
