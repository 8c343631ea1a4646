package logic

// Forcing chains from several assumptions (Sudoku Explainer's Nishio,
// multiple, dynamic and nested forcing chains): an assumption that leads
// to a contradiction is false; what follows both from a candidate and from
// its absence holds; what follows from every candidate of a cell, or from
// every place of a value in a region, holds.

// Kinds of multiple-chain hints.
const (
	mkAbsurdOn  = iota // the assumption "on" is absurd: remove it
	mkAbsurdOff        // the assumption "off" is absurd: place it
	mkDouble           // follows from the candidate on and off
	mkCell             // follows from each candidate of a cell
	mkRegion           // follows from each place of a value in a region
)

type branch struct {
	r    *implic
	slot int
}

// mhint is a hint of the multiple-chain search, valid while its
// implications are.
type mhint struct {
	kind        int
	cell, value int // the source cell and value (binary and cell hints)
	rkind, ridx int // the region (region hints)
	target      int16
	br          [9]branch
	nb          int
	sortKey     int
}

// elims returns what the hint removes (nil if nothing), in dst.
func (c *chainer) mElims(h *mhint, dst []int) []int {
	dst = dst[:0]
	switch h.kind {
	case mkAbsurdOn:
		return append(dst, potOf(h.cell, h.value))
	case mkAbsurdOff:
		for w := c.base.cand[h.cell] &^ (1 << (h.value - 1)); w != 0; w &= w - 1 {
			dst = append(dst, potOf(h.cell, trailing16(w)+1))
		}
		return dst
	}
	p := int(h.target >> 1)
	if h.target&1 == 0 {
		return append(dst, p)
	}
	cell := p / 9
	for w := c.base.cand[cell] &^ (1 << (p % 9)); w != 0; w &= w - 1 {
		dst = append(dst, potOf(cell, trailing16(w)+1))
	}
	return dst
}

// placement returns the potential the hint places, or -1.
func (h *mhint) placement() int {
	switch h.kind {
	case mkAbsurdOn:
		return -1
	case mkAbsurdOff:
		return potOf(h.cell, h.value)
	}
	if h.target&1 == 1 {
		return int(h.target >> 1)
	}
	return -1
}

// lowerBound returns a quick lower bound of the hint's complexity.
func (h *mhint) lowerBound() int {
	n := 0
	for _, b := range h.br[:h.nb] {
		n += int(b.r.depth[b.slot])
	}
	return n
}

// complexity returns the number of nodes of the hint's chains (each chain
// counted apart) plus the complexity of the nested chains they use.
func (c *chainer) complexity(h *mhint) int {
	c.w.hint()
	n := 0
	for _, b := range h.br[:h.nb] {
		n += c.w.count(b.r, b.slot, c.nested)
	}
	return n
}

// forEachMultiple runs the search in Sudoku Explainer's order (cells in
// reading order, values ascending: contradictions, double chains, region
// chains; then the cell's chains) and calls f with each hint, which stops
// the search by returning false.
//
// worth reports whether a hint of at least the given complexity and of
// the given sort key could still be the best one (it spares computing
// the chains of regions and cells that cannot give one).
func (c *chainer) forEachMultiple(worth func(minCplx, sortKey int) bool, f func(h *mhint) bool) {
	m := c.mode
	contradictions := m.dynamic || m.nishio
	var h mhint
	for cell := range 81 {
		cands := c.base.cand[cell]
		card := pop16(cands)
		if c.base.val[cell] != 0 || !(card > 2 || card > 1 && m.dynamic) {
			continue
		}
		if c.e.stopped() {
			return
		}
		double := card >= 3 && !m.nishio && m.dynamic
		for w := cands; w != 0; w &= w - 1 {
			v := trailing16(w) + 1
			p := potOf(cell, v)
			onR := c.onResult(p)
			var offR *implic
			if contradictions || double {
				offR = c.offResult(p)
			}
			if contradictions && onR.contra {
				h = mhint{kind: mkAbsurdOn, cell: cell, value: v, nb: 2, sortKey: 7}
				h.br[0], h.br[1] = branch{onR, onR.cOn}, branch{onR, onR.cOff}
				if !f(&h) {
					return
				}
			}
			if contradictions && offR.contra {
				h = mhint{kind: mkAbsurdOff, cell: cell, value: v, nb: 2, sortKey: 7}
				h.br[0], h.br[1] = branch{offR, offR.cOn}, branch{offR, offR.cOff}
				if !f(&h) {
					return
				}
			}
			if double {
				for state := 1; state >= 0; state-- {
					for _, n := range onR.order {
						if int(n&1) != state || !offR.has(n) {
							continue
						}
						h = mhint{kind: mkDouble, cell: cell, value: v, target: n, nb: 2, sortKey: 1}
						h.br[0], h.br[1] = branch{onR, int(n)}, branch{offR, int(n)}
						if !f(&h) {
							return
						}
					}
				}
			}
			if !m.nishio && !c.regionChains(cell, v, onR, worth, f) {
				return
			}
		}
		if m.nishio || !(card == 2 || m.multiple && card > 2) || !worth(2*card, 5) {
			continue
		}
		first := c.onResult(potOf(cell, trailing16(cands)+1))
		for state := 1; state >= 0; state-- {
			for _, n := range first.order {
				if int(n&1) != state {
					continue
				}
				h = mhint{kind: mkCell, cell: cell, target: n, sortKey: 5}
				all := true
				for w := cands; w != 0; w &= w - 1 {
					r := c.onResult(potOf(cell, trailing16(w)+1))
					if !r.has(n) {
						all = false
						break
					}
					h.br[h.nb] = branch{r, int(n)}
					h.nb++
				}
				if all && !f(&h) {
					return
				}
			}
		}
	}
}

// regionChains looks at the regions where cell is the first place of v.
func (c *chainer) regionChains(cell, v int, onR *implic, worth func(int, int) bool, f func(h *mhint) bool) bool {
	var h mhint
	for kind := range 3 {
		r := int(chainTab.cellReg[cell][kind])
		pos := c.base.positions(kind, r, v)
		n := pop16(pos)
		if !(n == 2 || c.mode.multiple && n > 2) {
			continue
		}
		if int(chainTab.region[kind][r][trailing16(pos)]) != cell || !worth(2*n, 6) {
			continue
		}
		var rs [9]*implic
		k := 0
		for m := pos; m != 0; m &= m - 1 {
			rs[k] = c.onResult(potOf(int(chainTab.region[kind][r][trailing16(m)]), v))
			k++
		}
		for state := 1; state >= 0; state-- {
			for _, t := range onR.order {
				if int(t&1) != state {
					continue
				}
				all := true
				for _, o := range rs[1:k] {
					if !o.has(t) {
						all = false
						break
					}
				}
				if !all {
					continue
				}
				h = mhint{kind: mkRegion, value: v, rkind: kind, ridx: r, target: t, nb: k, sortKey: 6}
				for j := range k {
					h.br[j] = branch{rs[j], int(t)}
				}
				if !f(&h) {
					return false
				}
			}
		}
	}
	return true
}
