package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

func genKiller(t testing.TB, rng *rand.Rand, n int) *Puzzle {
	p := New(n)
	e := compile(p)
	sol := randomSolution(context.Background(), e, make([]int, n*n), rng, 0)
	if sol == nil {
		t.Fatal("no random solution")
	}
	rules, err := killer(context.Background(), p, sol, rng, n)
	if err != nil || rules == nil {
		t.Fatal("killer:", err)
	}
	p.Rules = rules
	return p
}

// TestKillerReference: generated killers of 4x4 and 6x6 (no givens) are
// unique by the reference solver too, with the same solution.
func TestKillerReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 6))
	for _, n := range []int{4, 6} {
		for range 15 {
			p := genKiller(t, rng, n)
			r, err := Count(context.Background(), p, 2, Options{})
			if err != nil || r.Count != 1 {
				t.Fatalf("%v: engine count %d, %v", p.Rules, r.Count, err)
			}
			c, sol, _ := refCount(p, 2, nil, 0)
			if c != 1 || !slices.Equal(sol, r.Solution) {
				t.Fatalf("%dx%d %v: reference count %d", n, n, p.Rules, c)
			}
		}
	}
}
