package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// allDiffPuzzle makes a puzzle of side n whose rules are all-different
// groups only, with givens from a random solution at density.
func allDiffPuzzle(rng *rand.Rand, n int, density float64) (*Puzzle, bool) {
	p := &Puzzle{Size: n, Regions: randomLayout(rng, n)}
	for _, r := range []Rule{Diagonal{}, Diagonal{Positive: true}, AntiKnight{}, AntiKing{}, Windoku{}, Disjoint{}} {
		if rng.IntN(4) == 0 {
			q := *p
			q.Rules = []Rule{r}
			if r.validate(&q) == nil {
				p.Rules = append(p.Rules, r)
			}
		}
	}
	sol := randomSolution(context.Background(), compile(p), make([]int, n*n), rng, 20000)
	if sol == nil {
		return nil, false
	}
	used := map[int]bool{}
	for range rng.IntN(3) {
		// A cage with no sum or an extra region that the solution keeps.
		path := randomPath(rng, n, 2+rng.IntN(n-1), false, used)
		seen := map[int]bool{}
		var keep []int
		for _, c := range path {
			if seen[sol[c]] {
				break
			}
			seen[sol[c]] = true
			keep = append(keep, c)
		}
		if len(keep) < 2 {
			continue
		}
		if rng.IntN(2) == 0 {
			for _, c := range keep {
				used[c] = true
			}
			p.Rules = append(p.Rules, Cage{Cells: cellsOf(keep, n)})
		} else {
			p.Rules = append(p.Rules, ExtraRegion{Cells: cellsOf(keep, n)})
		}
	}
	p.Givens = make([]int, n*n)
	for i := range p.Givens {
		if rng.Float64() < density {
			p.Givens[i] = sol[i]
		}
	}
	return p, p.Validate() == nil
}

// TestAllDiffEngine compares the all-different engine with the general one
// (and with the reference solver on small grids): counts to 3 and first
// solutions, on random puzzles of every side it takes.
func TestAllDiffEngine(t *testing.T) {
	ctx := context.Background()
	for n := 4; n <= maxFastSide; n++ {
		rng := rand.New(rand.NewPCG(uint64(n), 19))
		compared := 0
		for try := 0; try < 40; try++ {
			density := 0.2 + 0.5*rng.Float64()
			if n == 4 {
				density = 0.1
			}
			p, ok := allDiffPuzzle(rng, n, density)
			if !ok {
				continue
			}
			fast := compile(p)
			if fast.fast == nil {
				t.Fatalf("%dx%d %v: not on the all-different engine", n, n, p.Rules)
			}
			opt := Options{MaxNodes: 100000}
			got, err1 := newSearch(fast, p.Givens, 3, opt).run(ctx)
			want, err2 := newSearch(link(build(p, false)), p.Givens, 3, opt).run(ctx)
			if err1 != nil || err2 != nil {
				if err1 == nil || err2 == nil {
					t.Fatalf("%dx%d %v: errors %v and %v", n, n, p.Rules, err1, err2)
				}
				continue
			}
			compared++
			if got.Count != want.Count || !slices.Equal(got.Solution, want.Solution) || got.Guesses != want.Guesses {
				t.Fatalf("%dx%d rules %v regions %v givens %v: all-different engine %d solutions (%d guesses) %v, general %d (%d) %v",
					n, n, p.Rules, p.Regions, p.Givens, got.Count, got.Guesses, got.Solution, want.Count, want.Guesses, want.Solution)
			}
			if n <= 6 {
				if ref, _, done := refCount(p, 3, nil, 200000); done && ref != got.Count {
					t.Fatalf("%dx%d %v givens %v: engine %d solutions, reference %d", n, n, p.Rules, p.Givens, got.Count, ref)
				}
			}
		}
		if compared < 10 {
			t.Errorf("%dx%d: only %d puzzles compared", n, n, compared)
		}
	}
}

// TestAllDiffPointing compares counts (a Solver: the all-different engine
// with pointing and weighted branching) with the general engine's, and
// with the reference solver on small grids: counts to 3, and the solution
// when it is the only one (the search trees differ, so a first solution
// of several may too).
func TestAllDiffPointing(t *testing.T) {
	ctx := context.Background()
	for n := 4; n <= maxFastSide; n++ {
		rng := rand.New(rand.NewPCG(uint64(n), 23))
		compared, pruned := 0, 0
		for try := 0; try < 40; try++ {
			density := 0.15 + 0.5*rng.Float64()
			if n == 4 {
				density = 0.1
			}
			p, ok := allDiffPuzzle(rng, n, density)
			if !ok {
				continue
			}
			s, err := NewSolver(p)
			if err != nil {
				t.Fatal(err)
			}
			if s.g {
				continue // a classic sudoku: the classic engines
			}
			opt := Options{MaxNodes: 100000}
			got, err1 := s.Count(ctx, p.Givens, 3, opt)
			if _, ok := err1.(*CheckError); ok {
				continue
			}
			if s.e.fast == nil {
				t.Fatalf("%dx%d %v: not on the all-different engine", n, n, p.Rules)
			}
			want, err2 := newSearch(link(build(p, false)), p.Givens, 3, opt).run(ctx)
			if err1 != nil || err2 != nil {
				if err1 == nil || err2 == nil {
					t.Fatalf("%dx%d %v: errors %v and %v", n, n, p.Rules, err1, err2)
				}
				continue
			}
			compared++
			if got.Guesses < want.Guesses {
				pruned++
			}
			if got.Count != want.Count || got.Count == 1 && !slices.Equal(got.Solution, want.Solution) {
				t.Fatalf("%dx%d rules %v regions %v givens %v: pointing %d solutions %v, general engine %d %v",
					n, n, p.Rules, p.Regions, p.Givens, got.Count, got.Solution, want.Count, want.Solution)
			}
			if n <= 6 {
				if ref, _, done := refCount(p, 3, nil, 200000); done && ref != got.Count {
					t.Fatalf("%dx%d %v givens %v: engine %d solutions, reference %d", n, n, p.Rules, p.Givens, got.Count, ref)
				}
			}
		}
		if compared < 10 {
			t.Errorf("%dx%d: only %d puzzles compared", n, n, compared)
		}
		t.Logf("%dx%d: %d compared, %d with fewer guesses than the general engine", n, n, compared, pruned)
	}
}

// TestPointing: 1 left to r1c1 and r1c9 of an X sudoku leaves the cells
// that see both (r5c5 by the two diagonals, r9c1 and r9c9 by a diagonal
// and a column), which locked candidates cannot find.
func TestPointing(t *testing.T) {
	e := compile(&Puzzle{Size: 9, Regions: Boxes(9, 3, 3), Rules: []Rule{Diagonal{}, Diagonal{Positive: true}}})
	if e.fast == nil {
		t.Fatal("not on the all-different engine")
	}
	for _, strong := range []bool{false, true} {
		f := newFastRun(e.fast)
		st := f.states[0]
		f.init(st)
		f.strong = strong
		for c := 1; c <= 7; c++ {
			if !f.remove(st, c, 1) {
				t.Fatal("contradiction")
			}
		}
		if !f.propagate(st) {
			t.Fatal("contradiction")
		}
		for _, c := range []int{40, 72, 80} {
			if lost := st.cand[c]&1 == 0; lost != strong {
				t.Errorf("pointing %v: %s lost 1: %v", strong, CellName(c, 9), lost)
			}
		}
	}
}

// TestCageMatch: in a cage r1c1-r1c2 of sum 10 with r1c1 in {1, 3} and
// r1c2 in {1, 7, 9}, r1c2 cannot be 1 (r1c1 would be 9): counts (strong)
// remove it, the generators' searches keep it (each value is in a
// combination that meets both cells).
func TestCageMatch(t *testing.T) {
	p := &Puzzle{Size: 9, Rules: []Rule{Cage{Cells: []Cell{{1, 1}, {1, 2}}, Sum: 10}}}
	e := link(build(p, false))
	for _, strong := range []bool{false, true} {
		s := newState(e)
		s.strong = strong
		s.cand = make([]uint64, e.cells)
		for i := range s.cand {
			s.cand[i] = e.all
		}
		s.cand[0], s.cand[1] = 1<<0|1<<2, 1<<0|1<<6|1<<8
		if !e.props[0].propagate(s) {
			t.Fatal("contradiction")
		}
		want := uint64(1<<0 | 1<<6 | 1<<8)
		if strong {
			want = 1<<6 | 1<<8
		}
		if s.cand[0] != 1<<0|1<<2 || s.cand[1] != want {
			t.Errorf("strong %v: r1c1 %09b r1c2 %09b, want r1c2 %09b", strong, s.cand[0], s.cand[1], want)
		}
	}
}
