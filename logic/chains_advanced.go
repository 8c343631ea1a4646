package logic

import "math/bits"

// The "advanced" implications of dynamic chains with a level: when an
// assumption's grid (the candidates its chain has removed) allows a basic
// rule that the original grid does not, the candidates the rule removes
// are off too, their parents being the removed candidates the rule needs.
// Sudoku Explainer tries, in order, pointing and claiming, hidden pairs,
// naked pairs and X-Wings, then (level 2) forcing chains, (level 3)
// multiple forcing chains or (level 4) dynamic forcing chains, and uses
// the first rule that gives anything.

// advBuf collects the advanced "off" nodes of one call.
type advBuf struct {
	offs []advOff
	par  []int16
}

type advOff struct {
	node       int16
	nest       int32
	pfrom, pto int32
}

// advanced adds to r the nodes that the first productive rule gives and
// reports whether any is new.
func (c *chainer) advanced(r *implic) bool {
	a := &c.adv
	a.offs, a.par = a.offs[:0], a.par[:0]
	ent := c.memo.entry(&c.work)
	if !c.replay(ent, advBasic) {
		c.indexPlaces()
		_ = c.advLocking() || c.advHiddenPair() || c.advNakedPair() || c.advXWing()
		c.memo.record(ent, advBasic, a, 0, 0, c.nested, len(c.nested))
	}
	if len(a.offs) == 0 && c.mode.level >= 2 {
		c.advNested(r, ent)
	}
	added := false
	for _, o := range a.offs {
		q := int(o.node >> 1)
		if r.set[0].has(q) {
			continue
		}
		r.add(int(o.node), o.node, a.par[o.pfrom:o.pto], causeAdvanced, o.nest)
		c.qOff = append(c.qOff, o.node)
		added = true
	}
	return added
}

// removed reports whether v was a candidate of cell in the grid searched
// and is no longer one in the assumption's grid.
func (c *chainer) removed(cell, v int) bool {
	bit := uint16(1) << (v - 1)
	return c.base.cand[cell]&bit != 0 && c.work[cell]&bit == 0
}

// emitAdv records that the candidates elims (potentials) go, their
// parents being those added to the buffer from parFrom on; it reports
// whether it did (a rule that needs none of the removed candidates gives
// nothing new).
func (c *chainer) emitAdv(parFrom int, elims []int) bool {
	a := &c.adv
	to := int32(len(a.par))
	if int(to) == parFrom {
		return false
	}
	for _, p := range elims {
		a.offs = append(a.offs, advOff{node: nodeOf(p, false), nest: -1, pfrom: int32(parFrom), pto: to})
	}
	return true
}

// posW returns the places (bit k: the region's k-th cell) of v in region
// r of kind in the assumption's grid, as indexPlaces found them.
func (c *chainer) posW(kind, r, v int) uint16 { return c.wpos[kind][r][v-1] }

// indexPlaces fills wpos from the assumption's grid.
func (c *chainer) indexPlaces() {
	c.wpos = [3][9][9]uint16{}
	for cell, m := range c.work {
		reg, idx := &chainTab.cellReg[cell], &chainTab.regIdx[cell]
		for ; m != 0; m &= m - 1 {
			v := trailing16(m)
			for kind := range 3 {
				c.wpos[kind][reg[kind]][v] |= 1 << idx[kind]
			}
		}
	}
}

// regionsCross reports whether region a of kind ka and b of kind kb share
// cells.
func regionsCross(ka, a, kb, b int) bool {
	if ka == kb {
		return false
	}
	if ka != kindBlock && kb != kindBlock {
		return true
	}
	if kb == kindBlock {
		ka, a, kb, b = kb, b, ka, a
	}
	// a is a block, b a line
	if kb == kindRow {
		return a/3 == b/3
	}
	return a%3 == b/3
}

func inRegion(cell, kind, r int) bool { return int(chainTab.cellReg[cell][kind]) == r }

// advLocking: pointing and claiming on the assumption's grid.
func (c *chainer) advLocking() bool {
	found := false
	var elims []int
	for _, pair := range [4][2]int{{kindBlock, kindColumn}, {kindBlock, kindRow}, {kindColumn, kindBlock}, {kindRow, kindBlock}} {
		k1, k2 := pair[0], pair[1]
		for v := 1; v <= 9; v++ {
			bit := uint16(1) << (v - 1)
			for r1 := range 9 {
				pos := c.posW(k1, r1, v)
				if pop16(pos) < 2 {
					continue
				}
				for r2 := range 9 {
					if !regionsCross(k1, r1, k2, r2) {
						continue
					}
					inside := true
					for m := pos; m != 0; m &= m - 1 {
						if !inRegion(int(chainTab.region[k1][r1][trailing16(m)]), k2, r2) {
							inside = false
							break
						}
					}
					if !inside {
						continue
					}
					elims = elims[:0]
					for _, cell := range chainTab.region[k2][r2] {
						if !inRegion(int(cell), k1, r1) && c.work[cell]&bit != 0 {
							elims = append(elims, potOf(int(cell), v))
						}
					}
					if len(elims) == 0 {
						continue
					}
					from := len(c.adv.par)
					for _, cell := range chainTab.region[k1][r1] {
						if c.removed(int(cell), v) && !inRegion(int(cell), k2, r2) {
							c.adv.par = append(c.adv.par, nodeOf(potOf(int(cell), v), false))
						}
					}
					if c.emitAdv(from, elims) {
						found = true
					}
				}
			}
		}
	}
	return found
}

// emptyIn counts the cells of a region without a value.
func (c *chainer) emptyIn(kind, r int) int {
	n := 0
	for _, cell := range chainTab.region[kind][r] {
		if c.base.val[cell] == 0 {
			n++
		}
	}
	return n
}

// eachRegionPair calls f with each pair of the places of each region
// (blocks, columns, then rows) that has at least minEmpty blank cells.
func (c *chainer) eachRegionPair(minEmpty int, f func(kind, r int, mask uint64)) {
	for _, kind := range [3]int{kindBlock, kindColumn, kindRow} {
		for r := range 9 {
			if c.emptyIn(kind, r) < minEmpty {
				continue
			}
			combos(2, 9, func(mask uint64) bool {
				f(kind, r, mask)
				return true
			})
		}
	}
}

// advHiddenPair: hidden pairs on the assumption's grid (as SE, in regions
// of more than four blank cells).
func (c *chainer) advHiddenPair() bool {
	found := false
	var elims []int
	c.eachRegionPair(5, func(kind, r int, mask uint64) {
		v1 := bits.TrailingZeros64(mask) + 1
		v2 := bits.TrailingZeros64(mask&(mask-1)) + 1
		p1, p2 := c.posW(kind, r, v1), c.posW(kind, r, v2)
		if pop16(p1) < 2 || pop16(p2) < 2 || pop16(p1|p2) != 2 {
			return
		}
		both := p1 | p2
		keep := uint16(1)<<(v1-1) | uint16(1)<<(v2-1)
		elims = elims[:0]
		for m := both; m != 0; m &= m - 1 {
			cell := int(chainTab.region[kind][r][trailing16(m)])
			for w := c.work[cell] &^ keep; w != 0; w &= w - 1 {
				elims = append(elims, potOf(cell, trailing16(w)+1))
			}
		}
		if len(elims) == 0 {
			return
		}
		from := len(c.adv.par)
		for k, cell := range chainTab.region[kind][r] {
			if both&(1<<k) != 0 {
				continue
			}
			for _, v := range [2]int{v1, v2} {
				if c.base.cand[cell]&(1<<(v-1)) != 0 {
					c.adv.par = append(c.adv.par, nodeOf(potOf(int(cell), v), false))
				}
			}
		}
		if c.emitAdv(from, elims) {
			found = true
		}
	})
	return found
}

// advNakedPair: naked pairs on the assumption's grid (in regions of at
// least four blank cells).
func (c *chainer) advNakedPair() bool {
	found := false
	var elims []int
	c.eachRegionPair(4, func(kind, r int, mask uint64) {
		reg := &chainTab.region[kind][r]
		a := int(reg[bits.TrailingZeros64(mask)])
		b := int(reg[bits.TrailingZeros64(mask&(mask-1))])
		ca, cb := c.work[a], c.work[b]
		if pop16(ca) < 2 || pop16(cb) < 2 || pop16(ca|cb) != 2 {
			return
		}
		vals := ca | cb
		elims = elims[:0]
		for _, o := range reg {
			if int(o) == a || int(o) == b {
				continue
			}
			for w := c.work[o] & vals; w != 0; w &= w - 1 {
				elims = append(elims, potOf(int(o), trailing16(w)+1))
			}
		}
		if len(elims) == 0 {
			return
		}
		from := len(c.adv.par)
		for _, cell := range [2]int{a, b} {
			for w := c.base.cand[cell] &^ vals; w != 0; w &= w - 1 {
				c.adv.par = append(c.adv.par, nodeOf(potOf(cell, trailing16(w)+1), false))
			}
		}
		if c.emitAdv(from, elims) {
			found = true
		}
	})
	return found
}

// advXWing: X-Wings on the assumption's grid, base columns first.
func (c *chainer) advXWing() bool {
	found := false
	var elims []int
	var placed [10]int
	for _, v := range c.base.val {
		placed[v]++
	}
	for _, kinds := range [2][2]int{{kindColumn, kindRow}, {kindRow, kindColumn}} {
		baseK, coverK := kinds[0], kinds[1]
		combos(2, 9, func(mask uint64) bool {
			l1 := bits.TrailingZeros64(mask)
			l2 := bits.TrailingZeros64(mask & (mask - 1))
			for v := 1; v <= 9; v++ {
				if placed[v]+4 > 9 {
					continue
				}
				p1, p2 := c.posW(baseK, l1, v), c.posW(baseK, l2, v)
				if pop16(p1) < 2 || pop16(p2) < 2 || pop16(p1|p2) != 2 {
					continue
				}
				covers := p1 | p2
				bit := uint16(1) << (v - 1)
				elims = elims[:0]
				for m := covers; m != 0; m &= m - 1 {
					cl := trailing16(m)
					for k, cell := range chainTab.region[coverK][cl] {
						if k != l1 && k != l2 && c.work[cell]&bit != 0 {
							elims = append(elims, potOf(int(cell), v))
						}
					}
				}
				if len(elims) == 0 {
					continue
				}
				from := len(c.adv.par)
				for _, l := range [2]int{l1, l2} {
					for k, cell := range chainTab.region[baseK][l] {
						if covers&(1<<k) == 0 && c.removed(int(cell), v) {
							c.adv.par = append(c.adv.par, nodeOf(potOf(int(cell), v), false))
						}
					}
				}
				if c.emitAdv(from, elims) {
					found = true
				}
			}
			return true
		})
	}
	return found
}
