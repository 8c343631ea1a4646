package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// Variant puzzles (package variant) are drawn as the web page draws them,
// in greys that read in black and white: regions by thick lines (boxes of
// any shape, jigsaws), killer cages dashed and inset with the sum in the
// top left corner, thermometers light grey and wide with their bulb,
// arrows with their circle and head, whisper, renban and palindrome lines
// in greys of distinct width and shade, kropki dots white and black, X and
// V, odd circles and even squares, extra regions and windows shaded,
// diagonals, and little killer and sandwich clues outside the grid. A rule
// kind without a drawing of its own is a grey line through its cells.

// Point is a point of a Shape.
type Point struct{ X, Y float64 }

// Shape is a path to draw: a polyline, closed when Closed is set, filled
// in Fill and stroked in Stroke (a colour with alpha 0 is none) Width
// wide, with round joins and caps, dashed when Dash is not 0 (dashes and
// gaps Dash long).
type Shape struct {
	Points []Point
	Closed bool
	Fill   color.RGBA
	Stroke color.RGBA
	Width  float64
	Dash   float64
}

// Shaper is a Canvas that draws shapes too, which variants need: the SVG,
// PNG and PDF writers are all Shapers.
type Shaper interface {
	Canvas
	Shape(s Shape)
}

// The greys of the rules.
var (
	ink        = color.RGBA{0, 0, 0, 0xff}
	paper      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	greyThermo = color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
	greyArrow  = color.RGBA{0x80, 0x80, 0x80, 0xff}
	greyShade  = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
	greyParity = color.RGBA{0xd0, 0xd0, 0xd0, 0xff}
	greyDiag   = color.RGBA{0x99, 0x99, 0x99, 0xff}
)

// lineLooks gives each line kind its grey and width (in cells): told
// apart in black and paper by both.
var lineLooks = map[string]struct {
	c     color.RGBA
	width float64
}{
	"whisper":    {color.RGBA{0x9a, 0x9a, 0x9a, 0xff}, 0.2},
	"renban":     {color.RGBA{0xcc, 0xcc, 0xcc, 0xff}, 0.32},
	"palindrome": {color.RGBA{0x70, 0x70, 0x70, 0xff}, 0.1},
}

// hasOutside reports whether p has clues outside the grid, which need a
// cell's margin.
func hasOutside(p *variant.Puzzle) bool {
	for _, r := range p.Rules {
		switch r.(type) {
		case variant.LittleKiller, variant.Sandwich, variant.XSum, variant.Skyscraper:
			return true
		}
	}
	return false
}

// circle returns a polygon of a circle.
func circle(x, y, r float64) []Point {
	const n = 28
	pts := make([]Point, n)
	for k := range pts {
		a := 2 * math.Pi * float64(k) / n
		pts[k] = Point{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	return pts
}

func rect(x, y, w, h float64) []Point {
	return []Point{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
}

// drawVariant draws p at (x, y), size units per side: the rules under the
// grid lines, the lines, the cages, dots and clues, then the values (the
// givens, and sol's other values as filled when sol is not nil).
func drawVariant(c Shaper, x, y, size float64, p *variant.Puzzle, sol []int) {
	n := p.Size
	cell := size / float64(n)
	at := func(vc variant.Cell) Point {
		return Point{x + (float64(vc.Col)-0.5)*cell, y + (float64(vc.Row)-0.5)*cell}
	}
	centres := func(cs []variant.Cell) []Point {
		out := make([]Point, len(cs))
		for k, vc := range cs {
			out[k] = at(vc)
		}
		return out
	}
	shadeCells := func(cs []variant.Cell) {
		for _, vc := range cs {
			c.Shape(Shape{Points: rect(x+float64(vc.Col-1)*cell, y+float64(vc.Row-1)*cell, cell, cell), Closed: true, Fill: greyShade})
		}
	}
	line := func(cs []variant.Cell, col color.RGBA, w float64) {
		pts := centres(cs)
		if len(pts) == 1 {
			c.Shape(Shape{Points: circle(pts[0].X, pts[0].Y, w*cell/2), Closed: true, Fill: col})
			return
		}
		c.Shape(Shape{Points: pts, Stroke: col, Width: w * cell})
	}
	// Under the grid: shading first, then lines.
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.ExtraRegion:
			shadeCells(r.Cells)
		case variant.Clone:
			shadeCells(r.Cells)
			shadeCells(r.Clones)
		case variant.Indexer:
			shadeCells(r.Cells)
		case variant.Windoku:
			k := int(math.Round(math.Sqrt(float64(n))))
			if k*k != n {
				continue
			}
			for wr := 0; wr < k-1; wr++ {
				for wc := 0; wc < k-1; wc++ {
					c.Shape(Shape{Points: rect(x+float64(1+wc*(k+1))*cell, y+float64(1+wr*(k+1))*cell, float64(k)*cell, float64(k)*cell), Closed: true, Fill: greyShade})
				}
			}
		}
	}
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.ExtraRegion, variant.Clone, variant.Indexer, variant.Windoku:
		case variant.Diagonal:
			if r.Positive {
				c.Shape(Shape{Points: []Point{{x, y + size}, {x + size, y}}, Stroke: greyDiag, Width: cell * 0.04})
			} else {
				c.Shape(Shape{Points: []Point{{x, y}, {x + size, y + size}}, Stroke: greyDiag, Width: cell * 0.04})
			}
		case variant.Parity:
			ct := at(r.Cell)
			if r.Even {
				c.Shape(Shape{Points: rect(ct.X-0.35*cell, ct.Y-0.35*cell, 0.7*cell, 0.7*cell), Closed: true, Fill: greyParity})
			} else {
				c.Shape(Shape{Points: circle(ct.X, ct.Y, 0.36*cell), Closed: true, Fill: greyParity})
			}
		case variant.Thermo:
			if len(r.Cells) == 0 {
				continue
			}
			line(r.Cells, greyThermo, 0.3)
			b := at(r.Cells[0])
			c.Shape(Shape{Points: circle(b.X, b.Y, 0.38*cell), Closed: true, Fill: greyThermo})
		case variant.Arrow:
			drawArrow(c, r, at, cell)
		case variant.Whisper, variant.Renban, variant.Palindrome:
			l := lineLooks[r.Kind()]
			line(ruleCells(r), l.c, l.width)
		case variant.Extremum:
			ct := at(r.Cell)
			for _, d := range [][2]float64{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
				tip, base := 0.24, 0.38
				if r.Max {
					tip, base = 0.38, 0.24
				}
				bx, by := ct.X+d[0]*base*cell, ct.Y+d[1]*base*cell
				tx, ty := ct.X+d[0]*tip*cell, ct.Y+d[1]*tip*cell
				c.Shape(Shape{Points: []Point{{bx - d[1]*0.12*cell, by + d[0]*0.12*cell}, {tx, ty}, {bx + d[1]*0.12*cell, by - d[0]*0.12*cell}}, Stroke: greyArrow, Width: 0.05 * cell})
			}
		case variant.Marks:
			ct := at(r.Cell)
			s := ""
			for _, v := range r.Values {
				s += symbolOf(v)
			}
			c.Text(ct.X, ct.Y+0.32*cell, 0.2*cell, Mark, s)
		case variant.Cage, variant.LittleKiller, variant.Sandwich, variant.Kropki, variant.XV, variant.Quadruple, variant.XSum, variant.Skyscraper:
		default:
			cs := ruleCells(r)
			if len(cs) == 0 {
				continue
			}
			switch r.Kind() {
			case "between", "doublearrow", "lockout":
				// A thin line with a circle (a diamond for lockout) at
				// each end.
				line(cs, greyArrow, 0.06)
				for _, e := range []variant.Cell{cs[0], cs[len(cs)-1]} {
					ct := at(e)
					shape := circle(ct.X, ct.Y, 0.38*cell)
					if r.Kind() == "lockout" {
						d := 0.4 * cell
						shape = []Point{{ct.X, ct.Y - d}, {ct.X + d, ct.Y}, {ct.X, ct.Y + d}, {ct.X - d, ct.Y}}
					}
					c.Shape(Shape{Points: shape, Closed: true, Fill: paper, Stroke: greyArrow, Width: 0.05 * cell})
				}
			default:
				line(cs, greyArrow, 0.14)
			}
		}
	}
	drawLines(c, x, y, size, p)
	// Over the grid: cages, dots, clues.
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.Cage:
			drawCage(c, x, y, cell, n, r)
		case variant.Kropki:
			a, b := at(r.Cells[0]), at(r.Cells[1])
			m := Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
			fill := paper
			if r.Black {
				fill = ink
			}
			c.Shape(Shape{Points: circle(m.X, m.Y, 0.13*cell), Closed: true, Fill: fill, Stroke: ink, Width: 0.03 * cell})
		case variant.XV:
			a, b := at(r.Cells[0]), at(r.Cells[1])
			m := Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
			s := strconv.Itoa(r.Sum)
			switch r.Sum {
			case 10:
				s = "X"
			case 5:
				s = "V"
			}
			c.Shape(Shape{Points: rect(m.X-0.16*cell, m.Y-0.17*cell, 0.32*cell, 0.34*cell), Closed: true, Fill: paper})
			c.Text(m.X, m.Y, 0.36*cell, Given, s)
		case variant.LittleKiller:
			if len(r.Cells) == 0 {
				continue
			}
			a, b := r.Cells[0], r.Cells[0]
			if len(r.Cells) > 1 {
				b = r.Cells[1]
			}
			dx, dy := sign(b.Col-a.Col), sign(b.Row-a.Row)
			ct := at(a)
			cx, cy := ct.X-float64(dx)*cell, ct.Y-float64(dy)*cell
			c.Text(cx-float64(dx)*0.1*cell, cy-float64(dy)*0.1*cell, 0.4*cell, Caption, strconv.Itoa(r.Sum))
			tip := Point{cx + float64(dx)*0.45*cell, cy + float64(dy)*0.45*cell}
			c.Shape(Shape{Points: []Point{{cx + float64(dx)*0.2*cell, cy + float64(dy)*0.2*cell}, tip}, Stroke: ink, Width: 0.035 * cell})
			head(c, Point{cx, cy}, tip, 0.12*cell, ink, 0.035*cell)
		case variant.Quadruple:
			if len(r.Cells) == 0 {
				continue
			}
			var m Point
			for _, vc := range r.Cells {
				p := at(vc)
				m.X += p.X / float64(len(r.Cells))
				m.Y += p.Y / float64(len(r.Cells))
			}
			c.Shape(Shape{Points: circle(m.X, m.Y, 0.3*cell), Closed: true, Fill: paper, Stroke: ink, Width: 0.03 * cell})
			var vs []string
			for _, v := range r.Values {
				vs = append(vs, symbolOf(v))
			}
			if len(vs) <= 2 {
				c.Text(m.X, m.Y, 0.2*cell, Caption, strings.Join(vs, " "))
			} else {
				c.Text(m.X, m.Y-0.1*cell, 0.2*cell, Caption, strings.Join(vs[:2], " "))
				c.Text(m.X, m.Y+0.11*cell, 0.2*cell, Caption, strings.Join(vs[2:], " "))
			}
		case variant.XSum:
			edgeClue(c, x, y, cell, n, r.Column, r.Reverse, r.Index, r.Sum)
		case variant.Skyscraper:
			edgeClue(c, x, y, cell, n, r.Column, r.Reverse, r.Index, r.Count)
		case variant.Sandwich:
			k := float64(r.Index) - 0.5
			if r.Column {
				c.Text(x+k*cell, y-0.45*cell, 0.4*cell, Caption, strconv.Itoa(r.Sum))
			} else {
				c.Text(x-0.45*cell, y+k*cell, 0.4*cell, Caption, strconv.Itoa(r.Sum))
			}
		}
	}
	digit := cell * 0.62
	for i := range n * n {
		v, st := 0, Given
		if p.Givens != nil {
			v = p.Givens[i]
		}
		if v == 0 && sol != nil {
			v, st = sol[i], Filled
		}
		if v == 0 {
			continue
		}
		c.Text(x+(float64(i%n)+0.5)*cell, y+(float64(i/n)+0.5)*cell, digit, st, symbolOf(v))
	}
}

// edgeClue writes a clue outside the grid: before the row (left) or the
// column (top), or after it when reverse.
func edgeClue(c Canvas, x, y, cell float64, n int, column, reverse bool, index, v int) {
	far := -0.45 * cell
	if reverse {
		far = (float64(n) + 0.45) * cell
	}
	k := (float64(index) - 0.5) * cell
	if column {
		c.Text(x+k, y+far, 0.4*cell, Caption, strconv.Itoa(v))
	} else {
		c.Text(x+far, y+k, 0.4*cell, Caption, strconv.Itoa(v))
	}
}

// symbolOf writes value v: 1-9, then A-Z, then its number.
func symbolOf(v int) string {
	if v <= 35 {
		return string(sudoku.SymbolByte(v))
	}
	return strconv.Itoa(v)
}

func sign(d int) int {
	switch {
	case d > 0:
		return 1
	case d < 0:
		return -1
	}
	return 1
}

// ruleCells returns the cells of a rule with a Cells field, or nil.
func ruleCells(r variant.Rule) []variant.Cell {
	switch r := r.(type) {
	case variant.Whisper:
		return r.Cells
	case variant.Renban:
		return r.Cells
	case variant.Palindrome:
		return r.Cells
	case variant.Thermo:
		return r.Cells
	case variant.ExtraRegion:
		return r.Cells
	}
	return cellsByReflection(r)
}

// drawLines draws the thin cell lines and thick region lines and border.
func drawLines(c Canvas, x, y, size float64, p *variant.Puzzle) {
	n := p.Size
	cell := size / float64(n)
	thin, thick := lineWidths(cell)
	reg := p.Regions
	differ := func(i, j int) bool { return reg != nil && reg[i] != reg[j] }
	// Thin lines first, whole; thick segments over them.
	for k := 1; k < n; k++ {
		q := float64(k) * cell
		c.Line(x+q, y, x+q, y+size, thin, thinColor)
		c.Line(x, y+q, x+size, y+q, thin, thinColor)
	}
	for r := range n {
		for col := range n {
			i := r*n + col
			if col < n-1 && differ(i, i+1) {
				q := x + float64(col+1)*cell
				c.Line(q, y+float64(r)*cell, q, y+float64(r+1)*cell, thick, thickColor)
			}
			if r < n-1 && differ(i, i+n) {
				q := y + float64(r+1)*cell
				c.Line(x+float64(col)*cell, q, x+float64(col+1)*cell, q, thick, thickColor)
			}
		}
	}
	c.Line(x, y, x+size, y, thick, thickColor)
	c.Line(x, y+size, x+size, y+size, thick, thickColor)
	c.Line(x, y, x, y+size, thick, thickColor)
	c.Line(x+size, y, x+size, y+size, thick, thickColor)
}

// drawCage draws a cage's dashed outline, inset in its cells, and its sum.
func drawCage(c Shaper, x, y, cell float64, n int, cage variant.Cage) {
	in := map[[2]int]bool{}
	for _, vc := range cage.Cells {
		in[[2]int{vc.Row, vc.Col}] = true
	}
	has := func(r, col int) bool { return in[[2]int{r, col}] }
	d := 0.08
	lo := func(edge float64, on, corner bool) float64 {
		switch {
		case on && corner:
			return edge - d
		case on:
			return edge
		}
		return edge + d
	}
	hi := func(edge float64, on, corner bool) float64 {
		switch {
		case on && corner:
			return edge + d
		case on:
			return edge
		}
		return edge - d
	}
	seg := func(x1, y1, x2, y2 float64) {
		c.Shape(Shape{Points: []Point{{x + x1*cell, y + y1*cell}, {x + x2*cell, y + y2*cell}}, Stroke: ink, Width: 0.025 * cell, Dash: 0.08 * cell})
	}
	head := cage.Cells[0]
	for _, vc := range cage.Cells {
		r, col := vc.Row, vc.Col
		if r < head.Row || r == head.Row && col < head.Col {
			head = vc
		}
		x0, y0 := float64(col-1), float64(r-1)
		x1, y1 := x0+1, y0+1
		up, down, left, right := has(r-1, col), has(r+1, col), has(r, col-1), has(r, col+1)
		if !up {
			seg(lo(x0, left, has(r-1, col-1)), y0+d, hi(x1, right, has(r-1, col+1)), y0+d)
		}
		if !down {
			seg(lo(x0, left, has(r+1, col-1)), y1-d, hi(x1, right, has(r+1, col+1)), y1-d)
		}
		if !left {
			seg(x0+d, lo(y0, up, has(r-1, col-1)), x0+d, hi(y1, down, has(r+1, col-1)))
		}
		if !right {
			seg(x1-d, lo(y0, up, has(r-1, col+1)), x1-d, hi(y1, down, has(r+1, col+1)))
		}
	}
	if cage.Sum == 0 {
		return
	}
	s := strconv.Itoa(cage.Sum)
	sz := 0.24 * cell
	w := float64(len(s))*0.6*sz + 0.06*cell
	hx, hy := x+float64(head.Col-1)*cell+0.05*cell, y+float64(head.Row-1)*cell+0.04*cell
	c.Shape(Shape{Points: rect(hx, hy, w, sz*1.05), Closed: true, Fill: paper})
	c.Text(hx+w/2, hy+sz*0.55, sz, Caption, s)
}

// drawArrow draws an arrow's circle (or pill) and its shaft with a head.
func drawArrow(c Shaper, a variant.Arrow, at func(variant.Cell) Point, cell float64) {
	if len(a.Circle) == 0 {
		return
	}
	if len(a.Circle) == 1 {
		ct := at(a.Circle[0])
		c.Shape(Shape{Points: circle(ct.X, ct.Y, 0.4*cell), Closed: true, Fill: paper, Stroke: greyArrow, Width: 0.05 * cell})
	} else {
		pts := make([]Point, len(a.Circle))
		for k, vc := range a.Circle {
			pts[k] = at(vc)
		}
		c.Shape(Shape{Points: pts, Stroke: greyArrow, Width: 0.8 * cell})
		c.Shape(Shape{Points: pts, Stroke: paper, Width: 0.7 * cell})
	}
	if len(a.Line) == 0 {
		return
	}
	first := at(a.Line[0])
	from := at(a.Circle[0])
	for _, vc := range a.Circle {
		if p := at(vc); math.Hypot(p.X-first.X, p.Y-first.Y) < math.Hypot(from.X-first.X, from.Y-first.Y) {
			from = p
		}
	}
	l := math.Hypot(first.X-from.X, first.Y-from.Y)
	pts := []Point{{from.X + (first.X-from.X)/l*0.4*cell, from.Y + (first.Y-from.Y)/l*0.4*cell}}
	for _, vc := range a.Line {
		pts = append(pts, at(vc))
	}
	c.Shape(Shape{Points: pts, Stroke: greyArrow, Width: 0.05 * cell})
	head(c, pts[len(pts)-2], pts[len(pts)-1], 0.25*cell, greyArrow, 0.05*cell)
}

// head draws an arrow's head at b on the line from a.
func head(c Shaper, a, b Point, size float64, col color.RGBA, w float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	p := func(s, t float64) Point { return Point{b.X - ux*s - uy*t, b.Y - uy*s + ux*t} }
	c.Shape(Shape{Points: []Point{p(size, size*0.8), b, p(size, -size*0.8)}, Stroke: col, Width: w})
}

// variantLayout lays out a variant alone: a grid of cells of cell units,
// a cell's margin for clues outside it, the caption under it.
func variantLayout(p *variant.Puzzle, cell float64, caption bool) gridImage {
	l := layoutGrid(p.Size, cell, caption)
	if hasOutside(p) {
		extra := cell - l.x
		if extra > 0 {
			l.x += extra
			l.y += extra
			l.w += 2 * extra
			l.h += 2 * extra
			l.capY += 2 * extra
		}
	}
	return l
}

// checkVariant checks a variant and its solution for drawing.
func checkVariant(p *variant.Puzzle, sol []int) error {
	if p == nil {
		return ErrNoGrid
	}
	if err := p.Validate(); err != nil {
		return err
	}
	if sol == nil {
		return nil
	}
	if len(sol) != p.Size*p.Size {
		return fmt.Errorf("%w: %d values for a %dx%d grid", ErrSolution, len(sol), p.Size, p.Size)
	}
	for i, v := range sol {
		if v < 1 || v > p.Size {
			return fmt.Errorf("%w: %s holds %d", ErrSolution, variant.CellName(i, p.Size), v)
		}
		if p.Givens != nil && p.Givens[i] != 0 && p.Givens[i] != v {
			return fmt.Errorf("%w: %s holds %d, the solution %d", ErrSolution, variant.CellName(i, p.Size), p.Givens[i], v)
		}
	}
	return nil
}

// variantImage checks p and opt for VariantSVG and VariantPNG and returns
// the layout.
func variantImage(p *variant.Puzzle, sol []int, opt Options) (gridImage, error) {
	if opt.Solution != nil {
		return gridImage{}, fmt.Errorf("render: a variant's solution goes in the sol argument, not Options.Solution")
	}
	if err := checkVariant(p, sol); err != nil {
		return gridImage{}, fmt.Errorf("render: %w", err)
	}
	cell := opt.CellSize
	if cell == 0 {
		cell = DefaultCellSize
	}
	if cell < 0 || cell > MaxCellSize {
		return gridImage{}, fmt.Errorf("render: %w: cell size %d (want 1 to %d)", ErrSize, opt.CellSize, MaxCellSize)
	}
	l := variantLayout(p, float64(cell), opt.Caption != "")
	if l.w > MaxSide || l.h > MaxSide || l.w*l.h > MaxPixels {
		return gridImage{}, fmt.Errorf("render: %w: %.0fx%.0f image (at most %d per side, %d pixels)", ErrSize, l.w, l.h, MaxSide, MaxPixels)
	}
	return l, nil
}

// drawVariantImage draws p and the caption of opt in layout l.
func (l gridImage) drawVariant(c Shaper, p *variant.Puzzle, sol []int, opt Options) {
	drawVariant(c, l.x, l.y, l.size, p, sol)
	if opt.Caption != "" {
		sz := fitSize(opt.Caption, l.w-2*l.x, l.capSz)
		c.Text(l.w/2, l.capY, sz, Caption, fit(opt.Caption, l.w, sz))
	}
}

// VariantSVG writes variant puzzle p as an SVG image, as SVG does a
// classic grid: sol, if not nil, fills its blanks (Size*Size values);
// opt.Solution must be nil and opt.Marks is not used.
func VariantSVG(w io.Writer, p *variant.Puzzle, sol []int, opt Options) error {
	l, err := variantImage(p, sol, opt)
	if err != nil {
		return err
	}
	c := newSVGCanvas()
	l.drawVariant(c, p, sol, opt)
	return c.write(w, fmt.Sprintf("%dx%d variant sudoku", p.Size, p.Size), num(l.w), num(l.h), l.w, l.h)
}

// VariantPNG writes variant puzzle p as a PNG image (see VariantSVG).
func VariantPNG(w io.Writer, p *variant.Puzzle, sol []int, opt Options) error {
	l, err := variantImage(p, sol, opt)
	if err != nil {
		return err
	}
	c, err := newPNGCanvas(int(math.Ceil(l.w)), int(math.Ceil(l.h)), 1)
	if err != nil {
		return err
	}
	l.drawVariant(c, p, sol, opt)
	return c.encode(w)
}

// cellsByReflection returns the cells of a rule kind this file does not
// name, from its Cells field if it has one ([]variant.Cell), so that a new
// kind of line is drawn at once.
func cellsByReflection(r variant.Rule) []variant.Cell {
	v := reflect.ValueOf(r)
	if v.Kind() != reflect.Struct {
		return nil
	}
	f := v.FieldByName("Cells")
	if !f.IsValid() {
		return nil
	}
	switch cs := f.Interface().(type) {
	case []variant.Cell:
		return cs
	case [2]variant.Cell:
		return cs[:]
	}
	return nil
}

// drawSheetVariant draws a sheet's variant item in a slot of size units
// at (x, y): a cell of margin less for the clues outside, if it has any;
// on a canvas that draws no shapes, its grid and values alone.
func drawSheetVariant(c Canvas, x, y, size float64, it Item, solutions bool) {
	p := it.Variant
	var sol []int
	if solutions {
		sol = it.VariantSolution
	}
	if hasOutside(p) {
		cell := size / float64(p.Size+2)
		x, y, size = x+cell, y+cell, size-2*cell
	}
	if sc, ok := c.(Shaper); ok {
		drawVariant(sc, x, y, size, p, sol)
		return
	}
	drawVariant(noShapes{c}, x, y, size, p, sol)
}

// noShapes is a Canvas that drops shapes.
type noShapes struct{ Canvas }

func (noShapes) Shape(Shape) {}
