package variant

// Parity marks a cell that holds an odd value, or an even one if Even.
type Parity struct {
	Cell Cell
	Even bool
}

// Kind returns "parity".
func (Parity) Kind() string { return "parity" }

func (p Parity) String() string {
	if p.Even {
		return "even " + p.Cell.String()
	}
	return "odd " + p.Cell.String()
}

func (p Parity) validate(pz *Puzzle) error { return validCells([]Cell{p.Cell}, pz.Size, 1) }

func (p Parity) check(ck *checker) {
	i := p.Cell.Index(ck.n)
	if v := ck.v[i]; v != 0 && (v%2 == 0) != p.Even {
		word := "odd"
		if p.Even {
			word = "even"
		}
		ck.add([]int{i}, "%s = %d is not %s", p.Cell, v, word)
	}
}

func (p Parity) compile(b *builder) {
	var m uint64
	for v := 1; v <= b.n; v++ {
		if (v%2 == 0) == p.Even {
			m |= 1 << (v - 1)
		}
	}
	b.restrict(p.Cell.Index(b.n), m)
}
