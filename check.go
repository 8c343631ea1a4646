package sudoku

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku/internal/units"
)

// Conflict is one symbol held by two cells of one unit.
type Conflict struct {
	Kind  UnitKind
	Unit  int // 0-based index of the row, column or box
	Value int
	A, B  int // the two cells, row-major indexes, A < B
	Side  int
}

// InUnit returns the unit that holds the conflict.
func (c Conflict) InUnit() Unit { return Unit{Kind: c.Kind, Index: c.Unit} }

// Error describes the conflict with 1-based places, for example
// "row 3, columns 4 and 7 both hold 6" or "box 5, r4c4 and r5c5 both
// hold 9".
func (c Conflict) Error() string {
	sym := string(SymbolByte(c.Value))
	switch c.Kind {
	case Row:
		return fmt.Sprintf("%s, columns %d and %d both hold %s", c.InUnit(), c.A%c.Side+1, c.B%c.Side+1, sym)
	case Column:
		return fmt.Sprintf("%s, rows %d and %d both hold %s", c.InUnit(), c.A/c.Side+1, c.B/c.Side+1, sym)
	default:
		return fmt.Sprintf("%s, %s and %s both hold %s", c.InUnit(), CellName(c.A, c.Side), CellName(c.B, c.Side), sym)
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
	var out []Conflict
	first := make([]int, side+1) // first cell index +1 holding a value in the current unit
	for u, cells := range units.Of(g.order).Units {
		clear(first)
		for _, i := range cells {
			v := g.cells[i]
			if v == 0 {
				continue
			}
			if first[v] == 0 {
				first[v] = i + 1
				continue
			}
			w := UnitAt(u, side)
			out = append(out, Conflict{Kind: w.Kind, Unit: w.Index, Value: int(v), A: first[v] - 1, B: i, Side: side})
		}
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
			return fmt.Errorf("%s is blank: %w", CellName(i, side), ErrIncomplete)
		}
	}
	// With every value in 1..side and no repeat in any unit, every unit
	// holds each symbol exactly once.
	return nil
}
