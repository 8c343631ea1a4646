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
func (f Form) String() string { return string(f.AppendText(nil)) }

// AppendText appends the form on one line to b: 81 characters, '.' for a
// blank.
func (f Form) AppendText(b []byte) []byte {
	n := len(b)
	b = append(b, f.Cells[:]...)
	out := b[n : n+81]
	for i, v := range &f.Cells {
		out[i] = cellByte[v&15]
	}
	return b
}

// cellByte[v] writes value v of a form ('.' a blank).
var cellByte = [16]byte{'.', '1', '2', '3', '4', '5', '6', '7', '8', '9', '?', '?', '?', '?', '?', '?'}

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
		return Form{}, fmt.Errorf("canon: %dx%d grid: Canon is for 9x9 grids (General takes any order)", g.Side(), g.Side())
	}
	return c.Cells((*[81]uint8)(g.Cells()), k)
}

// Cells is Canon for the 81 values of a 9x9 grid in row-major order (0 a
// blank, 1-9 a digit). It fails if a value is out of range or a row or a
// column holds a digit twice (the form relabels digits by rows: boxes may
// clash).
func (c *Canonicalizer) Cells(cells *[81]uint8, k Kind) (f Form, err error) {
	var rows, cols [9]uint16
	c.sig = [2][9]uint8{}
	c.pat = [2][16]uint16{}
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
			c.sig[0][r] += 1 << (col / 3 * 2)
			c.sig[1][col] += 1 << (r / 3 * 2)
			c.pat[0][r] |= patBit[col]
			c.pat[1][col] |= patBit[r]
			c.givens[givens] = uint8(i)
			givens++
		}
	}
	var final []cand
	c.cells = *cells
	c.ngivens = givens
	if k == PatternFirst && givens < 81 { // a complete grid has one pattern: its forms are the same
		c.firstPattern()
		final = c.searchPattern(1)
		if c.pickDigits(final, &f) {
			return f, nil
		}
		c.fillSrc()
		for i := range final {
			final[i].key = noKeys
		}
		final = c.search(true, 0)
	} else {
		c.fillSrc()
		c.firstRow(&noKeys)
		final = c.search(false, 1)
	}
	cd := &final[0]
	f.Map = cd.transform()
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

// fillSrc fills c.src from the givens of c.cells (the pattern search
// needs only c.pat; the other searches and pickDigits read c.src).
func (c *Canonicalizer) fillSrc() {
	c.src = triplets{}
	for _, i := range c.givens[:c.ngivens] {
		v := c.cells[i%81]
		r, col := i/9%9, i%9
		br, bc := 8-4*(col%3), 8-4*(r%3) // the nibble of the cell in its triplets
		pr, pc := 14-col%3, 14-r%3       // its pattern bit
		c.src[0][r][col/3] |= uint16(v)<<br | 1<<pr
		c.src[1][col][r/3] |= uint16(v)<<bc | 1<<pc
	}
}

// maxPick bounds the transformations that pickDigits tries one by one.
const maxPick = 512

// pickDigits returns the form of the grid cells from the candidates of the
// pattern search (all with the smallest pattern), trying each
// transformation they leave: the smallest string, the first transformation
// that gives it and their number. It fails if there are more than maxPick.
func (c *Canonicalizer) pickDigits(final []cand, f *Form) bool {
	n := 0
	for i := range final {
		m := &final[i].mask
		n += bits.OnesCount8(m[0]) * bits.OnesCount8(m[1]) * bits.OnesCount8(m[2])
	}
	if n > maxPick {
		return false
	}
	if n == 1 {
		c.only(&final[0], f)
		return true
	}
	c.fillSrc()
	// Every candidate gives the same pattern: compare the givens only, in
	// the order of their cells in the form.
	cd0 := &final[0]
	var invRow, invCol [9]uint8
	for k, r := range cd0.rows {
		invRow[r%9] = uint8(k)
	}
	for j, s := range cd0.stacks {
		for i, x := range &perm3[bits.TrailingZeros8(cd0.mask[j])&7] {
			invCol[(3*s+x)%9] = uint8(3*j + i)
		}
	}
	var at [2]uint64 // the cells of the form with givens
	for _, i := range c.givens[:c.ngivens] {
		r, col := i/9, i%9
		if cd0.t == 1 {
			r, col = col, r
		}
		q := 9*invRow[r%9] + invCol[col%9]
		at[q/64%2] |= 1 << (q % 64)
	}
	var givens [81]uint8 // the cells of the form with givens, in order
	ng := 0
	for h, w := range at {
		for ; w != 0; w &= w - 1 {
			givens[ng%81] = uint8(64*h + bits.TrailingZeros64(w))
			ng++
		}
	}
	if ng == 0 {
		return false
	}
	best := [81]uint8{10} // the digits of the best string at givens, larger than any at first
	var bestCand cand
	for i := range final {
		cd := &final[i]
		g := &c.src[cd.t]
		for m0 := cd.mask[0]; m0 != 0; m0 &= m0 - 1 {
			for m1 := cd.mask[1]; m1 != 0; m1 &= m1 - 1 {
				for m2 := cd.mask[2]; m2 != 0; m2 &= m2 - 1 {
					ms := [3]uint8{m0 & -m0, m1 & -m1, m2 & -m2}
					var shift [9]uint8 // the shift of each column in its stack's triplet
					for j := range 3 {
						for i, x := range &perm3[bits.TrailingZeros8(ms[j])&7] {
							shift[3*j+i] = 8 - 4*x
						}
					}
					var key [16]uint8
					next := uint8(1)
					less := false
					for n, q := range givens[:ng] {
						col := q % 9
						v := uint8(g[cd.rows[q/9%9]%9][cd.stacks[col/3]&3] >> shift[col] & 15)
						if key[v] == 0 {
							key[v] = next
							next++
						}
						v = key[v]
						if !less {
							if v > best[n] {
								break
							}
							if v < best[n] {
								less = true
								f.Automorphisms = 0
							}
						}
						best[n] = v
						if n == ng-1 {
							f.Automorphisms++
							if less {
								bestCand = *cd
								bestCand.mask = ms
								for d := range key {
									if key[d] == 0 && d != 0 {
										key[d] = newKey
									}
								}
								bestCand.key = key
								bestCand.next = next
							}
						}
					}
				}
			}
		}
	}
	for n, q := range givens[:ng] {
		f.Cells[q] = best[n]
	}
	f.Map = bestCand.transform()
	return true
}

// only returns the form that the one transformation left, cd (one
// permutation per stack), gives the grid cells: the givens placed by its
// inverse, then labelled in order of their cells.
func (c *Canonicalizer) only(cd *cand, f *Form) {
	var inv [2][16]uint8 // the target row of each source row, column of each column
	for k, r := range cd.rows {
		inv[0][r&15] = uint8(k)
	}
	for j, s := range cd.stacks {
		for i, x := range &perm3[bits.TrailingZeros8(cd.mask[j])&7] {
			inv[1][(3*s+x)&15] = uint8(3*j + i)
		}
	}
	src := &c.cells
	ro, co := &rowOf, &colOf // the source row and column of a cell
	if cd.t == 1 {
		ro, co = co, ro
	}
	for _, i := range c.givens[:c.ngivens] {
		if q := int(inv[0][ro[i]&15])*9 + int(inv[1][co[i]&15]); q < 81 {
			f.Cells[q] = src[i%81]
		}
	}
	key := [16]uint8{}
	next := uint8(1)
	for w := 0; w < 81; w += 8 {
		var x uint64
		if w < 80 {
			x = binary.LittleEndian.Uint64(f.Cells[w:])
		} else {
			x = uint64(f.Cells[80])
		}
		for x != 0 {
			b := bits.TrailingZeros64(x) / 8
			x &^= 0xff << (8 * b)
			v := &f.Cells[w+b]
			if key[*v&15] == 0 {
				key[*v&15] = next
				next++
			}
			*v = key[*v&15]
		}
	}
	best := *cd
	for d := range key {
		if key[d] == 0 && d != 0 {
			key[d] = newKey
		}
	}
	best.key, best.next = key, next
	f.Map = best.transform()
	f.Automorphisms = 1
}

// rowOf[i] and colOf[i] are the row and column of cell i (0-80).
var rowOf, colOf = func() (r, c [256]uint8) {
	for i := range 81 {
		r[i], c[i] = uint8(i/9), uint8(i%9)
	}
	return r, c
}()

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
