package variant

import "math/bits"

// renbanProp reasons about a renban line of k cells: its values are one
// window of k consecutive values, all of them used. A window is possible
// when every cell can hold one of its values and every one of its values
// has a cell that can hold it. Each cell keeps the values of the possible
// windows; a value every possible window holds is needed on the line: with
// one place on the line it is placed there, and where its places on the
// line share a row, column or region, it leaves the rest of that house.
// Within a window, the values one cell alone can hold and the cells that
// can hold one value only are settled first, so a cell keeps only the
// values some possible window leaves it.
type renbanProp struct {
	cells []int
	n     int
	rule  int
	// row, col and reg give each cell's row, column and region (reg nil
	// without regions); on marks the line's cells.
	row, col, reg []int32
	regions       [][]int
	on            []bool
}

func newRenbanProp(b *builder, cells []int) *renbanProp {
	p := &renbanProp{cells: cells, n: b.n, rule: b.rule, on: make([]bool, b.n*b.n)}
	for _, c := range cells {
		p.on[c] = true
		p.row = append(p.row, int32(c/b.n))
		p.col = append(p.col, int32(c%b.n))
		if b.p.Regions != nil {
			p.reg = append(p.reg, int32(b.p.Regions[c]))
		}
	}
	p.regions = b.regions
	return p
}

func (p *renbanProp) propagate(s *state) bool {
	k := len(p.cells)
	var union uint64
	for _, c := range p.cells {
		union |= s.cand[c]
	}
	supp := s.tmp[:k] // the values of each cell some possible window keeps
	clear(supp)
	var local [MaxSize]uint64
	win := rangeMask(1, k)
	any := false
	need := ^uint64(0)
	for lo := 1; lo+k-1 <= p.n; lo, win = lo+1, win<<1 {
		if union&win != win || !p.window(s, win, local[:k]) {
			continue
		}
		any = true
		need &= win
		for j := range k {
			supp[j] |= local[j]
		}
	}
	if !any {
		s.fail = int32(p.cells[0])
		return false
	}
	for j, c := range p.cells {
		if !s.restrict(c, supp[j], p.rule) {
			return false
		}
	}
	// Values every window needs: placed where they have one place, and
	// out of the houses that hold all their places.
	for need != 0 {
		v := need & -need
		need &^= v
		var at uint64 // the line's cells that can hold v (bit k for cells[k])
		for j, c := range p.cells {
			if s.cand[c]&v != 0 {
				at |= 1 << j
			}
		}
		switch bits.OnesCount64(at) {
		case 0:
			s.fail = int32(p.cells[0])
			return false
		case 1:
			if !s.restrict(p.cells[bits.TrailingZeros64(at)], v, p.rule) {
				return false
			}
			continue
		}
		if !p.clearHouses(s, at, v) {
			return false
		}
	}
	return true
}

// clearHouses removes v from the cells off the line of every row, column
// and region holding all the line's cells in at.
// window reports whether the line can hold exactly the values of win,
// leaving in local each cell's values within win once the values that
// one cell alone can hold, and the cells that can hold one value only,
// are settled (to a fixpoint).
func (p *renbanProp) window(s *state, win uint64, local []uint64) bool {
	for j, c := range p.cells {
		if local[j] = s.cand[c] & win; local[j] == 0 {
			return false
		}
	}
	for changed := true; changed; {
		changed = false
		// A cell with one value takes it from the others.
		var fixed uint64
		for _, m := range local {
			if m&(m-1) == 0 {
				if fixed&m != 0 {
					return false
				}
				fixed |= m
			}
		}
		var once, twice uint64
		for j, m := range local {
			if m&(m-1) != 0 {
				if m &^= fixed; m == 0 {
					return false
				}
				if m != local[j] {
					local[j] = m
					changed = true
				}
			}
			twice |= once & local[j]
			once |= local[j]
		}
		if once != win {
			return false
		}
		// A value with one place is placed there.
		if hidden := win &^ twice &^ fixed; hidden != 0 {
			for j, m := range local {
				if h := m & hidden; h != 0 && m != h {
					if h&(h-1) != 0 {
						return false
					}
					local[j] = h
					changed = true
				}
			}
		}
	}
	return true
}

func (p *renbanProp) clearHouses(s *state, at uint64, v uint64) bool {
	first := bits.TrailingZeros64(at)
	r, c := p.row[first], p.col[first]
	sameR, sameC, sameG := true, true, p.reg != nil
	for m := at &^ (1 << first); m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		sameR = sameR && p.row[j] == r
		sameC = sameC && p.col[j] == c
		sameG = sameG && p.reg[j] == p.reg[first]
	}
	n := p.n
	if sameR {
		for x := int(r) * n; x < int(r)*n+n; x++ {
			if !p.on[x] && s.cand[x]&v != 0 && !s.restrict(x, ^v, p.rule) {
				return false
			}
		}
	}
	if sameC {
		for x := int(c); x < n*n; x += n {
			if !p.on[x] && s.cand[x]&v != 0 && !s.restrict(x, ^v, p.rule) {
				return false
			}
		}
	}
	if sameG {
		for _, x := range p.regions[p.reg[first]] {
			if !p.on[x] && s.cand[x]&v != 0 && !s.restrict(x, ^v, p.rule) {
				return false
			}
		}
	}
	return true
}
