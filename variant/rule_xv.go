package variant

// XV is an X or V between two orthogonal neighbours: their values sum to
// Sum, 10 for an X and 5 for a V.
type XV struct {
	Cells [2]Cell
	Sum   int
}

// Kind returns "xv".
func (XV) Kind() string { return "xv" }

func (x XV) String() string {
	name := "sum " + itoa(x.Sum)
	switch x.Sum {
	case 10:
		name = "X"
	case 5:
		name = "V"
	}
	return name + " " + x.Cells[0].String() + "-" + x.Cells[1].String()
}

func (x XV) validate(p *Puzzle) error {
	if err := validCells(x.Cells[:], p.Size, 2); err != nil {
		return err
	}
	if !adjacent(x.Cells[0], x.Cells[1]) {
		return ruleErr("%s and %s are not orthogonal neighbours", x.Cells[0], x.Cells[1])
	}
	if x.Sum < 3 || x.Sum > 2*p.Size-1 {
		return ruleErr("two different values 1-%d cannot sum to %d", p.Size, x.Sum)
	}
	return nil
}

func (x XV) check(ck *checker) {
	a, b := x.Cells[0].Index(ck.n), x.Cells[1].Index(ck.n)
	if va, vb := ck.v[a], ck.v[b]; va != 0 && vb != 0 && va+vb != x.Sum {
		ck.add([]int{a, b}, "%s: %d+%d = %d, not %d", x, va, vb, va+vb, x.Sum)
	}
}

func (x XV) compile(b *builder) {
	// The cells are neighbours, in one row or column: they differ too.
	b.pair(x.Cells[0].Index(b.n), x.Cells[1].Index(b.n), func(p, q int) bool { return p+q == x.Sum && p != q })
}

// XVNegative says all XV marks are given: two orthogonal neighbours with
// no mark between them sum to neither 5 nor 10.
type XVNegative struct{}

// Kind returns "xv-negative".
func (XVNegative) Kind() string { return "xv-negative" }

func (XVNegative) String() string { return "all XV marks given" }

func (XVNegative) validate(*Puzzle) error { return nil }

func xvMark(r Rule) (Cell, Cell, bool) {
	if x, ok := r.(XV); ok {
		return x.Cells[0], x.Cells[1], true
	}
	return Cell{}, Cell{}, false
}

func xvBad(x, y int) bool { return x+y == 5 || x+y == 10 }

func (x XVNegative) check(ck *checker) {
	for _, pr := range freePairs(ck.p, xvMark) {
		a, b := ck.v[pr[0]], ck.v[pr[1]]
		if a != 0 && b != 0 && xvBad(a, b) {
			ck.add(pr[:], "%s and %s hold %d+%d = %d with no mark between them (%s)", CellName(pr[0], ck.n), CellName(pr[1], ck.n), a, b, a+b, x)
		}
	}
}

func (XVNegative) compile(b *builder) {
	for _, pr := range freePairs(b.p, xvMark) {
		b.pair(pr[0], pr[1], func(x, y int) bool { return x != y && !xvBad(x, y) })
	}
}
