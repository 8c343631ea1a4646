package canon

import (
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku"
)

// A Transform maps a 9x9 grid to an equivalent one: it transposes the grid
// if Transpose is set, then cell (r, c) of the result (0-based) is cell
// (Rows[r], Cols[c]) of that grid with its digit d relabelled Digits[d].
// Rows and Cols keep bands and stacks whole (rows 0-2, 3-5 and 6-8 of the
// result come from one band each), and Digits is a permutation of 1-9
// (Digits[0] is 0: a blank stays blank).
type Transform struct {
	Transpose bool
	Rows      [9]int
	Cols      [9]int
	Digits    [10]int
}

// Identity returns the transformation that changes nothing.
func Identity() Transform {
	var t Transform
	for i := range 9 {
		t.Rows[i], t.Cols[i] = i, i
	}
	for d := range 10 {
		t.Digits[d] = d
	}
	return t
}

// Valid reports whether t is one of the 3,359,232 grid transformations
// times a relabelling: rows and columns permuted within and by bands and
// stacks, digits permuted, blank kept.
func (t Transform) Valid() bool {
	return validLines(&t.Rows) && validLines(&t.Cols) && validDigits(&t.Digits)
}

func validLines(l *[9]int) bool {
	var seen [9]bool
	for i, x := range l {
		if x < 0 || x > 8 || seen[x] || x/3 != l[i/3*3]/3 {
			return false
		}
		seen[x] = true
	}
	return true
}

func validDigits(d *[10]int) bool {
	var seen [10]bool
	for i, x := range d {
		if x < 0 || x > 9 || seen[x] || (i == 0) != (x == 0) {
			return false
		}
		seen[x] = true
	}
	return true
}

// Apply returns t applied to the 9x9 grid g (givens only; pencil marks are
// dropped). It fails if g is not 9x9 or t is not valid.
func (t Transform) Apply(g *sudoku.Grid) (*sudoku.Grid, error) {
	if g.Order() != 3 {
		return nil, fmt.Errorf("canon: %dx%d grid: transformations are 9x9", g.Side(), g.Side())
	}
	if !t.Valid() {
		return nil, fmt.Errorf("canon: not a valid transformation: %v", t)
	}
	var cells [81]uint8
	for i := range cells {
		cells[i] = uint8(g.Cell(i))
	}
	out := t.apply(&cells)
	h, _ := sudoku.New(3)
	for i, v := range out {
		_ = h.SetCell(i, int(v))
	}
	return h, nil
}

// apply returns t applied to 81 cells of values 0-9 (t must be valid).
func (t Transform) apply(cells *[81]uint8) [81]uint8 {
	var out [81]uint8
	for r := range 9 {
		for c := range 9 {
			i := t.Rows[r]*9 + t.Cols[c]
			if t.Transpose {
				i = t.Cols[c]*9 + t.Rows[r]
			}
			v := cells[i]
			if v > 9 {
				v = 0
			}
			out[r*9+c] = uint8(t.Digits[v])
		}
	}
	return out
}

// Inverse returns the transformation that undoes t (t must be valid).
func (t Transform) Inverse() Transform {
	var u Transform
	u.Transpose = t.Transpose
	// t: out[r][c] = D(in'[R[r]][C[c]]), in' = in transposed if T.
	// Without T: in[R[r]][C[c]] = D⁻¹(out[r][c]), so u.Rows = R⁻¹, u.Cols = C⁻¹.
	// With T: in[C[c]][R[r]] = D⁻¹(out[r][c]): in = u(out) with u transposing,
	// u.Rows = C⁻¹ and u.Cols = R⁻¹.
	rows, cols := t.Rows, t.Cols
	if t.Transpose {
		rows, cols = cols, rows
	}
	for i := range 9 {
		u.Rows[rows[i]] = i
		u.Cols[cols[i]] = i
	}
	for d := range 10 {
		u.Digits[t.Digits[d]] = d
	}
	return u
}

// String writes t as "T rows=123456789 cols=123456789 digits=123456789":
// "T" if it transposes first ("-" if not), the source row (after
// transposition) of each row of the result, the source column of each
// column, 1-based, and the new label of each digit 1-9.
func (t Transform) String() string {
	var b strings.Builder
	if t.Transpose {
		b.WriteString("T")
	} else {
		b.WriteString("-")
	}
	b.WriteString(" rows=")
	for _, r := range t.Rows {
		b.WriteByte(byte('1' + r))
	}
	b.WriteString(" cols=")
	for _, c := range t.Cols {
		b.WriteByte(byte('1' + c))
	}
	b.WriteString(" digits=")
	for _, d := range t.Digits[1:] {
		b.WriteByte(byte('0' + d))
	}
	return b.String()
}
