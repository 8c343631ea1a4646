package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSolverReuse counts puzzles with one Solver per rule set, each with
// several sets of givens in turn (some breaking a rule), and compares with
// Count on each puzzle alone.
func TestSolverReuse(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{4, 6, 9} {
		rng := rand.New(rand.NewPCG(uint64(n), 23))
		for try := 0; try < 20; try++ {
			p, ok := randomPuzzle(rng, n, 0.5)
			if !ok {
				continue
			}
			s, err := NewSolver(p)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k < 4; k++ {
				q := p.Clone()
				for i := range q.Givens {
					switch {
					case k == 3 && rng.IntN(10) == 0:
						q.Givens[i] = 1 + rng.IntN(n) // often a clash
					case rng.IntN(3) == 0:
						q.Givens[i] = 0
					}
				}
				opt := Options{MaxNodes: 2000}
				want, err1 := Count(ctx, q, 2, opt)
				got, err2 := s.Count(ctx, q.Givens, 2, opt)
				if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
					t.Fatalf("%dx%d %v givens %v: Count error %v, Solver.Count error %v", n, n, p.Rules, q.Givens, err1, err2)
				}
				if got.Count != want.Count || got.Guesses != want.Guesses || !slices.Equal(got.Solution, want.Solution) {
					t.Fatalf("%dx%d %v givens %v: Solver.Count %+v, Count %+v", n, n, p.Rules, q.Givens, got, want)
				}
			}
		}
	}
}

func TestSolverErrors(t *testing.T) {
	p := New(4)
	p.Rules = []Rule{Cage{Cells: []Cell{{1, 1}, {2, 1}}, Sum: 50}}
	var re *RuleError
	if _, err := NewSolver(p); !errors.As(err, &re) || re.Rule != 0 {
		t.Errorf("NewSolver of a cage summing to 50: %v, want the rule's error", err)
	}
	p.Rules = nil
	p.Givens[0] = 9 // NewSolver does not look at the givens
	s, err := NewSolver(p)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, givens := range [][]int{make([]int, 15), append(make([]int, 15), 5), append(make([]int, 15), -1)} {
		if _, err := s.Count(ctx, givens, 1, Options{}); !errors.As(err, &re) || re.Rule != -1 {
			t.Errorf("givens %v: %v, want a RuleError on the givens", givens, err)
		}
	}
	if res, err := s.Count(ctx, nil, 2, Options{}); err != nil || res.Count != 2 {
		t.Errorf("no givens: %d solutions, %v; want 2 (the limit)", res.Count, err)
	}
}
