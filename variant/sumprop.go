package variant

import "math/bits"

// This file holds equalSumProp, the propagator of the line rules whose
// groups of cells must all have the same sum (region-sum lines, zipper
// lines, double arrows), and tenProp, that of 10-lines.

// sumWords is the size of the sum sets of equalSumProp: sums up to
// 64*sumWords-1.
const sumWords = 8

// sumSet is a set of sums 0..64*sumWords-1.
type sumSet [sumWords]uint64

func (a *sumSet) and(b *sumSet) {
	for i := range a {
		a[i] &= b[i]
	}
}

func (a *sumSet) empty() bool {
	for _, w := range a {
		if w != 0 {
			return false
		}
	}
	return true
}

// orShift adds to a the sums of b plus k (k >= 0).
func (a *sumSet) orShift(b *sumSet, k int) {
	ws, bs := k/64, uint(k%64)
	for i := sumWords - 1; i >= ws; i-- {
		w := b[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			w |= b[i-ws-1] >> (64 - bs)
		}
		a[i] |= w
	}
}

// plus returns the sums of a plus a value of m.
func (a *sumSet) plus(m uint64) sumSet {
	var out sumSet
	for ; m != 0; m &= m - 1 {
		out.orShift(a, bits.TrailingZeros64(m)+1)
	}
	return out
}

// sumOf returns every sum of an element of a and one of b.
func sumOf(a, b *sumSet) sumSet {
	var out sumSet
	for i, w := range b {
		for ; w != 0; w &= w - 1 {
			out.orShift(a, i*64+bits.TrailingZeros64(w))
		}
	}
	return out
}

// meets reports whether a plus k meets b.
func (a *sumSet) meets(b *sumSet, k int) bool {
	var t sumSet
	t.orShift(a, k)
	t.and(b)
	return !t.empty()
}

// sumGroup is one group of an equalSumProp: its cells, and where they all
// hold different values (they lie in one row, column or region) and are
// few, the sets of values they can hold with each set's sum.
type sumGroup struct {
	cells  []int32
	combos []uint64
	sums   []int
}

// equalSumProp keeps groups of cells whose sums are all equal. Each
// group's reachable sums are found from its cells' candidates (a group of
// different values by its value sets, another by adding the cells' values
// one at a time), the sums every group reaches are kept, and each cell
// keeps the values that make one of those sums with values of the rest
// of its group.
type equalSumProp struct {
	groups []sumGroup
	rule   int
}

// maxEqualCells bounds a group's cells in equalSumProp (the cells' partial
// sum sets live on the stack).
const maxEqualCells = 32

// equalSums compiles groups of cells whose sums must all be equal. The
// groups must be small enough: at most maxEqualCells cells each, and
// their sums below 64*sumWords (equalSumsFit).
func (b *builder) equalSums(groups [][]int) {
	p := &equalSumProp{rule: b.rule}
	var watch []int
	for _, g := range groups {
		sg := sumGroup{cells: i32s(g)}
		if len(g) > 1 && b.maxSeeing(g) == len(g) && len(g) <= b.n {
			// Every set of len(g) values, with its sum, if not too many.
			all, ok := []uint64(nil), true
			for s := len(g) * (len(g) + 1) / 2; ok && s <= len(g)*(2*b.n-len(g)+1)/2; s++ {
				var cs []uint64
				cs, ok = sumCombos(b.n, len(g), s, maxCombos)
				for _, c := range cs {
					all = append(all, c)
					sg.sums = append(sg.sums, s)
				}
				ok = ok && len(all) <= maxCombos
			}
			if ok {
				sg.combos = all
			} else {
				sg.sums = nil
			}
		}
		p.groups = append(p.groups, sg)
		watch = append(watch, g...)
	}
	b.prop(p, watch)
	if len(groups) == 2 && p.groups[0].sums != nil && p.groups[1].sums != nil &&
		len(p.groups[0].combos) <= maxPairCombos && len(p.groups[1].combos) <= maxPairCombos &&
		len(watch) <= b.n && b.maxSeeing(watch) == len(watch) {
		b.prop(&pairSumProp{a: &p.groups[0], b: &p.groups[1], rule: b.rule}, watch)
	}
}

// equalSumsFit reports whether groups of cells with values 1..n suit
// equalSums.
func equalSumsFit(groups [][]int, n int) bool {
	for _, g := range groups {
		if len(g) > maxEqualCells || len(g)*n >= 64*sumWords {
			return false
		}
	}
	return true
}

func (p *equalSumProp) propagate(s *state) bool {
	var common sumSet
	for i := range common {
		common[i] = ^uint64(0)
	}
	for k := range p.groups {
		r := p.groups[k].reach(s)
		common.and(&r)
	}
	if common.empty() {
		return false
	}
	for k := range p.groups {
		if !p.groups[k].narrow(s, &common, p.rule) {
			return false
		}
	}
	return true
}

// fits reports whether each cell of g can take a value of the set m.
func (g *sumGroup) fits(s *state, m uint64) bool {
	for _, c := range g.cells {
		if s.cand[c]&m == 0 {
			return false
		}
	}
	return true
}

// reach returns the sums g's cells can make.
func (g *sumGroup) reach(s *state) sumSet {
	var out sumSet
	if g.sums != nil {
		var union uint64
		for _, c := range g.cells {
			union |= s.cand[c]
		}
		for k, cb := range g.combos {
			if cb&^union == 0 && g.fits(s, cb) {
				out[g.sums[k]/64] |= 1 << (g.sums[k] % 64)
			}
		}
		return out
	}
	out[0] = 1
	for _, c := range g.cells {
		out = out.plus(s.cand[c])
	}
	return out
}

// narrow keeps in g's cells the values that make a sum of common.
func (g *sumGroup) narrow(s *state, common *sumSet, rule int) bool {
	if g.sums != nil {
		var union, keep uint64
		for _, c := range g.cells {
			union |= s.cand[c]
		}
		for k, cb := range g.combos {
			sum := g.sums[k]
			if common[sum/64]&(1<<(sum%64)) != 0 && cb&^union == 0 && g.fits(s, cb) {
				keep |= cb
			}
		}
		for _, c := range g.cells {
			if !s.restrict(int(c), keep, rule) {
				return false
			}
		}
		return true
	}
	// pre[k]: the sums of cells before k; post: of the cells after.
	var pre [maxEqualCells + 1]sumSet
	pre[0][0] = 1
	for k, c := range g.cells {
		pre[k+1] = pre[k].plus(s.cand[c])
	}
	var post sumSet
	post[0] = 1
	for k := len(g.cells) - 1; k >= 0; k-- {
		c := g.cells[k]
		rest := sumOf(&pre[k], &post)
		var keep uint64
		for m := s.cand[c]; m != 0; m &= m - 1 {
			if rest.meets(common, bits.TrailingZeros64(m)+1) {
				keep |= m & -m
			}
		}
		if !s.restrict(int(c), keep, rule) {
			return false
		}
		post = post.plus(s.cand[c])
	}
	return true
}

// equalGroups compiles groups of cells whose sums must be equal: by
// equalSums where they fit, else as linear equations on bounds.
func (b *builder) equalGroups(groups [][]int) {
	if equalSumsFit(groups, b.n) {
		b.equalSums(groups)
		return
	}
	for _, g := range groups[1:] {
		cells := append(append([]int(nil), groups[0]...), g...)
		coef := make([]int, len(cells))
		for k := range coef {
			coef[k] = 1
			if k >= len(groups[0]) {
				coef[k] = -1
			}
		}
		b.linear(cells, coef, 0)
	}
}

// maxPairCombos bounds the value sets of each group of a pairSumProp.
const maxPairCombos = 512

// pairSumProp keeps two groups of cells that lie together in one row,
// column or region (so all their values differ) with equal sums: each
// value kept is in a set of values of its group that fits the group's
// cells, beside a set of the other group's, disjoint from it, with the
// same sum (a double arrow along a row: its ends' values are not its
// middle's).
type pairSumProp struct {
	a, b *sumGroup
	rule int
}

func (p *pairSumProp) propagate(s *state) bool {
	var liveB [maxPairCombos]uint16
	nb := 0
	var ub uint64
	for _, c := range p.b.cells {
		ub |= s.cand[c]
	}
	for k, cb := range p.b.combos {
		if cb&^ub == 0 && p.b.fits(s, cb) {
			liveB[nb] = uint16(k)
			nb++
		}
	}
	var ua, keepA, keepB uint64
	for _, c := range p.a.cells {
		ua |= s.cand[c]
	}
	for k, ca := range p.a.combos {
		if ca&^ua != 0 || !p.a.fits(s, ca) {
			continue
		}
		for _, j := range liveB[:nb] {
			if cb := p.b.combos[j]; p.b.sums[j] == p.a.sums[k] && ca&cb == 0 {
				keepA |= ca
				keepB |= cb
			}
		}
	}
	for _, c := range p.a.cells {
		if !s.restrict(int(c), keepA, p.rule) {
			return false
		}
	}
	for _, c := range p.b.cells {
		if !s.restrict(int(c), keepB, p.rule) {
			return false
		}
	}
	return true
}
