package logic

import (
	"errors"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// Grid is a puzzle in progress as a player sees it: the values placed and,
// in every blank cell, the candidates still possible (pencil marks). Steps
// are found on a Grid and applied to it. Make one with NewGrid.
type Grid struct {
	geo    *units.Geometry
	hv     *houseView  // a variant puzzle's houses; nil for a classic grid
	tab    *tables     // the unit orders of the scans
	values []uint8     // 0 blank, else the value
	cands  []units.Set // candidates of each blank cell; 0 for a filled cell
	blank  int         // cells still blank
}

// ErrNoCandidates is wrapped by NewGrid's error when a blank cell has no
// candidate left (its marks exclude every value its peers allow).
var ErrNoCandidates = errors.New("a blank cell has no candidate")

// NewGrid returns the candidate grid of a puzzle: every value placed in p,
// and in each blank cell the values no peer holds. If p carries pencil
// marks, a blank cell keeps only the marked candidates. Clashing givens are
// an error (a *sudoku.ConflictError).
func NewGrid(p *sudoku.Grid) (*Grid, error) {
	if p == nil {
		return nil, errors.New("logic: nil grid")
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	geo := units.Of(p.Order())
	g := &Grid{
		geo:    geo,
		tab:    tablesOf(geo.Order),
		values: make([]uint8, geo.NumCells),
		cands:  make([]units.Set, geo.NumCells),
	}
	full := units.Full(geo.Side)
	for i := range g.values {
		g.values[i] = uint8(p.Cell(i))
		if g.values[i] == 0 {
			g.cands[i] = full
			g.blank++
		}
	}
	for i, v := range g.values {
		if v != 0 {
			for _, j := range geo.Peers[i] {
				g.cands[j] &^= 1 << (v - 1)
			}
		}
	}
	if p.HasMarks() {
		for i, v := range g.values {
			if v == 0 {
				g.cands[i] &= units.Set(p.Marks(i))
			}
		}
	}
	for i, v := range g.values {
		if v == 0 && g.cands[i] == 0 {
			return nil, fmt.Errorf("%s: %w", sudoku.CellName(i, geo.Side), ErrNoCandidates)
		}
	}
	return g, nil
}

// Clone returns an independent copy of g.
func (g *Grid) Clone() *Grid {
	h := *g
	h.values = append([]uint8(nil), g.values...)
	h.cands = append([]units.Set(nil), g.cands...)
	return &h
}

// CopyFrom makes g equal to h, reusing g's memory; both must have one order.
func (g *Grid) CopyFrom(h *Grid) {
	copy(g.values, h.values)
	copy(g.cands, h.cands)
	g.blank = h.blank
}

// Order returns the order of the grid (3 for 9x9); for a variant grid
// whose side is not a square (6x6), 0.
func (g *Grid) Order() int { return g.geo.Order }

// Side returns the number of cells in a unit (9 for 9x9).
func (g *Grid) Side() int { return g.geo.Side }

// Geometry returns the grid's shape: units, peers and the units of a cell.
func (g *Grid) Geometry() *units.Geometry { return g.geo }

// Value returns the value in cell i, or 0 if it is blank.
func (g *Grid) Value(i int) int { return int(g.values[i]) }

// Candidates returns the candidates of cell i; empty for a filled cell.
func (g *Grid) Candidates(i int) units.Set { return g.cands[i] }

// Has reports whether value v is a candidate of cell i.
func (g *Grid) Has(i, v int) bool { return g.cands[i]&(1<<(v-1)) != 0 }

// Blank returns the number of cells still blank.
func (g *Grid) Blank() int { return g.blank }

// Solved reports whether every cell holds a value.
func (g *Grid) Solved() bool { return g.blank == 0 }

// Place puts value v in cell i and removes v from the candidates of its
// peers.
func (g *Grid) Place(i, v int) {
	if g.values[i] != 0 {
		return
	}
	g.values[i] = uint8(v)
	g.cands[i] = 0
	g.blank--
	bit := units.Set(1) << (v - 1)
	for _, j := range g.geo.Peers[i] {
		g.cands[j] &^= bit
	}
}

// Eliminate removes value v from the candidates of cell i and reports
// whether it was there.
func (g *Grid) Eliminate(i, v int) bool {
	bit := units.Set(1) << (v - 1)
	had := g.cands[i]&bit != 0
	g.cands[i] &^= bit
	return had
}

// Apply makes the step's eliminations, then its placements.
func (g *Grid) Apply(s *Step) {
	for _, c := range s.Eliminations {
		g.Eliminate(c.Cell, c.Value)
	}
	for _, c := range s.Placements {
		g.Place(c.Cell, c.Value)
	}
}

// Puzzle returns the values placed so far as a sudoku.Grid with the
// candidates of the blank cells as its pencil marks; for a variant grid
// whose side is not a square (6x6), which sudoku.Grid cannot hold, nil.
func (g *Grid) Puzzle() *sudoku.Grid {
	if g.geo.Order == 0 {
		return nil
	}
	p, _ := sudoku.New(g.geo.Order)
	for i, v := range g.values {
		if v != 0 {
			_ = p.SetCell(i, int(v))
		}
	}
	for i, v := range g.values {
		if v == 0 {
			_ = p.SetMarks(i, uint64(g.cands[i]))
		}
	}
	return p
}

// places returns the positions (bit k: the unit's k-th cell) of value v in
// unit u: the blank cells where v is a candidate.
func (g *Grid) places(u, v int) uint64 {
	var m uint64
	bit := units.Set(1) << (v - 1)
	for k, i := range g.geo.Units[u] {
		if g.cands[i]&bit != 0 {
			m |= 1 << k
		}
	}
	return m
}

// emptyCells returns the number of blank cells in unit u.
func (g *Grid) emptyCells(u int) int {
	n := 0
	for _, i := range g.geo.Units[u] {
		if g.values[i] == 0 {
			n++
		}
	}
	return n
}

// valueCount returns how many cells hold value v.
func (g *Grid) valueCount(v int) int {
	n := 0
	for _, x := range g.values {
		if int(x) == v {
			n++
		}
	}
	return n
}

// consistent reports whether no blank cell has lost every candidate and
// every value still has a place in every unit that lacks it.
func (g *Grid) consistent() bool {
	for i, v := range g.values {
		if v == 0 && g.cands[i] == 0 {
			return false
		}
	}
	for u, cells := range g.geo.Units {
		var have, can units.Set
		for _, i := range cells {
			if g.values[i] != 0 {
				have |= 1 << (g.values[i] - 1)
			}
			can |= g.cands[i]
		}
		if have|can != units.Full(g.geo.Side) {
			_ = u
			return false
		}
	}
	return true
}
