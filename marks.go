package sudoku

import (
	"fmt"
	"math/bits"
	"strings"
)

// Candidates (pencil marks). A Grid may carry, for each blank cell, the
// set of values still possible there; a puzzle read from a format with
// marks (format.Sukaku, format.Pencil) has them. The set is a bitset: bit
// v-1 stands for value v.
//
//	mask 0b000010110 = candidates 2, 3 and 5

// HasMarks reports whether g carries candidates.
func (g *Grid) HasMarks() bool { return g.marks != nil }

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
