package variant

// Extremum marks a minimum cell (a fortress cell's opposite): its value is
// below those of its orthogonal neighbours; a maximum cell if Max, above
// them. Neighbours that are minimum cells too (maximum cells, for a
// maximum) are not compared, as in f-puzzles.
type Extremum struct {
	Cell Cell
	Max  bool
}

// Kind returns "extremum".
func (Extremum) Kind() string { return "extremum" }

func (e Extremum) String() string {
	if e.Max {
		return "maximum " + e.Cell.String()
	}
	return "minimum " + e.Cell.String()
}

func (e Extremum) validate(p *Puzzle) error { return validCells([]Cell{e.Cell}, p.Size, 1) }

// neighbours returns the orthogonal neighbours of e's cell that it is
// compared with: those that are not extremes of its own kind in p.
func (e Extremum) neighbours(p *Puzzle) []int {
	n := p.Size
	var out []int
next:
	for _, j := range orthogonal(e.Cell.Index(n), n) {
		if j < 0 {
			continue
		}
		for _, r := range p.Rules {
			if o, ok := r.(Extremum); ok && o.Max == e.Max && o.Cell.Index(n) == j {
				continue next
			}
		}
		out = append(out, j)
	}
	return out
}

// holds reports whether x in e's cell and y in a neighbour agree.
func (e Extremum) holds(x, y int) bool {
	if e.Max {
		return x > y
	}
	return x < y
}

func (e Extremum) check(ck *checker) {
	i := e.Cell.Index(ck.n)
	x := ck.v[i]
	if x == 0 {
		return
	}
	word := "below"
	if e.Max {
		word = "above"
	}
	for _, j := range e.neighbours(ck.p) {
		if y := ck.v[j]; y != 0 && !e.holds(x, y) {
			ck.add([]int{i, j}, "%s: %s is not %s %s", e, ck.at(i), word, ck.at(j))
		}
	}
}

func (e Extremum) compile(b *builder) {
	i := e.Cell.Index(b.n)
	for _, j := range e.neighbours(b.p) {
		b.pair(i, j, e.holds)
	}
}
