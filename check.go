package sudoku

import (
	"errors"
	"fmt"
	"strings"
)

// UnitKind names the three kinds of unit: rows, columns and boxes.
type UnitKind int

// The kinds of unit.
const (
	Row UnitKind = iota
	Column
	Box
)

func (k UnitKind) String() string {
	switch k {
	case Row:
		return "row"
	case Column:
		return "column"
	case Box:
		return "box"
	}
	return fmt.Sprintf("UnitKind(%d)", int(k))
}

// Conflict is one symbol held by two cells of one unit.
type Conflict struct {
	Kind  UnitKind
	Unit  int // 0-based index of the row, column or box
	Value int
	A, B  int // the two cells, row-major indexes, A < B
	Side  int
}

// Error describes the conflict with 1-based places, for example
// "row 3, columns 4 and 7 both hold 6".
func (c Conflict) Error() string {
	ra, ca := c.A/c.Side+1, c.A%c.Side+1
	rb, cb := c.B/c.Side+1, c.B%c.Side+1
	sym := string(SymbolByte(c.Value))
	switch c.Kind {
	case Row:
		return fmt.Sprintf("row %d, columns %d and %d both hold %s", ra, ca, cb, sym)
	case Column:
		return fmt.Sprintf("column %d, rows %d and %d both hold %s", ca, ra, rb, sym)
	default:
		return fmt.Sprintf("box %d, r%dc%d and r%dc%d both hold %s", c.Unit+1, ra, ca, rb, cb, sym)
	}
}

// ConflictError lists every conflict found in a grid.
type ConflictError struct {
	Conflicts []Conflict
}

func (e *ConflictError) Error() string {
	if len(e.Conflicts) == 1 {
		return e.Conflicts[0].Error()
	}
	var b strings.Builder
	b.WriteString(e.Conflicts[0].Error())
	fmt.Fprintf(&b, " (and %d more conflicts)", len(e.Conflicts)-1)
	return b.String()
}

// ErrIncomplete is wrapped by CheckSolved's error when a cell is blank.
var ErrIncomplete = errors.New("grid is not complete")

// Conflicts returns every pair of cells in one unit that hold the same
// symbol: each later cell is paired with the first cell of its unit that
// holds the symbol. It returns nil when the givens are consistent.
func (g *Grid) Conflicts() []Conflict {
	side := g.Side()
	n := g.order
	var out []Conflict
	first := make([]int, side+1) // first cell index +1 holding a value in the current unit
	scan := func(kind UnitKind, unit int, cellAt func(k int) int) {
		clear(first)
		for k := 0; k < side; k++ {
			i := cellAt(k)
			v := g.cells[i]
			if v == 0 {
				continue
			}
			if first[v] == 0 {
				first[v] = i + 1
				continue
			}
			out = append(out, Conflict{Kind: kind, Unit: unit, Value: int(v), A: first[v] - 1, B: i, Side: side})
		}
	}
	for r := 0; r < side; r++ {
		scan(Row, r, func(k int) int { return r*side + k })
	}
	for c := 0; c < side; c++ {
		scan(Column, c, func(k int) int { return k*side + c })
	}
	for b := 0; b < side; b++ {
		r0, c0 := b/n*n, b%n*n
		scan(Box, b, func(k int) int { return (r0+k/n)*side + c0 + k%n })
	}
	return out
}

// Check reports whether the givens are consistent: it returns a
// *ConflictError naming every clash, or nil. Blanks are allowed.
func (g *Grid) Check() error {
	if c := g.Conflicts(); len(c) > 0 {
		return &ConflictError{Conflicts: c}
	}
	return nil
}

// CheckSolved reports whether g is a valid completed grid: every cell holds
// a symbol and every row, column and box holds each symbol exactly once.
// It returns an error naming the first blank cell (wrapping ErrIncomplete)
// or a *ConflictError, or nil.
func (g *Grid) CheckSolved() error {
	if err := g.Check(); err != nil {
		return err
	}
	side := g.Side()
	for i, v := range g.cells {
		if v == 0 {
			return fmt.Errorf("r%dc%d is blank: %w", i/side+1, i%side+1, ErrIncomplete)
		}
	}
	// With every value in 1..side and no repeat in any unit, every unit
	// holds each symbol exactly once.
	return nil
}
