package render

import (
	"errors"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// Options controls how SVG and PNG draw one grid. The zero value draws the
// grid alone at the default size.
type Options struct {
	// Solution, if not nil, fills the blanks of the grid in a lighter
	// colour. It must have the grid's order and agree with its values.
	Solution *sudoku.Grid
	// Caption is a line of text under the grid; empty for none.
	Caption string
	// Marks draws the grid's pencil marks, if it carries any.
	Marks bool
	// CellSize is the side of a cell: pixels for PNG, user units for SVG
	// (whose image scales anyway). 0 means DefaultCellSize; at most
	// MaxCellSize, and the whole image at most MaxSide per side and
	// MaxPixels in all.
	CellSize int
}

// Image size limits for Options.CellSize and Sheet.DPI.
const (
	DefaultCellSize = 40
	MaxCellSize     = 400
	MaxSide         = 16384      // the largest side of an image, in pixels
	MaxPixels       = 36_000_000 // the most pixels of a PNG (4 bytes each in memory): an A4 page at 600 dpi
	DefaultDPI      = 150
	MaxDPI          = 600
)

// Item is one puzzle of a Sheet.
type Item struct {
	Grid *sudoku.Grid // the puzzle; its values are the givens
	// Solution is the solved grid, drawn on the solution pages. It must
	// be set when the Sheet asks for solutions.
	Solution *sudoku.Grid
	Caption  string // text under the grid after its number, such as "hard, rating 3.4"
	Marks    bool   // draw the grid's pencil marks, if it carries any
	// Variant, when not nil, is the puzzle instead of Grid: a variant
	// (package variant) drawn with its rules, and VariantSolution its
	// solution (Size*Size values) for the solution pages.
	Variant         *variant.Puzzle
	VariantSolution []int
}

// Paper is the page size of a Sheet.
type Paper int

// The paper sizes; the zero value is A4.
const (
	A4     Paper = iota // 210 x 297 mm
	Letter              // 8.5 x 11 in
)

// Size returns the width and height of the paper in points (1/72 inch).
func (p Paper) Size() (w, h float64) {
	if p == Letter {
		return 612, 792
	}
	return 595.28, 841.89
}

// String returns "a4" or "letter".
func (p Paper) String() string {
	switch p {
	case A4:
		return "a4"
	case Letter:
		return "letter"
	}
	return fmt.Sprintf("Paper(%d)", int(p))
}

// ParsePaper returns the Paper named s ("a4" or "letter").
func ParsePaper(s string) (Paper, error) {
	switch s {
	case "a4", "A4":
		return A4, nil
	case "letter", "Letter":
		return Letter, nil
	}
	return 0, fmt.Errorf("render: unknown paper %q (want a4 or letter)", s)
}

// Sheet is a printable document of puzzles: PerPage of them per page in
// input order, each numbered from 1 with its caption under it, and then,
// if Solutions is set, their solutions on the pages after, numbered alike.
type Sheet struct {
	Puzzles []Item
	// PerPage is the number of puzzles per page: 1, 2, 4 or 6; 0 means 1.
	PerPage int
	// Solutions adds the solution pages; every Item then needs a Solution.
	Solutions bool
	// SolutionsPerPage is PerPage for the solution pages; 0 means PerPage.
	SolutionsPerPage int
	// Paper is the page size (A4 by default).
	Paper Paper
	// DPI is the resolution of SheetPNG pages; 0 means DefaultDPI.
	DPI int
	// Title, if not empty, heads every page (and names the PDF document).
	Title string
}

// Errors the checks wrap, for errors.Is.
var (
	ErrNoGrid   = errors.New("no grid")
	ErrOrder    = errors.New("order out of range")
	ErrSolution = errors.New("solution does not fit the puzzle")
	ErrPerPage  = errors.New("puzzles per page must be 1, 2, 4 or 6")
	ErrPage     = errors.New("no such page")
	ErrSize     = errors.New("image size out of range")
)

// checkGrid reports whether g can be drawn: not nil and of order 2 to 8.
func checkGrid(g *sudoku.Grid) error {
	if g == nil {
		return ErrNoGrid
	}
	if o := g.Order(); o < sudoku.MinOrder || o > sudoku.MaxOrder || g.NumCells() != o*o*o*o {
		return fmt.Errorf("%w: %d (want %d to %d)", ErrOrder, o, sudoku.MinOrder, sudoku.MaxOrder)
	}
	return nil
}

// checkItem checks a grid and its solution, if any: the same order, and
// every given of g holds the same value in sol.
func checkItem(g, sol *sudoku.Grid) error {
	if err := checkGrid(g); err != nil {
		return err
	}
	if sol == nil {
		return nil
	}
	if err := checkGrid(sol); err != nil {
		return fmt.Errorf("solution: %w", err)
	}
	if sol.Order() != g.Order() {
		return fmt.Errorf("%w: a %dx%d solution for a %dx%d grid", ErrSolution,
			sol.Side(), sol.Side(), g.Side(), g.Side())
	}
	for i := range g.NumCells() {
		if v := g.Cell(i); v != 0 && sol.Cell(i) != v {
			return fmt.Errorf("%w: %s holds %c, the solution %c", ErrSolution,
				sudoku.CellName(i, g.Side()), sudoku.SymbolByte(v), sudoku.SymbolByte(sol.Cell(i)))
		}
	}
	return nil
}

// Check reports what keeps s from being drawn, naming the puzzle (from 1):
// a nil or malformed grid, a solution that does not fit, a missing
// solution when Solutions is set, or PerPage, Paper or DPI out of range.
func (s Sheet) Check() error {
	if err := s.checkLayout(); err != nil {
		return err
	}
	for k := range s.Puzzles {
		if err := s.checkPuzzle(k); err != nil {
			return err
		}
	}
	return nil
}

// checkLayout checks what Check checks but the puzzles.
func (s Sheet) checkLayout() error {
	if !validPerPage(s.PerPage) {
		return fmt.Errorf("render: %w, not %d", ErrPerPage, s.PerPage)
	}
	if !validPerPage(s.SolutionsPerPage) {
		return fmt.Errorf("render: solutions: %w, not %d", ErrPerPage, s.SolutionsPerPage)
	}
	if s.Paper != A4 && s.Paper != Letter {
		return fmt.Errorf("render: unknown paper %v", s.Paper)
	}
	if s.DPI < 0 || s.DPI > MaxDPI {
		return fmt.Errorf("render: %w: %d dpi (want 1 to %d)", ErrSize, s.DPI, MaxDPI)
	}
	return nil
}

// Check reports what keeps it from being drawn: a nil or malformed grid,
// or a solution of another order or that differs from a given (the error
// names the cell). The error has no "render:" prefix, for callers that
// name the puzzle their own way.
func (it Item) Check() error {
	if it.Variant != nil {
		return checkVariant(it.Variant, it.VariantSolution)
	}
	return checkItem(it.Grid, it.Solution)
}

// hasSolution reports whether the item has its solution.
func (it Item) hasSolution() bool {
	if it.Variant != nil {
		return it.VariantSolution != nil
	}
	return it.Solution != nil
}

// checkPuzzle checks puzzle k (from 0) as Check does.
func (s Sheet) checkPuzzle(k int) error {
	it := s.Puzzles[k]
	if err := it.Check(); err != nil {
		return fmt.Errorf("render: puzzle %d: %w", k+1, err)
	}
	if s.Solutions && !it.hasSolution() {
		return fmt.Errorf("render: puzzle %d: %w: none given", k+1, ErrSolution)
	}
	return nil
}

func validPerPage(n int) bool { return n == 0 || n == 1 || n == 2 || n == 4 || n == 6 }

// perPage returns the puzzles on a puzzle page and on a solution page.
func (s Sheet) perPage() (puzzles, solutions int) {
	puzzles = max(s.PerPage, 1)
	solutions = s.SolutionsPerPage
	if solutions == 0 {
		solutions = puzzles
	}
	return puzzles, solutions
}

// Pages returns the number of pages of s: the puzzle pages and then, if
// s.Solutions is set, the solution pages. A sheet without puzzles has no
// pages.
func (s Sheet) Pages() int {
	p, q := s.perPage()
	n := (len(s.Puzzles) + p - 1) / p
	if s.Solutions {
		n += (len(s.Puzzles) + q - 1) / q
	}
	return n
}
