package variant

import (
	"context"
	"math/rand/v2"
	"testing"
)

// evenCorners is a rule for this test only: the four corners sum to an
// even number. It has no propagator of its own, only the fallback
// b.whenFull, as a new kind may start.
type evenCorners struct{}

func (evenCorners) Kind() string           { return "evencorners" }
func (evenCorners) String() string         { return "even corners" }
func (evenCorners) validate(*Puzzle) error { return nil }
func (evenCorners) corners(n int) []int    { return []int{0, n - 1, n*n - n, n*n - 1} }
func (r evenCorners) check(ck *checker) {
	cells := r.corners(ck.n)
	if ck.full(cells) {
		if text, s := ck.sumText(cells); s%2 != 0 {
			ck.add(cells, "corners hold %s = %d, odd", text, s)
		}
	}
}
func (r evenCorners) compile(b *builder) {
	b.whenFull(r.corners(b.n), func(v []int) bool {
		s := 0
		for _, c := range r.corners(b.n) {
			s += v[c]
		}
		return s%2 == 0
	})
}

// TestWhenFull: a rule with only the fallback counts as the reference does.
func TestWhenFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	for range 40 {
		p := New(4)
		for i := range p.Givens {
			if rng.IntN(5) == 0 {
				p.Givens[i] = 1 + rng.IntN(4)
			}
		}
		if refOK(p, p.Givens) == false {
			continue
		}
		p.Rules = []Rule{evenCorners{}}
		want, _, _ := refCount(p, 1000, nil, 0)
		got, err := Count(context.Background(), p, 1000, Options{})
		if err != nil || got.Count != want {
			t.Fatalf("givens %v: engine %d (%v), reference %d", p.Givens, got.Count, err, want)
		}
	}
}
