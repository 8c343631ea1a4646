package variant

// Modular is a modular line: any three consecutive cells hold values
// that differ mod 3 (one of 3, 6, 9; one of 1, 4, 7; one of 2, 5, 8):
// cells at most two apart on the line differ mod 3, in every size.
type Modular struct {
	Cells []Cell
}

// Kind returns "modular".
func (Modular) Kind() string { return "modular" }

func (m Modular) String() string { return "modular line " + span(m.Cells) }

func (m Modular) validate(p *Puzzle) error {
	return validPath(m.Cells, p.Size, 2, "modular line")
}

// modClasses returns the values of 1..n by their remainder mod 3.
func modClasses(n int) [3]uint64 {
	var cl [3]uint64
	for v := 1; v <= n; v++ {
		cl[v%3] |= 1 << (v - 1)
	}
	return cl
}

func (m Modular) check(ck *checker) {
	ck.classLine(indexes(m.Cells, ck.n), modClasses(ck.n), m, func(k int) string { return itoa(k) + " mod 3" })
}

func (m Modular) compile(b *builder) {
	b.classLine(indexes(m.Cells, b.n), modClasses(b.n))
}
