package variant

import "strings"

// Marks are given pencil marks: the cell holds one of Values (f-puzzles'
// "givenPencilMarks").
type Marks struct {
	Cell   Cell
	Values []int
}

// Kind returns "marks".
func (Marks) Kind() string { return "marks" }

func (m Marks) String() string {
	vs := make([]string, len(m.Values))
	for k, v := range m.Values {
		vs[k] = itoa(v)
	}
	return "marks " + m.Cell.String() + " (" + strings.Join(vs, ", ") + ")"
}

func (m Marks) validate(p *Puzzle) error {
	if err := validCells([]Cell{m.Cell}, p.Size, 1); err != nil {
		return err
	}
	if len(m.Values) == 0 {
		return ruleErr("no values")
	}
	for _, v := range m.Values {
		if v < 1 || v > p.Size {
			return ruleErr("%d is not a value 1-%d", v, p.Size)
		}
	}
	return nil
}

func (m Marks) mask() uint64 {
	var k uint64
	for _, v := range m.Values {
		k |= 1 << (v - 1)
	}
	return k
}

func (m Marks) check(ck *checker) {
	i := m.Cell.Index(ck.n)
	if v := ck.v[i]; v != 0 && m.mask()&(1<<(v-1)) == 0 {
		ck.add([]int{i}, "%s: %s is not one of them", m, ck.at(i))
	}
}

func (m Marks) compile(b *builder) { b.restrict(m.Cell.Index(b.n), m.mask()) }
