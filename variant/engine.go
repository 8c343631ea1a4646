package variant

import "math/bits"

// engine is a puzzle's rules compiled for search: flat tables, shared
// read-only by every search of the puzzle.
type engine struct {
	n, cells int
	all      uint64
	dom      []uint64 // domain of each cell from the rules (givens excluded)
	domRule  []int    // the rule that narrowed each domain, or nil

	// Groups of cells that hold different values (rows, columns, regions,
	// extra regions, cages, and pairs that must differ): group g is
	// gCells[gOff[g]:gOff[g+1]], named by rule gRule[g]. A fixed value
	// leaves the other cells of every group of its cell.
	gOff   []int32
	gCells []int32
	gRule  []int32
	// The groups of cell i: cellG[cellGOff[i]:cellGOff[i+1]].
	cellGOff []int32
	cellG    []int32
	// Full groups (n cells) get hidden singles; the full groups of cell i
	// are fullOf[fullOff[i]:fullOff[i+1]], indexes into full.
	full    []int32
	fullOff []int32
	fullOf  []int32

	// Intersections of two full groups in two cells or more: a value
	// whose places in one group all lie in the intersection leaves the
	// rest of the other (pointing and claiming, locked candidates).
	inters []inter

	// pair relations: for cell i, relList[relOff[i]:relOff[i+1]]; table
	// tab[r.tab+v] is the allowed values of r.other when i holds v.
	relOff  []int32
	relList []rel
	tab     []uint64

	props    []propagator
	watchOff []int32
	watch    []int32

	// sums says the rules hold cages with a sum (then compileFor's strong
	// engine differs).
	sums bool

	// fast, if not nil, is the all-different engine (alldiff.go), which
	// searches instead of the tables above (then left empty).
	fast *fastGeom
}

type inter struct {
	aOut, bOut   []int32 // cells of each group outside the intersection
	common       []int32
	ruleA, ruleB int32
	ia, ib       int32 // the groups' indexes in full
}

type rel struct {
	other, tab, rule int32
}

// compile builds the engine of p, which must be valid, for search: the
// all-different engine where the rules allow it.
func compile(p *Puzzle) *engine { return compileFor(p, false) }

// compileFor is compile, with the counts' stronger reasoning if strong.
func compileFor(p *Puzzle, strong bool) *engine {
	b := build(p, strong)
	if f := fastOf(b); f != nil {
		return &engine{n: b.n, cells: b.n * b.n, all: rangeMask(1, b.n), fast: f}
	}
	e := link(b)
	e.sums = len(b.cages) > 0
	return e
}

// build compiles the rules of p, which must be valid.
func build(p *Puzzle, strong bool) *builder {
	n := p.Size
	b := &builder{p: p, n: n, dom: make([]uint64, n*n), strong: strong}
	all := rangeMask(1, n)
	for i := range b.dom {
		b.dom[i] = all
	}
	b.grps = make([]groupDef, 0, 3*n+len(p.Rules))
	b.prps = make([]propDef, 0, len(p.Rules)+4*n)
	rows := make([]int, n*n)
	cols := make([]int, n*n)
	for i := range rows {
		rows[i] = i
		cols[i] = i%n*n + i/n
	}
	b.rule = RuleColumns
	for c := range n {
		b.group(cols[c*n : c*n+n])
	}
	b.rule = RuleRows
	for r := range n {
		b.group(rows[r*n : r*n+n])
	}
	if p.Regions != nil {
		b.rule = RuleRegions
		regs := make([]int, 0, n*n)
		start := make([]int, n+1)
		for _, r := range p.Regions {
			start[r+1]++
		}
		for r := range n {
			start[r+1] += start[r]
		}
		regs = regs[:n*n]
		fill := append([]int(nil), start[:n]...)
		for i, r := range p.Regions {
			regs[fill[r]] = i
			fill[r]++
		}
		b.regions = make([][]int, n)
		for r := range n {
			b.regions[r] = regs[start[r]:start[r+1]]
			b.group(b.regions[r])
		}
	}
	for k, r := range p.Rules {
		b.rule = k
		r.compile(b)
	}
	if strong {
		addInniesStrong(b, p)
	} else {
		addInnies(b, p)
	}
	return b
}

// link turns the builder's lists into the engine's flat tables.
func link(b *builder) *engine {
	n, cells := b.n, b.n*b.n
	e := &engine{n: n, cells: cells, all: rangeMask(1, n), dom: b.dom, domRule: b.domRule}
	// Groups, then pairs that differ as groups of two.
	ng := len(b.grps)
	for _, r := range b.rels {
		if r.ok == nil {
			ng++
		}
	}
	size := 2 * (ng - len(b.grps))
	for _, g := range b.grps {
		size += len(g.cells)
	}
	e.gCells = make([]int32, 0, size)
	e.gOff = make([]int32, 1, ng+1)
	e.gRule = make([]int32, 0, ng)
	deg := make([]int32, cells+1)
	addGroup := func(cs []int, rule int) {
		for _, c := range cs {
			e.gCells = append(e.gCells, int32(c))
			deg[c+1]++
		}
		e.gOff = append(e.gOff, int32(len(e.gCells)))
		e.gRule = append(e.gRule, int32(rule))
	}
	for _, g := range b.grps {
		if len(g.cells) == n {
			e.full = append(e.full, int32(len(e.gRule)))
		}
		addGroup(g.cells, g.rule)
	}
	var pair [2]int
	nrel := 0
	for _, r := range b.rels {
		if r.ok == nil {
			pair[0], pair[1] = r.a, r.b
			addGroup(pair[:], r.rule)
		} else {
			nrel++
		}
	}
	e.cellGOff = make([]int32, cells+1)
	for i := range cells {
		e.cellGOff[i+1] = e.cellGOff[i] + deg[i+1]
	}
	e.cellG = make([]int32, e.cellGOff[cells])
	fill := append([]int32(nil), e.cellGOff[:cells]...)
	for g := range e.gRule {
		for _, c := range e.gCells[e.gOff[g]:e.gOff[g+1]] {
			e.cellG[fill[c]] = int32(g)
			fill[c]++
		}
	}
	e.fullOff = make([]int32, cells+1)
	for _, g := range e.full {
		for _, c := range e.gCells[e.gOff[g]:e.gOff[g+1]] {
			e.fullOff[c+1]++
		}
	}
	for i := range cells {
		e.fullOff[i+1] += e.fullOff[i]
	}
	e.fullOf = make([]int32, e.fullOff[cells])
	copy(fill, e.fullOff[:cells])
	for k, g := range e.full {
		for _, c := range e.gCells[e.gOff[g]:e.gOff[g+1]] {
			e.fullOf[fill[c]] = int32(k)
			fill[c]++
		}
	}
	// Intersections of full groups, their cell lists in one array.
	mark := make([]int32, cells)
	type span3 struct{ common, bOut, aOut [2]int }
	spans := make([]span3, 0, 4*len(e.full))
	back := make([]int32, 0, 4*len(e.full)*n)
	e.inters = make([]inter, 0, 4*len(e.full))
	for x, ga := range e.full {
		clear(mark)
		for _, c := range e.gCells[e.gOff[ga]:e.gOff[ga+1]] {
			mark[c] = 1
		}
		for y, gb := range e.full[x+1:] {
			both := 0
			for _, c := range e.gCells[e.gOff[gb]:e.gOff[gb+1]] {
				both += int(mark[c])
			}
			if both < 2 || both == n {
				continue
			}
			var sp span3
			sp.common[0] = len(back)
			for _, c := range e.gCells[e.gOff[gb]:e.gOff[gb+1]] {
				if mark[c] == 1 {
					back = append(back, c)
				}
			}
			sp.common[1] = len(back)
			for _, c := range e.gCells[e.gOff[gb]:e.gOff[gb+1]] {
				if mark[c] == 0 {
					back = append(back, c)
				}
			}
			sp.bOut[0], sp.bOut[1] = sp.common[1], len(back)
			for _, c := range e.gCells[e.gOff[gb]:e.gOff[gb+1]] {
				mark[c] += 2
			}
			for _, c := range e.gCells[e.gOff[ga]:e.gOff[ga+1]] {
				if mark[c] == 1 {
					back = append(back, c)
				}
			}
			for _, c := range e.gCells[e.gOff[gb]:e.gOff[gb+1]] {
				mark[c] -= 2
			}
			sp.aOut[0], sp.aOut[1] = sp.bOut[1], len(back)
			spans = append(spans, sp)
			e.inters = append(e.inters, inter{ruleA: e.gRule[ga], ruleB: e.gRule[gb], ia: int32(x), ib: int32(x + 1 + y)})
		}
	}
	for k, sp := range spans {
		in := &e.inters[k]
		in.common = back[sp.common[0]:sp.common[1]:sp.common[1]]
		in.bOut = back[sp.bOut[0]:sp.bOut[1]:sp.bOut[1]]
		in.aOut = back[sp.aOut[0]:sp.aOut[1]:sp.aOut[1]]
	}
	// Pair relations with their value tables.
	relDeg := make([]int32, cells+1)
	for _, r := range b.rels {
		if r.ok != nil {
			relDeg[r.a+1]++
			relDeg[r.b+1]++
		}
	}
	e.relOff = make([]int32, cells+1)
	for i := range cells {
		e.relOff[i+1] = e.relOff[i] + relDeg[i+1]
	}
	e.relList = make([]rel, e.relOff[cells])
	e.tab = make([]uint64, 0, 2*(n+1)*nrel)
	copy(fill, e.relOff[:cells])
	for _, r := range b.rels {
		if r.ok == nil {
			continue
		}
		fwd, back := int32(len(e.tab)), int32(len(e.tab)+n+1)
		e.tab = e.tab[:len(e.tab)+2*(n+1)]
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				if r.ok(x, y) {
					e.tab[int(fwd)+x] |= 1 << (y - 1)
					e.tab[int(back)+y] |= 1 << (x - 1)
				}
			}
		}
		e.relList[fill[r.a]] = rel{int32(r.b), fwd, int32(r.rule)}
		fill[r.a]++
		e.relList[fill[r.b]] = rel{int32(r.a), back, int32(r.rule)}
		fill[r.b]++
	}
	// Propagators and the cells that wake them.
	e.props = make([]propagator, len(b.prps))
	wdeg := make([]int32, cells+1)
	for k, pd := range b.prps {
		e.props[k] = pd.p
		for _, c := range pd.watch {
			wdeg[c+1]++
		}
	}
	e.watchOff = make([]int32, cells+1)
	for i := range cells {
		e.watchOff[i+1] = e.watchOff[i] + wdeg[i+1]
	}
	e.watch = make([]int32, e.watchOff[cells])
	copy(fill, e.watchOff[:cells])
	for k, pd := range b.prps {
		for _, c := range pd.watch {
			e.watch[fill[c]] = int32(k)
			fill[c]++
		}
	}
	return e
}

// Listener hears the eliminations of propagation: values (bit v-1 for
// value v) removed from cell by the rule with index rule in Puzzle.Rules,
// or RuleRows, RuleColumns, RuleRegions or RuleGivens. The logic layer
// uses it to explain steps; searches run without one and pay nothing.
type Listener interface {
	Eliminate(rule, cell int, values uint64)
}

// state is one search's mutable candidates and queues.
type state struct {
	e       *engine
	cand    []uint64
	queue   []int32
	inq     []bool
	pq      []int32
	inpq    []bool
	scratch []int
	tmp     []uint64 // scratch for propagators: one word a value
	l       Listener
	dirty   []int32 // full groups (indexes into e.full) to scan for hidden singles
	isDirty []bool
	changed []bool // full groups changed since the last intersections pass
	strong  bool   // counts: stronger reasoning (cageProp.match)
	// fail is a cell where the last contradiction showed (a cell left
	// with no value, or one of a propagator's cells), or -1.
	fail int32
}

func newState(e *engine) *state {
	return &state{
		e:       e,
		queue:   make([]int32, 0, e.cells),
		inq:     make([]bool, e.cells),
		pq:      make([]int32, 0, len(e.props)),
		inpq:    make([]bool, len(e.props)),
		tmp:     make([]uint64, e.n),
		dirty:   make([]int32, 0, len(e.full)),
		isDirty: make([]bool, len(e.full)),
		changed: make([]bool, len(e.full)),
	}
}

// restrict keeps only the values in mask in cell c, on behalf of rule.
// It returns false if no value is left.
func (s *state) restrict(c int, mask uint64, rule int) bool {
	old := s.cand[c]
	nw := old & mask
	if nw == old {
		return true
	}
	s.cand[c] = nw
	if s.l != nil {
		s.l.Eliminate(rule, c, old&^nw)
	}
	if nw == 0 {
		s.fail = int32(c)
		return false
	}
	if !s.inq[c] {
		s.inq[c] = true
		s.queue = append(s.queue, int32(c))
	}
	return true
}

// reset empties the queues (after a contradiction).
func (s *state) reset() {
	for _, c := range s.queue {
		s.inq[c] = false
	}
	s.queue = s.queue[:0]
	for _, p := range s.pq {
		s.inpq[p] = false
	}
	s.pq = s.pq[:0]
	for _, g := range s.dirty {
		s.isDirty[g] = false
	}
	s.dirty = s.dirty[:0]
}

// wakeAll queues every cell and propagator (at the start of a search).
func (s *state) wakeAll() {
	for c := range s.e.cells {
		if !s.inq[c] {
			s.inq[c] = true
			s.queue = append(s.queue, int32(c))
		}
	}
}

// propagate narrows the candidates to a fixpoint of every rule; false
// means a contradiction (the queues are then reset).
func (s *state) propagate() bool {
	if !s.run() {
		s.reset()
		return false
	}
	return true
}

func (s *state) run() bool {
	e := s.e
	for {
		for len(s.queue) > 0 {
			c := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			s.inq[c] = false
			m := s.cand[c]
			for _, g := range e.fullOf[e.fullOff[c]:e.fullOff[c+1]] {
				if !s.isDirty[g] {
					s.isDirty[g] = true
					s.dirty = append(s.dirty, g)
				}
				s.changed[g] = true
			}
			if m&(m-1) == 0 {
				for _, g := range e.cellG[e.cellGOff[c]:e.cellGOff[c+1]] {
					rule := int(e.gRule[g])
					for _, o := range e.gCells[e.gOff[g]:e.gOff[g+1]] {
						if s.cand[o]&m != 0 && o != c && !s.restrict(int(o), ^m, rule) {
							return false
						}
					}
				}
			}
			for k := e.relOff[c]; k < e.relOff[c+1]; k++ {
				r := &e.relList[k]
				var allowed uint64
				for x := m; x != 0; x &= x - 1 {
					allowed |= e.tab[int(r.tab)+bits.TrailingZeros64(x)+1]
				}
				if !s.restrict(int(r.other), allowed, int(r.rule)) {
					return false
				}
			}
			for k := e.watchOff[c]; k < e.watchOff[c+1]; k++ {
				if p := e.watch[k]; !s.inpq[p] {
					s.inpq[p] = true
					s.pq = append(s.pq, p)
				}
			}
		}
		if len(s.pq) > 0 {
			p := s.pq[len(s.pq)-1]
			s.pq = s.pq[:len(s.pq)-1]
			s.inpq[p] = false
			if s.fail = -1; !e.props[p].propagate(s) {
				if s.fail < 0 {
					s.fail = propCell(e.props[p])
				}
				return false
			}
			continue
		}
		progress, ok := s.hiddenSingles()
		if !ok {
			return false
		}
		if progress {
			continue
		}
		if !s.intersections() {
			return false
		}
		if len(s.queue) == 0 {
			return true
		}
	}
}

// propCell returns a cell of a sum propagator, or -1.
func propCell(p propagator) int32 {
	switch p := p.(type) {
	case *cageProp:
		return p.cells[0]
	case *linearProp:
		return p.cells[0]
	}
	return -1
}

// intersections removes, for every intersection of two full groups, the
// values locked in it by one group from the rest of the other.
func (s *state) intersections() bool {
	ok := s.lockedPass()
	clear(s.changed)
	return ok
}

func (s *state) lockedPass() bool {
	for k := range s.e.inters {
		in := &s.e.inters[k]
		if !s.changed[in.ia] && !s.changed[in.ib] {
			continue
		}
		var common, outA, outB uint64
		for _, c := range in.common {
			common |= s.cand[c]
		}
		for _, c := range in.aOut {
			outA |= s.cand[c]
		}
		for _, c := range in.bOut {
			outB |= s.cand[c]
		}
		// Values of A only in the common cells leave B's other cells, and
		// the other way round.
		if lock := common &^ outA & outB; lock != 0 {
			for _, c := range in.bOut {
				if !s.restrict(int(c), ^lock, int(in.ruleA)) {
					return false
				}
			}
		}
		if lock := common &^ outB & outA; lock != 0 {
			for _, c := range in.aOut {
				if !s.restrict(int(c), ^lock, int(in.ruleB)) {
					return false
				}
			}
		}
	}
	return true
}

// hiddenSingles places every value that has one place left in a full
// group; it reports whether it placed any and false on a contradiction.
func (s *state) hiddenSingles() (progress, ok bool) {
	e := s.e
	for len(s.dirty) > 0 {
		k := s.dirty[len(s.dirty)-1]
		s.dirty = s.dirty[:len(s.dirty)-1]
		s.isDirty[k] = false
		g := e.full[k]
		cells := e.gCells[e.gOff[g]:e.gOff[g+1]]
		var once, twice, fixed uint64
		for _, c := range cells {
			m := s.cand[c]
			twice |= once & m
			once |= m
			if m&(m-1) == 0 {
				fixed |= m
			}
		}
		if once != e.all {
			return false, false
		}
		single := once &^ twice &^ fixed
		for single != 0 {
			v := single & -single
			single &^= v
			for _, c := range cells {
				if s.cand[c]&v != 0 {
					if !s.restrict(int(c), v, int(e.gRule[g])) {
						return false, false
					}
					break
				}
			}
			progress = true
		}
	}
	return progress, true
}

// Propagate narrows cands, the candidates of each of the Size*Size cells
// (bit v-1 for value v), by every rule of p to a fixpoint, and tells l
// (if not nil) each elimination with the rule that made it. Givens are not
// applied: put them in cands. It returns false if some cell is left with
// no candidate, and the *RuleError of Validate for a puzzle that is not
// well formed.
func (p *Puzzle) Propagate(cands []uint64, l Listener) (bool, error) {
	if err := p.Validate(); err != nil {
		return false, err
	}
	if len(cands) != p.Size*p.Size {
		return false, &RuleError{-1, "candidates", ruleErr("%d candidate sets for %d cells", len(cands), p.Size*p.Size)}
	}
	e := link(build(p, false))
	s := newState(e)
	s.l = l
	s.cand = cands
	for i, d := range e.dom {
		rule := RuleGivens
		if e.domRule != nil {
			rule = e.domRule[i]
		}
		if !s.restrict(i, d, rule) {
			s.reset()
			return false, nil
		}
	}
	s.wakeAll()
	for k := range e.props {
		s.inpq[k] = true
		s.pq = append(s.pq, int32(k))
	}
	return s.propagate(), nil
}
