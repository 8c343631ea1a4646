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
// is possible if some combination of different middle values with the
// sum fits the cells between (each can hold one of its values, and each
// of its values has a cell) while the other middle values fit the cells
// outside, as the row or column holds every value once. Each cell keeps
// the values it has in some possible place and combination: outside the
// sandwich, only the middle values some fitting combination leaves out.
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
			in := j - i - 1
			combos, ok := sumCombos(n-2, in, p.sum-in, maxCombos)
			if in == 0 && p.sum != 0 {
				continue
			}
			inner, outer := mid, mid
			if in == 0 {
				inner = 0
			} else if ok {
				inner, outer = p.fit(s, i, j, combos)
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
					keep[x] |= outer
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

// fit returns the union of the combinations (values 1..n-2, for 2..n-1)
// that fit the cells strictly between i and j, and the union of the
// middle values they leave for the cells outside, where those fit too.
func (p *sandwichProp) fit(s *state, i, j int, combos []uint64) (inner, outer uint64) {
	mid := rangeMask(2, p.n-1)
	var inU, outU uint64
	for x, c := range p.cells {
		switch {
		case x > i && x < j:
			inU |= s.cand[c]
		case x != i && x != j:
			outU |= s.cand[c]
		}
	}
	for _, cb := range combos {
		cb <<= 1 // values 1..n-2 become 2..n-1
		rest := mid &^ cb
		if cb&^inU != 0 || rest&^outU != 0 {
			continue
		}
		fits := true
		for x, c := range p.cells {
			switch {
			case x > i && x < j:
				fits = s.cand[c]&cb != 0
			case x != i && x != j:
				fits = s.cand[c]&rest != 0
			}
			if !fits {
				break
			}
		}
		if fits {
			inner |= cb
			outer |= rest
		}
	}
	return inner, outer
}
