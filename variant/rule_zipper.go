package variant

// Zipper is a zipper line: cells the same distance from the line's middle
// sum to the same total, and on a line of odd length that total is the
// value of the middle cell.
type Zipper struct {
	Cells []Cell
}

// Kind returns "zipper".
func (Zipper) Kind() string { return "zipper" }

func (z Zipper) String() string { return "zipper line " + span(z.Cells) }

func (z Zipper) validate(p *Puzzle) error {
	return validPath(z.Cells, p.Size, 2, "zipper line")
}

// groups returns the pairs of cells the same distance from the middle,
// then the middle cell alone on a line of odd length.
func (z Zipper) groups(n int) [][]int {
	cells := indexes(z.Cells, n)
	var out [][]int
	for k := 0; k < len(cells)/2; k++ {
		out = append(out, []int{cells[k], cells[len(cells)-1-k]})
	}
	if len(cells)%2 == 1 {
		out = append(out, cells[len(cells)/2:len(cells)/2+1])
	}
	return out
}

func (z Zipper) check(ck *checker) {
	ck.equalSums(z.groups(ck.n), z, "pair")
}

func (z Zipper) compile(b *builder) {
	if gs := z.groups(b.n); len(gs) > 1 {
		b.equalGroups(gs)
	}
}
