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
	b.whenFull(cells, func(v []int) bool {
		sum, _ := sandwichSum(cells, v, b.n)
		return sum == s.Sum
	})
}
