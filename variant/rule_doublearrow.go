package variant

// DoubleArrow is a double arrow: a line with a circle at each end; the
// values of the two ends sum to the total of the cells between them.
type DoubleArrow struct {
	Cells []Cell
}

// Kind returns "doublearrow".
func (DoubleArrow) Kind() string { return "doublearrow" }

func (d DoubleArrow) String() string { return "double arrow " + span(d.Cells) }

func (d DoubleArrow) validate(p *Puzzle) error {
	return validPath(d.Cells, p.Size, 3, "double arrow")
}

func (d DoubleArrow) groups(n int) [][]int {
	cells := indexes(d.Cells, n)
	return [][]int{{cells[0], cells[len(cells)-1]}, cells[1 : len(cells)-1]}
}

func (d DoubleArrow) check(ck *checker) {
	ck.equalSums(d.groups(ck.n), d, "group")
}

func (d DoubleArrow) compile(b *builder) {
	b.equalGroups(d.groups(b.n))
}
