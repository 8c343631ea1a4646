package variant

import "math/bits"

// sumProp reasons about Σ v(pos cells) − Σ v(neg cells) = target, where
// the cells fall into exclusion groups: cells of one group (all of one
// sign) must hold different values. It is the 45 rule's sum over cells
// that need not differ (innies over several units, innies less outies).
//
// A cell of the negative part is seen reflected (value v as n+1-v), so
// that the sum has unit coefficients only: Σ w = target + (n+1)·|neg|.
// Each group's least total is the larger of its cells' least values
// added up and its t least distinct candidates (t its size); its largest
// total likewise. A value v leaves a cell when even with the rest of its
// group and the other groups at their least the total passes the target
// (and the mirror with the largest). With three open cells or fewer the
// rest is solved exactly: a value stays if the other open cells can
// complete the sum (different values within a group).
type sumProp struct {
	cells  []int32
	neg    int     // cells[neg:] have coefficient -1
	group  []uint8 // exclusion group of each cell, groups numbered from 0
	ngroup int
	target int
	n      int
	rule   int
}

// maxSumCells bounds sumProp's cells (its buffers live on the stack).
const maxSumCells = 24

func (p *sumProp) propagate(s *state) bool {
	if !s.strong {
		return true
	}
	n := p.n
	var w [maxSumCells]uint64
	k := len(p.cells)
	target := p.target + (n+1)*(k-p.neg)
	fixedSum, open := 0, 0
	var openAt [3]int
	var fixedIn [maxSumCells]uint64 // the fixed values of each group
	for i, c := range p.cells {
		m := s.cand[c]
		if i >= p.neg {
			m = mirror(m, n)
		}
		w[i] = m
		if m&(m-1) == 0 {
			if m == 0 || fixedIn[p.group[i]]&m != 0 {
				s.fail = c
				return false
			}
			fixedSum += lowest(m)
			fixedIn[p.group[i]] |= m
		} else {
			if open < 3 {
				openAt[open] = i
			}
			open++
		}
	}
	if open == 0 {
		return fixedSum == target
	}
	if open <= 3 {
		for _, i := range openAt[:open] {
			w[i] &^= fixedIn[p.group[i]]
		}
		return p.exact(s, &w, openAt[:open], target-fixedSum)
	}
	// Least and largest totals per group.
	var lo, hi, topLo, botHi, cellLo, cellHi [maxSumCells]int
	for g := range p.ngroup {
		var union uint64
		t := 0
		for i := range k {
			if int(p.group[i]) == g {
				union |= w[i]
				cellLo[g] += lowest(w[i])
				cellHi[g] += highest(w[i])
				t++
			}
		}
		if bits.OnesCount64(union) < t {
			return false
		}
		// The t least and t largest candidates.
		dl, dh := 0, 0
		x := union
		for j := 0; j < t; j++ {
			v := lowest(x)
			dl += v
			topLo[g] = v
			x &= x - 1
		}
		x = union
		for j := 0; j < t; j++ {
			v := highest(x)
			dh += v
			botHi[g] = v
			x &^= 1 << (v - 1)
		}
		// dl - topLo: the t-1 least; a cell above topLo leaves the group
		// at least dl - topLo + v.
		lo[g], hi[g] = max(dl, cellLo[g]), min(dh, cellHi[g])
		topLo[g], botHi[g] = dl-topLo[g], dh-botHi[g]
	}
	sumLo, sumHi := 0, 0
	for g := range p.ngroup {
		sumLo += lo[g]
		sumHi += hi[g]
	}
	if target < sumLo || target > sumHi {
		return false
	}
	for i := range k {
		m := w[i]
		if m&(m-1) == 0 {
			continue
		}
		g := p.group[i]
		othersLo, othersHi := sumLo-lo[g], sumHi-hi[g]
		// The most v may be: the group's total with v is at least
		// v + topLo[g] (the t-1 least distinct) and v + cellLo - lowest.
		up := target - othersLo - max(topLo[g], cellLo[g]-lowest(m))
		down := target - othersHi - min(botHi[g], cellHi[g]-highest(m))
		keep := m & rangeMask(down, min(up, 64))
		if keep == m {
			continue
		}
		if keep == 0 {
			s.fail = p.cells[i]
			return false
		}
		if i >= p.neg {
			keep = mirror(keep, n)
		}
		if !s.restrict(int(p.cells[i]), keep, p.rule) {
			return false
		}
	}
	return true
}

// exact keeps in the open cells (at most three, indexes into p.cells) the
// values with which the others can make rest.
func (p *sumProp) exact(s *state, w *[maxSumCells]uint64, at []int, rest int) bool {
	var sup [3]uint64
	switch len(at) {
	case 1:
		if rest < 1 || rest > p.n || w[at[0]]&(1<<(rest-1)) == 0 {
			return false
		}
		sup[0] = 1 << (rest - 1)
	case 2:
		a, b := w[at[0]], w[at[1]]
		same := p.group[at[0]] == p.group[at[1]]
		for x := a; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x) + 1
			u := rest - v
			if u < 1 || u > p.n || b&(1<<(u-1)) == 0 || same && u == v {
				continue
			}
			sup[0] |= 1 << (v - 1)
			sup[1] |= 1 << (u - 1)
		}
	case 3:
		a, b, c := w[at[0]], w[at[1]], w[at[2]]
		ga, gb, gc := p.group[at[0]], p.group[at[1]], p.group[at[2]]
		for x := a; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x) + 1
			for y := b; y != 0; y &= y - 1 {
				u := bits.TrailingZeros64(y) + 1
				if ga == gb && u == v {
					continue
				}
				t := rest - v - u
				if t < 1 || t > p.n || c&(1<<(t-1)) == 0 || ga == gc && t == v || gb == gc && t == u {
					continue
				}
				sup[0] |= 1 << (v - 1)
				sup[1] |= 1 << (u - 1)
				sup[2] |= 1 << (t - 1)
			}
		}
	}
	for j, i := range at {
		keep := sup[j]
		if keep == 0 {
			s.fail = p.cells[i]
			return false
		}
		if i >= p.neg {
			keep = mirror(keep, p.n)
		}
		if !s.restrict(int(p.cells[i]), keep, p.rule) {
			return false
		}
	}
	return true
}

// mirror maps each value v of m to n+1-v.
func mirror(m uint64, n int) uint64 { return bits.Reverse64(m) >> (64 - n) }
