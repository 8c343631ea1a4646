package generate

import (
	"fmt"

	"github.com/gosudoku/sudoku"
)

// Fitting a mask is a local search over complete grids. The cost of a grid
// is the number of solutions (up to maskCap) of its values at the mask's
// cells; the search is done at cost 1. A move changes the grid so that it
// stays valid: it swaps two rows of a band, two columns of a stack, two
// bands, two stacks, or the values a and b in one connected part of the
// cells holding a or b. Moves that do not raise the cost are kept; after
// maskPatience grids without progress the search starts again from a new
// random grid. Options.Attempts bounds the grids tried.
const (
	maskCap      = 50
	maskPatience = 200
)

// fitMask makes puzzle k of a Mask.
func (w *worker) fitMask(k uint64) (*Puzzle, error) {
	pz := &Puzzle{Index: k, Masked: true, TargetMet: true}
	g := make([]uint8, w.geo.NumCells)
	p, _ := sudoku.New(w.opt.Order)
	cost := func(vals []uint8) (int, error) {
		for i, v := range vals {
			if w.opt.Mask.on[i] {
				p.SetCell(i, int(v))
			} else {
				p.SetCell(i, 0)
			}
		}
		pz.Attempts++
		n, limited, err := w.count(p, maskCap, nil, pz)
		if limited {
			n = maskCap + 1
		}
		return n, err
	}
	best, stale := 0, 0
	for pz.Attempts < w.opt.Attempts {
		if best == 0 || stale >= maskPatience {
			if err := w.f.fill(w.sol); err != nil {
				return nil, err
			}
			c, err := w.costOrDone(cost, w.sol, pz)
			if err != nil {
				return nil, err
			}
			if pz.Grid != nil {
				return pz, w.verify(pz)
			}
			best, stale = c, 0
			continue
		}
		copy(g, w.sol)
		w.move(g)
		c, err := w.costOrDone(cost, g, pz)
		if err != nil {
			return nil, err
		}
		if pz.Grid != nil {
			return pz, w.verify(pz)
		}
		stale++
		if c < best {
			stale = 0
		}
		if c <= best {
			best = c
			copy(w.sol, g)
		}
	}
	return nil, fmt.Errorf("generate: puzzle %d: %w: no grid in %d tries fits the mask uniquely", k, ErrNotFound, w.opt.Attempts)
}

// costOrDone returns the cost of vals, and fills in pz when it is 1.
func (w *worker) costOrDone(cost func([]uint8) (int, error), vals []uint8, pz *Puzzle) (int, error) {
	c, err := cost(vals)
	if err != nil || c != 1 {
		return c, err
	}
	// The puzzle has exactly one solution (the count finished below its
	// cap): vals.
	pz.Solution = gridOf(w.opt.Order, vals)
	pz.Grid = pz.Solution.Clone()
	for i := range vals {
		if !w.opt.Mask.on[i] {
			pz.Grid.SetCell(i, 0)
		}
	}
	pz.Clues = pz.Grid.Givens()
	return c, nil
}

// move changes the valid grid g at random into another valid grid.
func (w *worker) move(g []uint8) {
	r, n, side := w.f.r, w.geo.Order, w.geo.Side
	swapRows := func(a, b int) {
		for c := range side {
			g[a*side+c], g[b*side+c] = g[b*side+c], g[a*side+c]
		}
	}
	swapCols := func(a, b int) {
		for x := range side {
			g[x*side+a], g[x*side+b] = g[x*side+b], g[x*side+a]
		}
	}
	two := func(m int) (int, int) {
		a := r.intn(m)
		b := r.intn(m - 1)
		if b >= a {
			b++
		}
		return a, b
	}
	switch r.intn(6) {
	case 0:
		band := r.intn(n)
		a, b := two(n)
		swapRows(band*n+a, band*n+b)
	case 1:
		stack := r.intn(n)
		a, b := two(n)
		swapCols(stack*n+a, stack*n+b)
	case 2:
		a, b := two(n)
		for i := range n {
			swapRows(a*n+i, b*n+i)
		}
	case 3:
		a, b := two(n)
		for i := range n {
			swapCols(a*n+i, b*n+i)
		}
	default:
		w.swapChain(g)
	}
}

// swapChain swaps two values a and b in a connected part of the cells
// holding them, where a cell links to the cells holding the other value in
// its units: every unit keeps one a and one b.
func (w *worker) swapChain(g []uint8) {
	r := w.f.r
	start := r.intn(len(g))
	a := g[start]
	b := uint8(r.intn(w.geo.Side-1) + 1)
	if b >= a {
		b++
	}
	in := make([]bool, len(g))
	queue := []int{start}
	in[start] = true
	for k := 0; k < len(queue); k++ {
		i := queue[k]
		other := a
		if g[i] == a {
			other = b
		}
		for _, j := range w.geo.Peers[i] {
			if g[j] == other && !in[j] {
				in[j] = true
				queue = append(queue, j)
			}
		}
	}
	for _, i := range queue {
		if g[i] == a {
			g[i] = b
		} else {
			g[i] = a
		}
	}
}
