package format

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// ErrCannotHold is wrapped by the error of a Writer asked to write what
// its format cannot hold so that it reads back as written: a Sukaku,
// Pencil or SDX blank cell with one candidate (read back as a value), a
// HoDoKu candidate that a value of the cell's row, column or box excludes.
// What a format drops by design (the candidates in a format without them,
// placed values where givens are all it knows) is documented with the
// format instead.
var ErrCannotHold = errors.New("the format cannot hold it")

// Writer writes puzzles in one format. Multi-line formats put an empty
// line between grids. Call Close (or Flush, for a format without an end:
// all but OpenSudoku) when done.
type Writer struct {
	// Format is the format to write. Auto writes Line;
	// Counted cannot be written one grid at a time.
	Format Format

	w   *bufio.Writer
	n   int    // grids written
	buf []byte // one record
	xml xmlWriter
}

// NewWriter returns a Writer that writes to w in format f.
func NewWriter(w io.Writer, f Format) *Writer {
	return &Writer{Format: f, w: bufio.NewWriter(w)}
}

// Write writes one grid, with comment after it where the format has room
// for one (Line, Groups, Sukaku, JSON as its
// "comment" field, SDK as a "#C " line, SadMan and SDX
// as header lines, OpenSudoku as the folder's name). Other formats
// drop the comment. Line breaks in the comment are written as spaces.
func (w *Writer) Write(g *sudoku.Grid, comment string) error {
	return w.write(g, nil, comment)
}

// WritePuzzle writes p's grid and comment as Write does, and its solution
// where the format has room for one (JSON's "solution" field,
// CSV's solution column).
func (w *Writer) WritePuzzle(p *Puzzle) error {
	return w.write(p.Grid, p.Solution, p.Comment)
}

func (w *Writer) write(g, sol *sudoku.Grid, comment string) error {
	if g == nil {
		return errors.New("sudoku: Write of a nil grid")
	}
	if sol != nil && sol.Order() != g.Order() {
		return errors.New("sudoku: the solution's order is not the grid's")
	}
	spec := w.Format.spec()
	if w.n > 0 && spec.multiLine {
		w.w.WriteByte('\n')
	}
	var err error
	w.buf = w.buf[:0]
	if w.n == 0 {
		w.buf = append(w.buf, spec.head...)
	}
	w.buf, err = appendRecord(w.buf, g, sol, w.Format, comment, &w.xml, false)
	if err != nil {
		return err
	}
	w.n++
	_, err = w.w.Write(w.buf)
	return err
}

// Note writes text (on one line) where readers of the format skip it:
// as a comment of the document for OpenSudoku ("<!-- text -->", starting
// the document if need be), and for the other formats as a line "# text"
// (for a multi-line format, between two records). A filter that cannot
// read a record writes a note in its place.
func (w *Writer) Note(text string) error {
	text = oneLine(text)
	w.buf = w.buf[:0]
	if w.Format == OpenSudoku {
		w.buf = w.xml.appendNote(w.buf, text)
	} else {
		w.buf = append(append(append(w.buf, "# "...), text...), '\n')
	}
	_, err := w.w.Write(w.buf)
	return err
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error { return w.w.Flush() }

// Close ends the output: it writes the end of a document that needs one
// (OpenSudoku's closing tags) and flushes. Writing after Close
// starts a new document.
func (w *Writer) Close() error {
	w.buf = w.xml.appendTail(w.buf[:0])
	if _, err := w.w.Write(w.buf); err != nil {
		return err
	}
	return w.Flush()
}

// Text returns g written in format f with no comment, as a Writer
// writes it: every line, the last one too, ends in a newline. It returns
// "" for Counted, which is read only. Text shows what the format can
// show of g: where a Writer refuses g (ErrCannotHold), Text writes it
// anyway, a blank cell of one candidate as that candidate, a candidate
// that a value rules out dropped.
func Text(g *sudoku.Grid, f Format) string {
	b := []byte(f.spec().head)
	b, err := appendRecord(b, g, nil, f, "", nil, true)
	if err != nil {
		return ""
	}
	return string(b)
}

// singleCandidate returns an error wrapping ErrCannotHold for the first
// blank cell of the record's grid with one candidate, which format f (one
// that reads a cell of one candidate as a value) would turn into a given;
// nil if there is none, or for Text.
func singleCandidate(rec *record, f Format) error {
	g := rec.g
	if !g.HasMarks() || rec.show {
		return nil
	}
	for i, v := range g.Cells() {
		if m := g.Marks(i); v == 0 && m != 0 && m&(m-1) == 0 {
			return detailf(ErrCannotHold, "%s: %v cannot hold a blank cell with the one candidate %c: it reads back as a given (json, ssmarks, sadman, opensudoku and sudokuwiki keep it)",
				sudoku.CellName(i, g.Side()), f, sudoku.SymbolByte(bits.TrailingZeros64(m)+1))
		}
	}
	return nil
}

// oneLine returns s with line breaks and tabs turned into spaces and
// trimmed.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n\t\v\f") {
		s = strings.Map(func(r rune) rune {
			switch r {
			case '\r', '\n', '\t', '\v', '\f':
				return ' '
			}
			return r
		}, s)
	}
	return strings.TrimSpace(s)
}

// appendComment appends " comment" if there is one, and the line end.
func appendComment(dst []byte, comment string) []byte {
	if comment != "" {
		dst = append(dst, ' ')
		dst = append(dst, comment...)
	}
	return append(dst, '\n')
}

// cellSymbols writes each cell value, '.' for a blank.
const cellSymbols = "." + sudoku.Symbols

// appendSymbols appends the symbols of cells, '.' for a blank.
func appendSymbols(dst []byte, cells []uint8) []byte {
	dst = slices.Grow(dst, len(cells))
	out := dst[len(dst) : len(dst)+len(cells)]
	for i, v := range cells {
		c := byte('.')
		if int(v) < len(cellSymbols) { // always, for a valid grid
			c = cellSymbols[v]
		}
		out[i] = c
	}
	return dst[:len(dst)+len(cells)]
}

// appendZeros appends the symbols of cells, '0' for a blank, as CSV files
// write them.
func appendZeros(dst []byte, cells []uint8) []byte {
	n := len(dst)
	dst = appendSymbols(dst, cells)
	for i, c := range dst[n:] {
		if c == '.' {
			dst[n+i] = '0'
		}
	}
	return dst
}

// appendRepeat appends n copies of c.
func appendRepeat(dst []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		dst = append(dst, c)
	}
	return dst
}

// appendRecord appends g in format f, with its solution sol (or nil) and
// comment where the format has room for them, to dst.
func appendRecord(dst []byte, g, sol *sudoku.Grid, f Format, comment string, xml *xmlWriter, show bool) ([]byte, error) {
	if f < 0 || int(f) >= len(formats) || formats[f].write == nil {
		return dst, fmt.Errorf("sudoku: cannot write format %v", f)
	}
	spec := &formats[f]
	if spec.only9 != "" && g.Order() != 3 {
		return dst, fmt.Errorf("sudoku: %s 9x9, not %dx%d", spec.only9, g.Side(), g.Side())
	}
	return spec.write(dst, &record{g: g, sol: sol, comment: oneLine(comment), xml: xml, show: show})
}
