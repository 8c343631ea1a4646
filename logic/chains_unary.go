package logic

import "math/bits"

// Static chains from one assumption (Sudoku Explainer's "Forcing Chains &
// Cycles"): bidirectional cycles, where the assumption comes back to
// itself after at least four links, and forcing chains, where it leads to
// its own negation. X-links follow one value through its places in a
// region; Y-links follow one cell through its candidates.

// unode is a node of a search tree: chains may pass a node more than once.
type unode struct {
	node   int16
	cause  int8
	depth  int16
	parent int32
}

type unary struct {
	nodes      []unode
	qa, qb     []int32
	toOn       potSet
	toOff      potSet
	ends       []int32
	cellsIn    [81]uint32
	cellGen    uint32
	forw, back potSet
	elims      []int
	offs       []unode
	offStart   [numPots]int32
	offY       [numPots]int32
	offEnd     [numPots]int32
	conj       [numPots][3]int16
	rc         reach
}

func (u *unary) add(n int16, cause int8, parent int32) int32 {
	var d int16
	if parent >= 0 {
		d = u.nodes[parent].depth + 1
	}
	u.nodes = append(u.nodes, unode{node: n, cause: cause, depth: d, parent: parent})
	return int32(len(u.nodes) - 1)
}

func (u *unary) reset(start int16) int32 {
	u.nodes = u.nodes[:0]
	u.toOn = potSet{}
	u.toOff = potSet{}
	u.ends = u.ends[:0]
	return u.add(start, causeNone, -1)
}

// isAncestor reports whether node n occurs above index i in its chain.
func (u *unary) isAncestor(i int32, n int16) bool {
	for i = u.nodes[i].parent; i >= 0; i = u.nodes[i].parent {
		if u.nodes[i].node == n {
			return true
		}
	}
	return false
}

// prepareUnary builds the link tables of the grid searched: the "off"
// consequences of each candidate and its conjugates (the other place of
// its value in each region, if only two).
func (c *chainer) prepareUnary() {
	u := &c.un
	u.offs = u.offs[:0]
	for p := range numPots {
		cell, v := p/9, p%9+1
		bit := uint16(1) << (v - 1)
		u.offStart[p] = int32(len(u.offs))
		for k := range u.conj[p] {
			u.conj[p][k] = -1
		}
		if c.base.cand[cell]&bit == 0 {
			u.offEnd[p] = u.offStart[p]
			continue
		}
		for w := c.base.cand[cell] &^ bit; w != 0; w &= w - 1 {
			u.offs = append(u.offs, unode{node: nodeOf(potOf(cell, trailing16(w)+1), false), cause: causeCell})
		}
		u.offY[p] = int32(len(u.offs))
		for _, o := range chainTab.peers[cell] {
			if c.base.cand[o]&bit != 0 {
				u.offs = append(u.offs, unode{node: nodeOf(potOf(int(o), v), false), cause: peerKind(cell, int(o))})
			}
		}
		u.offEnd[p] = int32(len(u.offs))
	}
	for kind := range 3 {
		for r := range 9 {
			reg := &chainTab.region[kind][r]
			for v := 1; v <= 9; v++ {
				pos := c.base.positions(kind, r, v)
				if pop16(pos) != 2 {
					continue
				}
				a := int(reg[trailing16(pos)])
				b := int(reg[trailing16(pos&(pos-1))])
				u.conj[potOf(a, v)][kind] = int16(potOf(b, v))
				u.conj[potOf(b, v)][kind] = int16(potOf(a, v))
			}
		}
	}
}

// unaryOffs calls f with the nodes that are off when node n (on) holds.
func (c *chainer) unaryOffs(n int16, yLinks bool, f func(q int16, cause int8)) {
	u := &c.un
	p := int(n >> 1)
	from := u.offY[p]
	if yLinks {
		from = u.offStart[p]
	}
	for _, o := range u.offs[from:u.offEnd[p]] {
		f(o.node, o.cause)
	}
}

// unaryOns calls f with the nodes that are on when node n (off) holds.
func (c *chainer) unaryOns(n int16, yLinks, xLinks bool, f func(q int16, cause int8)) {
	p := int(n >> 1)
	cell := p / 9
	if yLinks {
		cur := c.base.cand[cell]
		if pop16(cur) == 2 {
			f(nodeOf(potOf(cell, trailing16(cur&^(1<<(p%9)))+1), true), causeCell)
		}
	}
	if xLinks {
		for kind, q := range c.un.conj[p] {
			if q >= 0 {
				f(nodeOf(int(q), true), int8(kind))
			}
		}
	}
}

// cycles searches the cycles through the "on" node start, breadth first,
// and leaves in u.ends the nodes that close one.
func (c *chainer) cycles(start int16, yLinks, xLinks bool, maxK int) {
	u := &c.un
	root := u.reset(start)
	u.toOn.set(int(start >> 1))
	u.qa = append(u.qa[:0], root)
	u.qb = u.qb[:0]
	length := 0
	for len(u.qa) > 0 {
		length++
		for _, i := range u.qa {
			if int(u.nodes[i].depth)+2 > maxK {
				continue
			}
			c.unaryOffs(u.nodes[i].node, yLinks, func(q int16, cause int8) {
				if !u.isAncestor(i, q) {
					u.qb = append(u.qb, u.add(q, cause, i))
				}
			})
		}
		u.qa = u.qa[:0]
		length++
		for _, i := range u.qb {
			if int(u.nodes[i].depth)+1 > maxK {
				continue
			}
			c.unaryOns(u.nodes[i].node, yLinks, xLinks, func(q int16, cause int8) {
				if length >= 4 && q == start {
					u.ends = append(u.ends, u.add(q, cause, i))
				}
				if !u.toOn.has(int(q >> 1)) {
					u.toOn.set(int(q >> 1))
					u.qa = append(u.qa, u.add(q, cause, i))
				}
			})
		}
		u.qb = u.qb[:0]
	}
}

// forcing searches, breadth first, a chain from start to its negation
// and returns the node that ends it, or -1.
func (c *chainer) forcing(start int16, yLinks bool, maxK int) int32 {
	u := &c.un
	root := u.reset(start)
	goal := start ^ 1
	u.qa, u.qb = u.qa[:0], u.qb[:0]
	if start&1 == 1 {
		u.toOn.set(int(start >> 1))
		u.qa = append(u.qa, root)
	} else {
		u.toOff.set(int(start >> 1))
		u.qb = append(u.qb, root)
	}
	end := int32(-1)
	for (len(u.qa) > 0 || len(u.qb) > 0) && end < 0 {
		for _, i := range u.qa {
			if int(u.nodes[i].depth)+2 > maxK {
				continue
			}
			c.unaryOffs(u.nodes[i].node, yLinks, func(q int16, cause int8) {
				if end >= 0 {
					return
				}
				if q == goal {
					end = u.add(q, cause, i)
					return
				}
				if !u.toOff.has(int(q >> 1)) {
					u.toOff.set(int(q >> 1))
					u.qb = append(u.qb, u.add(q, cause, i))
				}
			})
		}
		u.qa = u.qa[:0]
		if end >= 0 {
			break
		}
		for _, i := range u.qb {
			if int(u.nodes[i].depth)+2 > maxK {
				continue
			}
			c.unaryOns(u.nodes[i].node, yLinks, true, func(q int16, cause int8) {
				if end >= 0 {
					return
				}
				if q == goal {
					end = u.add(q, cause, i)
					return
				}
				if !u.toOn.has(int(q >> 1)) {
					u.toOn.set(int(q >> 1))
					u.qa = append(u.qa, u.add(q, cause, i))
				}
			})
		}
		u.qb = u.qb[:0]
	}
	return end
}

// chainLen returns the number of distinct nodes from index i up to the
// root (a cycle's end equals its root and counts once).
func (u *unary) chainLen(i int32) int {
	n := 0
	first := u.nodes[i].node
	for j := i; j >= 0; j = u.nodes[j].parent {
		if u.nodes[j].parent < 0 && j != i && u.nodes[j].node == first {
			break
		}
		n++
	}
	return n
}

// cycleElims fills u.elims with what the cycle ending at index i removes:
// the candidates outside the cycle's cells that see one of its "on" nodes
// and one of its "off" nodes of the same value.
func (c *chainer) cycleElims(i int32) []int {
	u := &c.un
	u.cellGen++
	for j := i; u.nodes[j].parent >= 0; j = u.nodes[j].parent {
		u.cellsIn[u.nodes[j].node>>1/9] = u.cellGen
	}
	u.forw, u.back = potSet{}, potSet{}
	for j := i; u.nodes[j].parent >= 0; j = u.nodes[j].parent {
		n := u.nodes[j].node
		p := int(n >> 1)
		cell, v := p/9, p%9+1
		bit := uint16(1) << (v - 1)
		for _, o := range chainTab.peers[cell] {
			if u.cellsIn[o] != u.cellGen && c.base.cand[o]&bit != 0 {
				if n&1 == 1 {
					u.forw.set(potOf(int(o), v))
				} else {
					u.back.set(potOf(int(o), v))
				}
			}
		}
	}
	u.elims = u.elims[:0]
	for k := range u.forw {
		for m := u.forw[k] & u.back[k]; m != 0; m &= m - 1 {
			u.elims = append(u.elims, k*64+bits.TrailingZeros64(m))
		}
	}
	return u.elims
}

// unaryHint is a cycle or forcing chain found by the static search.
type unaryHint struct {
	cycle          bool
	xLinks, yLinks bool
	end            int32
	rating, cplx   int
	sortKey        int
}

// forEachUnary runs Sudoku Explainer's "Forcing Chains & Cycles" search in
// its order (X-cycles and forcing X-chains, Y-cycles, then both) and calls
// f with each hint that removes something, the search tree being valid
// during the call. It stops when f returns false.
//
// limit returns the largest complexity worth finding for a hint of the
// given rating before its length and sort key.
func (c *chainer) forEachUnary(limit func(base, sortKey int) int, f func(h *unaryHint, elims []int) bool) {
	c.prepareUnary()
	modes := [3][2]bool{{false, true}, {true, false}, {true, true}}
	for _, m := range modes {
		yLinks, xLinks := m[0], m[1]
		base := 65
		if xLinks && yLinks {
			base = 70
		}
		sortKey := 2
		switch {
		case xLinks && yLinks:
			sortKey = 4
		case yLinks:
			sortKey = 3
		}
		rc := &c.un.rc
		c.buildReach(rc, yLinks, xLinks, xLinks)
		for cell := range 81 {
			cands := c.base.cand[cell]
			if c.base.val[cell] != 0 || pop16(cands) < 2 {
				continue
			}
			if !xLinks && pop16(cands) > 2 {
				continue
			}
			if c.e.stopped() {
				return
			}
			for w := cands; w != 0; w &= w - 1 {
				p := potOf(cell, trailing16(w)+1)
				on := nodeOf(p, true)
				c.un.ends = c.un.ends[:0]
				if rc.onCycle(on) {
					c.cycles(on, yLinks, xLinks, limit(base, sortKey))
				}
				for _, end := range c.un.ends {
					elims := c.cycleElims(end)
					if len(elims) == 0 {
						continue
					}
					cplx := c.un.chainLen(end)
					h := unaryHint{cycle: true, xLinks: xLinks, yLinks: yLinks, end: end, cplx: cplx,
						rating: base + lengthTenths(cplx), sortKey: sortKey}
					if !f(&h, elims) {
						return
					}
				}
				if !xLinks {
					continue
				}
				fb := base
				if !yLinks {
					fb = 66
				}
				for _, start := range [2]int16{on, on ^ 1} {
					if !rc.reaches(start, start^1) {
						continue
					}
					end := c.forcing(start, yLinks, limit(fb, sortKey))
					if end < 0 {
						continue
					}
					elims := c.un.elims[:0]
					if start&1 == 1 {
						elims = append(elims, p)
					} else {
						for o := cands &^ (1 << (p % 9)); o != 0; o &= o - 1 {
							elims = append(elims, potOf(cell, trailing16(o)+1))
						}
					}
					c.un.elims = elims
					cplx := c.un.chainLen(end)
					h := unaryHint{xLinks: xLinks, yLinks: yLinks, end: end, cplx: cplx,
						rating: fb + lengthTenths(cplx), sortKey: sortKey}
					if !f(&h, elims) {
						return
					}
				}
			}
		}
	}
}
