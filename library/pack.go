package library

import (
	"errors"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/generate"
)

// A packed 9x9 grid is a blob of 11 bytes of givens mask followed by the
// given digits, two per byte:
//
//	bytes 0-10   bit i%8 of byte i/8 is set when cell i (row-major, 0-80)
//	             holds a digit
//	bytes 11-    the digits (1-9) of those cells in cell order, the first
//	             of each pair in the low nibble; an odd count leaves the
//	             last high nibble 0
//
// A 17-clue puzzle takes 20 bytes, a 25-clue one 24 (81 as text).
const maskBytes = 11

// pack packs the 81 cells (0 a blank, 1-9 a digit).
func pack(cells *[81]uint8) []byte {
	b := make([]byte, maskBytes, maskBytes+41)
	n := 0
	for i, v := range cells {
		if v == 0 {
			continue
		}
		b[i/8] |= 1 << (i % 8)
		if n%2 == 0 {
			b = append(b, v)
		} else {
			b[len(b)-1] |= v << 4
		}
		n++
	}
	return b
}

var errPacked = errors.New("library: corrupt packed grid")

// unpack reverses pack.
func unpack(b []byte) (cells [81]uint8, err error) {
	if len(b) < maskBytes {
		return cells, errPacked
	}
	n := 0
	for i := range cells {
		if b[i/8]&(1<<(i%8)) == 0 {
			continue
		}
		k := maskBytes + n/2
		if k >= len(b) {
			return cells, errPacked
		}
		v := b[k] & 0xf
		if n%2 == 1 {
			v = b[k] >> 4
		}
		if v < 1 || v > 9 {
			return cells, errPacked
		}
		cells[i] = v
		n++
	}
	if len(b) != maskBytes+(n+1)/2 {
		return cells, errPacked
	}
	return cells, nil
}

// cellsOf returns the cells of the 9x9 grid g.
func cellsOf(g *sudoku.Grid) (cells [81]uint8) {
	for i := range cells {
		cells[i] = uint8(g.Cell(i))
	}
	return cells
}

// gridOf returns the cells as a 9x9 grid.
func gridOf(cells *[81]uint8) *sudoku.Grid {
	g, _ := sudoku.New(3)
	for i, v := range cells {
		_ = g.SetCell(i, int(v))
	}
	return g
}

// symmetries are the six basic symmetries of the square, each with its
// map of a cell (r, c) on the 9x9 grid.
var symmetries = []struct {
	s generate.Symmetry
	f func(r, c int) (int, int)
}{
	{generate.Central, func(r, c int) (int, int) { return 8 - r, 8 - c }},
	{generate.Rotational, func(r, c int) (int, int) { return c, 8 - r }},
	{generate.MirrorLR, func(r, c int) (int, int) { return r, 8 - c }},
	{generate.MirrorTB, func(r, c int) (int, int) { return 8 - r, c }},
	{generate.Diagonal, func(r, c int) (int, int) { return c, r }},
	{generate.AntiDiagonal, func(r, c int) (int, int) { return 8 - c, 8 - r }},
}

// symmetryOf returns the symmetries the pattern of givens keeps (a given's
// image is a given): generate.None for most puzzles.
func symmetryOf(cells *[81]uint8) generate.Symmetry {
	var out generate.Symmetry
	for _, sym := range symmetries {
		keeps := true
		for i := 0; i < 81 && keeps; i++ {
			r, c := sym.f(i/9, i%9)
			keeps = (cells[i] == 0) == (cells[r*9+c] == 0)
		}
		if keeps {
			out |= sym.s
		}
	}
	return out
}
