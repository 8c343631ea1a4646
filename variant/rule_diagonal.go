package variant

// Diagonal is a main diagonal that holds each value once. Positive is the
// diagonal from the bottom-left corner to the top-right one (f-puzzles'
// "diagonal+"); otherwise it runs from the top-left corner to the
// bottom-right one ("diagonal-"). X sudoku has both.
type Diagonal struct {
	Positive bool
}

// Kind returns "diagonal".
func (Diagonal) Kind() string { return "diagonal" }

func (d Diagonal) String() string {
	if d.Positive {
		return "positive diagonal"
	}
	return "negative diagonal"
}

func (d Diagonal) cells(n int) []int {
	cells := make([]int, n)
	for r := range n {
		if d.Positive {
			cells[r] = r*n + n - 1 - r
		} else {
			cells[r] = r*n + r
		}
	}
	return cells
}

func (Diagonal) validate(*Puzzle) error { return nil }

func (d Diagonal) check(ck *checker) {
	ck.distinct(d.cells(ck.n), d)
}

func (d Diagonal) compile(b *builder) { b.group(d.cells(b.n)) }
