package logic

// The advanced implications of a dynamic chain depend only on the grid
// searched and the assumption's grid at the time they are sought (the
// candidates its chain has removed): the basic rules look at that grid,
// and a nested rule searches it. Many assumptions reach the same grid (a
// candidate of a bivalue cell "on" and the other "off" do, and the levels
// of the nested rules search the same grid in turn), so what each rule
// gives is kept per assumption's grid and replayed, which gives exactly
// the nodes, parents and nested hints that searching again would.

// Kinds of advanced results kept: the basic rules, then the nested rules
// (forcing chains and cycles, multiple forcing chains, dynamic forcing
// chains nested 0 to 3 levels).
const (
	advBasic = iota
	advUnary
	advMultiple
	advDynamic  // + nesting limit
	numAdvKinds = advDynamic + 4
)

// advMemo holds the advanced results of the assumption's grids met in
// searches of one grid.
type advMemo struct {
	base  cgrid // the grid searched
	valid bool
	index map[[81]uint16]int32 // assumption's grid -> entry
	ents  [][numAdvKinds]advRes
	offs  []advOff // nest: the hint's index in its result's cplx, or -1
	par   []int16
	cplx  []nestedHint
}

// advRes is one rule's result on one grid: ranges of the memo's slices.
type advRes struct {
	done       bool
	ofrom, oto int32
	pfrom, pto int32
	cfrom, cto int32
}

// reset empties the memo unless it already belongs to grid b.
func (m *advMemo) reset(b *cgrid) {
	if m.valid && m.base.cand == b.cand && m.base.val == b.val {
		return
	}
	m.base.cand, m.base.val = b.cand, b.val
	m.valid = true
	if m.index == nil {
		m.index = map[[81]uint16]int32{}
	}
	clear(m.index)
	m.ents, m.offs, m.par, m.cplx = m.ents[:0], m.offs[:0], m.par[:0], m.cplx[:0]
}

// entry returns the entry of an assumption's grid, made if new.
func (m *advMemo) entry(work *[81]uint16) int32 {
	if i, ok := m.index[*work]; ok {
		return i
	}
	i := int32(len(m.ents))
	m.ents = append(m.ents, [numAdvKinds]advRes{})
	m.index[*work] = i
	return i
}

// record keeps what the advBuf holds from offset ofrom and pfrom on (the
// offs and parents a rule added) and the nested hints from nfrom on.
func (m *advMemo) record(ent int32, kind int, a *advBuf, ofrom, pfrom int, nested []nestedHint, nfrom int) {
	res := advRes{done: true, ofrom: int32(len(m.offs)), pfrom: int32(len(m.par)), cfrom: int32(len(m.cplx))}
	for _, o := range a.offs[ofrom:] {
		if o.nest >= 0 {
			o.nest -= int32(nfrom)
		}
		o.pfrom -= int32(pfrom)
		o.pto -= int32(pfrom)
		m.offs = append(m.offs, o)
	}
	m.par = append(m.par, a.par[pfrom:]...)
	m.cplx = append(m.cplx, nested[nfrom:]...)
	res.oto, res.pto, res.cto = int32(len(m.offs)), int32(len(m.par)), int32(len(m.cplx))
	m.ents[ent][kind] = res
}

// replay appends a recorded result of the entry to the advBuf and the
// nested hints; it reports whether the result was recorded.
func (c *chainer) replay(ent int32, kind int) bool {
	m, a := &c.memo, &c.adv
	res := m.ents[ent][kind]
	if !res.done {
		return false
	}
	pbase := int32(len(a.par))
	nbase := int32(len(c.nested))
	a.par = append(a.par, m.par[res.pfrom:res.pto]...)
	for _, h := range m.cplx[res.cfrom:res.cto] {
		c.addNested(h.complexity, h.sig)
	}
	for _, o := range m.offs[res.ofrom:res.oto] {
		if o.nest >= 0 {
			o.nest += nbase
		}
		o.pfrom += pbase
		o.pto += pbase
		a.offs = append(a.offs, o)
	}
	return true
}
