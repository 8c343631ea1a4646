package engine

import (
	"math/bits"

	"github.com/gosudoku/sudoku/internal/units"
)

// This file holds constraint propagation on one state (see geom for the
// layout): placing a value, naked singles, hidden singles and locked
// candidates. Every function reports false on a contradiction, after which
// the state is garbage.

// left returns the number of blank cells of st.
func (w *worker) left(st []uint64) int { return int(st[w.g.offLeft]) }

// fill sets st to the empty grid with nothing dirty.
func (w *worker) fill(st []uint64) {
	g := w.g
	for i := range g.ncell {
		st[i] = g.full
	}
	clear(st[g.ncell:g.offLeft])
	for i := g.offSegR; i < g.offSolved; i++ {
		st[i] = g.full
	}
	st[g.offLeft] = uint64(g.ncell)
	w.syncPos(st)
	w.queue = w.queue[:0]
	w.dirtyR, w.dirtyC, w.dirtyB = 0, 0, 0
	w.clearLocked()
}

// dirtyAll marks every unit as one to look at in full.
func (w *worker) dirtyAll() {
	g := w.g
	w.dirtyR, w.dirtyC, w.dirtyB = g.full, g.full, g.full
	if w.small {
		all := uint64(1)<<g.nunit - 1
		for v := range g.side {
			w.dl[v] = all
		}
		w.dlVals = g.full
	}
}

// syncPos sets the cells of each value (for grids of at most 128 cells,
// see assignSmall) from the candidates of st.
func (w *worker) syncPos(st []uint64) {
	g := w.g
	if g.peers == nil {
		return
	}
	pos := st[g.offPos : g.offPos+2*g.side]
	clear(pos)
	for i := range g.ncell {
		for x := st[i]; x != 0; x &= x - 1 {
			pos[2*bits.TrailingZeros64(x)+int(g.posWord[i])] |= g.posBit[i]
		}
	}
}

// initial sets st to the puzzle in cells minus the excluded candidates and
// propagates it. The givens go in at once: each unit's placed values, then
// each blank cell's candidates from its three units.
func (w *worker) initial(st []uint64, cells []uint8, excl []Exclusion) bool {
	g := w.g
	side := g.side
	w.fill(st)
	placed := st[g.offPlaced : g.offPlaced+g.nunit]
	free := st[g.offFree : g.offFree+2*side]
	for _, e := range excl {
		st[e.Cell] &^= 1 << (e.Value - 1)
	}
	for i, v := range cells {
		if v == 0 {
			continue
		}
		bit := uint64(1) << (v - 1)
		u := g.rcb[i]
		r, c, b := int(u.r), side+int(u.c), 2*side+int(u.b)
		if (placed[r]|placed[c]|placed[b])&bit != 0 || st[i]&bit == 0 {
			return false // clashing givens, or an excluded given
		}
		placed[r] |= bit
		placed[c] |= bit
		placed[b] |= bit
		st[i] = bit
		st[g.offSolved+i>>6] |= 1 << (i & 63)
		st[g.offLeft]--
		free[u.r] &^= 1 << u.c
		free[side+int(u.c)] &^= 1 << u.r
	}
	for i, v := range cells {
		if v != 0 {
			continue
		}
		u := g.rcb[i]
		x := st[i] &^ (placed[u.r] | placed[side+int(u.c)] | placed[2*side+int(u.b)])
		st[i] = x
		if x&(x-1) == 0 {
			if x == 0 {
				return false
			}
			w.queue = append(w.queue, int32(i))
		}
	}
	w.syncPos(st)
	w.dirtyAll()
	w.lockNow = w.locked
	ok := w.propagate(st)
	w.lockNow = false
	return ok
}

// assign places the value bit in the blank cell i and removes it from the
// peers, queueing peers left with one candidate. The loops over peers are
// free of data-dependent branches but for the rare new single. It visits
// the row, the column and the box in turn, skipping box segments without
// bit. Grids of up to 128 cells (worker.small) use assignSmall instead.
func (w *worker) assign(st []uint64, i int, bit uint64) bool {
	g := w.g
	u := g.rcb[i]
	side, n := g.side, g.order
	placed := st[g.offPlaced : g.offPlaced+g.nunit]
	r, c, b := int(u.r), int(u.c), int(u.b)
	if (placed[r]|placed[side+c]|placed[2*side+b])&bit != 0 || st[i]&bit == 0 {
		w.bumpClash(placed, r, side+c, 2*side+b, bit)
		return false
	}
	placed[r] |= bit
	placed[side+c] |= bit
	placed[2*side+b] |= bit
	st[i] = 0 // so that the loops below skip it
	st[g.offSolved+i>>6] |= 1 << (i & 63)
	st[g.offLeft]--
	// Only blank cells are visited, and from 16x16 on only those in box
	// segments whose cached candidates (a superset) hold bit; afterwards
	// the segments that lost bit for sure are updated.
	band, stack := int(u.band), int(u.stack)
	r0, c0 := band*n, stack*n
	free := st[g.offFree : g.offFree+2*side]
	free[r] &^= 1 << c
	free[side+c] &^= 1 << r
	segR := st[g.offSegR : g.offSegR+side*n]
	segC := st[g.offSegC : g.offSegC+side*n]
	// The row: rowCols collects the columns of the cells that changed,
	// singles those of the changed cells left with one candidate or none.
	mask := free[r] & g.expand[holding(segR[r*n:r*n+n], bit, stack)]
	rowCols, singles := eliminate(st[r*side:], 1, mask, bit)
	for ; singles != 0; singles &= singles - 1 {
		p := r*side + bits.TrailingZeros64(singles)
		if st[p] == 0 {
			w.bumpWipeout(p)
			return false
		}
		w.queue = append(w.queue, int32(p))
	}
	// The column.
	mask = free[side+c] & g.expand[holding(segC[c*n:c*n+n], bit, band)]
	colRows, singles := eliminate(st[c:], side, mask, bit)
	for ; singles != 0; singles &= singles - 1 {
		p := bits.TrailingZeros64(singles)*side + c
		if st[p] == 0 {
			w.bumpWipeout(p)
			return false
		}
		w.queue = append(w.queue, int32(p))
	}
	// The other rows of the box.
	var boxRows, boxCols uint64
	stackCols := g.segMask[stack] &^ (1 << c) // column c is done
	for rr := r0; rr < r0+n; rr++ {
		if rr == r {
			continue
		}
		if segR[rr*n+stack]&bit == 0 {
			continue
		}
		segR[rr*n+stack] &^= bit
		m := free[rr] & stackCols
		if m == 0 {
			continue
		}
		changed, singles := eliminate(st[rr*side:], 1, m, bit)
		if changed == 0 {
			continue
		}
		boxRows |= 1 << rr
		boxCols |= changed
		for ; singles != 0; singles &= singles - 1 {
			p := rr*side + bits.TrailingZeros64(singles)
			if st[p] == 0 {
				w.bumpWipeout(p)
				return false
			}
			w.queue = append(w.queue, int32(p))
		}
	}
	for cc := c0; cc < c0+n; cc++ {
		if cc != c {
			segC[cc*n+band] &^= bit
		}
	}
	st[i] = bit
	dr, dc := 1<<r|colRows|boxRows, 1<<c|rowCols|boxCols
	w.dirtyR |= dr
	w.dirtyC |= dc
	// The boxes of the changed cells of the row and the column: one
	// step per box.
	db := uint64(1) << b
	for m := rowCols &^ g.segMask[stack]; m != 0; {
		k := int(g.segOf[bits.TrailingZeros64(m)])
		db |= 1 << (band*n + k)
		m &^= g.segMask[k]
	}
	for m := colRows &^ g.segMask[band]; m != 0; {
		k := int(g.segOf[bits.TrailingZeros64(m)])
		db |= 1 << (k*n + stack)
		m &^= g.segMask[k]
	}
	w.dirtyB |= db
	return true
}

// bumpClash weighs the units r, c and b (indexes into placed) that
// already hold the value bit.
func (w *worker) bumpClash(placed []uint64, r, c, b int, bit uint64) {
	if w.wdeg == nil {
		return
	}
	for _, u := range [3]int{r, c, b} {
		if placed[u]&bit != 0 {
			w.bump(u)
		}
	}
}

// propagate applies naked singles, hidden singles and (if on) locked
// candidates and pairs until none applies; small grids go to
// propagateSmall. Each unit that lost a candidate is scanned once more:
// for hidden singles, for a value with no place, and for locked
// candidates, which compare the unit's box-line segments (fresh) with the
// cached segments of its neighbours (a superset of the truth between
// scans, so they only decide whether to look).
func (w *worker) propagate(st []uint64) bool {
	if w.small {
		return w.propagateSmall(st)
	}
	g := w.g
	side, n := g.side, g.order
	solved := st[g.offSolved:g.offLeft]
	placed := st[g.offPlaced : g.offPlaced+g.nunit]
	segR := st[g.offSegR : g.offSegR+side*n]
	segC := st[g.offSegC : g.offSegC+side*n]
	free := st[g.offFree : g.offFree+2*side]
	locked := w.locked
	// Naked and hidden pairs with locked candidates.
	pairs := w.locked
	for {
		for len(w.queue) > 0 {
			p := int(w.queue[len(w.queue)-1])
			w.queue = w.queue[:len(w.queue)-1]
			if solved[p>>6]&(1<<(p&63)) != 0 {
				continue
			}
			if !w.assign(st, p, st[p]) {
				return false
			}
		}
		var once, twice, thrice, pair uint64
		var u int
		switch {
		case w.dirtyB != 0:
			b := bits.TrailingZeros64(w.dirtyB)
			w.dirtyB &= w.dirtyB - 1
			u = 2*side + b
			bl, bs := b/n, b%n
			r0, c0 := bl*n, bs*n
			var ro, rt, co, ct uint64 // row (column) segments seen once, twice
			if pairs {
				once, twice, thrice, ro, rt, co, ct, pair = scanBoxPairs(st[r0*side+c0:], side, n, free[r0:r0+n], uint(c0), segR[r0*n+bs:], segC[c0*n+bl:])
			} else {
				once, twice, ro, rt, co, ct = scanBox(st[r0*side+c0:], side, n, free[r0:r0+n], uint(c0), segR[r0*n+bs:], segC[c0*n+bl:])
			}
			if once|placed[u] != g.full {
				w.bump(u)
				return false
			}
			if !locked {
				break
			}
			// Pointing: a value in one row (column) of the box leaves
			// the rest of that row (column).
			if only := ro &^ rt &^ placed[u]; only != 0 {
				for j := range n {
					r := r0 + j
					o := segR[r*n+bs] & only
					if o == 0 {
						continue
					}
					var other uint64
					for k := range n {
						if k != bs {
							other |= segR[r*n+k]
						}
					}
					if elim := o & other &^ placed[r]; elim != 0 {
						if !w.removeLine(st, r*side, 1, c0, elim) {
							return false
						}
					}
				}
			}
			if only := co &^ ct &^ placed[u]; only != 0 {
				for i := range n {
					c := c0 + i
					o := segC[c*n+bl] & only
					if o == 0 {
						continue
					}
					var other uint64
					for k := range n {
						if k != bl {
							other |= segC[c*n+k]
						}
					}
					if elim := o & other &^ placed[side+c]; elim != 0 {
						if !w.removeLine(st, c, side, r0, elim) {
							return false
						}
					}
				}
			}
		case w.dirtyR != 0:
			// The row case and the column case below are twins (as are
			// the box's pointing at rows and at columns above), written
			// out because they pay: as one case over a line at a step of
			// 1 or side, propagation took 0.8% more instructions
			// (callgrind, Count to 2, one goroutine: 30 order4_unique
			// 475.6M -> 479.6M, 30 order4_hard 610.1M -> 614.7M, 5
			// order5_unique 888.8M -> 895.9M).
			r := bits.TrailingZeros64(w.dirtyR)
			w.dirtyR &= w.dirtyR - 1
			u = r
			var so, stw uint64
			if pairs {
				once, twice, thrice, so, stw, pair = scanLinePairs(st[r*side:], 1, free[r], g.segMask, segR[r*n:r*n+n])
			} else {
				once, twice, so, stw = scanLine(st[r*side:], 1, free[r], g.segMask, segR[r*n:r*n+n])
			}
			if once|placed[u] != g.full {
				w.bump(u)
				return false
			}
			// Claiming: a value in one box of the row leaves the rest of
			// the box.
			if only := so &^ stw &^ placed[u]; locked && only != 0 {
				bl, j := r/n, r%n
				for k := range n {
					o := segR[r*n+k] & only
					if o == 0 {
						continue
					}
					var other uint64
					for jj := range n {
						if jj != j {
							other |= segR[(bl*n+jj)*n+k]
						}
					}
					if elim := o & other &^ placed[2*side+bl*n+k]; elim != 0 {
						if !w.removeBox(st, bl*n, k*n, r, -1, elim) {
							return false
						}
					}
				}
			}
		case w.dirtyC != 0:
			c := bits.TrailingZeros64(w.dirtyC)
			w.dirtyC &= w.dirtyC - 1
			u = side + c
			var so, stw uint64
			if pairs {
				once, twice, thrice, so, stw, pair = scanLinePairs(st[c:], side, free[side+c], g.segMask, segC[c*n:c*n+n])
			} else {
				once, twice, so, stw = scanLine(st[c:], side, free[side+c], g.segMask, segC[c*n:c*n+n])
			}
			if once|placed[u] != g.full {
				w.bump(u)
				return false
			}
			if only := so &^ stw &^ placed[u]; locked && only != 0 {
				bs, i := c/n, c%n
				for k := range n {
					o := segC[c*n+k] & only
					if o == 0 {
						continue
					}
					var other uint64
					for ii := range n {
						if ii != i {
							other |= segC[(bs*n+ii)*n+k]
						}
					}
					if elim := o & other &^ placed[2*side+k*n+bs]; elim != 0 {
						if !w.removeBox(st, k*n, bs*n, -1, c, elim) {
							return false
						}
					}
				}
			}
		default:
			return true
		}
		// Naked pair: its two values leave the other cells of the unit.
		// With hidden pairs they cut the trees of 16x16 puzzles by half.
		if pair&thrice != 0 {
			for _, p := range g.units[u*side : (u+1)*side] {
				if x := st[p]; x != pair && x&pair != 0 {
					if !w.remove(st, int(p), pair) {
						return false
					}
				}
			}
		}
		// Hidden pair: two values with the same two places only; those
		// cells lose their other candidates.
		if e2 := twice &^ thrice &^ placed[u]; pairs && e2&(e2-1) != 0 {
			if hp := hiddenPair(st, g.units[u*side:(u+1)*side], e2); hp != 0 {
				for _, p := range g.units[u*side : (u+1)*side] {
					if x := st[p]; x&hp == hp && x != hp {
						if !w.remove(st, int(p), x&^hp) {
							return false
						}
					}
				}
			}
		}
		hidden := once &^ twice &^ placed[u]
		for hidden != 0 {
			bit := hidden & -hidden
			hidden &^= bit
			at := -1
			for _, p := range g.units[u*side : (u+1)*side] {
				if st[p]&bit != 0 {
					at = int(p)
					break
				}
			}
			if at < 0 {
				w.bump(u)
				return false
			}
			if !w.assign(st, at, bit) {
				return false
			}
		}
	}
}

// removeLine removes elim from the side cells start, start+step, ... of a
// row (step 1) or column (step side), except the order cells from
// position skip on (the box the values are locked in).
func (w *worker) removeLine(st []uint64, start, step, skip int, elim uint64) bool {
	n := w.g.order
	for k, p := 0, start; k < w.g.side; k, p = k+1, p+step {
		if k == skip {
			k += n - 1
			p += (n - 1) * step
			continue
		}
		if !w.remove(st, p, elim) {
			return false
		}
	}
	return true
}

// removeBox removes elim from the cells of the box at (r0, c0) off row
// skipR (or column skipC; the other is -1).
func (w *worker) removeBox(st []uint64, r0, c0, skipR, skipC int, elim uint64) bool {
	g := w.g
	n, side := g.order, g.side
	for r := r0; r < r0+n; r++ {
		if r == skipR {
			continue
		}
		for c := c0; c < c0+n; c++ {
			if c != skipC && !w.remove(st, r*side+c, elim) {
				return false
			}
		}
	}
	return true
}

// remove takes the candidates elim (none of them placed in p's units) out
// of the cell p.
func (w *worker) remove(st []uint64, p int, elim uint64) bool {
	c := st[p]
	if c&elim == 0 {
		return true
	}
	c &^= elim
	st[p] = c
	if c&(c-1) == 0 {
		if c == 0 {
			w.bumpWipeout(p)
			return false
		}
		w.queue = append(w.queue, int32(p))
	}
	v := w.g.rcb[p]
	w.dirtyR |= 1 << v.r
	w.dirtyC |= 1 << v.c
	w.dirtyB |= 1 << v.b
	return true
}

// holding returns the segments of seg that may hold bit, and removes bit
// from all of them but keep (the one with the cell it is placed in).
func holding(seg []uint64, bit uint64, keep int) uint64 {
	var segs uint64
	kb := uint64(1)
	for k, x := range seg {
		h := x & bit
		segs |= kb & uint64(int64(h|-h)>>63)
		seg[k] = x ^ h
		kb <<= 1
	}
	seg[keep] |= bit
	return segs
}

// eliminate removes bit from the cells cells[k*step] for k in mask. It
// returns the positions k of the cells that had it, and of those the ones
// left with one candidate or none. No data-dependent branches in the loop,
// and a function of its own so that the loop keeps everything in
// registers.
//
//go:noinline
func eliminate(cells []uint64, step int, mask, bit uint64) (changed, singles uint64) {
	v := uint(bits.TrailingZeros64(bit)) & 63
	for ; mask != 0; mask &= mask - 1 {
		kb := mask & -mask
		p := bits.TrailingZeros64(mask) * step
		x := cells[p]
		h := x & bit
		x ^= h
		cells[p] = x
		m := -(h >> v) & kb // kb if the cell had bit
		t := x & (x - 1)
		many := uint64(int64(t|-t) >> 63) // all ones if two candidates or more are left
		changed |= m
		singles |= m &^ many
	}
	return changed, singles
}

// scanLine scans the blank cells (free, by position k: cells[k*step]) of a
// row or column cut into box segments (segMask). It returns the candidates
// seen once and twice or more, the same counted by segments, and stores
// each segment's candidates in seg. Solved cells are left out: their
// values are the unit's placed values, which no blank cell holds.
//
//go:noinline
func scanLine(cells []uint64, step int, free uint64, segMask, seg []uint64) (once, twice, so, stw uint64) {
	for k, sm := range segMask {
		var s uint64
		for m := free & sm; m != 0; m &= m - 1 {
			x := cells[bits.TrailingZeros64(m)*step]
			twice |= once & x
			once |= x
			s |= x
		}
		seg[k] = s
		stw |= so & s
		so |= s
	}
	return once, twice, so, stw
}

// scanBox scans the blank cells of the box whose top left cell is
// cells[0], at column c0 of rows with blank cells free: candidates seen
// once and twice or more, the same by box rows and by box columns. It
// stores the row segments in segR[0], segR[n], ... and the column segments
// in segC[0], segC[n], ...
//
//go:noinline
func scanBox(cells []uint64, side, n int, free []uint64, c0 uint, segR, segC []uint64) (once, twice, ro, rt, co, ct uint64) {
	var cs [units.MaxOrder]uint64
	nmask := uint64(1)<<uint(n) - 1
	for j, f := range free {
		row := cells[j*side : j*side+n]
		var rs uint64
		for m := f >> (c0 & 63) & nmask; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			x := row[i]
			twice |= once & x
			once |= x
			rs |= x
			cs[i&(units.MaxOrder-1)] |= x
		}
		rt |= ro & rs
		ro |= rs
		segR[j*n] = rs
	}
	for i := range n {
		segC[i*n] = cs[i]
		ct |= co & cs[i]
		co |= cs[i]
	}
	return once, twice, ro, rt, co, ct
}

// scanLinePairs is scanLine that also returns the candidates seen thrice
// or more and two candidates that two cells hold and nothing
// else, a naked pair.
//
//go:noinline
func scanLinePairs(cells []uint64, step int, free uint64, segMask, seg []uint64) (once, twice, thrice, so, stw, pair uint64) {
	var seen [8]uint64
	ns := 0
	for k, sm := range segMask {
		var s uint64
		for m := free & sm; m != 0; m &= m - 1 {
			x := cells[bits.TrailingZeros64(m)*step]
			thrice |= twice & x
			twice |= once & x
			once |= x
			s |= x
			if t := x & (x - 1); t != 0 && t&(t-1) == 0 {
				for _, y := range seen[:ns] {
					if y == x {
						pair = x
					}
				}
				if ns < len(seen) {
					seen[ns] = x
					ns++
				}
			}
		}
		seg[k] = s
		stw |= so & s
		so |= s
	}
	return once, twice, thrice, so, stw, pair
}

// scanBoxPairs is scanBox that also returns the candidates seen thrice or
// more and a naked pair, as scanLinePairs does.
//
//go:noinline
func scanBoxPairs(cells []uint64, side, n int, free []uint64, c0 uint, segR, segC []uint64) (once, twice, thrice, ro, rt, co, ct, pair uint64) {
	var cs [units.MaxOrder]uint64
	var seen [8]uint64
	ns := 0
	nmask := uint64(1)<<uint(n) - 1
	for j, f := range free {
		row := cells[j*side : j*side+n]
		var rs uint64
		for m := f >> (c0 & 63) & nmask; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			x := row[i]
			thrice |= twice & x
			twice |= once & x
			once |= x
			rs |= x
			cs[i&(units.MaxOrder-1)] |= x
			if t := x & (x - 1); t != 0 && t&(t-1) == 0 {
				for _, y := range seen[:ns] {
					if y == x {
						pair = x
					}
				}
				if ns < len(seen) {
					seen[ns] = x
					ns++
				}
			}
		}
		rt |= ro & rs
		ro |= rs
		segR[j*n] = rs
	}
	for i := range n {
		segC[i*n] = cs[i]
		ct |= co & cs[i]
		co |= cs[i]
	}
	return once, twice, thrice, ro, rt, co, ct, pair
}

// hiddenPair returns two of the values e2 (each with exactly two places in
// the unit) that share the same two cells, or 0.
func hiddenPair(st []uint64, cells []int32, e2 uint64) uint64 {
	var seen [8]uint64
	ns := 0
	for _, p := range cells {
		y := st[p] & e2
		if y&(y-1) == 0 {
			continue
		}
		for _, z := range seen[:ns] {
			if c := y & z; bits.OnesCount64(c) == 2 {
				return c
			}
		}
		if ns < len(seen) {
			seen[ns] = y
			ns++
		}
	}
	return 0
}
