package variant

// XSum is an X-sums clue: seen from its end of row Index (or column Index
// if Column), counted from 1, the first X values sum to Sum, where X is
// the first value. The clue sits left of the row (above the column), or
// right of it (below) if Reverse.
type XSum struct {
	Column  bool
	Index   int
	Reverse bool
	Sum     int
}

// Kind returns "xsum".
func (XSum) Kind() string { return "xsum" }

func (x XSum) String() string {
	return "x-sum " + edgeName(x.Column, x.Index, x.Reverse) + " (sum " + itoa(x.Sum) + ")"
}

// edgeName names a row or column seen from one end: "row 3 from the
// left", "column 2 from below".
func edgeName(column bool, index int, reverse bool) string {
	switch {
	case column && reverse:
		return "column " + itoa(index) + " from below"
	case column:
		return "column " + itoa(index) + " from above"
	case reverse:
		return "row " + itoa(index) + " from the right"
	}
	return "row " + itoa(index) + " from the left"
}

// edgeLine returns the cells of row (or column) index of a grid of side n
// in the order seen from the clue.
func edgeLine(column bool, index int, reverse bool, n int) []int {
	cells := make([]int, n)
	for k := range cells {
		j := k
		if reverse {
			j = n - 1 - k
		}
		if column {
			cells[k] = j*n + index - 1
		} else {
			cells[k] = (index-1)*n + j
		}
	}
	return cells
}

func validEdge(index, n int) error {
	if index < 1 || index > n {
		return ruleErr("line %d is off the %dx%d grid", index, n, n)
	}
	return nil
}

func (x XSum) validate(p *Puzzle) error {
	if err := validEdge(x.Index, p.Size); err != nil {
		return err
	}
	if hi := p.Size * (p.Size + 1) / 2; x.Sum < 1 || x.Sum > hi {
		return ruleErr("no first values of a line sum to %d (1 to %d)", x.Sum, hi)
	}
	return nil
}

func (x XSum) check(ck *checker) {
	cells := edgeLine(x.Column, x.Index, x.Reverse, ck.n)
	first := ck.v[cells[0]]
	if first == 0 || !ck.full(cells[:first]) {
		return
	}
	if text, s := ck.sumText(cells[:first]); s != x.Sum {
		ck.add(cells[:first], "%s: X = %d, the first %d: %s = %d", x, first, first, text, s)
	}
}

func (x XSum) compile(b *builder) {
	cells := edgeLine(x.Column, x.Index, x.Reverse, b.n)
	b.prop(&xsumProp{cells: i32s(cells), sum: x.Sum, rule: b.rule}, cells)
}

// xsumProp tries each value X of the first cell: X is possible if some
// combination of X different values with the sum holds X and fits the
// first X cells (each cell has a value of it). A cell keeps the values it
// has in a possible X's combination, and any value where it lies beyond X.
type xsumProp struct {
	cells []int32
	sum   int
	rule  int
}

func (p *xsumProp) propagate(s *state) bool {
	n := len(p.cells)
	all := rangeMask(1, n)
	keep := s.tmp[:n]
	clear(keep)
	first := s.cand[p.cells[0]]
	for m := first; m != 0; m &= m - 1 {
		x := lowest(m)
		bit := uint64(1) << (x - 1)
		combos, ok := sumCombos(n, x, p.sum, maxCombos)
		var inner uint64
		if !ok {
			inner = all // too many to try: keep every value
		}
		for _, cb := range combos {
			if cb&bit == 0 {
				continue
			}
			fits := true
			for _, c := range p.cells[1:x] {
				if s.cand[c]&cb == 0 {
					fits = false
					break
				}
			}
			if fits {
				inner |= cb
			}
		}
		if inner == 0 {
			continue
		}
		keep[0] |= bit
		for k := 1; k < n; k++ {
			if k < x {
				keep[k] |= inner &^ bit
			} else {
				keep[k] = all
			}
		}
	}
	for k, c := range p.cells {
		if !s.restrict(int(c), keep[k], p.rule) {
			return false
		}
	}
	return true
}
