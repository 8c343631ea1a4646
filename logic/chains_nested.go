package logic

import "slices"

// Nested chains (levels 2 to 4): inside the grid of an assumption, a
// whole chaining rule is run, and what its hints remove is implied off.
// The parents of those nodes are the candidates the outer chain removed
// and the inner hint needs (Sudoku Explainer's "rule parents"): for each
// cell whose candidate the inner chain found by elimination, the
// candidates removed from it; for each region where it found the last
// place of a value, the places removed there.

// innerHint is a hint of a nested rule, with what it removes and the
// candidates of the outer assumption it needs (ranges of the outer
// chainer's buffers).
type innerHint struct {
	key        [4]int // rating, complexity, sort key, order found
	sig        uint64 // the chains' signature (see nestedHint)
	efrom, eto int32
	pfrom, pto int32
}

// innerBuf collects the hints of a nested rule for the outer chainer.
type innerBuf struct {
	hints []innerHint
	elims []int
	pars  []int
	seen  [numPots]uint32
	gen   uint32
}

func (b *innerBuf) reset() {
	b.hints, b.elims, b.pars = b.hints[:0], b.elims[:0], b.pars[:0]
}

// startParents begins the parents of a new hint (each counted once).
func (b *innerBuf) startParents() {
	b.gen++
	if b.gen == 0 {
		clear(b.seen[:])
		b.gen = 1
	}
}

func (b *innerBuf) addParent(p int) {
	if b.seen[p] != b.gen {
		b.seen[p] = b.gen
		b.pars = append(b.pars, p)
	}
}

// advNested runs the nested rules of the level on the assumption's grid
// (forcing chains and cycles, then multiple forcing chains; or dynamic
// forcing chains) and adds, for the first rule that gives anything, what
// its hints remove.
//
// What each rule gives on an assumption's grid is kept in the memo (entry
// ent) and replayed when another assumption reaches the same grid.
func (c *chainer) advNested(r *implic, ent int32) {
	b := &c.inner
	var modes []chainMode
	var kinds []int
	switch c.mode.level {
	case 2:
		modes, kinds = []chainMode{{}}, []int{advUnary}
	case 3:
		modes, kinds = []chainMode{{}, {multiple: true}}, []int{advUnary, advMultiple}
	default:
		modes = []chainMode{{multiple: true, dynamic: true, level: c.mode.nestLimit}}
		kinds = []int{advDynamic + c.mode.nestLimit}
	}
	a := &c.adv
	for k, m := range modes {
		if c.e.stopped() {
			return
		}
		if c.replay(ent, kinds[k]) {
			if len(a.offs) > 0 {
				return
			}
			continue
		}
		b.reset()
		inner := c.scratch.engine(c.depth + 1)
		sub := cgrid{cand: c.work, val: c.base.val, vc: c.wvc}
		inner.setup(c.e, &sub, m)
		inner.orig = &c.base.cand
		if m == (chainMode{}) {
			inner.collectUnary(b)
		} else {
			inner.collectMultiple(b)
		}
		if c.e.stopped() {
			return
		}
		nfrom := len(c.nested)
		if len(b.hints) > 0 {
			c.addInner(r, b)
		}
		c.memo.record(ent, kinds[k], a, 0, 0, c.nested, nfrom)
		if len(a.offs) > 0 {
			return
		}
	}
}

// addInner turns the nested hints, best first and each set of
// eliminations once, into advanced "off" nodes.
func (c *chainer) addInner(r *implic, b *innerBuf) {
	slices.SortFunc(b.hints, func(x, y innerHint) int {
		for k := range x.key {
			if x.key[k] != y.key[k] {
				return x.key[k] - y.key[k]
			}
		}
		return 0
	})
	a := &c.adv
	for k, h := range b.hints {
		dup := false
		for _, o := range b.hints[:k] {
			if slices.Equal(b.elims[o.efrom:o.eto], b.elims[h.efrom:h.eto]) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		from := int32(len(a.par))
		for _, p := range b.pars[h.pfrom:h.pto] {
			if r.set[0].has(p) {
				a.par = append(a.par, nodeOf(p, false))
			}
		}
		to := int32(len(a.par))
		id := c.addNested(h.key[1], h.sig)
		for _, p := range b.elims[h.efrom:h.eto] {
			a.offs = append(a.offs, advOff{node: nodeOf(p, false), nest: id, pfrom: from, pto: to})
		}
	}
}

// removedOuter reports whether the outer chain removed v from cell.
func (c *chainer) removedOuter(cell, v int) bool {
	bit := uint16(1) << (v - 1)
	return c.orig[cell]&bit != 0 && c.base.cand[cell]&bit == 0
}

// causeParents adds the candidates the outer chain removed that a node
// found by cause needs.
func (c *chainer) causeParents(b *innerBuf, n int16, cause int8) {
	p := int(n >> 1)
	cell, v := p/9, p%9+1
	switch {
	case cause == causeCell:
		for w := c.orig[cell] &^ c.base.cand[cell]; w != 0; w &= w - 1 {
			b.addParent(potOf(cell, trailing16(w)+1))
		}
	case cause >= kindBlock && cause <= kindColumn:
		for _, o := range chainTab.region[cause][chainTab.cellReg[cell][cause]] {
			if c.removedOuter(int(o), v) {
				b.addParent(potOf(int(o), v))
			}
		}
	}
}

// collectUnary records every hint of the forcing chains and cycles rule.
func (c *chainer) collectUnary(b *innerBuf) {
	seq := 0
	c.forEachUnary(func(int, int) int { return 1 << 20 }, func(h *unaryHint, elims []int) bool {
		seq++
		b.startParents()
		pfrom := int32(len(b.pars))
		u := &c.un
		sig := uint64(14695981039346656037)
		for j := h.end; j >= 0; j = u.nodes[j].parent {
			nd := u.nodes[j]
			sig = chainSig(sig, nd.node)
			if nd.cause == causeNone {
				continue
			}
			// A cycle also runs backwards, its "off" nodes being "on".
			if nd.node&1 == 1 || h.cycle {
				c.causeParents(b, nd.node, nd.cause)
			}
		}
		if int32(len(b.pars)) == pfrom {
			return !c.e.stopped()
		}
		efrom := int32(len(b.elims))
		b.elims = append(b.elims, elims...)
		slices.Sort(b.elims[efrom:])
		b.hints = append(b.hints, innerHint{key: [4]int{h.rating, h.cplx, h.sortKey, seq}, sig: sig,
			efrom: efrom, eto: int32(len(b.elims)), pfrom: pfrom, pto: int32(len(b.pars))})
		return !c.e.stopped()
	})
}

// collectMultiple records every hint of a multiple-chain rule.
func (c *chainer) collectMultiple(b *innerBuf) {
	seq := 0
	base := c.mode.baseTenths()
	var elims []int
	c.forEachMultiple(func(int, int) bool { return true }, func(h *mhint) bool {
		elims = c.mElims(h, elims)
		if len(elims) == 0 {
			return true
		}
		seq++
		b.startParents()
		pfrom := int32(len(b.pars))
		sig := uint64(14695981039346656037)
		for _, br := range h.br[:h.nb] {
			sig = c.branchParents(b, h, br, sig)
		}
		if int32(len(b.pars)) == pfrom {
			return !c.e.stopped()
		}
		cplx := c.complexity(h)
		efrom := int32(len(b.elims))
		b.elims = append(b.elims, elims...)
		slices.Sort(b.elims[efrom:])
		b.hints = append(b.hints, innerHint{key: [4]int{base + lengthTenths(cplx), cplx, h.sortKey, seq}, sig: sig,
			efrom: efrom, eto: int32(len(b.elims)), pfrom: pfrom, pto: int32(len(b.pars))})
		return !c.e.stopped()
	})
}

// branchParents adds the rule parents of the nodes behind one branch's
// target and returns sig with those nodes folded in, in the order met.
func (c *chainer) branchParents(b *innerBuf, h *mhint, br branch, sig uint64) uint64 {
	r := br.r
	w := &c.w
	w.gen++
	if w.gen == 0 {
		clear(w.stamp[:])
		w.gen = 1
	}
	q := w.queue[:0]
	visit := func(s int) {
		n := r.nodeAt(s)
		sig = chainSig(sig, n)
		cause := r.cause[s]
		if cause == causeNone {
			switch h.kind {
			case mkCell:
				cause = causeCell
			case mkRegion:
				cause = int8(h.rkind)
			}
		}
		if n&1 == 1 && cause != causeNone && cause != causeAdvanced {
			c.causeParents(b, n, cause)
		}
		for _, p := range r.parents(s) {
			if w.stamp[p] != w.gen {
				w.stamp[p] = w.gen
				q = append(q, p)
			}
		}
	}
	if br.slot != extraSlot {
		w.stamp[br.slot] = w.gen
	}
	visit(br.slot)
	for k := 0; k < len(q); k++ {
		visit(int(q[k]))
	}
	w.queue = q
	return sig
}
