package sudoku

import "math/bits"

// Writing the candidate formats: FormatSukaku and FormatPencil. A grid
// without marks is written with every candidate in every blank cell.

// appendSukaku appends the candidate slots of g: side a cell, symbol k in
// slot k for a candidate, '.' for none.
func appendSukaku(dst []byte, g *Grid) []byte {
	side := g.Side()
	for i := range g.cells {
		m := g.Marks(i)
		for k := 0; k < side; k++ {
			c := byte('.')
			if m&(1<<k) != 0 {
				c = Symbols[k]
			}
			dst = append(dst, c)
		}
	}
	return dst
}

// pencilCell appends the text of cell i in a pencil-mark grid: its value,
// its candidates, or "." for none.
func pencilCell(dst []byte, g *Grid, i int) []byte {
	m := g.Marks(i)
	if m == 0 {
		return append(dst, '.')
	}
	for ; m != 0; m &= m - 1 {
		dst = append(dst, Symbols[bits.TrailingZeros64(m)])
	}
	return dst
}

// appendPencil appends g as a pencil-mark grid, as HoDoKu prints one:
// every cell as wide as the widest plus one space.
//
//	.----------------------.----------------------.----------------------.
//	| 1579   2      3      | 4      16     19     | 8      579    159    |
//	:----------------------+----------------------+----------------------:
//	'----------------------'----------------------'----------------------'
func appendPencil(dst []byte, g *Grid) []byte {
	side, order := g.Side(), g.Order()
	w := 1
	for i := range g.cells {
		if v := g.cells[i]; v == 0 {
			w = max(w, bits.OnesCount64(g.Marks(i)))
		}
	}
	border := func(dst []byte, corner, join byte) []byte {
		for b := 0; b < order; b++ {
			if b == 0 {
				dst = append(dst, corner)
			} else {
				dst = append(dst, join)
			}
			dst = appendRepeat(dst, '-', 1+order*(w+1))
		}
		return append(dst, corner, '\n')
	}
	dst = border(dst, '.', '.')
	for r := 0; r < side; r++ {
		if r > 0 && r%order == 0 {
			dst = border(dst, ':', '+')
		}
		for c := 0; c < side; c++ {
			if c%order == 0 {
				dst = append(dst, '|', ' ')
			}
			n := len(dst)
			dst = pencilCell(dst, g, r*side+c)
			dst = appendRepeat(dst, ' ', w+1-(len(dst)-n))
		}
		dst = append(dst, '|', '\n')
	}
	// The bottom border: "'" at every corner and join.
	return border(dst, '\'', '\'')
}

// appendWiki appends g as sudokuwiki's packed board: "S9B", then per
// cell two base-36 digits: its value (9 more if placed), or 18 + its candidates (every
// candidate for a cell that has none, as sudokuwiki writes it).
func appendWiki(dst []byte, g *Grid) []byte {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	dst = append(dst, "S9B"...)
	for i := range g.cells {
		n := int(g.cells[i])
		if g.Placed(i) {
			n += 9
		}
		if n == 0 {
			m := g.Marks(i)
			if m == 0 {
				m = allMarks(9)
			}
			n = 18 + int(m)
		}
		dst = append(dst, digits[n/36], digits[n%36])
	}
	return dst
}
