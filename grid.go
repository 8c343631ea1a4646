package sudoku

import (
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku/internal/units"
)

// MinOrder and MaxOrder bound the order n of a grid (side n*n): 4x4 to
// 64x64.
const (
	MinOrder = units.MinOrder
	MaxOrder = units.MaxOrder
)

// CheckOrder returns nil if order is in MinOrder..MaxOrder, and else an
// error naming it, "order 9 out of range 2-8": the one validation of an
// order, which New, package generate and the engines make.
func CheckOrder(order int) error { return units.CheckOrder(order) }

// Symbols lists the characters that write values 1, 2, 3, ... in order.
// Value v is written Symbols[v-1].
const Symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#$"

// Grid is a Sudoku grid of order n: n*n rows and columns, boxes of n by n.
// The zero Grid is not usable; make one with New or a parser.
type Grid struct {
	order  int
	cells  []uint8  // row-major; 0 blank, 1..side a value
	marks  []uint64 // candidates of the blank cells, or nil for none (see Marks)
	placed []bool   // cells whose value was placed, not given, or nil for none (see Given)
}

// New returns an empty grid of the given order (2..8).
func New(order int) (*Grid, error) {
	if err := CheckOrder(order); err != nil {
		return nil, fmt.Errorf("sudoku: %w", err)
	}
	side := order * order
	return &Grid{order: order, cells: make([]uint8, side*side)}, nil
}

// FromValues returns a grid of the given order holding vals in row-major
// order (0 for a blank). It fails if vals has the wrong length or a value is
// out of range, naming the cell.
func FromValues(order int, vals []int) (*Grid, error) {
	g, err := New(order)
	if err != nil {
		return nil, err
	}
	if len(vals) != len(g.cells) {
		return nil, fmt.Errorf("sudoku: %d cells, want %d", len(vals), len(g.cells))
	}
	for i, v := range vals {
		if err := g.SetCell(i, v); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// OrderForCells returns the order whose grids have n cells, or 0 if none.
func OrderForCells(n int) int {
	for o := MinOrder; o <= MaxOrder; o++ {
		if o*o*o*o == n {
			return o
		}
	}
	return 0
}

// OrderForSide returns the order whose grids have the given side, or 0 if none.
func OrderForSide(side int) int {
	for o := MinOrder; o <= MaxOrder; o++ {
		if o*o == side {
			return o
		}
	}
	return 0
}

// Order returns n, the side of a box.
func (g *Grid) Order() int { return g.order }

// Side returns the number of rows (and columns, and symbols): n*n.
func (g *Grid) Side() int { return g.order * g.order }

// NumCells returns the number of cells: side*side.
func (g *Grid) NumCells() int { return len(g.cells) }

// At returns the value at row r, column c (0-based); 0 is a blank.
func (g *Grid) At(r, c int) int { return int(g.cells[r*g.Side()+c]) }

// Cell returns the value of cell i in row-major order; 0 is a blank.
func (g *Grid) Cell(i int) int { return int(g.cells[i]) }

// Set puts value v (0 for a blank) at row r, column c (0-based).
func (g *Grid) Set(r, c, v int) error {
	side := g.Side()
	if r < 0 || r >= side || c < 0 || c >= side {
		return fmt.Errorf("sudoku: r%dc%d is outside the %dx%d grid", r+1, c+1, side, side)
	}
	return g.SetCell(r*side+c, v)
}

// SetCell puts value v (0 for a blank) in cell i (row-major) as a given;
// Place puts a placed value.
func (g *Grid) SetCell(i, v int) error {
	side := g.Side()
	if i < 0 || i >= len(g.cells) {
		return fmt.Errorf("sudoku: cell %d is outside the %dx%d grid", i, side, side)
	}
	if v < 0 || v > side {
		return &RangeError{Row: i / side, Col: i % side, Value: v, Side: side}
	}
	g.cells[i] = uint8(v)
	if g.placed != nil {
		g.placed[i] = false
	}
	return nil
}

// Givens returns the number of filled cells, placed values included.
func (g *Grid) Givens() int {
	n := 0
	for _, v := range g.cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Values returns a copy of the cell values in row-major order.
func (g *Grid) Values() []int {
	out := make([]int, len(g.cells))
	for i, v := range g.cells {
		out[i] = int(v)
	}
	return out
}

// String returns the grid on one line: one symbol per cell, '.' for a blank.
func (g *Grid) String() string {
	var b strings.Builder
	b.Grow(len(g.cells))
	for _, v := range g.cells {
		b.WriteByte(SymbolByte(int(v)))
	}
	return b.String()
}

// SymbolByte returns the character that writes value v, or '.' for 0.
func SymbolByte(v int) byte {
	if v <= 0 || v > len(Symbols) {
		return '.'
	}
	return Symbols[v-1]
}

// SymbolValue returns the value written by character ch (0 for '.' and '0'),
// and false if ch writes no value.
func SymbolValue(ch byte) (int, bool) {
	switch {
	case ch == '.' || ch == '0':
		return 0, true
	case ch >= '1' && ch <= '9':
		return int(ch - '0'), true
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10, true
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 36, true
	case ch == '@':
		return 62, true
	case ch == '#':
		return 63, true
	case ch == '$':
		return 64, true
	}
	return 0, false
}

// RangeError reports a value outside 0..side in a cell.
type RangeError struct {
	Row, Col int // 0-based
	Value    int
	Side     int
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("r%dc%d holds %d: out of range 1-%d", e.Row+1, e.Col+1, e.Value, e.Side)
}

// allMarks returns the set of every value of a grid of the given side.
func allMarks(side int) uint64 {
	if side >= 64 {
		return ^uint64(0)
	}
	return 1<<side - 1
}
