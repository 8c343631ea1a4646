package sudoku

import (
	"context"
	"fmt"
)

// Checks of a player's marks and placed values against the solution of the
// givens.

// MarksError reports a cell whose marks leave out the value that the
// solution of the puzzle needs there.
type MarksError struct {
	Cell, Value int // row-major cell index, and the value it needs
	Side        int
}

func (e *MarksError) Error() string {
	return fmt.Sprintf("%s lost its %c, which the solution needs", CellName(e.Cell, e.Side), SymbolByte(e.Value))
}

// CheckMarks reports whether the marks of g keep the solution of its
// values: it solves g without its marks and returns a *MarksError for the
// first cell whose marks leave out the value the solution puts there. It
// returns nil if g has no marks, or its values have no solution or more
// than one (the marks then decide nothing to check against); errors of
// the search (a clash, the context, opt's limits) are returned as they
// are.
func CheckMarks(ctx context.Context, g *Grid, opt Options) error {
	if !g.HasMarks() {
		return nil
	}
	bare := g.Clone()
	bare.ClearMarks()
	res, err := Count(ctx, bare, 2, opt)
	if err != nil || res.Count != 1 {
		return err
	}
	side := g.Side()
	for i, v := range res.Solution.cells {
		if g.Marks(i)&(1<<(v-1)) == 0 {
			return &MarksError{Cell: i, Value: int(v), Side: side}
		}
	}
	return nil
}

// PlacedError reports a placed value that the solution of the puzzle's
// givens does not have.
type PlacedError struct {
	Cell        int // row-major cell index
	Value, Want int // the value placed, and the solution's value
	Side        int
}

func (e *PlacedError) Error() string {
	return fmt.Sprintf("%s = %c was placed, the solution has %c", CellName(e.Cell, e.Side), SymbolByte(e.Value), SymbolByte(e.Want))
}

// CheckPlaced reports whether the placed values of g agree with the
// solution of its givens: it solves the givens alone (without placed
// values and marks) and returns a *PlacedError for the first placed value
// that differs from the solution. It returns nil if g has no placed
// values, or its givens have no solution or more than one; errors of the
// search (a clash, the context, opt's limits) are returned as they are.
func CheckPlaced(ctx context.Context, g *Grid, opt Options) error {
	if !g.HasPlaced() {
		return nil
	}
	bare := g.GivensOnly()
	bare.ClearMarks()
	res, err := Count(ctx, bare, 2, opt)
	if err != nil || res.Count != 1 {
		return err
	}
	for i, v := range g.cells {
		if g.Placed(i) && res.Solution.cells[i] != v {
			return &PlacedError{Cell: i, Value: int(v), Want: int(res.Solution.cells[i]), Side: g.Side()}
		}
	}
	return nil
}
