package logic

import "math/bits"

// chainMode says which implications a chaining rule follows, as Sudoku
// Explainer's Chaining(multiple, dynamic, nishio, level) does.
type chainMode struct {
	// multiple: cell and region forcing chains over cells and regions with
	// more than two places.
	multiple bool
	// dynamic: each assumption is made on a copy of the grid, which loses
	// the candidates implied off as the chain goes.
	dynamic bool
	// nishio: only X-links (one value, its places in a region).
	nishio bool
	// level > 0 adds "advanced" implications: basic rules (1), forcing
	// chains (2), multiple forcing chains (3) or dynamic forcing chains
	// of level nestLimit (4) applied to the grid of the assumption.
	level, nestLimit int
}

// baseTenths is the rating of the mode's chains before the length.
func (m chainMode) baseTenths() int {
	switch {
	case m.level > 0:
		return 85 + 5*m.level
	case m.nishio:
		return 75
	case m.dynamic:
		return 85
	}
	return 80
}

// chainer runs the chains of one rule on one grid.
type chainer struct {
	depth   int
	scratch *chainScratch
	e       *env
	mode    chainMode
	base    cgrid
	work    [81]uint16
	wvc     [9]cbits        // the cells of each value in work
	wpos    [3][9][9]uint16 // places of each value in each region in work (advanced rules)

	onCache [numPots]*implic
	onGen   [numPots]uint32
	gen     uint32
	pool    []*implic
	used    int
	offR    *implic

	qOn, qOff []int16
	ons       []onCons
	parBuf    []int16
	w         walker
	nested    []nestedHint
	chainIDs  map[uint64]int32 // the first nested hint of each signature
	adv       advBuf
	un        unary
	inner     innerBuf
	memo      advMemo
	// orig is the grid of the outer chain (nested rules only): what it
	// has and base lacks, the outer chain removed.
	orig *[81]uint16
}

// onCons is an implied "on" node with its parents (a range of parBuf).
type onCons struct {
	node       int16
	cause      int8
	pfrom, pto int32
}

// setup prepares c for a search on grid b.
func (c *chainer) setup(e *env, b *cgrid, mode chainMode) {
	c.e = e
	c.base = *b
	c.mode = mode
	c.gen++
	if c.gen == 0 {
		clear(c.onGen[:])
		c.gen = 1
	}
	c.used = 0
	c.nested = c.nested[:0]
	if c.chainIDs == nil {
		c.chainIDs = map[uint64]int32{}
	}
	clear(c.chainIDs)
	c.memo.reset(b)
	if c.offR == nil {
		c.offR = &implic{}
	}
}

// addNested records a nested hint used by the chains and returns its id.
func (c *chainer) addNested(complexity int, sig uint64) int32 {
	id := int32(len(c.nested))
	canon, ok := c.chainIDs[sig]
	if !ok {
		canon = id
		c.chainIDs[sig] = id
	}
	c.nested = append(c.nested, nestedHint{complexity: complexity, sig: sig, canon: canon})
	return id
}

func (c *chainer) newImplic() *implic {
	if c.used == len(c.pool) {
		c.pool = append(c.pool, &implic{})
	}
	r := c.pool[c.used]
	c.used++
	return r
}

// onResult returns what follows from potential p being on (cached for
// the search).
func (c *chainer) onResult(p int) *implic {
	if c.onGen[p] == c.gen {
		return c.onCache[p]
	}
	r := c.newImplic()
	c.propagate(r, nodeOf(p, true))
	c.onCache[p] = r
	c.onGen[p] = c.gen
	return r
}

// offResult returns what follows from potential p being off (in a buffer
// that the next call reuses).
func (c *chainer) offResult(p int) *implic {
	c.propagate(c.offR, nodeOf(p, false))
	return c.offR
}

// peerKind returns the kind of the first region (block, row, column)
// that holds both cells.
func peerKind(a, b int) int8 {
	t := chainTab
	switch {
	case t.cellReg[a][kindBlock] == t.cellReg[b][kindBlock]:
		return kindBlock
	case a/9 == b/9:
		return kindRow
	}
	return kindColumn
}

// propagate fills r with the nodes that follow from start, until nothing
// more follows or a potential would be both on and off (then it reports
// true and r.contra is set). "On" nodes are followed first.
func (c *chainer) propagate(r *implic, start int16) bool {
	c.work = c.base.cand
	c.wvc = c.base.vc
	r.reset(start)
	r.add(int(start), start, nil, causeNone, -1)
	c.qOn, c.qOff = c.qOn[:0], c.qOff[:0]
	if start&1 == 1 {
		c.qOn = append(c.qOn, start)
	} else {
		c.qOff = append(c.qOff, start)
	}
	yLinks := !c.mode.nishio
	hOn, hOff := 0, 0
	var par [1]int16
	for {
		if hOn < len(c.qOn) {
			n := c.qOn[hOn]
			hOn++
			p := int(n >> 1)
			cell, v := p/9, p%9+1
			par[0] = n
			if yLinks {
				for w := c.work[cell] &^ (1 << (v - 1)); w != 0; w &= w - 1 {
					q := potOf(cell, trailing16(w)+1)
					if c.offFromOn(r, par[:], q, causeCell) {
						return true
					}
				}
			}
			vc := c.wvc[v-1]
			for kind, mask := range chainTab.peerMask[cell] {
				for m := vc.and(mask); m != (cbits{}); {
					o := m.first()
					m.clr(o)
					if c.offFromOn(r, par[:], potOf(o, v), int8(kind)) {
						return true
					}
				}
			}
			continue
		}
		if hOff < len(c.qOff) {
			n := c.qOff[hOff]
			hOff++
			p := int(n >> 1)
			c.offToOn(r, n, yLinks, true)
			if c.mode.dynamic {
				c.work[p/9] &^= 1 << (p % 9)
				c.wvc[p%9].clr(p / 9)
			}
			for _, on := range c.ons {
				q := int(on.node >> 1)
				parents := c.parBuf[on.pfrom:on.pto]
				if r.set[0].has(q) {
					r.add(extraSlot, on.node, parents, on.cause, -1)
					r.contra, r.cOn, r.cOff = true, extraSlot, q<<1
					return true
				}
				if !r.set[1].has(q) {
					r.add(int(on.node), on.node, parents, on.cause, -1)
					c.qOn = append(c.qOn, on.node)
				}
			}
			continue
		}
		if c.mode.level > 0 && c.advanced(r) {
			continue
		}
		return false
	}
}

// offFromOn records that q is off because of the parent; it reports a
// contradiction when q is on.
func (c *chainer) offFromOn(r *implic, parent []int16, q int, cause int8) bool {
	if r.set[1].has(q) {
		r.add(extraSlot, int16(q<<1), parent, cause, -1)
		r.contra, r.cOn, r.cOff = true, q<<1|1, extraSlot
		return true
	}
	if !r.set[0].has(q) {
		n := int16(q << 1)
		r.add(int(n), n, parent, cause, -1)
		c.qOff = append(c.qOff, n)
	}
	return false
}

// offToOn fills c.ons with the nodes that are on because node n is off:
// with yLinks, the other candidate of a cell left with two; with xLinks,
// the other place of the value in a region left with two. In dynamic
// mode, the candidates already removed from the cell or region are
// parents too ("hidden" parents).
func (c *chainer) offToOn(r *implic, n int16, yLinks, xLinks bool) {
	c.ons = c.ons[:0]
	c.parBuf = c.parBuf[:0]
	p := int(n >> 1)
	cell, v := p/9, p%9+1
	bit := uint16(1) << (v - 1)
	if yLinks {
		cur := c.work[cell]
		if pop16(cur) == 2 {
			other := trailing16(cur&^bit) + 1
			from := int32(len(c.parBuf))
			c.parBuf = append(c.parBuf, n)
			for gone := c.base.cand[cell] &^ cur; gone != 0; gone &= gone - 1 {
				c.parBuf = append(c.parBuf, nodeOf(potOf(cell, trailing16(gone)+1), false))
			}
			c.ons = append(c.ons, onCons{nodeOf(potOf(cell, other), true), causeCell, from, int32(len(c.parBuf))})
		}
	}
	if xLinks {
		vc := c.wvc[v-1]
		vc.clr(cell)
		for kind := range 3 {
			mask := chainTab.regMask[kind][chainTab.cellReg[cell][kind]]
			m := vc.and(mask)
			if m.count() != 1 {
				continue
			}
			other := m.first()
			from := int32(len(c.parBuf))
			c.parBuf = append(c.parBuf, n)
			if c.mode.dynamic {
				c.base.vc[v-1].and(mask).andNot(c.wvc[v-1]).each(func(o int) {
					c.parBuf = append(c.parBuf, nodeOf(potOf(o, v), false))
				})
			}
			c.ons = append(c.ons, onCons{nodeOf(potOf(other, v), true), int8(kind), from, int32(len(c.parBuf))})
		}
	}
}

func trailing16(x uint16) int { return bits.TrailingZeros16(x) }
