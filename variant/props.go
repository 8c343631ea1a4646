package variant

import "math/bits"

// linearProp reasons on bounds about Σ coef[k]·v(cells[k]) = target.
type linearProp struct {
	cells  []int32
	coef   []int
	target int
	rule   int
}

func (p *linearProp) propagate(s *state) bool {
	lo, hi := 0, 0
	for k, c := range p.cells {
		m := s.cand[c]
		a, b := p.coef[k]*lowest(m), p.coef[k]*highest(m)
		lo += min(a, b)
		hi += max(a, b)
	}
	if p.target < lo || p.target > hi {
		// Empty the first cell to report the contradiction.
		return false
	}
	for k, c := range p.cells {
		m := s.cand[c]
		co := p.coef[k]
		a, b := co*lowest(m), co*highest(m)
		tlo, thi := min(a, b), max(a, b)
		// this term must lie in [target-(hi-thi), target-(lo-tlo)]
		rlo, rhi := p.target-(hi-thi), p.target-(lo-tlo)
		if rlo <= tlo && rhi >= thi {
			continue
		}
		var vlo, vhi int
		if co > 0 {
			vlo, vhi = ceilDiv(rlo, co), floorDiv(rhi, co)
		} else {
			vlo, vhi = ceilDiv(rhi, co), floorDiv(rlo, co)
		}
		if !s.restrict(int(c), rangeMask(vlo, min(vhi, 64)), p.rule) {
			return false
		}
	}
	return true
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// cageProp keeps, in a cage of different values with a sum, the values of
// the digit combinations still possible, and places a value every
// combination needs when one cell alone can take it. Where the cage lies
// in a row, column or region (a unit), the combinations must hold the
// values with no place in the unit outside the cage, and the values every
// combination holds leave the unit's other cells.
type cageProp struct {
	cells  []int32
	combos []uint64
	rule   int
	all    uint64    // every value
	units  [][]int32 // the other cells of each unit that holds the cage
	parts  []cagePart
}

// cagePart is a row, column or region that holds two cells of a cage or
// more, but not all.
type cagePart struct {
	in   uint64  // the cage's cells in the unit, bit k for p.cells[k]
	rest []int32 // the unit's cells outside the cage
}

func (p *cageProp) propagate(s *state) bool {
	var union, fixed uint64
	for _, c := range p.cells {
		m := s.cand[c]
		union |= m
		if m&(m-1) == 0 {
			fixed |= m
		}
	}
	need := fixed
	for _, rest := range p.units {
		var out uint64
		for _, c := range rest {
			out |= s.cand[c]
		}
		need |= p.all &^ out
	}
	var keep uint64
	must := ^uint64(0)
next:
	for _, cb := range p.combos {
		if cb&need != need || cb&^union != 0 {
			continue
		}
		for _, c := range p.cells {
			if s.cand[c]&cb == 0 {
				continue next
			}
		}
		keep |= cb
		must &= cb
	}
	if keep == 0 {
		return false
	}
	if s.strong && len(p.cells) <= maxMatchCells {
		// Each value of a small cage's cell must have the others' values
		// of one of its combinations around it.
		var sup [maxMatchCells]uint64
		for _, cb := range p.combos {
			if cb&need == need && cb&^union == 0 {
				p.match(s, cb, 0, &sup)
			}
		}
		for k, c := range p.cells {
			if !s.restrict(int(c), sup[k], p.rule) {
				return false
			}
		}
	}
	for _, c := range p.cells {
		if !s.restrict(int(c), keep, p.rule) {
			return false
		}
	}
	if lock := must &^ fixed; lock != 0 {
		for _, rest := range p.units {
			for _, c := range rest {
				if !s.restrict(int(c), ^lock, p.rule) {
					return false
				}
			}
		}
	}
	for need := must &^ fixed; need != 0; need &= need - 1 {
		v := need & -need
		at, places := -1, uint64(0)
		for k, c := range p.cells {
			if s.cand[c]&v != 0 {
				places |= 1 << k
				at = int(c)
			}
		}
		switch {
		case places == 0:
			return false
		case places&(places-1) == 0:
			if bits.OnesCount64(s.cand[at]) > 1 && !s.restrict(at, v, p.rule) {
				return false
			}
		default:
			// v's places in the cage lie in a unit the cage crosses: v
			// leaves the rest of it.
			for _, pt := range p.parts {
				if places&^pt.in != 0 {
					continue
				}
				for _, c := range pt.rest {
					if !s.restrict(int(c), ^v, p.rule) {
						return false
					}
				}
			}
		}
	}
	return true
}

// maxMatchCells bounds the cages whose cells' values are matched with
// the combinations (cageProp.match).
const maxMatchCells = 3

// match adds to sup[k..] the values of cells k.. that, with values of the
// cells before them, make the combination: left holds the values not
// placed yet. It reports whether there is any such placement.
func (p *cageProp) match(s *state, left uint64, k int, sup *[maxMatchCells]uint64) bool {
	if k == len(p.cells) {
		return true
	}
	found := false
	for x := s.cand[p.cells[k]] & left; x != 0; x &= x - 1 {
		v := x & -x
		if p.match(s, left&^v, k+1, sup) {
			sup[k] |= v
			found = true
		}
	}
	return found
}

// fullProp checks a rule once all its cells are fixed.
type fullProp struct {
	cells []int32
	ok    func(v []int) bool
	rule  int
}

func (p *fullProp) propagate(s *state) bool {
	for _, c := range p.cells {
		if m := s.cand[c]; m&(m-1) != 0 {
			return true
		}
	}
	if s.scratch == nil {
		s.scratch = make([]int, s.e.cells)
	}
	for _, c := range p.cells {
		s.scratch[c] = lowest(s.cand[c])
	}
	return p.ok(s.scratch)
}
