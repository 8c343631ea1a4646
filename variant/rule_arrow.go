package variant

// Arrow: the values along Line sum to the number in Circle. A circle of
// several cells (a "pill", as f-puzzles allows) reads as a number written
// in base 10 in the order of its cells: 1 and 2 make 12.
type Arrow struct {
	Circle []Cell
	Line   []Cell
}

// Kind returns "arrow".
func (Arrow) Kind() string { return "arrow" }

func (a Arrow) String() string { return "arrow from " + cellList(a.Circle, "+") }

func (a Arrow) validate(p *Puzzle) error {
	if err := validCells(append(append([]Cell(nil), a.Circle...), a.Line...), p.Size, 2); err != nil {
		return err
	}
	if len(a.Circle) == 0 || len(a.Line) == 0 {
		return ruleErr("an arrow needs a circle and a line")
	}
	if len(a.Circle) > 3 {
		return ruleErr("a circle of %d cells is too long", len(a.Circle))
	}
	if err := validPath(append([]Cell{a.Circle[len(a.Circle)-1]}, a.Line...), p.Size, 2, "arrow"); err != nil {
		// The line may start at any circle cell.
		ok := false
		for _, c := range a.Circle {
			if validPath(append([]Cell{c}, a.Line...), p.Size, 2, "arrow") == nil {
				ok = true
			}
		}
		if !ok {
			return err
		}
	}
	return nil
}

// coefs returns the arrow as a linear equation: circle with its place
// values, line with -1, sum 0.
func (a Arrow) coefs(n int) ([]int, []int) {
	cells := append(indexes(a.Circle, n), indexes(a.Line, n)...)
	coef := make([]int, len(cells))
	place := 1
	for k := len(a.Circle) - 1; k >= 0; k-- {
		coef[k] = place
		place *= 10
	}
	for k := len(a.Circle); k < len(cells); k++ {
		coef[k] = -1
	}
	return cells, coef
}

func (a Arrow) check(ck *checker) {
	cells, coef := a.coefs(ck.n)
	if !ck.full(cells) {
		return
	}
	circle := 0
	for k, c := range cells {
		if coef[k] > 0 {
			circle = circle*10 + ck.v[c]
		}
	}
	text, s := ck.sumText(cells[len(a.Circle):])
	if s != circle {
		ck.add(cells, "%s: %s = %d, not %d", a, text, s, circle)
	}
}

func (a Arrow) compile(b *builder) {
	cells, coef := a.coefs(b.n)
	b.linear(cells, coef, 0)
}
