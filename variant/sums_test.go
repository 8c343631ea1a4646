package variant

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// strongState returns a state of p's engine compiled for counts (the
// stronger reasoning on), its candidates the domains with givens placed.
func strongState(t *testing.T, p *Puzzle) *state {
	t.Helper()
	e := link(build(p, true))
	s := newState(e)
	s.strong = true
	s.cand = append([]uint64(nil), e.dom...)
	for i, v := range givensOf(p) {
		if v != 0 {
			s.cand[i] &= 1 << (v - 1)
		}
	}
	s.wakeAll()
	for k := range e.props {
		s.inpq[k] = true
		s.pq = append(s.pq, int32(k))
	}
	return s
}

// TestSumPropBrute compares sumProp with every assignment of random small
// sums Σ pos − Σ neg = target over random candidates and exclusion
// groups: no value that some assignment uses leaves a cell, and with
// three open cells or fewer every value that none uses does.
func TestSumPropBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	for trial := range 1500 {
		n := 4 + rng.IntN(6)
		k := 1 + rng.IntN(5)
		neg := rng.IntN(k + 1)
		p := &sumProp{cells: make([]int32, k), neg: neg, group: make([]uint8, k), n: n}
		for i := range k {
			p.cells[i] = int32(i)
			// Groups of one sign: a group number per sign.
			g := rng.IntN(3)
			if i >= neg {
				g += 3
			}
			p.group[i] = uint8(g)
		}
		// Renumber groups from 0.
		var ids [6]int
		for i := range ids {
			ids[i] = -1
		}
		for i, g := range p.group {
			if ids[g] < 0 {
				ids[g] = p.ngroup
				p.ngroup++
			}
			p.group[i] = uint8(ids[g])
		}
		cand := make([]uint64, k)
		open := 0
		for i := range cand {
			if rng.IntN(4) == 0 {
				cand[i] = 1 << rng.IntN(n)
			} else {
				cand[i] = rng.Uint64() & rangeMask(1, n)
				if cand[i] == 0 {
					cand[i] = 1
				}
			}
			if cand[i]&(cand[i]-1) != 0 {
				open++
			}
		}
		// A target some assignment of all of 1..n reaches.
		vals := make([]int, k)
		for i := range vals {
			vals[i] = 1 + rng.IntN(n)
		}
		for i, v := range vals {
			if i < neg {
				p.target += v
			} else {
				p.target -= v
			}
		}
		// Supports by brute force.
		sup := make([]uint64, k)
		any := false
		var rec func(i, sum int)
		rec = func(i, sum int) {
			if i == k {
				if sum == p.target {
					any = true
					for j, v := range vals {
						sup[j] |= 1 << (v - 1)
					}
				}
				return
			}
			for x := cand[i]; x != 0; x &= x - 1 {
				v := bits.TrailingZeros64(x) + 1
				clash := false
				for j := range i {
					if p.group[j] == p.group[i] && vals[j] == v {
						clash = true
					}
				}
				if clash {
					continue
				}
				vals[i] = v
				if i < neg {
					rec(i+1, sum+v)
				} else {
					rec(i+1, sum-v)
				}
			}
		}
		rec(0, 0)
		s := &state{e: &engine{cells: k}, cand: append([]uint64(nil), cand...), inq: make([]bool, k), strong: true}
		ok := p.propagate(s)
		if !ok {
			if any {
				t.Fatalf("trial %d: %+v on %v: contradiction, but supports %v", trial, p, cand, sup)
			}
			continue
		}
		for i := range k {
			if sup[i]&^s.cand[i] != 0 {
				t.Fatalf("trial %d: %+v on %v: cell %d lost %b (left %b, supports %b)", trial, p, cand, i, sup[i]&^s.cand[i], s.cand[i], sup[i])
			}
			if open <= 3 && s.cand[i] != sup[i] && cand[i]&(cand[i]-1) != 0 {
				t.Fatalf("trial %d: %+v on %v: cell %d kept %b, supports %b (exact with %d open)", trial, p, cand, i, s.cand[i], sup[i], open)
			}
		}
	}
}

// randomCages cuts a random share of the grid into cages of 1-8 cells
// of sol (growing each from a random free cell to free neighbours) with
// their sums.
func randomCages(rng *rand.Rand, n int, sol []int, share float64) []Rule {
	used := make([]bool, n*n)
	var rules []Rule
	order := rng.Perm(n * n)
	for _, start := range order {
		if used[start] || rng.Float64() > share {
			continue
		}
		size := 1 + rng.IntN(min(8, n))
		cells := []int{start}
		used[start] = true
		vals := uint64(1) << (sol[start] - 1)
		for len(cells) < size {
			c := cells[rng.IntN(len(cells))]
			nb := orthogonal(c, n)
			x := nb[rng.IntN(4)]
			if x < 0 || used[x] || vals&(1<<(sol[x]-1)) != 0 {
				if rng.IntN(8) == 0 {
					break
				}
				continue
			}
			used[x] = true
			vals |= 1 << (sol[x] - 1)
			cells = append(cells, x)
		}
		sum := 0
		for _, c := range cells {
			sum += sol[c]
		}
		rules = append(rules, Cage{Cells: cellsOf(cells, n), Sum: sum})
	}
	return rules
}

// TestStrongSumsSound: on random killers (boxes, jigsaws, cages over
// part of the grid or all of it) with random givens from the solution,
// the counts' reasoning (the 45 rule over unions of units, mixed innie
// and outie sums, sumProp) never removes the solution's value from a cell.
func TestStrongSumsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	ctx := context.Background()
	ran := 0
	defer func() {
		if ran < 100 {
			t.Errorf("%d puzzles tried, want 100 or more", ran)
		}
	}()
	for trial := range 150 {
		n := []int{4, 6, 9, 9, 9}[rng.IntN(5)]
		p := New(n)
		if rng.IntN(3) == 0 {
			p.Regions = randomJigsaw(rng, n)
		}
		// Some random jigsaws have no solution, or one hard to find.
		sol := randomSolution(ctx, compile(p), make([]int, n*n), rng, 20000)
		if sol == nil {
			continue
		}
		ran++
		p.Rules = randomCages(rng, n, sol, []float64{0.5, 0.9, 1}[rng.IntN(3)])
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		for range 4 {
			p.Givens = make([]int, n*n)
			share := rng.Float64() * 0.5
			for i, v := range sol {
				if rng.Float64() < share {
					p.Givens[i] = v
				}
			}
			s := strongState(t, p)
			if !s.propagate() {
				t.Fatalf("trial %d: %v with givens %v: contradiction", trial, p.Rules, p.Givens)
			}
			for i, v := range sol {
				if s.cand[i]&(1<<(v-1)) == 0 {
					t.Fatalf("trial %d: %v with givens %v: %s lost its value %d", trial, p.Rules, p.Givens, CellName(i, n), v)
				}
			}
		}
	}
}

// TestMixedSumFires: row 1 holds cage A (r1c1-r1c4, 10) and cage B, which
// sticks out of it by r2c8 (r1c5-r1c8 and r2c8, 30); r1c9 is in no cage.
// The row's 45 less A and B's sums leaves r2c8 − r1c9 = −5: the counts'
// engine holds that sum, which alone places 2 in r2c8 once r1c9 holds 7,
// and the whole engine then agrees.
func TestMixedSumFires(t *testing.T) {
	p := New(9)
	p.Rules = []Rule{
		Cage{Cells: []Cell{{1, 1}, {1, 2}, {1, 3}, {1, 4}}, Sum: 10},
		Cage{Cells: []Cell{{1, 5}, {1, 6}, {1, 7}, {1, 8}, {2, 8}}, Sum: 30},
	}
	r1c9, r2c8 := Cell{1, 9}.Index(9), Cell{2, 8}.Index(9)
	s := strongState(t, p)
	var mixed *sumProp
	for _, pr := range s.e.props {
		if sp, ok := pr.(*sumProp); ok && sp.target == -5 && sp.neg == 1 &&
			len(sp.cells) == 2 && sp.cells[0] == int32(r2c8) && sp.cells[1] == int32(r1c9) {
			mixed = sp
		}
	}
	if mixed == nil {
		t.Fatal("no sum r2c8 − r1c9 = −5")
	}
	for i := range s.cand {
		s.cand[i] = rangeMask(1, 9)
	}
	s.cand[r1c9] = 1 << 6
	if !mixed.propagate(s) || s.cand[r2c8] != 1<<1 {
		t.Errorf("r2c8 candidates %b, want 2 alone", s.cand[r2c8])
	}
	p.Givens = make([]int, 81)
	p.Givens[r1c9] = 7
	s = strongState(t, p)
	if !s.propagate() || s.cand[r2c8] != 1<<1 {
		t.Errorf("whole engine: r2c8 candidates %b, want 2 alone", s.cand[r2c8])
	}
}
