package variant

// Sandwich is a sandwich clue: in row Index (or column Index if Column),
// counted from 1, the values strictly between the 1 and the largest value
// (9 in 9x9) sum to Sum.
type Sandwich struct {
	Column bool
	Index  int
	Sum    int
}

// Kind returns "sandwich".
func (Sandwich) Kind() string { return "sandwich" }

func (s Sandwich) String() string {
	line := "row "
	if s.Column {
		line = "column "
	}
	return "sandwich " + line + itoa(s.Index) + " (sum " + itoa(s.Sum) + ")"
}

func (s Sandwich) cells(n int) []int {
	cells := make([]int, n)
	for k := range cells {
		if s.Column {
			cells[k] = k*n + s.Index - 1
		} else {
			cells[k] = (s.Index-1)*n + k
		}
	}
	return cells
}

func (s Sandwich) validate(p *Puzzle) error {
	if s.Index < 1 || s.Index > p.Size {
		return ruleErr("line %d is off the %dx%d grid", s.Index, p.Size, p.Size)
	}
	if hi := (p.Size-1)*p.Size/2 - 1; s.Sum < 0 || s.Sum > hi {
		return ruleErr("the values between 1 and %d cannot sum to %d", p.Size, s.Sum)
	}
	return nil
}

// between returns the sum of the values between the 1 and n in vals, and
// the cells between.
func sandwichSum(cells []int, v []int, n int) (sum int, inside []int) {
	a, b := -1, -1
	for k, c := range cells {
		switch v[c] {
		case 1:
			a = k
		case n:
			b = k
		}
	}
	if a > b {
		a, b = b, a
	}
	for k := a + 1; k < b; k++ {
		sum += v[cells[k]]
		inside = append(inside, cells[k])
	}
	return sum, inside
}

func (s Sandwich) check(ck *checker) {
	cells := s.cells(ck.n)
	if !ck.full(cells) {
		return
	}
	if sum, inside := sandwichSum(cells, ck.v, ck.n); sum != s.Sum {
		text, _ := ck.sumText(inside)
		if len(inside) == 0 {
			text = "nothing"
		}
		ck.add(cells, "%s: %s = %d between the 1 and the %d", s, text, sum, ck.n)
	}
}

func (s Sandwich) compile(b *builder) {
	cells := s.cells(b.n)
	b.prop(&sandwichProp{cells: i32s(cells), sum: s.Sum, n: b.n, rule: b.rule}, cells)
}

// sandwichProp tries every place for the 1 and the largest value: a place
// is possible if the cells between can hold different middle values with
// the sum (one of the sum's combinations fits them). Each cell keeps the
// values it has in some possible place.
type sandwichProp struct {
	cells []int32
	sum   int
	n     int
	rule  int
}

func (p *sandwichProp) propagate(s *state) bool {
	n := p.n
	one, top := uint64(1), uint64(1)<<(n-1)
	mid := rangeMask(2, n-1)
	keep := s.tmp[:n] // the values each cell has in some place
	clear(keep)
	found := false
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := s.cand[p.cells[i]], s.cand[p.cells[j]]
			var ends [2][2]uint64 // the values of i and j: (1, top) or (top, 1)
			k := 0
			if a&one != 0 && b&top != 0 {
				ends[k] = [2]uint64{one, top}
				k++
			}
			if a&top != 0 && b&one != 0 {
				ends[k] = [2]uint64{top, one}
				k++
			}
			if k == 0 {
				continue
			}
			// Cells between: one combination of k' middle values with the sum.
			in := j - i - 1
			var inner uint64
			combos, ok := sumCombos(n-2, in, p.sum-in, maxCombos)
			if in == 0 {
				if p.sum != 0 {
					continue
				}
			} else if !ok {
				inner = mid
			} else {
				for _, cb := range combos {
					cb <<= 1 // values 1..n-2 become 2..n-1
					fits := true
					for _, c := range p.cells[i+1 : j] {
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
			}
			found = true
			for e := range k {
				keep[i] |= ends[e][0]
				keep[j] |= ends[e][1]
			}
			for x := range n {
				switch {
				case x > i && x < j:
					keep[x] |= inner
				case x != i && x != j:
					keep[x] |= mid
				}
			}
		}
	}
	if !found {
		return false
	}
	for x, c := range p.cells {
		if !s.restrict(int(c), keep[x], p.rule) {
			return false
		}
	}
	return true
}
