package engine

import (
	"math/bits"
	"slices"
)

// This file holds propagation on grids of at most 128 cells (4x4 and 9x9),
// which works value by value instead of unit by unit. A state keeps, for
// each value, the cells that hold it as a candidate or where it is placed
// (pos, two words per value, laid out as geom.posBase says). Placing a value
// visits only the peers that lose it; each unit that loses a place for a
// value is looked at for that value alone, at once for a hidden single or
// no place (two ANDs, a shift and a test), and, while the puzzle as given
// is propagated (worker.lockNow), later for locked candidates (a few
// more). No unit is ever scanned cell by cell.

// A queue entry is a cell, or a cell and the value (1-based, from bit
// qShift on) that is its unit's hidden single; a cell alone is a naked
// single.
const qShift = 8

// assignSmall places the value bit in the blank cell i of a small grid.
func (w *worker) assignSmall(st []uint64, i int, bit uint64) bool {
	g := w.g
	x := st[i]
	if x&bit == 0 {
		return false
	}
	st[i] = bit
	st[g.offSolved+i>>6] |= 1 << (i & 63)
	st[g.offLeft]--
	ub := g.unitBit[i]
	// The other values of i lose a place in i's units: a hidden single
	// there, or no place.
	if others := x &^ bit; others != 0 {
		pos := g.offPos + int(g.posWord[i])
		cb := g.posBit[i]
		for ; others != 0; others &= others - 1 {
			v := bits.TrailingZeros64(others)
			st[pos+2*v] &^= cb
			if !w.placesLeft(st, v, ub) {
				return false
			}
			w.markLocked(v, ub)
		}
	}
	// The peers that hold bit lose it; bit is placed in i's units, so
	// only their other units are looked at.
	v := bits.TrailingZeros64(bit)
	peers := &g.peers[i]
	pv := g.offPos + 2*v
	return w.dropValue(st, v, peers[0]&st[pv], peers[1]&st[pv+1], ub)
}

// dropValue removes the value v from the blank cells m0 and m1 (a cell
// set, see geom.posBase), which all hold it. It queues the cells left with
// one candidate, and looks at the units of those cells but the units skip
// (unitBit form) for a hidden single of v or no place for it.
func (w *worker) dropValue(st []uint64, v int, m0, m1, skip uint64) bool {
	g := w.g
	pv := g.offPos + 2*v
	st[pv] &^= m0
	st[pv+1] &^= m1
	du, s0, s1 := eliminatePeers(st[:128], g.unitBit[:], m0, m1, g.posBase, 1<<v)
	for singles, base := s0, 0; ; singles, base = s1, g.posBase {
		for ; singles != 0; singles &= singles - 1 {
			p := base + bits.TrailingZeros64(singles)
			if st[p] == 0 {
				w.bumpWipeout(p)
				return false
			}
			w.queue = append(w.queue, int32(p))
		}
		if base != 0 {
			break
		}
	}
	du &^= skip
	if !w.placesLeft(st, v, du) {
		return false
	}
	w.markLocked(v, du)
	return true
}

// placesLeft looks at the units us (unitBit form) for the places left to
// the value v, which is placed in none of them: it queues a hidden single,
// and reports false if v has no place in one of them.
func (w *worker) placesLeft(st []uint64, v int, us uint64) bool {
	g := w.g
	pv := g.offPos + 2*v
	m0, m1 := st[pv], st[pv+1]
	unitCells := g.unitCells
	base := g.posBase
	// Every unit writes an entry past the end of the queue, kept only
	// for a hidden single: no branch on the outcome, which is hard to
	// predict (a quarter of the units on forum_hardest). us has at most
	// 3*side <= 27 units.
	if cap(w.queue)-len(w.queue) < 64 {
		w.queue = slices.Grow(w.queue, 64)
	}
	q := w.queue[:cap(w.queue)]
	n := len(w.queue)
	entry := int32(v+1) << qShift
	for ; us != 0; us &= us - 1 {
		u := bits.TrailingZeros64(us) & 63
		cells := &unitCells[u]
		c0, c1 := m0&cells[0], m1&cells[1]
		// The two words folded keep the unit's cells apart.
		c := c0 | c1<<1
		if c == 0 {
			w.queue = q[:n]
			w.bump(u)
			return false
		}
		p := bits.TrailingZeros64(c0)
		if c0 == 0 {
			p = base + bits.TrailingZeros64(c1)
		}
		t := c & (c - 1)
		many := int(int64(t|-t) >> 63) // -1 if two places or more
		q[n] = int32(p) | entry
		n += 1 + many
	}
	w.queue = q[:n]
	return true
}

// markLocked notes the units us (unitBit form) as ones where the value v
// lost a place, to be looked at for locked candidates, if they apply in
// this propagation (worker.lockNow).
func (w *worker) markLocked(v int, us uint64) {
	if w.lockNow && us != 0 {
		w.dl[v&63] |= us
		w.dlVals |= 1 << v
	}
}

// clearLocked forgets the units marked for locked candidates.
func (w *worker) clearLocked() {
	for x := w.dlVals; x != 0; x &= x - 1 {
		w.dl[bits.TrailingZeros64(x)] = 0
	}
	w.dlVals = 0
}

// propagateSmall is propagate for small grids: it places the queued
// singles, then looks at the marked units for locked candidates, until
// nothing is left to do.
func (w *worker) propagateSmall(st []uint64) bool {
	g := w.g
	for {
		for len(w.queue) > 0 {
			e := w.queue[len(w.queue)-1]
			w.queue = w.queue[:len(w.queue)-1]
			p := int(e & (1<<qShift - 1))
			if st[g.offSolved+p>>6]&(1<<(p&63)) != 0 {
				continue
			}
			bit := st[p]
			if v := e >> qShift; v != 0 {
				bit = 1 << (v - 1)
			}
			if !w.assignSmall(st, p, bit) {
				return false
			}
		}
		if w.dlVals == 0 {
			return true
		}
		v := bits.TrailingZeros64(w.dlVals) & 63
		us := w.dl[v]
		u := bits.TrailingZeros64(us)
		us &= us - 1
		w.dl[v] = us
		if us == 0 {
			w.dlVals &^= 1 << v
		}
		if !w.lockedSmall(st, v, u) {
			return false
		}
	}
}

// lockedSmall looks at the places of the value v in the unit u. With one
// place left that is a blank cell, it queues the hidden single. If the
// places of a box lie in one row (column), v leaves the rest of that row
// (column): pointing. If the places of a row or column lie in one box, v
// leaves the rest of that box: claiming.
func (w *worker) lockedSmall(st []uint64, v, u int) bool {
	g := w.g
	pv := g.offPos + 2*v
	m0, m1 := st[pv], st[pv+1]
	uc := &g.unitCells[u&63]
	c0, c1 := m0&uc[0], m1&uc[1]
	p := bits.TrailingZeros64(c0)
	if c0 == 0 {
		if c1 == 0 {
			w.bump(u)
			return false
		}
		p = g.posBase + bits.TrailingZeros64(c1)
	}
	c := c0 | c1<<1
	t := c & (c - 1)
	if t == 0 {
		if st[g.offSolved+p>>6]&(1<<(p&63)) == 0 {
			w.queue = append(w.queue, int32(p|(v+1)<<qShift))
		}
		return true
	}
	// With four places or more, v cannot lie in one box segment.
	if t &= t - 1; t&(t-1) != 0 || !w.locked {
		return true
	}
	side := g.side
	x := g.rcb[p]
	var line *[2]uint64
	if u >= 2*side {
		line = &g.unitCells[x.r]
		if c0&^line[0]|c1&^line[1] != 0 {
			line = &g.unitCells[side+int(x.c)]
			if c0&^line[0]|c1&^line[1] != 0 {
				return true
			}
		}
	} else {
		line = &g.unitCells[2*side+int(x.b)]
		if c0&^line[0]|c1&^line[1] != 0 {
			return true
		}
	}
	e0, e1 := m0&line[0]&^uc[0], m1&line[1]&^uc[1]
	if e0|e1 == 0 {
		return true
	}
	return w.dropValue(st, v, e0, e1, 0)
}

// eliminatePeers removes bit from the cells in m0 and m1 (a cell set whose
// second word starts at cell base), which all hold it. It returns the
// units (unitBit) of those cells, and the cells left with one candidate
// or none (s0, s1 by word). Free of data-dependent branches.
//
//go:noinline
func eliminatePeers(cells, unitBit []uint64, m0, m1 uint64, base int, bit uint64) (units, s0, s1 uint64) {
	cells, unitBit = cells[:128], unitBit[:128]
	for ; m0 != 0; m0 &= m0 - 1 {
		p := bits.TrailingZeros64(m0) & 63
		x := cells[p] ^ bit
		cells[p] = x
		t := x & (x - 1)
		many := uint64(int64(t|-t) >> 63) // all ones if two candidates or more are left
		units |= unitBit[p]
		s0 |= m0 & -m0 &^ many
	}
	for ; m1 != 0; m1 &= m1 - 1 {
		p := (base + bits.TrailingZeros64(m1)) & 127
		x := cells[p] ^ bit
		cells[p] = x
		t := x & (x - 1)
		many := uint64(int64(t|-t) >> 63)
		units |= unitBit[p]
		s1 |= m1 & -m1 &^ many
	}
	return units, s0, s1
}
