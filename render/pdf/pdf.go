// Package pdf writes a render.Sheet as a PDF document: one PDF page a
// page of the sheet, drawn by render.Sheet.DrawPage, so its pages look
// like the sheet's SVG and PNG pages.
//
// It is the only package of the module that imports a PDF library
// (codeberg.org/go-pdf/fpdf), so programs that draw SVG or PNG only do not
// link it. Texts are set in the PDF core fonts Helvetica and
// Helvetica-Bold (no font is embedded), in the Windows-1252 encoding:
// a caption's characters outside it print as '.'.
package pdf

import (
	"cmp"
	"fmt"
	"image/color"
	"io"
	"slices"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/gosudoku/sudoku/render"
)

// Write writes s as a PDF document: s.Pages() pages of s.Paper, the
// puzzles first and then their solutions if s.Solutions is set. It fails
// without writing anything if s.Check fails or s has no puzzles.
func Write(w io.Writer, s render.Sheet) error {
	return write(w, s, config{compress: true})
}

// config holds what tests set: an uncompressed document with a fixed
// date can be read as text and compared byte for byte.
type config struct {
	compress bool
	date     time.Time // zero for now
}

func write(w io.Writer, s render.Sheet, cfg config) error {
	if err := s.Check(); err != nil {
		return err
	}
	if len(s.Puzzles) == 0 {
		return fmt.Errorf("pdf: no puzzles")
	}
	size := "A4"
	if s.Paper == render.Letter {
		size = "Letter"
	}
	f := fpdf.New("P", "pt", size, "")
	f.SetCompression(cfg.compress)
	f.SetCatalogSort(true) // fonts in a fixed order, not a map's: only the date varies
	if !cfg.date.IsZero() {
		f.SetCreationDate(cfg.date)
		f.SetModificationDate(cfg.date)
	}
	title := s.Title
	if title == "" {
		title = "Sudoku"
	}
	f.SetTitle(title, true)
	f.SetCreator("github.com/gosudoku/sudoku/render/pdf", true)
	f.SetAutoPageBreak(false, 0)
	f.SetLineCapStyle("square")
	tr := f.UnicodeTranslatorFromDescriptor("")
	for p := range s.Pages() {
		f.AddPage()
		c := &canvas{f: f, tr: tr}
		if err := s.DrawPage(c, p); err != nil {
			return err
		}
		c.flush()
	}
	if err := f.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return f.Output(w)
}

// canvas draws on the current page of a document, in points. It sets the
// line width and colour only when they change, and keeps the texts until
// flush, which writes them style by style: fpdf writes every setting it
// is given, and a page of solutions alternates two fonts.
type canvas struct {
	f     *fpdf.Fpdf
	tr    func(string) string // UTF-8 to the core fonts' encoding
	width float64             // the line width set, or 0
	color color.RGBA          // the line colour set, if width is set
	texts []pending
}

// pending is one Text call kept for flush.
type pending struct {
	x, y, size float64
	st         render.Style
	s          string
}

func (c *canvas) Line(x1, y1, x2, y2, width float64, col color.RGBA) {
	if width != c.width || col != c.color {
		c.f.SetLineWidth(width)
		c.f.SetDrawColor(int(col.R), int(col.G), int(col.B))
		c.width, c.color = width, col
	}
	c.f.Line(x1, y1, x2, y2)
}

func (c *canvas) Text(x, y, size float64, st render.Style, s string) {
	c.texts = append(c.texts, pending{x, y, size, st, s})
}

// flush writes the texts kept, ordered by style and size (a stable sort:
// in drawing order within one font), setting each font and colour once.
func (c *canvas) flush() {
	slices.SortStableFunc(c.texts, func(a, b pending) int {
		return cmp.Or(cmp.Compare(a.st, b.st), cmp.Compare(a.size, b.size))
	})
	for i, t := range c.texts {
		if i == 0 || t.st != c.texts[i-1].st || t.size != c.texts[i-1].size {
			style := ""
			if t.st.Bold() {
				style = "B"
			}
			c.f.SetFont("Helvetica", style, t.size)
			col := t.st.Color()
			c.f.SetTextColor(int(col.R), int(col.G), int(col.B))
		}
		s := c.tr(t.s)
		c.f.Text(t.x-c.f.GetStringWidth(s)/2, t.y+render.CapHeight*t.size/2, s)
	}
	c.texts = c.texts[:0]
}
