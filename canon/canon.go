package canon

import (
	"encoding/binary"
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
	c.src = triplets{}
	c.pat = triplets{}
	c.sig = [2][9]uint8{}
	givens := 0
	for w := 0; w < 81; w += 8 {
		var x uint64
		if w < 80 {
			x = binary.LittleEndian.Uint64(cells[w:])
		} else {
			x = uint64(cells[80])
		}
		for x != 0 {
			b := bits.TrailingZeros64(x) / 8
			x &^= 0xff << (8 * b)
			i := w + b
			v := cells[i]
			r, col := i/9, i%9
			if v > 9 {
				return Form{}, &sudoku.RangeError{Row: r, Col: col, Value: int(v), Side: 9}
			}
			if (rows[r]|cols[col])>>v&1 != 0 {
				return Form{}, repeatError(cells, i)
			}
			rows[r] |= 1 << v
			cols[col] |= 1 << v
			br, bc := 8-4*(col%3), 8-4*(r%3) // the nibble of the cell in its triplets
			pr, pc := 14-col%3, 14-r%3       // its pattern bit
			c.src[0][r][col/3] |= uint16(v)<<br | 1<<pr
			c.src[1][col][r/3] |= uint16(v)<<bc | 1<<pc
			c.pat[0][r][col/3] |= 1<<br | 1<<pr
			c.pat[1][col][r/3] |= 1<<bc | 1<<pc
			c.sig[0][r] += 1 << (col / 3 * 2)
			c.sig[1][col] += 1 << (r / 3 * 2)
			c.givens[givens] = uint8(i)
			givens++
		}
	}
	var final []cand
	if k == PatternFirst && givens < 81 { // a complete grid has one pattern: its forms are the same
		c.firstRow(&c.pat, &patKeys)
		final = c.search(&c.pat, false, 1)
		for i := range final {
			final[i].key = noKeys
		}
		final = c.search(&c.src, true, 0)
	} else {
		c.firstRow(&c.src, &noKeys)
		final = c.search(&c.src, false, 1)
	}
	cd := &final[0]
	f := Form{Map: cd.transform()}
	for _, cd := range final {
		n := 1
		for _, m := range cd.mask {
			n *= bits.OnesCount8(m)
		}
		f.Automorphisms += n
	}
	// Place each given by the inverse of the map.
	var invRow, invCol [9]uint8
	for k, r := range cd.rows {
		invRow[r] = uint8(k)
	}
	for j, s := range cd.stacks {
		for i, x := range &perm3[bits.TrailingZeros8(cd.mask[j])&7] {
			invCol[(3*s+x)%9] = uint8(3*j + i)
		}
	}
	for _, i := range c.givens[:givens] {
		r, col := i/9, i%9
		if cd.t == 1 {
			r, col = col, r
		}
		f.Cells[(9*int(invRow[r])+int(invCol[col]))%81] = cd.key[cells[i]&15]
	}
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
		if cd.key[d] != newKey {
			t.Digits[d] = int(cd.key[d])
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
