package variant

// Nabner is a nabner line: no two cells of the line hold equal or
// consecutive values. At most half the side rounded up cells fit (5 in
// 9x9), and a line that long in an odd side holds the odd values.
type Nabner struct {
	Cells []Cell
}

// Kind returns "nabner".
func (Nabner) Kind() string { return "nabner" }

func (l Nabner) String() string { return "nabner line " + span(l.Cells) }

func (l Nabner) validate(p *Puzzle) error {
	if err := validPath(l.Cells, p.Size, 2, "nabner line"); err != nil {
		return err
	}
	if k := (p.Size + 1) / 2; len(l.Cells) > k {
		return ruleErr("%d cells cannot hold values 1-%d no two equal or consecutive (at most %d)", len(l.Cells), p.Size, k)
	}
	return nil
}

func (l Nabner) check(ck *checker) {
	cells := indexes(l.Cells, ck.n)
	for k, a := range cells {
		for _, b := range cells[k+1:] {
			if x, y := ck.v[a], ck.v[b]; x != 0 && y != 0 && abs(x-y) <= 1 {
				ck.add([]int{a, b}, "%s: %s and %s are equal or consecutive", l, ck.at(a), ck.at(b))
			}
		}
	}
}

func (l Nabner) compile(b *builder) {
	cells := indexes(l.Cells, b.n)
	for k, a := range cells {
		for _, c := range cells[k+1:] {
			b.pair(a, c, func(x, y int) bool { return abs(x-y) >= 2 })
		}
	}
	if 2*len(cells)-1 == b.n {
		// k values 2 apart or more in 1..2k-1: exactly the odd ones.
		var odd uint64
		for v := 1; v <= b.n; v += 2 {
			odd |= 1 << (v - 1)
		}
		for _, c := range cells {
			b.restrict(c, odd)
		}
	}
}
