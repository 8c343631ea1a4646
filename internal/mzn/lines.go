package mzn

import (
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

// line states a line rule of round two by its definition.
func (m *model) line(p *variant.Puzzle, rule variant.Rule) {
	n := m.n
	sum := func(cells []variant.Cell) string {
		parts := make([]string, len(cells))
		for k, c := range cells {
			parts[k] = m.x(c)
		}
		return "(" + strings.Join(parts, " + ") + ")"
	}
	equal := func(groups [][]variant.Cell) {
		for _, g := range groups[1:] {
			m.con("%s = %s", sum(groups[0]), sum(g))
		}
	}
	// classes: cells at most two apart hold values of different classes.
	classes := func(cells []variant.Cell, class []int) {
		parts := make([]string, len(class))
		for k, c := range class {
			parts[k] = fmt.Sprint(c)
		}
		table := "[" + strings.Join(parts, ",") + "]"
		for k := range cells {
			for j := k + 1; j < len(cells) && j <= k+2; j++ {
				m.con("%s[%s] != %s[%s]", table, m.x(cells[k]), table, m.x(cells[j]))
			}
		}
	}
	switch r := rule.(type) {
	case variant.RegionSum:
		var groups [][]variant.Cell
		for k, c := range r.Cells {
			if k == 0 || p.Regions != nil && p.Regions[c.Index(n)] != p.Regions[r.Cells[k-1].Index(n)] {
				groups = append(groups, nil)
			}
			groups[len(groups)-1] = append(groups[len(groups)-1], c)
		}
		equal(groups)
	case variant.Entropic:
		// Low, middle and high as even as they can be, the middle larger
		// or smaller by one.
		lo, mid := n/3, (n+2)/3
		if 2*lo+mid != n {
			lo, mid = (n+2)/3, n/3
		}
		class := make([]int, n)
		for v := 1; v <= n; v++ {
			switch {
			case v <= lo:
				class[v-1] = 0
			case v <= lo+mid:
				class[v-1] = 1
			default:
				class[v-1] = 2
			}
		}
		classes(r.Cells, class)
	case variant.Modular:
		class := make([]int, n)
		for v := 1; v <= n; v++ {
			class[v-1] = v % 3
		}
		classes(r.Cells, class)
	case variant.Lockout:
		a, b := m.x(r.Cells[0]), m.x(r.Cells[len(r.Cells)-1])
		m.con("abs(%s - %s) >= %d", a, b, n/2)
		for _, c := range r.Cells[1 : len(r.Cells)-1] {
			m.con("(%s < min(%s, %s) \\/ %s > max(%s, %s))", m.x(c), a, b, m.x(c), a, b)
		}
	case variant.Between:
		a, b := m.x(r.Cells[0]), m.x(r.Cells[len(r.Cells)-1])
		for _, c := range r.Cells[1 : len(r.Cells)-1] {
			m.con("%s > min(%s, %s) /\\ %s < max(%s, %s)", m.x(c), a, b, m.x(c), a, b)
		}
	case variant.Zipper:
		var groups [][]variant.Cell
		k := len(r.Cells)
		for i := 0; i < k/2; i++ {
			groups = append(groups, []variant.Cell{r.Cells[i], r.Cells[k-1-i]})
		}
		if k%2 == 1 {
			groups = append(groups, r.Cells[k/2:k/2+1])
		}
		equal(groups)
	case variant.Nabner:
		for k := range r.Cells {
			for j := k + 1; j < len(r.Cells); j++ {
				m.con("abs(%s - %s) >= 2", m.x(r.Cells[k]), m.x(r.Cells[j]))
			}
		}
	case variant.DoubleArrow:
		k := len(r.Cells)
		equal([][]variant.Cell{{r.Cells[0], r.Cells[k-1]}, r.Cells[1 : k-1]})
	case variant.TenLine:
		// s[i]: the sum of the open segment up to cell i; a segment ends
		// where it reaches the target.
		t := r.Sum
		if t == 0 {
			t = 10
		}
		k := len(r.Cells)
		var b strings.Builder
		fmt.Fprintf(&b, "let { array[1..%d] of var 1..%d: s } in (s[1] = %s", k, t, m.x(r.Cells[0]))
		for i := 1; i < k; i++ {
			fmt.Fprintf(&b, " /\\ s[%d] = if s[%d] = %d then %s else s[%d] + %s endif", i+1, i, t, m.x(r.Cells[i]), i, m.x(r.Cells[i]))
		}
		fmt.Fprintf(&b, " /\\ s[%d] = %d)", k, t)
		m.con("%s", b.String())
	}
}
