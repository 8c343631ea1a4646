package mzn

import (
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

// edgeLine returns the cells of row (column) index seen from its start,
// or from its end if reverse.
func edgeLine(column bool, index int, reverse bool, n int) []variant.Cell {
	cells := make([]variant.Cell, n)
	for k := range cells {
		j := k + 1
		if reverse {
			j = n - k
		}
		if column {
			cells[k] = variant.Cell{Row: j, Col: index}
		} else {
			cells[k] = variant.Cell{Row: index, Col: j}
		}
	}
	return cells
}

// clue states the rules of quadruples, X-sums, skyscrapers, minimum and
// maximum cells, clones, indexers and given pencil marks by their
// definitions; it reports false for another kind.
func (m *model) clue(p *variant.Puzzle, rule variant.Rule) bool {
	n := m.n
	switch r := rule.(type) {
	case variant.Quadruple:
		count := map[int]int{}
		for _, v := range r.Values {
			count[v]++
		}
		for v := 1; v <= n; v++ {
			if count[v] > 0 {
				m.con("sum(c in %s)(bool2int(c = %d)) >= %d", m.list(r.Cells), v, count[v])
			}
		}
	case variant.XSum:
		line := m.list(edgeLine(r.Column, r.Index, r.Reverse, n))
		m.con("let { array[1..n] of var 1..n: l = %s } in sum(k in 1..n)(bool2int(k <= l[1]) * l[k]) = %d", line, r.Sum)
	case variant.Skyscraper:
		line := m.list(edgeLine(r.Column, r.Index, r.Reverse, n))
		m.con("let { array[1..n] of var 1..n: l = %s } in sum(k in 1..n)(bool2int(forall(j in 1..k-1)(l[j] < l[k]))) = %d", line, r.Count)
	case variant.Extremum:
		op := "<"
		if r.Max {
			op = ">"
		}
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nb := variant.Cell{Row: r.Cell.Row + d[0], Col: r.Cell.Col + d[1]}
			if nb.Row < 1 || nb.Row > n || nb.Col < 1 || nb.Col > n || sameExtremum(p, nb, r.Max) {
				continue
			}
			m.con("%s %s %s", m.x(r.Cell), op, m.x(nb))
		}
	case variant.Clone:
		for k := range r.Cells {
			m.con("%s = %s", m.x(r.Cells[k]), m.x(r.Clones[k]))
		}
	case variant.Indexer:
		for _, c := range r.Cells {
			switch {
			case r.Box:
				var region []variant.Cell
				place := 0
				for i, g := range p.Regions {
					if g == p.Regions[c.Index(n)] {
						if i == c.Index(n) {
							place = len(region) + 1
						}
						region = append(region, variant.CellAt(i, n))
					}
				}
				m.con("%s[%s] = %d", m.list(region), m.x(c), place)
			case r.Column:
				m.con("x[%d,%s] = %d", c.Row, m.x(c), c.Col)
			default:
				m.con("x[%s,%d] = %d", m.x(c), c.Col, c.Row)
			}
		}
	case variant.Marks:
		vs := make([]string, len(r.Values))
		for k, v := range r.Values {
			vs[k] = fmt.Sprint(v)
		}
		m.con("%s in {%s}", m.x(r.Cell), strings.Join(vs, ","))
	default:
		return false
	}
	return true
}

// sameExtremum reports whether c is a minimum cell of p (a maximum cell if
// max): such neighbours are not compared.
func sameExtremum(p *variant.Puzzle, c variant.Cell, max bool) bool {
	for _, r := range p.Rules {
		if e, ok := r.(variant.Extremum); ok && e.Cell == c && e.Max == max {
			return true
		}
	}
	return false
}
