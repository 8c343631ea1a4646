package variant

// Disjoint adds the disjoint groups: the cells at the same place in every
// box hold each value once. The puzzle's regions must be boxes.
type Disjoint struct{}

// Kind returns "disjoint".
func (Disjoint) Kind() string { return "disjoint" }

func (Disjoint) String() string { return "disjoint groups" }

func (Disjoint) groups(p *Puzzle) [][]int {
	n := p.Size
	br, bc, ok := p.BoxDims()
	if !ok {
		return nil
	}
	gs := make([][]int, n)
	for i := range n * n {
		r, c := i/n, i%n
		k := (r%br)*bc + c%bc
		gs[k] = append(gs[k], i)
	}
	return gs
}

func (Disjoint) validate(p *Puzzle) error {
	if _, _, ok := p.BoxDims(); !ok {
		return ruleErr("disjoint groups need regions that are boxes")
	}
	return nil
}

func (d Disjoint) check(ck *checker) {
	for k, cells := range d.groups(ck.p) {
		ck.distinct(cells, label{"disjoint group", k + 1})
	}
}

func (d Disjoint) compile(b *builder) {
	for _, cells := range d.groups(b.p) {
		b.group(cells)
	}
}
