package variant

// Palindrome is a line that reads the same both ways: the k-th cell from
// each end hold the same value.
type Palindrome struct {
	Cells []Cell
}

// Kind returns "palindrome".
func (Palindrome) Kind() string { return "palindrome" }

func (p Palindrome) String() string { return "palindrome " + span(p.Cells) }

func (p Palindrome) validate(pz *Puzzle) error { return validPath(p.Cells, pz.Size, 2, "palindrome") }

func (p Palindrome) check(ck *checker) {
	cells := indexes(p.Cells, ck.n)
	for k := 0; k < len(cells)/2; k++ {
		a, b := cells[k], cells[len(cells)-1-k]
		if x, y := ck.v[a], ck.v[b]; x != 0 && y != 0 && x != y {
			ck.add([]int{a, b}, "%s: %s but %s", p, ck.at(a), ck.at(b))
		}
	}
}

func (p Palindrome) compile(b *builder) {
	cells := indexes(p.Cells, b.n)
	for k := 0; k < len(cells)/2; k++ {
		b.pair(cells[k], cells[len(cells)-1-k], func(x, y int) bool { return x == y })
	}
}
