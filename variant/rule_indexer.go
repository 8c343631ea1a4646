package variant

// Indexer marks indexing cells. In a row indexer cell (the default), the
// value v says in which row of its column the value equal to its own row
// number lies: r3c5 = 7 means r7c5 = 3. In a column indexer (Column), it
// says in which column of its row its column number lies: r3c5 = 7 means
// r3c7 = 5. In a box indexer (Box), it says which cell of its region
// (counted in reading order) holds its own place in the region.
type Indexer struct {
	Cells  []Cell
	Column bool
	Box    bool
}

// Kind returns "indexer".
func (Indexer) Kind() string { return "indexer" }

func (x Indexer) String() string {
	switch {
	case x.Box:
		return "box indexer " + span(x.Cells)
	case x.Column:
		return "column indexer " + span(x.Cells)
	}
	return "row indexer " + span(x.Cells)
}

func (x Indexer) validate(p *Puzzle) error {
	if err := validCells(x.Cells, p.Size, 1); err != nil {
		return err
	}
	if x.Box && x.Column {
		return ruleErr("an indexer is of rows, columns or boxes, not two")
	}
	if x.Box && p.Regions == nil {
		return ruleErr("a box indexer needs regions")
	}
	return nil
}

// target returns, for cell i holding v, the cell that must hold the
// value it returns.
func (x Indexer) target(p *Puzzle, i, v int) (cell, value int) {
	n := p.Size
	r, c := i/n, i%n
	switch {
	case x.Box:
		place, cells := regionPlace(p, i)
		return cells[v-1], place + 1
	case x.Column:
		return r*n + v - 1, c + 1
	}
	return (v-1)*n + c, r + 1
}

// regionPlace returns the place of cell i in its region, in reading
// order, and the region's cells.
func regionPlace(p *Puzzle, i int) (int, []int) {
	var cells []int
	place := 0
	for j, r := range p.Regions {
		if r == p.Regions[i] {
			if j == i {
				place = len(cells)
			}
			cells = append(cells, j)
		}
	}
	return place, cells
}

func (x Indexer) check(ck *checker) {
	for _, c := range x.Cells {
		i := c.Index(ck.n)
		v := ck.v[i]
		if v == 0 {
			continue
		}
		j, want := x.target(ck.p, i, v)
		if got := ck.v[j]; got != 0 && got != want {
			ck.add([]int{i, j}, "%s: %s points to %s, which should hold %d", x, ck.at(i), ck.at(j), want)
		}
	}
}

func (x Indexer) compile(b *builder) {
	for _, c := range x.Cells {
		i := c.Index(b.n)
		for v := 1; v <= b.n; v++ {
			j, want := x.target(b.p, i, v)
			if j == i {
				if want != v {
					b.restrict(i, ^uint64(1<<(v-1))) // it would point to itself with another value
				}
				continue
			}
			b.pair(i, j, func(a, y int) bool { return a != v || y == want })
		}
	}
}
