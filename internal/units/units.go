// Package units is the fixed shape of a Sudoku grid of any order (2 to 8,
// 4x4 to 64x64): its units (rows, columns and boxes), the units of each
// cell and the peers of each cell, plus a candidate-set type. The engines,
// the generator and the logic package all build on it.
//
// Cells are numbered in reading order, row by row from 0; at order 2
// (side 4):
//
//	 0  1 |  2  3
//	 4  5 |  6  7
//	------+------
//	 8  9 | 10 11
//	12 13 | 14 15
//
// Units are numbered rows first, then columns, then boxes: unit u is row
// u for u < side, column u-side for u < 2*side, else box u-2*side. Boxes
// are numbered in reading order too (box 1 of the example is cells 2, 3,
// 6 and 7).
package units

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Cells returns the cells of the 3*side units of a grid of order n (side
// n*n), side cells each, as row-major indexes: the rows, then the columns,
// then the boxes (left to right, top to bottom), each in reading order.
func Cells(n int) []int32 {
	side := n * n
	cells := make([]int32, 0, 3*side*side)
	for r := range side {
		for c := range side {
			cells = append(cells, int32(r*side+c))
		}
	}
	for c := range side {
		for r := range side {
			cells = append(cells, int32(r*side+c))
		}
	}
	for b := range side {
		r0, c0 := b/n*n, b%n*n
		for k := range side {
			cells = append(cells, int32((r0+k/n)*side+c0+k%n))
		}
	}
	return cells
}

// MinOrder and MaxOrder bound the order n of a grid (side n*n, 4x4 to
// 64x64): the one definition, which package sudoku (sudoku.MinOrder) and
// the engines take from here.
const (
	MinOrder = 2
	MaxOrder = 8
)

// CheckOrder returns nil if order is in MinOrder..MaxOrder, and else an
// error "order 9 out of range 2-8" for its caller to prefix: the one
// validation of an order (sudoku.CheckOrder is this one).
func CheckOrder(order int) error {
	if order < MinOrder || order > MaxOrder {
		return fmt.Errorf("order %d out of range %d-%d", order, MinOrder, MaxOrder)
	}
	return nil
}

// Geometry is the fixed shape of a grid of one order. It is read-only and
// shared: never modify its slices.
type Geometry struct {
	Order    int // box width, 2 to 8
	Side     int // Order*Order: cells per unit, and the largest value
	NumCells int // Side*Side
	NumUnits int // 3*Side
	// Units[u]: the cells of unit u in reading order; u numbers rows
	// 0..Side-1, columns Side..2*Side-1, boxes 2*Side..3*Side-1.
	Units [][]int
	// CellUnits[i]: the row, column and box unit of cell i, as unit
	// indexes of Units (so CellUnits[i][1] is Side plus i's column).
	CellUnits [][3]int
	// Peers[i]: the cells that share a unit with cell i (its row, column
	// and box, but not i), ascending; 3*Side-2*Order-1 of them.
	Peers [][]int
}

// geometries caches one Geometry per order, built on first use.
var geometries [MaxOrder + 1]func() *Geometry

func init() {
	for n := MinOrder; n <= MaxOrder; n++ {
		geometries[n] = sync.OnceValue(func() *Geometry { return build(n) })
	}
}

// Of returns the geometry of a grid of the given order (box width), built
// once per order and shared. It panics if order is outside
// MinOrder..MaxOrder.
func Of(order int) *Geometry {
	if err := CheckOrder(order); err != nil {
		panic("units: " + err.Error())
	}
	return geometries[order]()
}

func build(n int) *Geometry {
	side := n * n
	g := &Geometry{Order: n, Side: side, NumCells: side * side, NumUnits: 3 * side}
	flat := make([]int, 0, 3*side*side)
	for _, i := range Cells(n) {
		flat = append(flat, int(i))
	}
	g.Units = make([][]int, g.NumUnits)
	for u := range g.Units {
		g.Units[u] = flat[u*side : (u+1)*side : (u+1)*side]
	}
	g.CellUnits = make([][3]int, g.NumCells)
	for i := range g.CellUnits {
		r, c := i/side, i%side
		g.CellUnits[i] = [3]int{r, side + c, 2*side + r/n*n + c/n}
	}
	npeer := 3*side - 2*n - 1
	all := make([]int, 0, g.NumCells*npeer)
	g.Peers = make([][]int, g.NumCells)
	seen := make([]int, g.NumCells) // seen[j] == i+1: j is a peer of i
	for i := range g.Peers {
		start := len(all)
		seen[i] = i + 1
		for _, u := range g.CellUnits[i] {
			for _, j := range g.Units[u] {
				if seen[j] != i+1 {
					seen[j] = i + 1
					all = append(all, j)
				}
			}
		}
		slices.Sort(all[start:])
		g.Peers[i] = all[start:len(all):len(all)]
	}
	return g
}

// Cell returns the index of the cell in row r and column c (0-based).
func (g *Geometry) Cell(r, c int) int { return r*g.Side + c }

// Row returns the row of a cell, 0-based.
func (g *Geometry) Row(cell int) int { return cell / g.Side }

// Col returns the column of a cell, 0-based.
func (g *Geometry) Col(cell int) int { return cell % g.Side }

// Box returns the box of a cell, 0-based, boxes in reading order.
func (g *Geometry) Box(cell int) int { return g.CellUnits[cell][2] - 2*g.Side }

// IsPeer reports whether cells a and b are distinct and share a row, a
// column or a box.
func (g *Geometry) IsPeer(a, b int) bool {
	ua, ub := &g.CellUnits[a], &g.CellUnits[b]
	return a != b && (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2])
}

// Set is a set of values 1..64, such as the candidates of a cell: bit v-1
// holds value v (value 1 is bit 0, value 64 bit 63). The zero Set is
// empty. Sets combine with Go's operators: a|b is the union, a&b the
// intersection, a&^b the difference.
type Set uint64

// SetOf returns the set of the given values, each in 1..64.
func SetOf(vs ...int) Set {
	var s Set
	for _, v := range vs {
		s = s.Add(v)
	}
	return s
}

// Full returns the set of every value 1..side (side at most 64).
func Full(side int) Set {
	if side >= 64 {
		return ^Set(0)
	}
	return 1<<side - 1
}

// Has reports whether s holds v.
func (s Set) Has(v int) bool { return s&(1<<(v-1)) != 0 }

// Add returns s with v.
func (s Set) Add(v int) Set { return s | 1<<(v-1) }

// Remove returns s without v.
func (s Set) Remove(v int) Set { return s &^ (1 << (v - 1)) }

// Count returns the number of values in s.
func (s Set) Count() int { return bits.OnesCount64(uint64(s)) }

// Min returns the smallest value of s, or 0 if s is empty.
func (s Set) Min() int {
	if s == 0 {
		return 0
	}
	return bits.TrailingZeros64(uint64(s)) + 1
}

// Max returns the largest value of s, or 0 if s is empty.
func (s Set) Max() int { return 64 - bits.LeadingZeros64(uint64(s)) }

// Values yields the values of s in ascending order.
func (s Set) Values() iter.Seq[int] {
	return func(yield func(int) bool) {
		for s != 0 {
			v := bits.TrailingZeros64(uint64(s))
			s &= s - 1
			if !yield(v + 1) {
				return
			}
		}
	}
}

// String returns the values of s in ascending order, comma-separated in
// braces: "{1,4,7}", or "{}" for the empty set.
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for v := range s.Values() {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('}')
	return b.String()
}
