package canon

import (
	"fmt"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// Kind names a canonical form.
type Kind uint8

const (
	// Minlex is the smallest row-major string (blanks 0) over every
	// transformation: the minlex form.
	Minlex Kind = iota
	// PatternFirst is the form with the smallest pattern of givens
	// (blanks 0, givens 1, row-major), and among the transformations that
	// give it, the smallest string: the form of dobrichev's
	// sudoku-minlexing-tool. It equals Minlex on complete grids.
	PatternFirst
)

// String returns "minlex" or "pattern".
func (k Kind) String() string {
	switch k {
	case Minlex:
		return "minlex"
	case PatternFirst:
		return "pattern"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Form is the canonical form of a 9x9 grid.
type Form struct {
	Cells         [81]uint8 // row-major; 0 a blank, 1-9 a digit
	Map           Transform // maps the grid to Cells
	Automorphisms int       // transformations that map the grid to itself (see Canonicalizer.Canon), at least 1
}

// String returns the form on one line: 81 characters, '.' for a blank.
func (f Form) String() string {
	var b [81]byte
	for i, v := range f.Cells {
		b[i] = sudoku.SymbolByte(int(v))
	}
	return string(b[:])
}

// Grid returns the form as a grid.
func (f Form) Grid() *sudoku.Grid {
	g, _ := sudoku.New(3)
	for i, v := range f.Cells {
		_ = g.SetCell(i, int(v))
	}
	return g
}

// Canon returns the canonical form of kind k of the 9x9 grid g (a puzzle
// or a complete grid; pencil marks are ignored) with a transformation that
// maps g to it and the number of automorphisms of g: the grid
// transformations t (of the 3,359,232) for which t(g), relabelled, is g.
// For a puzzle with one solution and for a complete grid that is the size
// of its automorphism group. It fails for grids of other orders.
func (c *Canonicalizer) Canon(g *sudoku.Grid, k Kind) (Form, error) {
	if g.Order() != 3 {
		return Form{}, fmt.Errorf("canon: %dx%d grid: only 9x9 grids have a canonical form yet", g.Side(), g.Side())
	}
	var cells [81]uint8
	for i := range cells {
		cells[i] = uint8(g.Cell(i))
	}
	return c.Cells(&cells, k)
}

// Cells is Canon for the 81 values of a 9x9 grid in row-major order (0 a
// blank, 1-9 a digit). It fails if a value is out of range or a row or a
// column holds a digit twice (the form relabels digits by rows: boxes may
// clash).
func (c *Canonicalizer) Cells(cells *[81]uint8, k Kind) (Form, error) {
	var rows, cols [9]uint16
	full := true
	for i, v := range cells {
		r, col := i/9, i%9
		if v > 9 {
			return Form{}, &sudoku.RangeError{Row: r, Col: col, Value: int(v), Side: 9}
		}
		c.src[0][i] = v
		c.src[1][col*9+r] = v
		if v == 0 {
			full = false
			continue
		}
		if rows[r]>>v&1 != 0 || cols[col]>>v&1 != 0 {
			return Form{}, repeatError(cells, i)
		}
		rows[r] |= 1 << v
		cols[col] |= 1 << v
	}
	var final []cand
	if k == PatternFirst && !full { // a complete grid has one pattern: its forms are the same
		c.firstRow(pattern)
		final = c.search(pattern, 1)
		for i := range final {
			final[i].label = [10]uint8{}
			final[i].next = 1
		}
		final = c.search(fixed, 0)
	} else {
		c.firstRow(labelled)
		final = c.search(labelled, 1)
	}
	f := Form{Map: final[0].transform()}
	for _, cd := range final {
		n := 1
		for _, m := range cd.mask {
			n *= bits.OnesCount8(m)
		}
		f.Automorphisms += n
	}
	f.Cells = f.Map.apply(cells)
	return f, nil
}

// repeatError names the cell before cell i in its row or column that holds
// the same digit.
func repeatError(cells *[81]uint8, i int) error {
	r, c := i/9, i%9
	for j := range 9 {
		if j < c && cells[r*9+j] == cells[i] {
			return fmt.Errorf("canon: r%dc%d and r%dc%d both hold %d", r+1, j+1, r+1, c+1, cells[i])
		}
		if j < r && cells[j*9+c] == cells[i] {
			return fmt.Errorf("canon: r%dc%d and r%dc%d both hold %d", j+1, c+1, r+1, c+1, cells[i])
		}
	}
	return fmt.Errorf("canon: r%dc%d repeats %d", r+1, c+1, cells[i])
}

// transform returns the transformation of a finished candidate, taking the
// first permutation left in each stack and giving the digits it never saw
// the labels left, in order.
func (cd *cand) transform() Transform {
	t := Transform{Transpose: cd.t == 1}
	for r := range 9 {
		t.Rows[r] = int(cd.rows[r])
	}
	for j := range 3 {
		p := &perm3[bits.TrailingZeros8(cd.mask[j])]
		for i := range 3 {
			t.Cols[3*j+i] = 3*int(cd.stacks[j]) + int(p[i])
		}
	}
	next := int(cd.next)
	for d := 1; d <= 9; d++ {
		if cd.label[d] != 0 {
			t.Digits[d] = int(cd.label[d])
		} else {
			t.Digits[d] = next
			next++
		}
	}
	return t
}

// Canon returns the canonical form of kind k of the 9x9 grid g; see
// Canonicalizer.Canon, which is faster for many grids.
func Canon(g *sudoku.Grid, k Kind) (Form, error) {
	var c Canonicalizer
	return c.Canon(g, k)
}
