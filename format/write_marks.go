package format

import (
	"math/bits"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Writing the candidate formats: Sukaku and Pencil. A grid
// without marks is written with every candidate in every blank cell.

// appendSukaku appends the candidate slots of g: side a cell, symbol k in
// slot k for a candidate, '.' for none.
func appendSukaku(dst []byte, g *sudoku.Grid) []byte {
	side := g.Side()
	for i := range g.Cells() {
		m := g.Marks(i)
		for k := 0; k < side; k++ {
			c := byte('.')
			if m&(1<<k) != 0 {
				c = sudoku.Symbols[k]
			}
			dst = append(dst, c)
		}
	}
	return dst
}

// pencilCell appends the text of cell i in a pencil-mark grid: its value,
// its candidates, or "." for none.
func pencilCell(dst []byte, g *sudoku.Grid, i int) []byte {
	m := g.Marks(i)
	if m == 0 {
		return append(dst, '.')
	}
	for ; m != 0; m &= m - 1 {
		dst = append(dst, sudoku.Symbols[bits.TrailingZeros64(m)])
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
func appendPencil(dst []byte, g *sudoku.Grid) []byte {
	side, order := g.Side(), g.Order()
	w := 1
	for i := range g.Cells() {
		if v := g.Cells()[i]; v == 0 {
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
func appendWiki(dst []byte, g *sudoku.Grid) []byte {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	dst = append(dst, "S9B"...)
	for i := range g.Cells() {
		n := int(g.Cells()[i])
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

// hodokuStep splits a comment of the shape
// "<technique>:<candidates>:<eliminations>:<placements>[:<extra>]" (as
// the Reader keeps it for HoDoKu) into its fields; ok is false for
// any other comment.
func hodokuStep(comment string) (fields []string, ok bool) {
	fields = strings.Split(comment, ":")
	if len(fields) != 4 && len(fields) != 5 || fields[0] == "" {
		return nil, false
	}
	for _, c := range []byte(fields[0]) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
			return nil, false
		}
	}
	return fields, true
}

// appendHoDoKu appends g, 9x9, as a HoDoKu library line: the step from
// comment (see hodokuStep) or HoDoKu's ":0000:x:" for none, the cells
// with '+' before placed values, and the candidates that the values
// leave but the marks of g do not hold, cell by cell.
func appendHoDoKu(dst []byte, g *sudoku.Grid, comment string) []byte {
	step, ok := hodokuStep(comment)
	if !ok {
		step = []string{"0000", "x", "", ""} // ":0000:x:<givens>:<deleted>::"
	}
	dst = append(dst, ':')
	dst = append(dst, step[0]...)
	dst = append(dst, ':')
	dst = append(dst, step[1]...)
	dst = append(dst, ':')
	for i, v := range g.Cells() {
		if g.Placed(i) {
			dst = append(dst, '+')
		}
		dst = append(dst, cellSymbols[v])
	}
	dst = append(dst, ':')
	if g.HasMarks() {
		first := true
		for i, v := range g.Cells() {
			if v != 0 {
				continue
			}
			for out := g.ValueMarks(i) &^ g.Marks(i); out != 0; out &= out - 1 {
				if !first {
					dst = append(dst, ' ')
				}
				first = false
				dst = append(dst, byte('1'+bits.TrailingZeros64(out)), byte('1'+i/9), byte('1'+i%9))
			}
		}
	}
	for _, f := range step[2:] {
		dst = append(dst, ':')
		dst = append(dst, f...)
	}
	return append(dst, '\n')
}

// appendSSMarks appends g, 9x9, as Simple Sudoku writes a puzzle with
// pencil marks: the grid of givens, the grid of every value if g has
// placed values, and the pencil-mark grid, two empty lines between them.
//
//	*-----------------------------------------------------------------------------*
//	| 8       123     1237    | 4       135     2369    | 3579    357     39      |
//	|-------------------------+-------------------------+-------------------------|
func appendSSMarks(dst []byte, g *sudoku.Grid) []byte {
	dst, _ = appendRecord(dst, g.GivensOnly(), nil, SS, "")
	if g.HasPlaced() {
		dst = append(dst, '\n', '\n')
		dst, _ = appendRecord(dst, g, nil, SS, "")
	}
	dst = append(dst, '\n', '\n')
	w := 1
	for i := range g.Cells() {
		w = max(w, bits.OnesCount64(g.Marks(i)))
	}
	border := func(dst []byte, corner, join byte) []byte {
		dst = append(dst, corner)
		for b := 0; b < 3; b++ {
			if b > 0 {
				dst = append(dst, join)
			}
			dst = appendRepeat(dst, '-', 1+3*(w+2))
		}
		return append(dst, corner, '\n')
	}
	dst = border(dst, '*', '-')
	for r := 0; r < 9; r++ {
		if r > 0 && r%3 == 0 {
			dst = border(dst, '|', '+')
		}
		for c := 0; c < 9; c++ {
			if c%3 == 0 {
				dst = append(dst, '|', ' ')
			}
			n := len(dst)
			dst = pencilCell(dst, g, r*9+c)
			dst = appendRepeat(dst, ' ', w+2-(len(dst)-n))
		}
		dst = append(dst, '|', '\n')
	}
	return border(dst, '*', '-')
}
