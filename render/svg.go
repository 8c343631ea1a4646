package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku"
)

// SVG writes g as an SVG image: the grid, the values only opt.Solution
// holds in a lighter colour, and opt.Caption under it. Each text is a
// <text> element centred on its cell (text-anchor="middle"), in a group
// whose class is its style ("given", "filled", "mark", "caption").
func SVG(w io.Writer, g *sudoku.Grid, opt Options) error {
	l, err := checkOptions(g, opt)
	if err != nil {
		return err
	}
	c := newSVGCanvas()
	l.draw(c, g, opt)
	title := fmt.Sprintf("Sudoku %dx%d", g.Side(), g.Side())
	if opt.Solution != nil {
		title += ", solved"
	}
	if opt.Caption != "" {
		title += ": " + opt.Caption
	}
	return c.write(w, title, num(l.w), num(l.h), l.w, l.h)
}

// SheetSVG writes page (from 0) of s as an SVG image of the page's paper
// size (width and height in mm or inches, drawn in points).
func SheetSVG(w io.Writer, s Sheet, page int) error {
	c := newSVGCanvas()
	if err := s.DrawPage(c, page); err != nil {
		return err
	}
	pw, ph := s.PageSize()
	width, height := "210mm", "297mm"
	if s.Paper == Letter {
		width, height = "8.5in", "11in"
	}
	title := s.Title
	if title == "" {
		title = "Sudoku"
	}
	title += fmt.Sprintf(", page %d of %d", page+1, s.Pages())
	return c.write(w, title, width, height, pw, ph)
}

// svgCanvas collects the elements of an SVG image: the lines, and the
// texts of each style apart, so that each style's attributes are written
// once on its group.
type svgCanvas struct {
	lines strings.Builder
	texts [Caption + 1]strings.Builder
}

func newSVGCanvas() *svgCanvas { return &svgCanvas{} }

// num writes a coordinate with at most two decimals.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func (c *svgCanvas) Line(x1, y1, x2, y2, width float64, col color.RGBA) {
	fmt.Fprintf(&c.lines, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`+"\n",
		num(x1), num(y1), num(x2), num(y2), hexColor(col), num(width))
}

// Shape draws s as a path, in the order of the lines (shading under the
// grid lines, cages over them).
func (c *svgCanvas) Shape(s Shape) {
	if len(s.Points) == 0 {
		return
	}
	b := &c.lines
	b.WriteString(`<path d="`)
	for k, p := range s.Points {
		if k == 0 {
			b.WriteString("M")
		} else {
			b.WriteString("L")
		}
		b.WriteString(num(p.X) + " " + num(p.Y))
	}
	if s.Closed {
		b.WriteString("Z")
	}
	fill, stroke := "none", "none"
	if s.Fill.A != 0 {
		fill = hexColor(s.Fill)
	}
	if s.Stroke.A != 0 && s.Width > 0 {
		stroke = hexColor(s.Stroke)
	}
	fmt.Fprintf(b, `" fill="%s" stroke="%s"`, fill, stroke)
	if stroke != "none" {
		fmt.Fprintf(b, ` stroke-width="%s" stroke-linejoin="round"`, num(s.Width))
		if s.Dash > 0 {
			fmt.Fprintf(b, ` stroke-linecap="butt" stroke-dasharray="%s %s"`, num(s.Dash), num(s.Dash*0.7))
		} else {
			b.WriteString(` stroke-linecap="round"`)
		}
	}
	b.WriteString("/>\n")
}

func (c *svgCanvas) Text(x, y, size float64, st Style, s string) {
	b := &c.texts[st]
	fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s">`, num(x), num(y+CapHeight*size/2), num(size))
	xml.EscapeText(b, []byte(s))
	b.WriteString("</text>\n")
}

// write writes the image: its title (for screen readers and tooltips),
// its width and height attributes, and the view box of vw by vh units.
func (c *svgCanvas) write(w io.Writer, title, width, height string, vw, vh float64) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img">`+"\n",
		width, height, num(vw), num(vh))
	bw.WriteString("<title>")
	xml.EscapeText(bw, []byte(title))
	bw.WriteString("</title>\n")
	fmt.Fprintf(bw, `<rect width="%s" height="%s" fill="#ffffff"/>`+"\n", num(vw), num(vh))
	fmt.Fprintf(bw, `<g class="lines" stroke-linecap="square">`+"\n%s</g>\n", c.lines.String())
	for st := Given; st <= Caption; st++ {
		if c.texts[st].Len() == 0 {
			continue
		}
		weight := "normal"
		if st.Bold() {
			weight = "bold"
		}
		fmt.Fprintf(bw, `<g class="%s" font-family="Go, Helvetica, Arial, sans-serif" font-weight="%s" fill="%s" text-anchor="middle">`+"\n%s</g>\n",
			st, weight, hexColor(st.Color()), c.texts[st].String())
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}
