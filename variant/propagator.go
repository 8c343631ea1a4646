package variant

// Propagator is Puzzle.Propagate with the puzzle's rules compiled once,
// for a caller that propagates many candidate grids of one puzzle (the
// human-logic layer tries each candidate in turn). It is not safe for
// concurrent use.
type Propagator struct {
	e *engine
	n int
}

// NewPropagator compiles p's side, regions and rules (not its givens);
// it returns the *RuleError of Validate for a puzzle that is not well
// formed.
func NewPropagator(p *Puzzle) (*Propagator, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	q := *p
	q.Givens = nil
	return &Propagator{e: link(build(&q, false)), n: p.Size}, nil
}

// Propagate narrows cands as Puzzle.Propagate does (it must hold Size*Size
// sets) and reports false if some cell is left with no candidate.
func (pr *Propagator) Propagate(cands []uint64, l Listener) bool {
	if len(cands) != pr.n*pr.n {
		return false
	}
	e := pr.e
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
			return false
		}
	}
	s.wakeAll()
	for k := range e.props {
		s.inpq[k] = true
		s.pq = append(s.pq, int32(k))
	}
	return s.propagate()
}
