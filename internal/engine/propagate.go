package engine

import "math/bits"

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
	st[g.offLeft] = uint64(g.ncell)
	w.queue = w.queue[:0]
	w.dirtyR, w.dirtyC, w.dirtyB = 0, 0, 0
}

// initial sets st to the puzzle in cells minus the excluded candidates and
// propagates it.
func (w *worker) initial(st []uint64, cells []uint8, excl []Exclusion) bool {
	g := w.g
	w.fill(st)
	for _, e := range excl {
		st[e.Cell] &^= 1 << (e.Value - 1)
		if st[e.Cell] == 0 {
			return false
		}
	}
	for i, v := range cells {
		if v != 0 && !w.assign(st, i, 1<<(v-1)) {
			return false
		}
	}
	for i := range g.ncell {
		if c := st[i]; c&(c-1) == 0 && st[g.offSolved+i>>6]&(1<<(i&63)) == 0 {
			w.queue = append(w.queue, int32(i))
		}
	}
	w.dirtyR, w.dirtyC, w.dirtyB = g.full, g.full, g.full
	return w.propagate(st)
}

// assign places the value bit in the blank cell i and removes it from the
// peers, queueing peers left with one candidate.
func (w *worker) assign(st []uint64, i int, bit uint64) bool {
	g := w.g
	u := g.rcb[i]
	side, n := g.side, g.order
	placed := st[g.offPlaced : g.offPlaced+g.nunit]
	r, c, b := int(u.r), int(u.c), int(u.b)
	if (placed[r]|placed[side+c]|placed[2*side+b])&bit != 0 || st[i]&bit == 0 {
		if w.wdeg != nil {
			for _, u := range [3]int{r, side + c, 2*side + b} {
				if placed[u]&bit != 0 {
					w.bump(u)
				}
			}
		}
		return false
	}
	placed[r] |= bit
	placed[side+c] |= bit
	placed[2*side+b] |= bit
	st[i] = 0 // so that the loops below skip it
	st[g.offSolved+i>>6] |= 1 << (i & 63)
	st[g.offLeft]--
	dr, dc := uint64(1)<<r, uint64(1)<<c
	// The row.
	row := st[r*side : r*side+side]
	for k, x := range row {
		if x&bit != 0 {
			x &^= bit
			row[k] = x
			dc |= 1 << k
			if x&(x-1) == 0 {
				if x == 0 {
					w.bump(r)
					return false
				}
				w.queue = append(w.queue, int32(r*side+k))
			}
		}
	}
	// The column.
	for k, p := 0, c; k < side; k, p = k+1, p+side {
		if x := st[p]; x&bit != 0 {
			x &^= bit
			st[p] = x
			dr |= 1 << k
			if x&(x-1) == 0 {
				if x == 0 {
					w.bump(side + c)
					return false
				}
				w.queue = append(w.queue, int32(p))
			}
		}
	}
	// The rest of the box.
	r0, c0 := r-r%n, c-c%n
	for rr := r0; rr < r0+n; rr++ {
		if rr == r {
			continue
		}
		cells := st[rr*side+c0 : rr*side+c0+n]
		for k, x := range cells {
			if x&bit != 0 {
				x &^= bit
				cells[k] = x
				dr |= 1 << rr
				dc |= 1 << (c0 + k)
				if x&(x-1) == 0 {
					if x == 0 {
						w.bump(2*side + b)
						return false
					}
					w.queue = append(w.queue, int32(rr*side+c0+k))
				}
			}
		}
	}
	st[i] = bit
	w.dirtyR |= dr
	w.dirtyC |= dc
	w.dirtyB |= g.bandBoxes[r/n] | g.stackBoxes[c/n]
	return true
}

// propagate applies naked singles, hidden singles and (if on) locked
// candidates until none applies.
func (w *worker) propagate(st []uint64) bool {
	g := w.g
	side := g.side
	solved := st[g.offSolved:g.offLeft]
	placed := st[g.offPlaced : g.offPlaced+g.nunit]
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
		var u int
		switch {
		case w.dirtyB != 0:
			k := bits.TrailingZeros64(w.dirtyB)
			w.dirtyB &= w.dirtyB - 1
			u = 2*side + k
		case w.dirtyR != 0:
			k := bits.TrailingZeros64(w.dirtyR)
			w.dirtyR &= w.dirtyR - 1
			u = k
		case w.dirtyC != 0:
			k := bits.TrailingZeros64(w.dirtyC)
			w.dirtyC &= w.dirtyC - 1
			u = side + k
		default:
			if !w.locked {
				return true
			}
			switch w.lockedCandidates(st) {
			case lcNone:
				return true
			case lcContradiction:
				return false
			}
			continue
		}
		cells := g.units[u*side : (u+1)*side]
		var once, twice uint64
		for _, p := range cells {
			c := st[p]
			twice |= once & c
			once |= c
		}
		if once != g.full {
			w.bump(u)
			return false
		}
		hidden := once &^ twice &^ placed[u]
		for hidden != 0 {
			bit := hidden & -hidden
			hidden &^= bit
			at := -1
			for _, p := range cells {
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

// Outcomes of lockedCandidates.
const (
	lcNone = iota
	lcEliminated
	lcContradiction
)

// lockedCandidates removes candidates by box-line interactions: a value
// that within a box lies in one row (column) leaves the rest of that row
// (column), and a value that within a row (column) lies in one box leaves
// the rest of that box.
func (w *worker) lockedCandidates(st []uint64) int {
	g := w.g
	n, side := g.order, g.side
	placed := st[g.offPlaced : g.offPlaced+g.nunit]
	// seg[line*n+k]: the candidates of line's cells in its k-th box, for
	// rows then columns.
	seg := w.seg
	for r := range side {
		row := st[r*side : (r+1)*side]
		for k := range n {
			var u uint64
			for _, c := range row[k*n : (k+1)*n] {
				u |= c
			}
			seg[r*n+k] = u
		}
	}
	cseg := seg[side*n:]
	for c := range side {
		for k := range n {
			var u uint64
			for j := k * n; j < (k+1)*n; j++ {
				u |= st[j*side+c]
			}
			cseg[c*n+k] = u
		}
	}
	out := lcNone
	// cols: 0 for rows, 1 for columns.
	for cols := range 2 {
		s := seg[cols*side*n : (cols+1)*side*n]
		lineBase := cols * side
		// Claiming: within a line, a value in one box segment only.
		for line := range side {
			ls := s[line*n : (line+1)*n]
			var once, twice uint64
			for _, v := range ls {
				twice |= once & v
				once |= v
			}
			only := once &^ twice &^ placed[lineBase+line]
			if only == 0 {
				continue
			}
			bl, k := line/n, line%n // band of boxes, line within it
			for bi := range n {
				o := ls[bi] & only
				if o == 0 {
					continue
				}
				var other uint64
				for j := range n {
					if j != k {
						other |= s[(bl*n+j)*n+bi]
					}
				}
				var box int
				if cols == 0 {
					box = bl*n + bi
				} else {
					box = bi*n + bl
				}
				elim := o & other &^ placed[2*side+box]
				if elim == 0 {
					continue
				}
				out = lcEliminated
				if !w.eliminateBoxOutsideLine(st, box, cols, k, elim) {
					return lcContradiction
				}
			}
		}
		// Pointing: within a box, a value in one line segment only.
		for bl := range n {
			for bi := range n {
				var box int
				if cols == 0 {
					box = bl*n + bi
				} else {
					box = bi*n + bl
				}
				var once, twice uint64
				for j := range n {
					v := s[(bl*n+j)*n+bi]
					twice |= once & v
					once |= v
				}
				only := once &^ twice &^ placed[2*side+box]
				if only == 0 {
					continue
				}
				for j := range n {
					line := bl*n + j
					o := s[line*n+bi] & only
					if o == 0 {
						continue
					}
					var other uint64
					for k := range n {
						if k != bi {
							other |= s[line*n+k]
						}
					}
					elim := o & other &^ placed[lineBase+line]
					if elim == 0 {
						continue
					}
					out = lcEliminated
					if !w.eliminateLineOutsideBox(st, cols, line, bi, elim) {
						return lcContradiction
					}
				}
			}
		}
	}
	return out
}

// eliminateBoxOutsideLine removes elim from the cells of box that are not
// on its k-th row (cols 0) or column (cols 1).
func (w *worker) eliminateBoxOutsideLine(st []uint64, box, cols, k int, elim uint64) bool {
	g := w.g
	n, side := g.order, g.side
	cells := g.units[(2*side+box)*side : (2*side+box+1)*side]
	for j, p := range cells {
		if (cols == 0 && j/n == k) || (cols == 1 && j%n == k) {
			continue
		}
		if !w.remove(st, int(p), elim) {
			return false
		}
	}
	return true
}

// eliminateLineOutsideBox removes elim from the cells of a row (cols 0) or
// column (cols 1) that are not in its bi-th box.
func (w *worker) eliminateLineOutsideBox(st []uint64, cols, line, bi int, elim uint64) bool {
	g := w.g
	n, side := g.order, g.side
	cells := g.units[(cols*side+line)*side : (cols*side+line+1)*side]
	for j, p := range cells {
		if j/n == bi {
			continue
		}
		if !w.remove(st, int(p), elim) {
			return false
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
