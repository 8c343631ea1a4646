// Package pdf writes a render.Sheet as a PDF document: one PDF page a
// page of the sheet, drawn by render.Sheet.DrawPage, so its pages look
// like the sheet's SVG and PNG pages.
//
// Pages are written as they are drawn: a document of any length needs
// the memory of one page (and a few bytes a page for the cross-reference
// table), not of the whole document. Texts are set in the PDF core fonts
// Helvetica and Helvetica-Bold (no font is embedded), in the
// Windows-1252 encoding: a caption's characters outside it print as '.'.
// The fonts' widths, to centre texts, come from codeberg.org/go-pdf/fpdf;
// this is the only package of the module that imports it, so programs
// that draw SVG or PNG only do not link it.
package pdf

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/zlib"
	"fmt"
	"image/color"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf16"

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

// The objects every document has; each page adds its content stream and
// its page object after them.
const (
	objPages   = 1
	objRegular = 2 // Helvetica
	objBold    = 3 // Helvetica-Bold
	objInfo    = 4
	objCatalog = 5
	firstPage  = 6
)

func write(w io.Writer, s render.Sheet, cfg config) error {
	if err := s.Check(); err != nil {
		return err
	}
	if len(s.Puzzles) == 0 {
		return fmt.Errorf("pdf: no puzzles")
	}
	date := cfg.date
	if date.IsZero() {
		date = time.Now()
	}
	title := s.Title
	if title == "" {
		title = "Sudoku"
	}
	pw, ph := s.PageSize()
	d := &doc{w: bufio.NewWriter(w), offsets: make([]int64, firstPage), compress: cfg.compress}
	m := fpdf.New("P", "pt", "A4", "")
	c := &canvas{h: ph, metrics: m, tr: m.UnicodeTranslatorFromDescriptor("")}
	d.printf("%%PDF-1.4\n%%\xe2\xe3\xcf\xd3\n")
	d.object(objRegular, "<</Type /Font\n/BaseFont /Helvetica\n/Subtype /Type1\n/Encoding /WinAnsiEncoding\n>>")
	d.object(objBold, "<</Type /Font\n/BaseFont /Helvetica-Bold\n/Subtype /Type1\n/Encoding /WinAnsiEncoding\n>>")
	d.object(objInfo, fmt.Sprintf("<</Title %s\n/Creator %s\n/CreationDate (D:%s)\n>>",
		textString(title), textString("github.com/gosudoku/sudoku/render/pdf"), date.UTC().Format("20060102150405Z")))
	var kids []string
	for p := range s.Pages() {
		c.reset()
		if err := s.DrawPage(c, p); err != nil {
			return err
		}
		c.flush()
		content, page := len(d.offsets), len(d.offsets)+1
		d.stream(content, c.buf.Bytes())
		d.object(page, fmt.Sprintf("<</Type /Page\n/Parent %d 0 R\n/Resources <</Font <</F1 %d 0 R /F2 %d 0 R>> >>\n/Contents %d 0 R\n>>",
			objPages, objRegular, objBold, content))
		kids = append(kids, fmt.Sprintf("%d 0 R", page))
		if d.err != nil {
			return d.err
		}
	}
	d.object(objPages, fmt.Sprintf("<</Type /Pages\n/Kids [%s]\n/Count %d\n/MediaBox [0 0 %.2f %.2f]\n>>",
		strings.Join(kids, " "), len(kids), pw, ph))
	d.object(objCatalog, fmt.Sprintf("<</Type /Catalog\n/Pages %d 0 R\n>>", objPages))
	xref := d.off
	d.printf("xref\n0 %d\n0000000000 65535 f \n", len(d.offsets))
	for _, off := range d.offsets[1:] {
		d.printf("%010d 00000 n \n", off)
	}
	d.printf("trailer\n<</Size %d\n/Root %d 0 R\n/Info %d 0 R\n>>\nstartxref\n%d\n%%%%EOF\n", len(d.offsets), objCatalog, objInfo, xref)
	if d.err != nil {
		return d.err
	}
	return d.w.Flush()
}

// doc writes a document's objects in turn, keeping their offsets for the
// cross-reference table.
type doc struct {
	w        *bufio.Writer
	off      int64   // bytes written
	offsets  []int64 // of each object, by number (0 unused)
	compress bool
	err      error
	zbuf     bytes.Buffer
	zw       *zlib.Writer
}

func (d *doc) printf(format string, args ...any) {
	if d.err != nil {
		return
	}
	n, err := fmt.Fprintf(d.w, format, args...)
	d.off += int64(n)
	d.err = err
}

func (d *doc) write(b []byte) {
	if d.err != nil {
		return
	}
	n, err := d.w.Write(b)
	d.off += int64(n)
	d.err = err
}

// object writes object n with the dictionary dict.
func (d *doc) object(n int, dict string) {
	for len(d.offsets) <= n {
		d.offsets = append(d.offsets, 0)
	}
	d.offsets[n] = d.off
	d.printf("%d 0 obj\n%s\nendobj\n", n, dict)
}

// stream writes object n, a stream of data (compressed if d.compress).
func (d *doc) stream(n int, data []byte) {
	filter := ""
	if d.compress {
		d.zbuf.Reset()
		if d.zw == nil {
			d.zw = zlib.NewWriter(&d.zbuf)
		} else {
			d.zw.Reset(&d.zbuf)
		}
		d.zw.Write(data)
		d.zw.Close()
		data, filter = d.zbuf.Bytes(), "/Filter /FlateDecode "
	}
	for len(d.offsets) <= n {
		d.offsets = append(d.offsets, 0)
	}
	d.offsets[n] = d.off
	d.printf("%d 0 obj\n<<%s/Length %d>>\nstream\n", n, filter, len(data))
	d.write(data)
	d.printf("\nendstream\nendobj\n")
}

// textString writes s as a PDF text string: literal if it is printable
// ASCII, else UTF-16BE with a byte order mark, in hex.
func textString(s string) string {
	ascii := true
	for i := range len(s) {
		ascii = ascii && s[i] >= 0x20 && s[i] < 0x7f
	}
	if ascii {
		return "(" + escape(s) + ")"
	}
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteString(">")
	return b.String()
}

// escaper escapes the characters that end or escape a literal string.
var escaper = strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "\r", `\r`)

func escape(s string) string { return escaper.Replace(s) }

// canvas draws one page into its content stream, in points from the top
// left (PDF's y grows up from the bottom: y is turned over). It sets the
// line width and colour only when they change, and keeps the texts until
// flush, which writes them style by style: a page of solutions
// alternates two fonts.
type canvas struct {
	buf     bytes.Buffer
	h       float64             // the page's height
	metrics *fpdf.Fpdf          // the fonts' widths
	tr      func(string) string // UTF-8 to the core fonts' encoding
	width   float64             // the line width set, or -1
	color   color.RGBA          // the line colour set, if width is set
	texts   []pending
}

// pending is one Text call kept for flush.
type pending struct {
	x, y, size float64
	st         render.Style
	s          string
}

// reset starts a new page.
func (c *canvas) reset() {
	c.buf.Reset()
	c.width = -1 // a new page has PDF's defaults: set the first line's width and colour
	c.texts = c.texts[:0]
	c.buf.WriteString("2 J\n") // square line caps
}

func (c *canvas) Line(x1, y1, x2, y2, width float64, col color.RGBA) {
	if width != c.width || col != c.color {
		fmt.Fprintf(&c.buf, "%.2f w\n%.3f %.3f %.3f RG\n", width, float64(col.R)/255, float64(col.G)/255, float64(col.B)/255)
		c.width, c.color = width, col
	}
	fmt.Fprintf(&c.buf, "%.2f %.2f m %.2f %.2f l S\n", x1, c.h-y1, x2, c.h-y2)
}

// Shape draws a path in its own graphics state (q ... Q), so the line
// width, colour, caps and dash of the grid lines stay as they were.
func (c *canvas) Shape(s render.Shape) {
	if len(s.Points) == 0 {
		return
	}
	fill, stroke := s.Fill.A != 0, s.Stroke.A != 0 && s.Width > 0
	if !fill && !stroke {
		return
	}
	c.buf.WriteString("q 1 J 1 j\n")
	if fill {
		fmt.Fprintf(&c.buf, "%.3f %.3f %.3f rg\n", float64(s.Fill.R)/255, float64(s.Fill.G)/255, float64(s.Fill.B)/255)
	}
	if stroke {
		fmt.Fprintf(&c.buf, "%.2f w %.3f %.3f %.3f RG\n", s.Width, float64(s.Stroke.R)/255, float64(s.Stroke.G)/255, float64(s.Stroke.B)/255)
		if s.Dash > 0 {
			fmt.Fprintf(&c.buf, "[%.2f %.2f] 0 d 0 J\n", s.Dash, s.Dash*0.7)
		}
	}
	for k, p := range s.Points {
		op := "l"
		if k == 0 {
			op = "m"
		}
		fmt.Fprintf(&c.buf, "%.2f %.2f %s ", p.X, c.h-p.Y, op)
	}
	if s.Closed {
		c.buf.WriteString("h ")
	}
	switch {
	case fill && stroke:
		c.buf.WriteString("B")
	case fill:
		c.buf.WriteString("f")
	default:
		c.buf.WriteString("S")
	}
	c.buf.WriteString("\nQ\n")
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
			font, style := "F1", ""
			if t.st.Bold() {
				font, style = "F2", "B"
			}
			c.metrics.SetFont("Helvetica", style, t.size)
			col := t.st.Color()
			fmt.Fprintf(&c.buf, "BT /%s %.2f Tf ET\n%.3f %.3f %.3f rg\n", font, t.size, float64(col.R)/255, float64(col.G)/255, float64(col.B)/255)
		}
		s := c.tr(t.s)
		x := t.x - c.metrics.GetStringWidth(s)/2
		fmt.Fprintf(&c.buf, "BT %.2f %.2f Td (%s) Tj ET\n", x, c.h-(t.y+render.CapHeight*t.size/2), escape(s))
	}
	c.texts = c.texts[:0]
}
