package variant

// Clone says two groups of cells of the same shape hold the same values:
// Cells[k] and Clones[k] are equal for every k.
type Clone struct {
	Cells  []Cell
	Clones []Cell
}

// Kind returns "clone".
func (Clone) Kind() string { return "clone" }

func (c Clone) String() string { return "clone " + span(c.Cells) + " of " + span(c.Clones) }

func (c Clone) validate(p *Puzzle) error {
	if err := validCells(c.Cells, p.Size, 1); err != nil {
		return err
	}
	if err := validCells(c.Clones, p.Size, 1); err != nil {
		return err
	}
	if len(c.Cells) != len(c.Clones) {
		return ruleErr("%d cells cloned to %d", len(c.Cells), len(c.Clones))
	}
	return nil
}

func (c Clone) check(ck *checker) {
	for k := range c.Cells {
		a, b := c.Cells[k].Index(ck.n), c.Clones[k].Index(ck.n)
		if x, y := ck.v[a], ck.v[b]; x != 0 && y != 0 && x != y {
			ck.add([]int{a, b}, "%s: %s but %s", c, ck.at(a), ck.at(b))
		}
	}
}

func (c Clone) compile(b *builder) {
	for k := range c.Cells {
		a, d := c.Cells[k].Index(b.n), c.Clones[k].Index(b.n)
		if a != d {
			b.pair(a, d, func(x, y int) bool { return x == y })
		}
	}
}
