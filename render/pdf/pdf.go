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
	"fmt"
	"image/color"
	"io"
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
	c := &canvas{f: f, tr: f.UnicodeTranslatorFromDescriptor("")}
	for p := range s.Pages() {
		f.AddPage()
		if err := s.DrawPage(c, p); err != nil {
			return err
		}
	}
	if err := f.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return f.Output(w)
}

// canvas draws on the current page of a document, in points.
type canvas struct {
	f  *fpdf.Fpdf
	tr func(string) string // UTF-8 to the core fonts' encoding
}

func (c *canvas) Line(x1, y1, x2, y2, width float64, col color.RGBA) {
	c.f.SetLineWidth(width)
	c.f.SetDrawColor(int(col.R), int(col.G), int(col.B))
	c.f.Line(x1, y1, x2, y2)
}

func (c *canvas) Text(x, y, size float64, st render.Style, s string) {
	style := ""
	if st.Bold() {
		style = "B"
	}
	c.f.SetFont("Helvetica", style, size)
	col := st.Color()
	c.f.SetTextColor(int(col.R), int(col.G), int(col.B))
	s = c.tr(s)
	c.f.Text(x-c.f.GetStringWidth(s)/2, y+render.CapHeight*size/2, s)
}
