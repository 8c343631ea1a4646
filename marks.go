package sudoku

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
)

// Candidates (pencil marks). A Grid may carry, for each blank cell, the
// set of values still possible there; a puzzle read from a format with
// marks (FormatSukaku, FormatPencil) has them. The set is a bitset: bit
// v-1 stands for value v.
//
//	mask 0b000010110 = candidates 2, 3 and 5

// HasMarks reports whether g carries candidates.
func (g *Grid) HasMarks() bool { return g.marks != nil }

// allMarks returns the set of every value of a grid of the given side.
func allMarks(side int) uint64 {
	if side >= 64 {
		return ^uint64(0)
	}
	return 1<<side - 1
}

// Marks returns the candidates of cell i (row-major), bit v-1 for value
// v: just its value for a filled cell, and for a blank cell its marks, or
// every value 1..side if g has no marks.
func (g *Grid) Marks(i int) uint64 {
	if v := g.cells[i]; v != 0 {
		return 1 << (v - 1)
	}
	if g.marks == nil {
		return allMarks(g.Side())
	}
	return g.marks[i]
}

// SetMarks sets the candidates of cell i, bit v-1 for value v. A grid
// without marks gets them (every value in every other blank cell). For a
// filled cell m must hold its value; marks only matter in blank cells.
func (g *Grid) SetMarks(i int, m uint64) error {
	side := g.Side()
	if i < 0 || i >= len(g.cells) {
		return fmt.Errorf("sudoku: cell %d is outside the %dx%d grid", i, side, side)
	}
	if m&^allMarks(side) != 0 {
		return fmt.Errorf("sudoku: %s: candidate %d out of range 1-%d", CellName(i, side), 64-bits.LeadingZeros64(m), side)
	}
	if v := g.cells[i]; v != 0 && m&(1<<(v-1)) == 0 {
		return fmt.Errorf("sudoku: %s holds %c, which the marks %s leave out", CellName(i, side), SymbolByte(int(v)), markString(m))
	}
	if g.marks == nil {
		g.marks = make([]uint64, len(g.cells))
		for k := range g.marks {
			g.marks[k] = allMarks(side)
		}
	}
	g.marks[i] = m
	return nil
}

// SetNotes gives g the candidates in marks, one set per cell, as files
// whose notes are optional write them: 0 in a blank cell means no note,
// so every value. A grid whose blank cells have no note gets no marks.
// Sets of filled cells are ignored.
func (g *Grid) SetNotes(marks []uint64) {
	has := false
	for i, m := range marks {
		has = has || m != 0 && g.cells[i] == 0
	}
	if !has {
		return
	}
	g.marks = make([]uint64, len(g.cells))
	for i, v := range g.cells {
		switch {
		case v != 0:
			g.marks[i] = 1 << (v - 1)
		case marks[i] != 0:
			g.marks[i] = marks[i]
		default:
			g.marks[i] = allMarks(g.Side())
		}
	}
}

// ClearMarks drops the candidates of g: every blank cell may hold every
// value again.
func (g *Grid) ClearMarks() { g.marks = nil }

// cloneMarks copies m, keeping nil.
func cloneMarks(m []uint64) []uint64 {
	if m == nil {
		return nil
	}
	return append([]uint64(nil), m...)
}

// sameMarks reports whether the blank cells of g and h, which hold the
// same values, have the same candidates.
func (g *Grid) sameMarks(h *Grid) bool {
	if g.marks == nil && h.marks == nil {
		return true
	}
	for i, v := range g.cells {
		if v == 0 && g.Marks(i) != h.Marks(i) {
			return false
		}
	}
	return true
}

// markString writes the candidates in m as symbols, "-" for none.
func markString(m uint64) string {
	if m == 0 {
		return "-"
	}
	var b strings.Builder
	for ; m != 0; m &= m - 1 {
		b.WriteByte(SymbolByte(bits.TrailingZeros64(m) + 1))
	}
	return b.String()
}

// excluded returns the candidates that the marks of g rule out, for the
// search: every value missing from the marks of a blank cell.
func (g *Grid) excluded(dst []Candidate) []Candidate {
	if g.marks == nil {
		return dst
	}
	all := allMarks(g.Side())
	for i, v := range g.cells {
		if v != 0 {
			continue
		}
		for out := all &^ g.marks[i]; out != 0; out &= out - 1 {
			dst = append(dst, Candidate{Cell: i, Value: bits.TrailingZeros64(out) + 1})
		}
	}
	return dst
}

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

// ValueMarks returns the candidates that the values of g leave in cell
// i: every value that no cell of its row, column or box holds (bit v-1
// for v). A filled cell gets its value.
func (g *Grid) ValueMarks(i int) uint64 {
	if v := g.cells[i]; v != 0 {
		return 1 << (v - 1)
	}
	side, n := g.Side(), g.order
	r, c := i/side, i%side
	var seen uint64
	for k := 0; k < side; k++ {
		if v := g.cells[r*side+k]; v != 0 {
			seen |= 1 << (v - 1)
		}
		if v := g.cells[k*side+c]; v != 0 {
			seen |= 1 << (v - 1)
		}
		br, bc := r/n*n+k/n, c/n*n+k%n
		if v := g.cells[br*side+bc]; v != 0 {
			seen |= 1 << (v - 1)
		}
	}
	return allMarks(side) &^ seen
}
