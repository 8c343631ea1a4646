package variant

import (
	"math/bits"
)

// engine is a puzzle's rules compiled for search: flat tables, shared
// read-only by every search of the puzzle.
type engine struct {
	n, cells int
	all      uint64
	dom      []uint64 // domain of each cell from the rules (givens excluded)

	// peers: cells that must differ, with the rule that says so.
	peerOff  []int32
	peerList []int32
	peerRule []int32

	// full groups (n cells): hidden singles; flattened, n cells each.
	groupCells []int32
	groupRule  []int32

	// pair relations: for cell i, relList[relOff[i]:relOff[i+1]]; table
	// tab[r.tab+v] is the allowed values of r.other when i holds v.
	relOff  []int32
	relList []rel
	tab     []uint64

	props    []propagator
	watchOff []int32
	watch    []int32
}

type rel struct {
	other, tab, rule int32
}

// compile builds the engine of p, which must be valid.
func compile(p *Puzzle) *engine {
	n := p.Size
	b := &builder{p: p, n: n, dom: make([]uint64, n*n)}
	all := rangeMask(1, n)
	for i := range b.dom {
		b.dom[i] = all
	}
	row := make([]int, n)
	b.rule = RuleRows
	for r := range n {
		for c := range n {
			row[c] = r*n + c
		}
		b.group(row)
	}
	b.rule = RuleColumns
	for c := range n {
		for r := range n {
			row[r] = r*n + c
		}
		b.group(row)
	}
	if p.Regions != nil {
		b.rule = RuleRegions
		regs := make([][]int, n)
		for i, r := range p.Regions {
			regs[r] = append(regs[r], i)
		}
		for _, cells := range regs {
			b.group(cells)
		}
	}
	for k, r := range p.Rules {
		b.rule = k
		r.compile(b)
	}
	return link(b)
}

// link turns the builder's lists into the engine's flat tables.
func link(b *builder) *engine {
	n, cells := b.n, b.n*b.n
	e := &engine{n: n, cells: cells, all: rangeMask(1, n), dom: b.dom}
	// Peers, deduplicated, first rule wins.
	peers := make([][]int32, cells)
	prule := make([][]int32, cells)
	seen := make(map[[2]int32]bool)
	addPeer := func(a, c int, rule int) {
		if a == c || seen[[2]int32{int32(a), int32(c)}] {
			return
		}
		seen[[2]int32{int32(a), int32(c)}] = true
		seen[[2]int32{int32(c), int32(a)}] = true
		peers[a] = append(peers[a], int32(c))
		prule[a] = append(prule[a], int32(rule))
		peers[c] = append(peers[c], int32(a))
		prule[c] = append(prule[c], int32(rule))
	}
	for _, g := range b.grps {
		for x, a := range g.cells {
			for _, c := range g.cells[x+1:] {
				addPeer(a, c, g.rule)
			}
		}
		if len(g.cells) == n {
			e.groupCells = append(e.groupCells, i32s(g.cells)...)
			e.groupRule = append(e.groupRule, int32(g.rule))
		}
	}
	rels := make([][]rel, cells)
	for _, r := range b.rels {
		if r.ok == nil {
			addPeer(r.a, r.b, r.rule)
			continue
		}
		fwd, back := int32(len(e.tab)), int32(len(e.tab)+n+1)
		e.tab = append(e.tab, make([]uint64, 2*(n+1))...)
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				if r.ok(x, y) {
					e.tab[int(fwd)+x] |= 1 << (y - 1)
					e.tab[int(back)+y] |= 1 << (x - 1)
				}
			}
		}
		rels[r.a] = append(rels[r.a], rel{int32(r.b), fwd, int32(r.rule)})
		rels[r.b] = append(rels[r.b], rel{int32(r.a), back, int32(r.rule)})
	}
	watch := make([][]int32, cells)
	for k, pd := range b.prps {
		e.props = append(e.props, pd.p)
		for _, c := range pd.watch {
			watch[c] = append(watch[c], int32(k))
		}
	}
	for i := range cells {
		e.peerOff = append(e.peerOff, int32(len(e.peerList)))
		e.peerList = append(e.peerList, peers[i]...)
		e.peerRule = append(e.peerRule, prule[i]...)
		e.relOff = append(e.relOff, int32(len(e.relList)))
		e.relList = append(e.relList, rels[i]...)
		e.watchOff = append(e.watchOff, int32(len(e.watch)))
		e.watch = append(e.watch, watch[i]...)
	}
	e.peerOff = append(e.peerOff, int32(len(e.peerList)))
	e.relOff = append(e.relOff, int32(len(e.relList)))
	e.watchOff = append(e.watchOff, int32(len(e.watch)))
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
	l       Listener
}

func newState(e *engine) *state {
	return &state{
		e:     e,
		queue: make([]int32, 0, e.cells),
		inq:   make([]bool, e.cells),
		pq:    make([]int32, 0, len(e.props)),
		inpq:  make([]bool, len(e.props)),
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
			if m&(m-1) == 0 {
				for k := e.peerOff[c]; k < e.peerOff[c+1]; k++ {
					if !s.restrict(int(e.peerList[k]), ^m, int(e.peerRule[k])) {
						return false
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
			if !e.props[p].propagate(s) {
				return false
			}
			continue
		}
		progress, ok := s.hiddenSingles()
		if !ok {
			return false
		}
		if !progress {
			return true
		}
	}
}

// hiddenSingles places every value that has one place left in a full
// group; it reports whether it placed any and false on a contradiction.
func (s *state) hiddenSingles() (progress, ok bool) {
	e := s.e
	n := e.n
	for g := range e.groupRule {
		cells := e.groupCells[g*n : g*n+n]
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
					if !s.restrict(int(c), v, int(e.groupRule[g])) {
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
	e := compile(p)
	s := newState(e)
	s.l = l
	s.cand = cands
	for i, d := range e.dom {
		if !s.restrict(i, d, domainRule(p, i)) {
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

// domainRule names the rule that narrowed cell i's domain, for Propagate's
// listener: the last rule that restricts it.
func domainRule(p *Puzzle, i int) int {
	rule := RuleGivens
	for k, r := range p.Rules {
		b := &builder{p: p, n: p.Size, dom: make([]uint64, p.Size*p.Size)}
		for j := range b.dom {
			b.dom[j] = rangeMask(1, p.Size)
		}
		switch r.(type) {
		case Parity, Thermo:
			r.compile(b)
			if b.dom[i] != rangeMask(1, p.Size) {
				rule = k
			}
		}
	}
	return rule
}
