// Package reftest is the slow, obviously correct reference solver that the
// tests of the root package, the engines, the generator and the logic
// package check their answers against.
//
// It shares no code with what it checks: units are found by arithmetic on
// row-major cell indexes, and the search is plain backtracking; only the
// range of orders is internal/units' (units.CheckOrder), the one
// definition of the order limits. Grids are slices of values, row-major, 0 for a blank
// cell, so any package can use it without an import cycle. It is meant for
// tests only.
package reftest

import (
	"fmt"
	"math/bits"

	"github.com/gosudoku/sudoku/internal/units"
)

// Value is the type of a cell's value: 0 for blank, else 1..side.
type Value interface {
	~int | ~int32 | ~uint8
}

// Count counts the solutions of the puzzle cells of the given order (2..8,
// side order*order, len(cells) == side*side), stopping at limit (limit < 1
// counts them all), and returns the first solution found, or nil if there
// is none. Givens that clash give 0. The search fills the blank cell with
// the fewest allowed values (the first such in reading order), trying the
// values in ascending order, so the first solution is the same on every
// run. It panics if the order, the length or a value is out of range.
func Count[V Value](order int, cells []V, limit int) (n int, first []V) {
	s := newSearch(order, cells)
	if s == nil {
		return 0, nil
	}
	s.limit = limit
	s.rec()
	if s.first == nil {
		return s.count, nil
	}
	first = make([]V, len(cells))
	for i, v := range s.first {
		first[i] = V(v)
	}
	return s.count, first
}

// Solved returns nil if cells is a complete valid grid of the given order
// that keeps every given of puzzle (puzzle may be nil), else an error
// naming the first place that is wrong.
func Solved[V Value](order int, puzzle, cells []V) error {
	side := order * order
	if err := units.CheckOrder(order); err != nil {
		return err
	}
	if len(cells) != side*side {
		return fmt.Errorf("%d cells, want %d", len(cells), side*side)
	}
	if puzzle != nil && len(puzzle) != len(cells) {
		return fmt.Errorf("puzzle has %d cells, solution %d", len(puzzle), len(cells))
	}
	for i, v := range cells {
		if int(v) < 1 || int(v) > side {
			return fmt.Errorf("r%dc%d holds %d, outside 1..%d", i/side+1, i%side+1, int(v), side)
		}
		if puzzle != nil && puzzle[i] != 0 && puzzle[i] != v {
			return fmt.Errorf("r%dc%d holds %d, the puzzle gives %d", i/side+1, i%side+1, int(v), int(puzzle[i]))
		}
	}
	names := [3]string{"row", "column", "box"}
	for kind := range 3 {
		for u := range side {
			seen := make([]bool, side+1)
			for k := range side {
				i := cellOf(order, kind, u, k)
				v := int(cells[i])
				if seen[v] {
					return fmt.Errorf("%s %d holds %d twice", names[kind], u+1, v)
				}
				seen[v] = true
			}
		}
	}
	return nil
}

// cellOf returns the row-major index of the k-th cell (reading order) of
// unit u of the given kind: 0 row, 1 column, 2 box (boxes in reading
// order).
func cellOf(order, kind, u, k int) int {
	side := order * order
	switch kind {
	case 0:
		return u*side + k
	case 1:
		return k*side + u
	default:
		return (u/order*order+k/order)*side + u%order*order + k%order
	}
}

// search is one count: the grid being filled, the values each row,
// column and box holds (bit v-1 for value v), and the row, column and box
// of each cell.
type search struct {
	order, side       int
	g                 []int
	rows, cols, boxes []uint64
	unit              [][3]int // row, column and box of each cell
	limit, count      int
	first             []int
}

// newSearch loads cells, or returns nil if two givens clash.
func newSearch[V Value](order int, cells []V) *search {
	if err := units.CheckOrder(order); err != nil {
		panic("reftest: " + err.Error())
	}
	side := order * order
	if len(cells) != side*side {
		panic(fmt.Sprintf("reftest: %d cells, want %d for order %d", len(cells), side*side, order))
	}
	s := &search{order: order, side: side, g: make([]int, len(cells)),
		rows: make([]uint64, side), cols: make([]uint64, side), boxes: make([]uint64, side),
		unit: make([][3]int, len(cells))}
	for i := range s.unit {
		r, c := i/side, i%side
		s.unit[i] = [3]int{r, c, r/order*order + c/order}
	}
	for i, v := range cells {
		if int(v) < 0 || int(v) > side {
			panic(fmt.Sprintf("reftest: cell %d holds %d, outside 0..%d", i, int(v), side))
		}
		if v == 0 {
			continue
		}
		if s.allowed(i)&(1<<(v-1)) == 0 {
			return nil
		}
		s.set(i, int(v))
	}
	return s
}

// allowed returns the values that no peer of cell i holds.
func (s *search) allowed(i int) uint64 {
	u := &s.unit[i]
	free := ^(s.rows[u[0]] | s.cols[u[1]] | s.boxes[u[2]])
	if s.side < 64 {
		free &= 1<<s.side - 1
	}
	return free
}

// set puts v in cell i (v 0 blanks it, given its old value).
func (s *search) set(i, v int) {
	old := s.g[i]
	var bit uint64
	if v != 0 {
		bit = 1 << (v - 1)
	} else {
		bit = 1 << (old - 1)
	}
	u := &s.unit[i]
	s.rows[u[0]] ^= bit
	s.cols[u[1]] ^= bit
	s.boxes[u[2]] ^= bit
	s.g[i] = v
}

func (s *search) rec() {
	best, bestN, bestFree := -1, s.side+1, uint64(0)
	for i, v := range s.g {
		if v != 0 {
			continue
		}
		free := s.allowed(i)
		if n := bits.OnesCount64(free); n < bestN {
			best, bestN, bestFree = i, n, free
			if n == 0 {
				return // a dead end: no value fits this cell
			}
		}
	}
	if best < 0 {
		s.count++
		if s.first == nil {
			s.first = append([]int(nil), s.g...)
		}
		return
	}
	for v := 1; v <= s.side; v++ {
		if s.limit > 0 && s.count >= s.limit {
			return
		}
		if bestFree&(1<<(v-1)) != 0 {
			s.set(best, v)
			s.rec()
			s.set(best, 0)
		}
	}
}
