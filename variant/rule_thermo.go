package variant

// Thermo is a thermometer: the values strictly increase from the bulb,
// Cells[0], along the line.
type Thermo struct {
	Cells []Cell
}

// Kind returns "thermo".
func (Thermo) Kind() string { return "thermo" }

func (t Thermo) String() string {
	if len(t.Cells) == 0 {
		return "thermometer (no cells)"
	}
	return "thermometer from " + t.Cells[0].String()
}

func (t Thermo) validate(p *Puzzle) error {
	if err := validPath(t.Cells, p.Size, 2, "thermometer"); err != nil {
		return err
	}
	if len(t.Cells) > p.Size {
		return ruleErr("%d cells cannot strictly increase within 1-%d", len(t.Cells), p.Size)
	}
	return nil
}

func (t Thermo) check(ck *checker) {
	cells := indexes(t.Cells, ck.n)
	for k := 1; k < len(cells); k++ {
		a, b := cells[k-1], cells[k]
		if ck.v[a] != 0 && ck.v[b] != 0 && ck.v[b] <= ck.v[a] {
			ck.add([]int{a, b}, "%s: %s is not above %s", t, ck.at(b), ck.at(a))
		}
	}
}

func (t Thermo) compile(b *builder) {
	cells := indexes(t.Cells, b.n)
	for k := 1; k < len(cells); k++ {
		b.pair(cells[k-1], cells[k], func(x, y int) bool { return x < y })
	}
	// A cell k steps up the thermometer is at least k+1, and at most n-(rest).
	for k, c := range cells {
		b.restrict(c, rangeMask(k+1, b.n-(len(cells)-1-k)))
	}
}
