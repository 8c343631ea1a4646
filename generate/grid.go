package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// geometry is the shared shape of one order (units, units of a cell,
// peers) with every value of a cell as a candidate set.
type geometry struct {
	*units.Geometry
	full units.Set
}

func newGeometry(n int) *geometry {
	return &geometry{Geometry: units.Of(n), full: units.Full(n * n)}
}

// fstate is one node of the filler's search.
type fstate struct {
	cand []units.Set // candidates of each blank cell; empty once filled
	val  []uint8
	left int // blank cells
}

func (s *fstate) copyFrom(t *fstate) {
	copy(s.cand, t.cand)
	copy(s.val, t.val)
	s.left = t.left
}

// filler fills grids at random: a depth-first search with naked and hidden
// singles, the cell with fewest candidates first (ties broken at random),
// values in random order, and restarts with a growing budget of guesses.
type filler struct {
	*geometry
	ctx         context.Context
	r           *rng
	stack       []*fstate
	queue       []int
	guesses     int64 // guesses in this run
	budget      int64 // guesses allowed in this run
	total       int64 // guesses over all runs
	solvedDepth int   // where the last solution sits on the stack
	err         error
}

// errBudget stops one run of the filler; it never leaves the package.
var errBudget = errors.New("guess budget spent")

func (f *filler) state(depth int) *fstate {
	for len(f.stack) <= depth {
		f.stack = append(f.stack, &fstate{cand: make([]units.Set, f.NumCells), val: make([]uint8, f.NumCells)})
	}
	return f.stack[depth]
}

// fill writes a random complete grid into out (NumCells long).
func (f *filler) fill(out []uint8) error {
	if f.Order >= largeOrder {
		return f.fillLarge(out)
	}
	budget := int64(4 * f.NumCells)
	for {
		st := f.state(0)
		for i := range st.cand {
			st.cand[i] = f.full
			st.val[i] = 0
		}
		st.left = f.NumCells
		f.guesses, f.budget, f.err = 0, budget, nil
		// The boxes on the diagonal share no unit: fill each with a
		// random permutation first, which saves most of the search.
		ok := f.diagonal(st) && f.search(0)
		f.total += f.guesses
		if ok {
			copy(out, f.stack[f.solvedDepth].val)
			return nil
		}
		switch f.err {
		case nil:
			// The diagonal boxes may admit no grid (in 4x4): try others.
		case errBudget:
			budget += budget / 2
		default:
			return f.err
		}
	}
}

// largeOrder is the first order whose grids fillLarge makes: there the
// filler's own search, without the engine's branching heuristics, meets
// dead ends it takes too long to leave.
const largeOrder = 6

// fillLarge writes a random complete grid of a large order into out: the
// diagonal boxes at random, the rest by the solver behind sudoku.Solve
// (restarted from new boxes when it stops at its guess budget), then the
// rows, columns, bands and stacks shuffled. The grid depends on that
// solver's version, unlike the smaller grids.
func (f *filler) fillLarge(out []uint8) error {
	budget := int64(8000)
	for {
		st := f.state(0)
		for i := range st.cand {
			st.cand[i] = f.full
			st.val[i] = 0
		}
		st.left = f.NumCells
		if !f.diagonal(st) {
			continue
		}
		res, err := sudoku.Solve(f.ctx, gridOf(f.Order, st.val), sudoku.Options{MaxGuesses: budget})
		f.total += res.Guesses
		switch {
		case err == nil && res.Solution != nil:
			for i := range out {
				out[i] = uint8(res.Solution.Cell(i))
			}
			f.scramble(out)
			return nil
		case errors.Is(err, sudoku.ErrLimit):
			budget += budget / 4
		case err != nil:
			return err
		}
	}
}

// scramble applies a random shuffle of the bands, the rows in each band,
// the stacks and the columns in each stack, and maybe a transposition: a
// valid grid stays valid.
func (f *filler) scramble(g []uint8) {
	perm := func() []int {
		m := make([]int, f.Side)
		bands := make([]int, f.Order)
		for i := range bands {
			bands[i] = i
		}
		shuffle(f.r, bands)
		for b, src := range bands {
			rows := make([]int, f.Order)
			for i := range rows {
				rows[i] = src*f.Order + i
			}
			shuffle(f.r, rows)
			copy(m[b*f.Order:], rows)
		}
		return m
	}
	rows, cols := perm(), perm()
	transpose := f.r.intn(2) == 1
	old := append([]uint8(nil), g...)
	for r := range f.Side {
		for c := range f.Side {
			v := old[rows[r]*f.Side+cols[c]]
			if transpose {
				g[c*f.Side+r] = v
			} else {
				g[r*f.Side+c] = v
			}
		}
	}
}

// diagonal fills the boxes on the diagonal of the empty st at random.
func (f *filler) diagonal(st *fstate) bool {
	perm := make([]uint8, f.Side)
	for b := range f.Order {
		for k := range perm {
			perm[k] = uint8(k + 1)
		}
		shuffle(f.r, perm)
		r0 := b * f.Order
		for k, v := range perm {
			i := (r0+k/f.Order)*f.Side + r0 + k%f.Order
			if !f.assign(st, i, units.SetOf(int(v))) {
				return false
			}
		}
	}
	return true
}

// assign puts the value of the one-value set b in cell i of st and
// propagates naked singles. It reports false on a contradiction.
func (f *filler) assign(st *fstate, i int, b units.Set) bool {
	if st.val[i] != 0 {
		return units.SetOf(int(st.val[i])) == b
	}
	if st.cand[i]&b == 0 {
		return false
	}
	q := f.queue[:0]
	defer func() { f.queue = q[:0] }()
	for {
		st.val[i] = uint8(b.Min())
		st.cand[i] = 0
		st.left--
		for _, p := range f.Peers[i] {
			c := st.cand[p]
			if c&b == 0 {
				continue
			}
			c &^= b
			st.cand[p] = c
			if c == 0 {
				return false
			}
			if c&(c-1) == 0 {
				q = append(q, p)
			}
		}
		// A queued cell still blank has one candidate left: it only shrinks,
		// and reaching none returned above.
		for {
			if len(q) == 0 {
				return true
			}
			i, q = q[len(q)-1], q[:len(q)-1]
			if st.val[i] == 0 {
				b = st.cand[i]
				break
			}
		}
	}
}

// hidden places every value that has one place left in a unit, until none
// is left. It reports false on a contradiction.
func (f *filler) hidden(st *fstate) bool {
	for changed := true; changed; {
		changed = false
		for _, unit := range f.Units {
			var once, twice, placed units.Set
			for _, i := range unit {
				if v := st.val[i]; v != 0 {
					placed = placed.Add(int(v))
					continue
				}
				c := st.cand[i]
				twice |= once & c
				once |= c
			}
			if once|placed != f.full {
				return false
			}
			for single := once &^ twice &^ placed; single != 0; single &= single - 1 {
				b := single & -single
				for _, i := range unit {
					if st.cand[i]&b != 0 {
						if !f.assign(st, i, b) {
							return false
						}
						changed = true
						break
					}
				}
			}
		}
	}
	return true
}

func (f *filler) search(depth int) bool {
	st := f.stack[depth]
	if !f.hidden(st) {
		return false
	}
	if st.left == 0 {
		f.solvedDepth = depth
		return true
	}
	// The cell with the fewest candidates: the first one found scanning
	// from a random cell, so that ties go each way.
	best, bestN := -1, 65
	start := f.r.intn(f.NumCells)
	for k := range f.NumCells {
		i := start + k
		if i >= f.NumCells {
			i -= f.NumCells
		}
		c := st.cand[i]
		if c == 0 {
			continue
		}
		if n := c.Count(); n < bestN {
			best, bestN = i, n
			if n == 2 {
				break
			}
		}
	}
	next := f.state(depth + 1)
	st = f.stack[depth]
	for m := st.cand[best]; m != 0; {
		b := units.Set(f.r.bit(uint64(m)))
		m &^= b
		f.guesses++
		if f.guesses > f.budget {
			f.err = errBudget
			return false
		}
		if f.guesses&255 == 0 {
			if err := f.ctx.Err(); err != nil {
				f.err = err
				return false
			}
		}
		next.copyFrom(st)
		if f.assign(next, best, b) && f.search(depth+1) {
			return true
		}
		if f.err != nil {
			return false
		}
	}
	return false
}

// RandomGrid returns a random complete grid of the given order (2..8),
// drawn with the numbers of src: a randomised depth-first search with
// singles propagation and restarts, so every valid grid can come out (not
// a fixed pattern relabelled). The same src state gives the same grid.
// Orders up to 6 take milliseconds; 49x49 and 64x64 grids can take much
// longer, so the search stops with ctx's error when ctx ends.
func RandomGrid(ctx context.Context, order int, src rand.Source) (*sudoku.Grid, error) {
	if err := sudoku.CheckOrder(order); err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	if src == nil {
		return nil, errors.New("generate: RandomGrid needs a random source")
	}
	f := &filler{geometry: newGeometry(order), ctx: ctx, r: &rng{src: src}}
	out := make([]uint8, f.NumCells)
	if err := f.fill(out); err != nil {
		return nil, err
	}
	return gridOf(order, out), nil
}

// gridOf returns the grid of the given order holding vals.
func gridOf(order int, vals []uint8) *sudoku.Grid {
	g, _ := sudoku.New(order)
	for i, v := range vals {
		g.SetCell(i, int(v))
	}
	return g
}
