// Package mzn writes a variant puzzle as a MiniZinc model, so that
// MiniZinc with Gecode (Debian's minizinc package) can count its solutions
// as a reference that shares no code with package variant's engine, and so
// that the two can be timed side by side.
//
// The model states each rule by its definition: x[r,c] in 1..Size, every
// row, column, region, extra region and cage all_different, the sums as
// linear equations, pair rules as disequalities on the pairs they name,
// thermometers as strict inequalities, sandwiches with the places of the
// 1 and of Size as variables. Run it as
//
//	minizinc --solver gecode -n 2 --statistics model.mzn
//
// which prints up to 2 solutions (separated by "----------"), "=========="
// when the search was complete, and Gecode's statistics, among which
// "%%%mzn-stat: solveTime=...".
package mzn

import (
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

type model struct {
	n int
	b strings.Builder
}

func (m *model) x(c variant.Cell) string { return fmt.Sprintf("x[%d,%d]", c.Row, c.Col) }

func (m *model) xi(i int) string { return fmt.Sprintf("x[%d,%d]", i/m.n+1, i%m.n+1) }

func (m *model) list(cells []variant.Cell) string {
	parts := make([]string, len(cells))
	for k, c := range cells {
		parts[k] = m.x(c)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func (m *model) listIdx(cells []int) string {
	parts := make([]string, len(cells))
	for k, c := range cells {
		parts[k] = m.xi(c)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func (m *model) con(format string, args ...any) {
	m.b.WriteString("constraint ")
	fmt.Fprintf(&m.b, format, args...)
	m.b.WriteString(";\n")
}

// orthogonal returns the pairs of orthogonal neighbours as cell indexes.
func orthogonal(n int) [][2]int {
	var out [][2]int
	for i := range n * n {
		r, c := i/n, i%n
		if c+1 < n {
			out = append(out, [2]int{i, i + 1})
		}
		if r+1 < n {
			out = append(out, [2]int{i, i + n})
		}
	}
	return out
}

// moves returns the pairs of cells apart by one of the moves.
func moves(n int, ds [][2]int) [][2]int {
	var out [][2]int
	for i := range n * n {
		r, c := i/n, i%n
		for _, d := range ds {
			r2, c2 := r+d[0], c+d[1]
			if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && r2*n+c2 > i {
				out = append(out, [2]int{i, r2*n + c2})
			}
		}
	}
	return out
}

func key(a, b variant.Cell, n int) [2]int {
	i, j := a.Index(n), b.Index(n)
	return [2]int{min(i, j), max(i, j)}
}

// Model returns the MiniZinc model of p. p must be valid (variant's
// Validate); a rule kind the package does not know is an error.
func Model(p *variant.Puzzle) (string, error) {
	if err := p.Validate(); err != nil {
		return "", err
	}
	n := p.Size
	m := &model{n: n}
	fmt.Fprintf(&m.b, "include \"all_different.mzn\";\nint: n = %d;\narray[1..n,1..n] of var 1..n: x;\n", n)
	m.con("forall(r in 1..n)(all_different([x[r,c] | c in 1..n]))")
	m.con("forall(c in 1..n)(all_different([x[r,c] | r in 1..n]))")
	if p.Givens != nil {
		for i, v := range p.Givens {
			if v != 0 {
				m.con("%s = %d", m.xi(i), v)
			}
		}
	}
	if p.Regions != nil {
		groups := make([][]int, n)
		for i, r := range p.Regions {
			groups[r] = append(groups[r], i)
		}
		for _, g := range groups {
			m.con("all_different(%s)", m.listIdx(g))
		}
	}
	dots := map[[2]int]bool{}
	marks := map[[2]int]bool{}
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.Kropki:
			dots[key(r.Cells[0], r.Cells[1], n)] = true
		case variant.XV:
			marks[key(r.Cells[0], r.Cells[1], n)] = true
		}
	}
	for _, rule := range p.Rules {
		switch r := rule.(type) {
		case variant.Diagonal:
			if r.Positive {
				m.con("all_different([x[i,n+1-i] | i in 1..n])")
			} else {
				m.con("all_different([x[i,i] | i in 1..n])")
			}
		case variant.Windoku:
			k := 0
			for k*k < n {
				k++
			}
			for wr := 0; wr < k-1; wr++ {
				for wc := 0; wc < k-1; wc++ {
					r0, c0 := 2+wr*(k+1), 2+wc*(k+1)
					m.con("all_different([x[r,c] | r in %d..%d, c in %d..%d])", r0, r0+k-1, c0, c0+k-1)
				}
			}
		case variant.Disjoint:
			br, bc, ok := p.BoxDims()
			if !ok {
				return "", fmt.Errorf("disjoint groups without boxes")
			}
			m.con("forall(i in 0..%d, j in 0..%d)(all_different([x[R*%d+i+1,C*%d+j+1] | R in 0..%d, C in 0..%d]))",
				br-1, bc-1, br, bc, n/br-1, n/bc-1)
		case variant.ExtraRegion:
			m.con("all_different(%s)", m.list(r.Cells))
		case variant.AntiKnight:
			for _, pr := range moves(n, [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}}) {
				m.con("%s != %s", m.xi(pr[0]), m.xi(pr[1]))
			}
		case variant.AntiKing:
			for _, pr := range moves(n, [][2]int{{1, 1}, {1, -1}}) {
				m.con("%s != %s", m.xi(pr[0]), m.xi(pr[1]))
			}
		case variant.NonConsecutive:
			for _, pr := range orthogonal(n) {
				m.con("abs(%s - %s) != 1", m.xi(pr[0]), m.xi(pr[1]))
			}
		case variant.Cage:
			m.con("all_different(%s)", m.list(r.Cells))
			if r.Sum > 0 {
				m.con("sum(%s) = %d", m.list(r.Cells), r.Sum)
			}
		case variant.LittleKiller:
			m.con("sum(%s) = %d", m.list(r.Cells), r.Sum)
		case variant.Thermo:
			for k := 1; k < len(r.Cells); k++ {
				m.con("%s < %s", m.x(r.Cells[k-1]), m.x(r.Cells[k]))
			}
		case variant.Arrow:
			circle := "0"
			for _, c := range r.Circle {
				circle = "(" + circle + ")*10 + " + m.x(c)
			}
			m.con("sum(%s) = %s", m.list(r.Line), circle)
		case variant.Kropki:
			a, b := m.x(r.Cells[0]), m.x(r.Cells[1])
			if r.Black {
				v := r.Value
				if v == 0 {
					v = 2
				}
				m.con("(%s = %d * %s \\/ %s = %d * %s)", a, v, b, b, v, a)
			} else {
				v := r.Value
				if v == 0 {
					v = 1
				}
				m.con("abs(%s - %s) = %d", a, b, v)
			}
		case variant.KropkiNegative:
			for _, pr := range orthogonal(n) {
				if dots[pr] {
					continue
				}
				a, b := m.xi(pr[0]), m.xi(pr[1])
				if r.White {
					m.con("abs(%s - %s) != 1", a, b)
				}
				if r.Black {
					m.con("%s != 2 * %s /\\ %s != 2 * %s", a, b, b, a)
				}
			}
		case variant.XV:
			m.con("%s + %s = %d", m.x(r.Cells[0]), m.x(r.Cells[1]), r.Sum)
		case variant.XVNegative:
			for _, pr := range orthogonal(n) {
				if !marks[pr] {
					m.con("%s + %s != 5 /\\ %s + %s != 10", m.xi(pr[0]), m.xi(pr[1]), m.xi(pr[0]), m.xi(pr[1]))
				}
			}
		case variant.Parity:
			par := 1
			if r.Even {
				par = 0
			}
			m.con("%s mod 2 = %d", m.x(r.Cell), par)
		case variant.Whisper:
			d := r.Diff
			if d == 0 {
				d = (n + 1) / 2
			}
			for k := 1; k < len(r.Cells); k++ {
				m.con("abs(%s - %s) >= %d", m.x(r.Cells[k-1]), m.x(r.Cells[k]), d)
			}
		case variant.Renban:
			l := m.list(r.Cells)
			m.con("all_different(%s) /\\ max(%s) - min(%s) = %d", l, l, l, len(r.Cells)-1)
		case variant.Palindrome:
			for k := 0; k < len(r.Cells)/2; k++ {
				m.con("%s = %s", m.x(r.Cells[k]), m.x(r.Cells[len(r.Cells)-1-k]))
			}
		case variant.Sandwich:
			line := "x[%d,k]"
			if r.Column {
				line = "x[k,%d]"
			}
			cell := fmt.Sprintf(line, r.Index)
			m.con("let { var 1..n: a; var 1..n: b; } in (%s = 1 /\\ %s = n /\\ sum(k in 1..n)(bool2int(k > min(a,b) /\\ k < max(a,b)) * %s) = %d)",
				strings.ReplaceAll(cell, "k", "a"), strings.ReplaceAll(cell, "k", "b"), cell, r.Sum)
		case variant.RegionSum, variant.Entropic, variant.Modular, variant.Lockout, variant.Zipper,
			variant.Between, variant.Nabner, variant.DoubleArrow, variant.TenLine:
			m.line(p, rule)
		default:
			if m.clue(p, rule) {
				continue
			}
			return "", fmt.Errorf("mzn: no model for the kind %q", rule.Kind())
		}
	}
	m.b.WriteString("solve satisfy;\noutput [show(x[r,c]) | r, c in 1..n];\n")
	return m.b.String(), nil
}
