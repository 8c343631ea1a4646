package variant

import (
	"fmt"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// This file holds the engine for puzzles whose rules are all-different
// groups only (rows, columns, boxes or jigsaw regions, diagonals, windoku
// windows, disjoint groups, extra regions, cages with no sum, and pairs
// that differ: anti-knight, anti-king), on grids of at most 128 cells
// (4x4 to 11x11). It is built as the classic engine's small grids are
// (internal/engine, small.go): cell sets of two words, the peers of each
// cell as a cell set, and for each value the cells that hold it. Placing
// a value visits only the peers that lose it, and each group of Size
// cells (a unit) where a value lost a place is looked at for that value
// alone: a hidden single, or no place. Locked candidates (a value whose
// places in one unit all lie in another leaves the rest of that one)
// apply to the puzzle as given.
//
// Cell i is bit i&63 of word i>>6 of a cell set.

// Bounds of the all-different engine.
const (
	maxFastCells = 128
	maxFastSide  = 11 // 11*11 <= 128
	maxFastUnits = 64
)

// fastGeom is the all-different engine's tables for one rule set: read
// only, shared by every search.
type fastGeom struct {
	n, cells int
	all      uint64
	units    [][2]uint64 // the cells of each unit (group of n cells)
	unitBit  []uint64    // the units of each cell, bit u for unit u
	peers    [][2]uint64 // the cells that must differ from each cell
}

// fastOf returns the all-different engine of what b compiled, or nil if
// some rule is more than all-different groups or the grid is too large.
func fastOf(b *builder) *fastGeom {
	n, cells := b.n, b.n*b.n
	if cells > maxFastCells || len(b.prps) > 0 || b.domRule != nil {
		return nil
	}
	all := rangeMask(1, n)
	for _, d := range b.dom {
		if d != all {
			return nil
		}
	}
	for _, r := range b.rels {
		if r.ok != nil {
			return nil
		}
	}
	g := &fastGeom{n: n, cells: cells, all: all,
		unitBit: make([]uint64, cells), peers: make([][2]uint64, cells)}
	for _, gd := range b.grps {
		var set [2]uint64
		for _, c := range gd.cells {
			set[c>>6] |= 1 << (c & 63)
		}
		if len(gd.cells) == n {
			if len(g.units) == maxFastUnits {
				return nil
			}
			for _, c := range gd.cells {
				g.unitBit[c] |= 1 << len(g.units)
			}
			g.units = append(g.units, set)
		}
		for _, c := range gd.cells {
			g.peers[c][0] |= set[0]
			g.peers[c][1] |= set[1]
		}
	}
	for _, r := range b.rels {
		g.peers[r.a][r.b>>6] |= 1 << (r.b & 63)
		g.peers[r.b][r.a>>6] |= 1 << (r.a & 63)
	}
	for c := range g.peers {
		g.peers[c][c>>6] &^= 1 << (c & 63)
	}
	return g
}

// fastState is one node of the all-different engine's search.
type fastState struct {
	cand   [maxFastCells]uint64   // the candidates of each cell
	pos    [maxFastSide][2]uint64 // the cells holding each value (bit v: value v+1), placed or not
	solved [2]uint64              // the cells placed
	left   int                    // cells not placed
}

// fastRun is the all-different engine's search buffers, kept between
// searches of one rule set.
type fastRun struct {
	g      *fastGeom
	states []*fastState // the state at each depth
	// queue: cells to place, each a cell alone (a naked single) or with
	// the value (from bit 8 on, 1-based) that has its last place there.
	queue []int32
	// dl[v] holds the units where the value v lost a place since they
	// were last looked at for locked candidates, and dlVals the values
	// with any.
	dl     [maxFastSide]uint64
	dlVals uint64
	// failed: the units where the last contradiction showed; wdeg (with
	// search.weighted) counts for each cell the contradictions met in
	// its units.
	failed uint64
	wdeg   [maxFastCells]uint32
	clash  bool // the givens of the last search could not all be placed
	// strong looks at the marked units by pointing (pointing.go)
	// instead of locked candidates: fewer guesses.
	strong bool
}

func newFastRun(g *fastGeom) *fastRun {
	return &fastRun{g: g, states: []*fastState{new(fastState)}, queue: make([]int32, 0, 4*g.cells)}
}

// init sets st to the empty grid.
func (f *fastRun) init(st *fastState) {
	g := f.g
	for i := range g.cells {
		st.cand[i] = g.all
	}
	var every [2]uint64
	for i := range g.cells {
		every[i>>6] |= 1 << (i & 63)
	}
	for v := range g.n {
		st.pos[v] = every
	}
	st.solved = [2]uint64{}
	st.left = g.cells
	f.queue = f.queue[:0]
	f.clearLocked()
}

// clearLocked forgets the units marked for locked candidates.
func (f *fastRun) clearLocked() {
	for x := f.dlVals; x != 0; x &= x - 1 {
		f.dl[bits.TrailingZeros64(x)] = 0
	}
	f.dlVals = 0
}

func (st *fastState) isSolved(p int) bool { return st.solved[p>>6]&(1<<(p&63)) != 0 }

// assign places the value bit in the blank cell i.
func (f *fastRun) assign(st *fastState, i int, bit uint64) bool {
	g := f.g
	x := st.cand[i]
	if x&bit == 0 {
		f.failed = g.unitBit[i]
		return false
	}
	st.cand[i] = bit
	st.solved[i>>6] |= 1 << (i & 63)
	st.left--
	ub := g.unitBit[i]
	w, cb := i>>6, uint64(1)<<(i&63)
	for others := x &^ bit; others != 0; others &= others - 1 {
		v := bits.TrailingZeros64(others)
		st.pos[v][w] &^= cb
		if !f.placesLeft(st, v, ub) {
			return false
		}
	}
	v := bits.TrailingZeros64(bit)
	pr := &g.peers[i]
	return f.dropValue(st, v, pr[0]&st.pos[v][0], pr[1]&st.pos[v][1], ub)
}

// remove takes the value bit from the candidates of the blank cell i.
func (f *fastRun) remove(st *fastState, i int, bit uint64) bool {
	if st.cand[i]&bit == 0 {
		return true
	}
	if st.isSolved(i) {
		return false
	}
	v := bits.TrailingZeros64(bit)
	var m [2]uint64
	m[i>>6] = 1 << (i & 63)
	return f.dropValue(st, v, m[0], m[1], 0)
}

// dropValue removes the value v from the blank cells m0 and m1 (a cell
// set), which all hold it; it queues the cells left with one candidate and
// looks at the units of those cells but the units skip for the places
// left to v.
func (f *fastRun) dropValue(st *fastState, v int, m0, m1, skip uint64) bool {
	g := f.g
	st.pos[v][0] &^= m0
	st.pos[v][1] &^= m1
	bit := uint64(1) << v
	var du uint64
	for base, m := 0, m0; ; base, m = 64, m1 {
		for ; m != 0; m &= m - 1 {
			p := base + bits.TrailingZeros64(m)
			x := st.cand[p] &^ bit
			st.cand[p] = x
			du |= g.unitBit[p]
			if x&(x-1) == 0 {
				if x == 0 {
					f.failed = g.unitBit[p]
					return false
				}
				f.queue = append(f.queue, int32(p))
			}
		}
		if base != 0 {
			break
		}
	}
	return f.placesLeft(st, v, du&^skip)
}

// placesLeft looks at the units us for the places left to the value v:
// it queues a hidden single, and reports false if v has no place in one.
func (f *fastRun) placesLeft(st *fastState, v int, us uint64) bool {
	g := f.g
	if us == 0 {
		return true
	}
	f.dl[v] |= us
	f.dlVals |= 1 << v
	m0, m1 := st.pos[v][0], st.pos[v][1]
	for ; us != 0; us &= us - 1 {
		u := &g.units[bits.TrailingZeros64(us)]
		c0, c1 := m0&u[0], m1&u[1]
		// One place: one bit in one word (the words hold different cells).
		if x := c0 | c1; x&(x-1) != 0 || c0 != 0 && c1 != 0 {
			continue
		} else if x == 0 {
			f.failed = us & -us
			return false
		}
		p := bits.TrailingZeros64(c0)
		if c0 == 0 {
			p = 64 + bits.TrailingZeros64(c1)
		}
		if !st.isSolved(p) {
			f.queue = append(f.queue, int32(p|(v+1)<<8))
		}
	}
	return true
}

// propagate places the queued singles, then looks at the marked units
// for locked candidates, until nothing is left to do.
func (f *fastRun) propagate(st *fastState) bool {
	for {
		for len(f.queue) > 0 {
			e := f.queue[len(f.queue)-1]
			f.queue = f.queue[:len(f.queue)-1]
			p := int(e & 0xff)
			if st.isSolved(p) {
				continue
			}
			bit := st.cand[p]
			if v := e >> 8; v != 0 {
				bit = 1 << (v - 1)
			}
			if !f.assign(st, p, bit) {
				return false
			}
		}
		if f.dlVals == 0 {
			return true
		}
		v := bits.TrailingZeros64(f.dlVals)
		us := f.dl[v]
		u := bits.TrailingZeros64(us)
		us &= us - 1
		f.dl[v] = us
		if us == 0 {
			f.dlVals &^= 1 << v
		}
		if f.strong {
			if !f.pointing(st, v, u) {
				return false
			}
		} else if !f.locked(st, v, u) {
			return false
		}
	}
}

// locked looks at the places of the value v in the unit u: if they all
// lie in another unit, v leaves the rest of that one (locked candidates).
func (f *fastRun) locked(st *fastState, v, u int) bool {
	g := f.g
	uc := &g.units[u]
	c0, c1 := st.pos[v][0]&uc[0], st.pos[v][1]&uc[1]
	if x := c0 | c1; x&(x-1) == 0 && (c0 == 0 || c1 == 0) {
		return true // one place or none
	}
	p := bits.TrailingZeros64(c0)
	if c0 == 0 {
		p = 64 + bits.TrailingZeros64(c1)
	}
	for others := g.unitBit[p] &^ (1 << u); others != 0; others &= others - 1 {
		oc := &g.units[bits.TrailingZeros64(others)]
		if c0&^oc[0]|c1&^oc[1] != 0 {
			continue
		}
		e0, e1 := st.pos[v][0]&oc[0]&^uc[0], st.pos[v][1]&oc[1]&^uc[1]
		if e0|e1 != 0 && !f.dropValue(st, v, e0, e1, 0) {
			return false
		}
	}
	return true
}

// choose returns a blank cell of st with the fewest candidates, or -1.
func (f *fastRun) choose(st *fastState) int {
	best, bestN := -1, 65
	for w, s := range st.solved {
		free := ^s
		if rest := f.g.cells - 64*w; rest < 64 {
			if rest <= 0 {
				break
			}
			free &= 1<<rest - 1
		}
		for ; free != 0; free &= free - 1 {
			i := 64*w + bits.TrailingZeros64(free)
			if k := bits.OnesCount64(st.cand[i]); k < bestN {
				best, bestN = i, k
				if k == 2 {
					return best
				}
			}
		}
	}
	return best
}

// chooseWeighted returns the blank cell of st with the least squared
// count of candidates per weight (f.wdeg), or -1.
func (f *fastRun) chooseWeighted(st *fastState) int {
	best := -1
	var bestN, bestW uint64 = 1, 0
	for w, s := range st.solved {
		free := ^s
		if rest := f.g.cells - 64*w; rest < 64 {
			if rest <= 0 {
				break
			}
			free &= 1<<rest - 1
		}
		for ; free != 0; free &= free - 1 {
			i := 64*w + bits.TrailingZeros64(free)
			n := uint64(bits.OnesCount64(st.cand[i]))
			n *= n
			if wt := uint64(f.wdeg[i]) + 1; n*bestW < bestN*wt {
				best, bestN, bestW = i, n, wt
			}
		}
	}
	return best
}

// bump adds the last contradiction to the weights of the cells of its
// units.
func (f *fastRun) bump() {
	for us := f.failed; us != 0; us &= us - 1 {
		u := &f.g.units[bits.TrailingZeros64(us)]
		for w, m := range u {
			for ; m != 0; m &= m - 1 {
				f.wdeg[64*w+bits.TrailingZeros64(m)]++
			}
		}
	}
	f.failed = 0
}

// runFast is search.run on the all-different engine.
func (sr *search) runFast() {
	if sr.f == nil {
		sr.f = newFastRun(sr.s.e.fast)
	}
	f := sr.f
	st := f.states[0]
	f.init(st)
	f.wdeg = [maxFastCells]uint32{}
	f.clash = false
	f.strong = sr.strong
	for i, v := range sr.givens {
		if v != 0 && (!st.isSolved(i) && !f.assign(st, i, 1<<(v-1)) || st.cand[i] != 1<<(v-1)) {
			f.clash = true
			return
		}
	}
	for k := 0; k+1 < len(sr.exclude); k += 2 {
		if !f.remove(st, sr.exclude[k], 1<<(sr.exclude[k+1]-1)) {
			return
		}
	}
	if !f.propagate(st) {
		return
	}
	sr.fastDFS(0)
}

// fastDFS branches at depth d on a cell with the fewest candidates.
func (sr *search) fastDFS(d int) {
	f := sr.f
	st := f.states[d]
	var best int
	if sr.weighted {
		best = f.chooseWeighted(st)
	} else {
		best = f.choose(st)
	}
	if best < 0 {
		sr.solution(st.cand[:f.g.cells])
		return
	}
	if len(f.states) <= d+1 {
		f.states = append(f.states, new(fastState))
	}
	next := f.states[d+1]
	for m := st.cand[best]; m != 0; {
		v := m & -m
		if sr.rng != nil {
			v = pick(sr.rng, m)
		}
		m &^= v
		if !sr.guess() {
			return
		}
		*next = *st
		f.queue = f.queue[:0]
		f.clearLocked()
		if f.assign(next, best, v) && f.propagate(next) {
			sr.fastDFS(d + 1)
		} else if sr.weighted {
			f.bump()
		}
		if sr.err != nil {
			return
		}
	}
}

// guess counts a guess; it reports false (with sr.err set) if the search
// must stop at the guess limit or the context.
func (sr *search) guess() bool {
	sr.guesses++
	if sr.opt.MaxNodes > 0 && sr.guesses > sr.opt.MaxNodes {
		sr.err = fmt.Errorf("%w after %d guesses", sudoku.ErrLimit, sr.opt.MaxNodes)
		return false
	}
	if sr.guesses&1023 == 0 {
		if err := sr.ctx.Err(); err != nil {
			sr.err = err
			return false
		}
	}
	return true
}

// solution records the solution cand (one value a cell).
func (sr *search) solution(cand []uint64) {
	sr.count++
	if sr.count == 1 && !sr.opt.CountOnly {
		sr.sol = make([]int, len(cand))
		for i, m := range cand {
			sr.sol[i] = lowest(m)
		}
	}
	if sr.count == 2 && sr.keep2 {
		sr.sol2 = make([]int, len(cand))
		for i, m := range cand {
			sr.sol2[i] = lowest(m)
		}
	}
	if sr.count >= sr.limit {
		sr.err = errDone
	}
}
