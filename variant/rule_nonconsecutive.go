package variant

// NonConsecutive: orthogonal neighbours do not hold consecutive values.
type NonConsecutive struct{}

// Kind returns "nonconsecutive".
func (NonConsecutive) Kind() string { return "nonconsecutive" }

func (NonConsecutive) String() string { return "non-consecutive" }

func (NonConsecutive) validate(*Puzzle) error { return nil }

func consecutive(x, y int) bool { return x-y == 1 || y-x == 1 }

func (NonConsecutive) check(ck *checker) {
	checkPairs(ck, orthoMoves, consecutive, "are neighbours and hold consecutive values %d and %d")
}

func (NonConsecutive) compile(b *builder) {
	// Neighbours share a row or column, so they also differ: one table
	// for both keeps a neighbour of {4,5} off 4 and 5 before either is
	// placed.
	for _, p := range pairs(b.n, orthoMoves) {
		b.pair(p[0], p[1], func(x, y int) bool { return x != y && !consecutive(x, y) })
	}
	addNCProp(b)
}
