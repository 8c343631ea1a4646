package variant

import "math/rand/v2"

// The reference solver: brute force over the rules' definitions. It fills
// the cells in reading order and keeps a value only if Check (the rules'
// check methods, not the engine's propagation) finds nothing wrong with
// the cells filled so far. Slow and obviously correct, it is what the
// engine is cross-checked against.

// refOK reports whether the partial grid v breaks no rule of p.
func refOK(p *Puzzle, v []int) bool {
	ck := checker{p: p, n: p.Size, v: v, stop: true}
	ck.run()
	return len(ck.out) == 0
}

// refCount counts the solutions of p up to limit, trying values in the
// order rng shuffles them (in order if rng is nil), and stops after
// maxNodes values tried (returning ok false). It returns the first
// solution found.
func refCount(p *Puzzle, limit int, rng *rand.Rand, maxNodes int) (count int, first []int, ok bool) {
	n := p.Size
	v := append([]int(nil), givensOf(p)...)
	if !refOK(p, v) {
		return 0, nil, true
	}
	nodes := 0
	order := make([]int, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		for i < n*n && v[i] != 0 {
			i++
		}
		if i == n*n {
			count++
			if count == 1 {
				first = append([]int(nil), v...)
			}
			return count < limit
		}
		vals := make([]int, n)
		for k := range vals {
			vals[k] = k + 1
		}
		if rng != nil {
			rng.Shuffle(n, func(a, b int) { vals[a], vals[b] = vals[b], vals[a] })
		}
		copy(order, vals)
		for _, x := range vals {
			nodes++
			if maxNodes > 0 && nodes > maxNodes {
				v[i] = 0
				return false
			}
			v[i] = x
			if refOK(p, v) && !rec(i+1) {
				v[i] = 0
				return false
			}
		}
		v[i] = 0
		return true
	}
	rec(0)
	return count, first, maxNodes == 0 || nodes <= maxNodes
}
