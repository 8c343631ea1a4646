package render

import (
	"fmt"
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
)

// Canvas is a drawing surface: the SVG, PNG and PDF writers implement it,
// and Sheet.DrawPage draws on it. Coordinates grow right and down from the
// top left corner, in the surface's units (points for pages).
type Canvas interface {
	// Line draws a straight line of the given width and colour with square
	// caps (it reaches width/2 past both ends, so lines meet cleanly).
	Line(x1, y1, x2, y2, width float64, c color.RGBA)
	// Text draws s in the style's font and colour, size units high (the
	// em size), centred horizontally on x and its capital letters centred
	// vertically on y.
	Text(x, y, size float64, st Style, s string)
}

// Style is the kind of a text, which sets its weight and colour.
type Style int

// The text styles.
const (
	Given   Style = iota // a value of the puzzle: bold, black
	Filled               // a value only the solution holds: regular, blue
	Mark                 // a pencil mark: regular, grey
	Caption              // a caption or page number: regular, near black
)

// Bold reports whether the style is set in a bold font.
func (st Style) Bold() bool { return st == Given }

// Color returns the style's colour.
func (st Style) Color() color.RGBA {
	switch st {
	case Filled:
		return color.RGBA{0x2a, 0x62, 0xb8, 0xff}
	case Mark:
		return color.RGBA{0x5a, 0x5a, 0x5a, 0xff}
	case Caption:
		return color.RGBA{0x20, 0x20, 0x20, 0xff}
	}
	return color.RGBA{0, 0, 0, 0xff}
}

// String returns the style's name in lower case, as the SVG writer's
// class names use it.
func (st Style) String() string {
	switch st {
	case Given:
		return "given"
	case Filled:
		return "filled"
	case Mark:
		return "mark"
	case Caption:
		return "caption"
	}
	return fmt.Sprintf("Style(%d)", int(st))
}

// Line colours: thin cell lines grey, box lines and the border black.
var (
	thinColor  = color.RGBA{0x80, 0x80, 0x80, 0xff}
	thickColor = color.RGBA{0, 0, 0, 0xff}
)

// CapHeight is the height of a capital letter as a fraction of the em
// size, for Go and Helvetica alike: writers put the baseline of a text
// centred on y at y + CapHeight*size/2.
const CapHeight = 0.72

// lineWidths returns the widths of cell lines and box lines for a cell of
// side cell.
func lineWidths(cell float64) (thin, thick float64) {
	thin = math.Min(math.Max(cell*0.02, 0.25), 1)
	thick = math.Min(math.Max(cell*0.07, 0.75), 3)
	return thin, thick
}

// marker is what drawGrid needs of a grid with pencil marks (a
// *sudoku.Grid, or a fake in tests): bit v-1 of Marks(i) is set when value
// v is a candidate of cell i.
type marker interface {
	Marks(i int) uint64
}

// marksOf returns g as a marker if it carries pencil marks, or nil.
func marksOf(g *sudoku.Grid) marker {
	if g.HasMarks() {
		return g
	}
	return nil
}

// drawGrid draws g with its top left corner at (x, y), size units per side:
// the cell lines, the box lines and border, the values of g as givens,
// the values only sol holds (if sol is not nil) as filled, and, if m is
// not nil, its pencil marks in the cells left blank: value v small in
// row (v-1)/order, column (v-1)%order of an order by order block.
func drawGrid(c Canvas, x, y, size float64, g, sol *sudoku.Grid, m marker) {
	order, side := g.Order(), g.Side()
	cell := size / float64(side)
	thin, thick := lineWidths(cell)
	for k := 1; k < side; k++ {
		if k%order == 0 {
			continue
		}
		p := float64(k) * cell
		c.Line(x+p, y, x+p, y+size, thin, thinColor)
		c.Line(x, y+p, x+size, y+p, thin, thinColor)
	}
	for k := 0; k <= side; k += order {
		p := float64(k) * cell
		c.Line(x+p, y, x+p, y+size, thick, thickColor)
		c.Line(x, y+p, x+size, y+p, thick, thickColor)
	}
	digit := cell * 0.62
	sub := cell / float64(order)
	for i := range g.NumCells() {
		r, col := i/side, i%side
		cx, cy := x+(float64(col)+0.5)*cell, y+(float64(r)+0.5)*cell
		v, st := g.Cell(i), Given
		if v == 0 && sol != nil {
			v, st = sol.Cell(i), Filled
		}
		if v != 0 {
			c.Text(cx, cy, digit, st, string(sudoku.SymbolByte(v)))
			continue
		}
		if m == nil {
			continue
		}
		bits := m.Marks(i)
		for v := 1; v <= side; v++ {
			if bits&(1<<(v-1)) == 0 {
				continue
			}
			sr, sc := (v-1)/order, (v-1)%order
			// The marks keep clear of the cell lines: their block is 90%
			// of the cell.
			mx := cx + (float64(sc)+0.5-float64(order)/2)*sub*0.9
			my := cy + (float64(sr)+0.5-float64(order)/2)*sub*0.9
			c.Text(mx, my, sub*0.7, Mark, string(sudoku.SymbolByte(v)))
		}
	}
}

// gridImage is the layout of one grid alone: its size and the places of
// the grid and the caption.
type gridImage struct {
	w, h        float64 // the image
	x, y, size  float64 // the grid
	capY, capSz float64 // the caption's centre line and size
}

// layoutGrid lays out a grid of the given side with cells of cell units,
// and the caption under it if there is one.
func layoutGrid(side int, cell float64, caption bool) gridImage {
	size := float64(side) * cell
	margin := math.Max(cell*0.5, 8)
	l := gridImage{w: size + 2*margin, h: size + 2*margin, x: margin, y: margin, size: size}
	if caption {
		l.capSz = math.Max(cell*0.4, 12)
		l.capY = margin + size + l.capSz
		l.h += l.capSz * 1.6
	}
	return l
}

// checkOptions checks g and opt for SVG and PNG and returns the layout.
func checkOptions(g *sudoku.Grid, opt Options) (gridImage, error) {
	if err := checkItem(g, opt.Solution); err != nil {
		return gridImage{}, fmt.Errorf("render: %w", err)
	}
	cell := opt.CellSize
	if cell == 0 {
		cell = DefaultCellSize
	}
	if cell < 0 || cell > MaxCellSize {
		return gridImage{}, fmt.Errorf("render: %w: cell size %d (want 1 to %d)", ErrSize, opt.CellSize, MaxCellSize)
	}
	l := layoutGrid(g.Side(), float64(cell), opt.Caption != "")
	if l.w > MaxSide || l.h > MaxSide || l.w*l.h > MaxPixels {
		return gridImage{}, fmt.Errorf("render: %w: %.0fx%.0f image (at most %d per side, %d pixels)", ErrSize, l.w, l.h, MaxSide, MaxPixels)
	}
	return l, nil
}

// draw draws the grid and caption of opt on c.
func (l gridImage) draw(c Canvas, g *sudoku.Grid, opt Options) {
	var m marker
	if opt.Marks {
		m = marksOf(g)
	}
	drawGrid(c, l.x, l.y, l.size, g, opt.Solution, m)
	if opt.Caption != "" {
		sz := fitSize(opt.Caption, l.w-2*l.x, l.capSz)
		c.Text(l.w/2, l.capY, sz, Caption, fit(opt.Caption, l.w, sz))
	}
}

// fitSize returns the font size at which s fits about width units: size,
// or smaller, down to half of it, so that a caption (a puzzle's title and
// seed, say) is kept whole under a small grid; fit shortens what is still
// too long.
func fitSize(s string, width, size float64) float64 {
	n := float64(utf8.RuneCountInString(s))
	if n*size*0.55 <= width {
		return size
	}
	return max(width/(n*0.55), size/2)
}

// fit shortens s with an ellipsis so that it fits about width units in a
// font of the given size.
func fit(s string, width, size float64) string {
	n := int(width / (size * 0.55))
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:max(n-1, 0)]) + "…"
}

// Page layout, in points.
const (
	pageMargin = 36 // around the page
	footer     = 18 // the page number's band at the bottom
	slotGap    = 18 // between puzzles
	captionPt  = 10 // caption size
	captionGap = 20 // the caption's band under a grid
	header     = 30 // the title's band at the top, when there is a title
	titlePt    = 14 // title size
)

// pageGrid returns the columns and rows of a page of n puzzles.
func pageGrid(n int) (cols, rows int) {
	switch n {
	case 2:
		return 1, 2
	case 4:
		return 2, 2
	case 6:
		return 2, 3
	}
	return 1, 1
}

// PageSize returns the size of the pages of s in points.
func (s Sheet) PageSize() (w, h float64) { return s.Paper.Size() }

// DrawPage draws page (from 0) of s on c in points: the title, if any,
// then its puzzles or solutions in rows, a caption under each, and the
// page number at the bottom. It checks the sheet's layout and the puzzles
// on the page as Check does, and the page number, and draws nothing unless
// all is well; puzzles on other pages are not looked at, so drawing every
// page of a long sheet takes time in proportion to its length.
func (s Sheet) DrawPage(c Canvas, page int) error {
	if err := s.checkLayout(); err != nil {
		return err
	}
	if page < 0 || page >= s.Pages() {
		return fmt.Errorf("render: %w: page %d of %d", ErrPage, page+1, s.Pages())
	}
	per, solPer := s.perPage()
	first, n, solutions := page*per, per, false
	if puzzlePages := (len(s.Puzzles) + per - 1) / per; page >= puzzlePages {
		first, n, solutions = (page-puzzlePages)*solPer, solPer, true
	}
	for k := first; k < min(first+n, len(s.Puzzles)); k++ {
		if err := s.checkPuzzle(k); err != nil {
			return err
		}
	}
	w, h := s.PageSize()
	top := float64(pageMargin)
	if s.Title != "" {
		c.Text(w/2, top+titlePt/2, titlePt, Given, fit(s.Title, w-2*pageMargin, titlePt))
		top += header
	}
	cols, rows := pageGrid(n)
	slotW := (w - 2*pageMargin) / float64(cols)
	slotH := (h - top - pageMargin - footer) / float64(rows)
	size := math.Min(slotW-slotGap, slotH-slotGap-captionGap)
	for k := first; k < min(first+n, len(s.Puzzles)); k++ {
		it := s.Puzzles[k]
		col, row := (k-first)%cols, (k-first)/cols
		x := pageMargin + float64(col)*slotW + (slotW-size)/2
		y := top + float64(row)*slotH + (slotH-size-captionGap)/2
		label := fmt.Sprint(k + 1)
		var sol *sudoku.Grid
		var m marker
		if solutions {
			label, sol = "Solution "+label, it.Solution
		} else {
			if it.Caption != "" {
				label += " · " + it.Caption
			}
			if it.Marks {
				m = marksOf(it.Grid)
			}
		}
		if it.Variant != nil {
			drawSheetVariant(c, x, y, size, it, solutions)
		} else {
			drawGrid(c, x, y, size, it.Grid, sol, m)
		}
		c.Text(x+size/2, y+size+captionGap/2+2, captionPt, Caption, fit(label, slotW, captionPt))
	}
	c.Text(w/2, h-pageMargin-footer/2, 9, Caption, fmt.Sprint(page+1))
	return nil
}
