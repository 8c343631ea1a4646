package variant

import "strconv"

// Kropki is a dot between two orthogonal neighbours. A white dot: the
// values differ by Value (1 when 0). A black dot (Black): one value is
// Value times the other (2 when 0).
type Kropki struct {
	Cells [2]Cell
	Black bool
	Value int
}

// Kind returns "kropki".
func (Kropki) Kind() string { return "kropki" }

func (k Kropki) value() int {
	switch {
	case k.Value != 0:
		return k.Value
	case k.Black:
		return 2
	}
	return 1
}

func (k Kropki) String() string {
	s := "white dot "
	if k.Black {
		s = "black dot "
	}
	s += k.Cells[0].String() + "-" + k.Cells[1].String()
	if k.Value != 0 {
		s += " (" + strconv.Itoa(k.Value) + ")"
	}
	return s
}

func (k Kropki) validate(p *Puzzle) error {
	if err := validCells(k.Cells[:], p.Size, 2); err != nil {
		return err
	}
	if !adjacent(k.Cells[0], k.Cells[1]) {
		return ruleErr("%s and %s are not orthogonal neighbours", k.Cells[0], k.Cells[1])
	}
	if k.Value < 0 || k.Value >= p.Size || k.Black && k.Value == 1 {
		return ruleErr("value %d is not possible", k.Value)
	}
	return nil
}

// ok reports whether values x and y satisfy the dot.
func (k Kropki) ok(x, y int) bool {
	v := k.value()
	if k.Black {
		return x == v*y || y == v*x
	}
	return x-y == v || y-x == v
}

func (k Kropki) check(ck *checker) {
	a, b := k.Cells[0].Index(ck.n), k.Cells[1].Index(ck.n)
	x, y := ck.v[a], ck.v[b]
	if x == 0 || y == 0 || k.ok(x, y) {
		return
	}
	if k.Black {
		ck.add([]int{a, b}, "%s: %d and %d are not in ratio 1:%d", k, x, y, k.value())
	} else {
		ck.add([]int{a, b}, "%s: %d and %d do not differ by %d", k, x, y, k.value())
	}
}

func (k Kropki) compile(b *builder) {
	b.pair(k.Cells[0].Index(b.n), k.Cells[1].Index(b.n), k.ok)
}

// KropkiNegative says all kropki dots are given: two orthogonal neighbours
// with no dot between them are not consecutive (if White) and neither is
// twice the other (if Black).
type KropkiNegative struct {
	White, Black bool
}

// Kind returns "kropki-negative".
func (KropkiNegative) Kind() string { return "kropki-negative" }

func (k KropkiNegative) String() string {
	switch {
	case k.White && k.Black:
		return "all kropki dots given"
	case k.Black:
		return "all black dots given"
	}
	return "all white dots given"
}

func (k KropkiNegative) validate(*Puzzle) error {
	if !k.White && !k.Black {
		return ruleErr("neither white nor black dots are said to be all given")
	}
	return nil
}

func (k KropkiNegative) bad(x, y int) bool {
	return k.White && consecutive(x, y) || k.Black && (x == 2*y || y == 2*x)
}

// freePairs returns the orthogonal pairs no rule of kind marks.
func freePairs(p *Puzzle, marked func(Rule) (Cell, Cell, bool)) [][2]int {
	n := p.Size
	has := map[[2]int]bool{}
	for _, r := range p.Rules {
		if a, b, ok := marked(r); ok {
			i, j := a.Index(n), b.Index(n)
			has[[2]int{min(i, j), max(i, j)}] = true
		}
	}
	var free [][2]int
	for _, pr := range pairs(n, orthoMoves) {
		if !has[pr] {
			free = append(free, pr)
		}
	}
	return free
}

func kropkiDot(r Rule) (Cell, Cell, bool) {
	if d, ok := r.(Kropki); ok {
		return d.Cells[0], d.Cells[1], true
	}
	return Cell{}, Cell{}, false
}

func (k KropkiNegative) check(ck *checker) {
	for _, pr := range freePairs(ck.p, kropkiDot) {
		x, y := ck.v[pr[0]], ck.v[pr[1]]
		if x != 0 && y != 0 && k.bad(x, y) {
			ck.add(pr[:], "%s and %s hold %d and %d with no dot between them (%s)", CellName(pr[0], ck.n), CellName(pr[1], ck.n), x, y, k)
		}
	}
}

func (k KropkiNegative) compile(b *builder) {
	for _, pr := range freePairs(b.p, kropkiDot) {
		// Neighbours share a row or column: they differ too.
		b.pair(pr[0], pr[1], func(x, y int) bool { return x != y && !k.bad(x, y) })
	}
}
