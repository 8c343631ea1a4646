package sudoku

import (
	"context"
	"fmt"
)

// Givens and placed values. A filled cell of a Grid holds either a given
// (a clue of the puzzle) or a value placed later by a player. Most
// formats know only givens; the formats that tell them apart (FormatWiki's
// clue flag, FormatHoDoKu's '+', Simple Sudoku's grid of values) read and
// write placed values, and every other format writes them as values.
// Solving and counting treat a placed value as a value of the grid;
// CheckPlaced tells a player which placed value is wrong.
//
// A grid without placed values carries no storage for them (as with
// marks): SetCell always puts a given, Place a placed value.

// Given reports whether cell i (row-major) holds a given: a value that
// was not placed.
func (g *Grid) Given(i int) bool {
	return g.cells[i] != 0 && (g.placed == nil || !g.placed[i])
}

// Placed reports whether cell i (row-major) holds a value placed by a
// player rather than a given.
func (g *Grid) Placed(i int) bool {
	return g.placed != nil && g.placed[i] && g.cells[i] != 0
}

// HasPlaced reports whether some cell of g holds a placed value.
func (g *Grid) HasPlaced() bool {
	for i, p := range g.placed {
		if p && g.cells[i] != 0 {
			return true
		}
	}
	return false
}

// Place puts value v in cell i (row-major) as a placed value, not a
// given; v = 0 blanks the cell, as SetCell does.
func (g *Grid) Place(i, v int) error {
	if err := g.SetCell(i, v); err != nil || v == 0 {
		return err
	}
	if g.placed == nil {
		g.placed = make([]bool, len(g.cells))
	}
	g.placed[i] = true
	return nil
}

// GivensOnly returns a copy of g holding only its givens: the placed values
// become blanks, with every candidate if g has marks.
func (g *Grid) GivensOnly() *Grid {
	h := g.Clone()
	if h.placed == nil {
		return h
	}
	side := g.Side()
	for i, p := range h.placed {
		if p && h.cells[i] != 0 {
			h.cells[i] = 0
			if h.marks != nil {
				h.marks[i] = allMarks(side)
			}
		}
	}
	h.placed = nil
	return h
}

// clonePlaced copies p, keeping nil.
func clonePlaced(p []bool) []bool {
	if p == nil {
		return nil
	}
	return append([]bool(nil), p...)
}

// samePlaced reports whether g and h, which hold the same values, have
// the same placed values.
func (g *Grid) samePlaced(h *Grid) bool {
	if g.placed == nil && h.placed == nil {
		return true
	}
	for i := range g.cells {
		if g.Placed(i) != h.Placed(i) {
			return false
		}
	}
	return true
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
