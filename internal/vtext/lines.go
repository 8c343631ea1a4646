package vtext

import (
	"github.com/gosudoku/sudoku/internal/fpuzzles"
	"github.com/gosudoku/sudoku/variant"
)

// lineKinds pairs each line rule of f-puzzles' newer constraints with its
// field of fpuzzles.Puzzle and its rule of one line.
var lineKinds = []struct {
	field func(*fpuzzles.Puzzle) *[]fpuzzles.Lines
	rule  func(cells []variant.Cell) variant.Rule
	cells func(r variant.Rule) ([]variant.Cell, bool)
}{
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.RegionSumLines },
		func(c []variant.Cell) variant.Rule { return variant.RegionSum{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.RegionSum); return x.Cells, ok }},
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.EntropicLines },
		func(c []variant.Cell) variant.Rule { return variant.Entropic{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.Entropic); return x.Cells, ok }},
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.ModularLines },
		func(c []variant.Cell) variant.Rule { return variant.Modular{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.Modular); return x.Cells, ok }},
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.Lockouts },
		func(c []variant.Cell) variant.Rule { return variant.Lockout{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.Lockout); return x.Cells, ok }},
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.ZipperLines },
		func(c []variant.Cell) variant.Rule { return variant.Zipper{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.Zipper); return x.Cells, ok }},
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.BetweenLines },
		func(c []variant.Cell) variant.Rule { return variant.Between{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.Between); return x.Cells, ok }},
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.Nabners },
		func(c []variant.Cell) variant.Rule { return variant.Nabner{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.Nabner); return x.Cells, ok }},
	{func(p *fpuzzles.Puzzle) *[]fpuzzles.Lines { return &p.DoubleArrows },
		func(c []variant.Cell) variant.Rule { return variant.DoubleArrow{Cells: c} },
		func(r variant.Rule) ([]variant.Cell, bool) { x, ok := r.(variant.DoubleArrow); return x.Cells, ok }},
}

// addLines adds the rules of fp's newer line keys, one a line.
func addLines(fp *fpuzzles.Puzzle, add func(off int, r variant.Rule)) {
	for _, k := range lineKinds {
		for _, l := range *k.field(fp) {
			for _, line := range l.Lines {
				add(l.Off, k.rule(cells(line)))
			}
		}
	}
}

// writeLine adds r to its line key of fp; false if r is no such rule.
func writeLine(fp *fpuzzles.Puzzle, r variant.Rule) bool {
	for _, k := range lineKinds {
		if cs, ok := k.cells(r); ok {
			f := k.field(fp)
			*f = append(*f, fpuzzles.Lines{Lines: [][]fpuzzles.Cell{fcells(cs)}})
			return true
		}
	}
	return false
}
