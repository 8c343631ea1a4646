package variant

// Between is a between line: every cell between the two ends (circles)
// holds a value strictly between the ends' values. A line of two cells
// says nothing.
type Between struct {
	Cells []Cell
}

// Kind returns "between".
func (Between) Kind() string { return "between" }

func (l Between) String() string { return "between line " + span(l.Cells) }

func (l Between) validate(p *Puzzle) error {
	return validPath(l.Cells, p.Size, 2, "between line")
}

func (l Between) check(ck *checker) {
	cells := indexes(l.Cells, ck.n)
	a, b := cells[0], cells[len(cells)-1]
	x, y := ck.v[a], ck.v[b]
	if x == 0 || y == 0 {
		return
	}
	lo, hi := min(x, y), max(x, y)
	for _, c := range cells[1 : len(cells)-1] {
		if v := ck.v[c]; v != 0 && (v <= lo || v >= hi) {
			ck.add([]int{a, b, c}, "%s: %s is not between the ends %d and %d", l, ck.at(c), x, y)
		}
	}
}

func (l Between) compile(b *builder) {
	cells := indexes(l.Cells, b.n)
	if len(cells) < 3 {
		return
	}
	middle := cells[1 : len(cells)-1]
	b.prop(&endsProp{
		a: int32(cells[0]), b: int32(cells[len(cells)-1]), middle: i32s(middle),
		ok:   func(x, y int) bool { return x != y },
		mid:  func(x, y int) uint64 { return rangeMask(min(x, y)+1, max(x, y)-1) },
		need: b.maxSeeing(middle), rule: b.rule,
	}, cells)
}
