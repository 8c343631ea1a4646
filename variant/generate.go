package variant

import (
	"context"
	"math/bits"
	"math/rand/v2"
)

// randomSolution fills p's grid (ignoring givens) with a random solution
// of its rules: the search tries values in random order. It returns nil if
// there is none or the search hit maxNodes.
func randomSolution(ctx context.Context, e *engine, givens []int, rng *rand.Rand, maxNodes int64) []int {
	sr := newSearch(e, givens, 1, Options{MaxNodes: maxNodes})
	sr.rng = rng
	res, err := sr.run(ctx)
	if err != nil || res.Count == 0 {
		return nil
	}
	return res.Solution
}

// pick returns a random value of m (a candidate set) as a one-bit mask.
func pick(rng *rand.Rand, m uint64) uint64 {
	k := rng.IntN(bits.OnesCount64(m))
	for ; k > 0; k-- {
		m &= m - 1
	}
	return m & -m
}

// growCages partitions the cells into cages of different values of sol,
// grown from random cells to random sizes up to maxSize; cells listed in
// only (nil: all) are partitioned, the others keep their cage in cageOf.
func growCages(rng *rand.Rand, n int, sol []int, cageOf []int, cells []int, maxSize int, next int) int {
	for _, c := range cells {
		cageOf[c] = -1
	}
	order := append([]int(nil), cells...)
	rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	var members []int
	var frontier []int
	for _, start := range order {
		if cageOf[start] >= 0 {
			continue
		}
		target := cageSize(rng, maxSize)
		id := next
		next++
		cageOf[start] = id
		members = append(members[:0], start)
		used := uint64(1) << (sol[start] - 1)
		for len(members) < target {
			frontier = frontier[:0]
			for _, m := range members {
				for _, j := range orthogonal(m, n) {
					if j >= 0 && cageOf[j] == -1 && used&(1<<(sol[j]-1)) == 0 && inList(cells, j) {
						frontier = append(frontier, j)
					}
				}
			}
			if len(frontier) == 0 {
				break
			}
			j := frontier[rng.IntN(len(frontier))]
			cageOf[j] = id
			used |= 1 << (sol[j] - 1)
			members = append(members, j)
		}
	}
	return next
}

func inList(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// cageSize draws a cage size: mostly 2 to 4 cells.
func cageSize(rng *rand.Rand, maxSize int) int {
	sizes := [...]int{2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6}
	return min(sizes[rng.IntN(len(sizes))], maxSize)
}

// cagesOf turns a cage map into Cage rules with the sums of sol.
func cagesOf(n int, sol, cageOf []int) []Rule {
	byID := map[int][]int{}
	var ids []int
	for i, id := range cageOf {
		if _, ok := byID[id]; !ok {
			ids = append(ids, id)
		}
		byID[id] = append(byID[id], i)
	}
	rules := make([]Rule, 0, len(ids))
	for _, id := range ids {
		cells := byID[id]
		sum := 0
		for _, c := range cells {
			sum += sol[c]
		}
		rules = append(rules, Cage{Cells: cellsAt(cells, n), Sum: sum})
	}
	return rules
}

func cellsAt(ix []int, n int) []Cell {
	cs := make([]Cell, len(ix))
	for k, i := range ix {
		cs[k] = CellAt(i, n)
	}
	return cs
}

// killer makes the cages of a killer puzzle over p's layout and rules
// from the random solution sol: cages are grown at random, then the cages
// holding cells where a second solution differs are regrown smaller until
// the puzzle is unique. It returns the puzzle's rules (p's plus the cages)
// or nil if ctx ended or it gave up.
func killer(ctx context.Context, p *Puzzle, sol []int, rng *rand.Rand, maxSize int) ([]Rule, error) {
	n := p.Size
	cageOf := make([]int, n*n)
	all := make([]int, n*n)
	for i := range all {
		all[i] = i
	}
	next := growCages(rng, n, sol, cageOf, all, maxSize, 0)
	for round := 0; ; round++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q := &Puzzle{Size: n, Regions: p.Regions, Rules: append(append([]Rule(nil), p.Rules...), cagesOf(n, sol, cageOf)...)}
		sr := newSearch(compile(q), make([]int, n*n), 2, Options{})
		sr.keep2 = true
		res, err := sr.run(ctx)
		if err != nil {
			return nil, err
		}
		if res.Count == 1 {
			return q.Rules, nil
		}
		// Regrow, smaller, the cages where two solutions differ.
		seen := map[int]bool{}
		for i := range sol {
			if sr.sol[i] != sr.sol2[i] {
				seen[cageOf[i]] = true
			}
		}
		var redo []int
		for i := range sol {
			if seen[cageOf[i]] {
				redo = append(redo, i)
			}
		}
		if len(redo) == 0 {
			return nil, nil
		}
		next = growCages(rng, n, sol, cageOf, redo, max(1, maxSize-1-round/4), next)
	}
}
