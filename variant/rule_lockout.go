package variant

// Lockout is a lockout line: its two ends (diamonds) differ by at least
// half the side rounded down (4 in 9x9, 3 in 6x6, 8 in 16x16), and no
// cell between them on the line holds a value from the smaller end to the
// larger, both included.
type Lockout struct {
	Cells []Cell
}

// Kind returns "lockout".
func (Lockout) Kind() string { return "lockout" }

func (l Lockout) String() string { return "lockout line " + span(l.Cells) }

func (l Lockout) validate(p *Puzzle) error {
	return validPath(l.Cells, p.Size, 2, "lockout line")
}

func (l Lockout) check(ck *checker) {
	cells := indexes(l.Cells, ck.n)
	a, b := cells[0], cells[len(cells)-1]
	x, y := ck.v[a], ck.v[b]
	if x == 0 || y == 0 {
		return
	}
	if d := ck.n / 2; abs(x-y) < d {
		ck.add([]int{a, b}, "%s: the ends %s and %s differ by %d, less than %d", l, ck.at(a), ck.at(b), abs(x-y), d)
	}
	lo, hi := min(x, y), max(x, y)
	for _, c := range cells[1 : len(cells)-1] {
		if v := ck.v[c]; v >= lo && v <= hi {
			ck.add([]int{a, b, c}, "%s: %s lies between the ends %d and %d", l, ck.at(c), x, y)
		}
	}
}

func (l Lockout) compile(b *builder) {
	cells := indexes(l.Cells, b.n)
	n, d := b.n, b.n/2
	middle := cells[1 : len(cells)-1]
	b.prop(&endsProp{
		a: int32(cells[0]), b: int32(cells[len(cells)-1]), middle: i32s(middle),
		ok:   func(x, y int) bool { return abs(x-y) >= d },
		mid:  func(x, y int) uint64 { return rangeMask(1, n) &^ rangeMask(min(x, y), max(x, y)) },
		need: b.maxSeeing(middle), rule: b.rule,
	}, cells)
}
