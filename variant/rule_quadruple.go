package variant

import "strings"

// Quadruple is a quadruple clue: its Cells (the four around a corner in
// f-puzzles, any 1 to 4 cells here) hold every value of Values, a value
// listed twice in two of them. The other cells hold any values.
type Quadruple struct {
	Cells  []Cell
	Values []int
}

// Kind returns "quadruple".
func (Quadruple) Kind() string { return "quadruple" }

func (q Quadruple) String() string {
	vs := make([]string, len(q.Values))
	for k, v := range q.Values {
		vs[k] = itoa(v)
	}
	return "quadruple " + span(q.Cells) + " (" + strings.Join(vs, ", ") + ")"
}

func (q Quadruple) validate(p *Puzzle) error {
	if err := validCells(q.Cells, p.Size, 1); err != nil {
		return err
	}
	if len(q.Cells) > 4 {
		return ruleErr("%d cells: a quadruple has at most 4", len(q.Cells))
	}
	if len(q.Values) == 0 || len(q.Values) > len(q.Cells) {
		return ruleErr("%d values for %d cells", len(q.Values), len(q.Cells))
	}
	for _, v := range q.Values {
		if v < 1 || v > p.Size {
			return ruleErr("%d is not a value 1-%d", v, p.Size)
		}
	}
	return nil
}

func (q Quadruple) check(ck *checker) {
	cells := indexes(q.Cells, ck.n)
	if !ck.full(cells) {
		return
	}
	if v, ok := quadMissing(q.Values, cells, ck.v); !ok {
		ck.add(cells, "%s: no %d among %s", q, v, valueList(cells, ck.v))
	}
}

// quadMissing returns a value of want that the values of cells do not
// hold (as many times as listed), and false; or 0, true.
func quadMissing(want, cells, v []int) (int, bool) {
	used := make([]bool, len(cells))
next:
	for _, w := range want {
		for k, c := range cells {
			if !used[k] && v[c] == w {
				used[k] = true
				continue next
			}
		}
		return w, false
	}
	return 0, true
}

// valueList writes the values of cells as "3, 8, 1".
func valueList(cells, v []int) string {
	vs := make([]string, len(cells))
	for k, c := range cells {
		vs[k] = itoa(v[c])
	}
	return strings.Join(vs, ", ")
}

func (q Quadruple) compile(b *builder) {
	cells := indexes(q.Cells, b.n)
	b.prop(&quadProp{cells: i32s(cells), values: q.Values, rule: b.rule}, cells)
}

// quadProp keeps value x in a cell if the values of the clue still fit
// the cells with the cell holding x: each listed value (but one x, if x
// is listed) matched to another cell that can hold it.
type quadProp struct {
	cells  []int32
	values []int
	rule   int
}

func (p *quadProp) propagate(s *state) bool {
	var cand [4]uint64
	for k, c := range p.cells {
		cand[k] = s.cand[c]
	}
	cs := cand[:len(p.cells)]
	for k, c := range p.cells {
		m := cs[k]
		cs[k] = 0 // the cell is taken
		var keep uint64
		if quadFits(p.values, cs, -1) {
			keep = m // its value need not be one of the clue's
		}
		for x := m &^ keep; x != 0; x &= x - 1 {
			v := lowest(x)
			if quadFits(p.values, cs, v) {
				keep |= 1 << (v - 1)
			}
		}
		cs[k] = m
		if keep != m {
			if !s.restrict(int(c), keep, p.rule) {
				return false
			}
			cs[k] = keep
		}
	}
	return true
}

// quadFits reports whether the values (but one skip, if listed) can each
// go to a different cell whose candidates cand hold it.
func quadFits(values []int, cand []uint64, skip int) bool {
	var rest [4]int
	r := rest[:0]
	for _, v := range values {
		if v == skip {
			skip = -1
			continue
		}
		r = append(r, v)
	}
	if skip > 0 {
		return false // skip is not a value of the clue
	}
	return quadMatch(r, cand, 0)
}

// quadMatch reports whether each value of r can go to a different cell
// not in used whose candidates cand hold it.
func quadMatch(r []int, cand []uint64, used uint8) bool {
	if len(r) == 0 {
		return true
	}
	for j, m := range cand {
		if used&(1<<j) == 0 && m&(1<<(r[0]-1)) != 0 && quadMatch(r[1:], cand, used|1<<j) {
			return true
		}
	}
	return false
}
