package format

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

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
// CSV's solution column); a variant puzzle (p.Variant) only in a variant
// format (FPuzzles, Link, Rules, Jigsaw, Killer), else it fails with
// ErrCannotHold.
func (w *Writer) WritePuzzle(p *Puzzle) error {
	if p.Variant != nil {
		return w.writeVariant(p.Variant)
	}
	return w.write(p.Grid, p.Solution, p.Comment)
}

// writeVariant writes a variant puzzle, which only the variant formats
// hold.
func (w *Writer) writeVariant(v *variant.Puzzle) error {
	form, ok := vforms[w.Format]
	if !ok {
		return detailf(ErrCannotHold, "%v cannot hold a variant puzzle (fpuzzles, link, rules, jigsaw and killer can)", w.Format)
	}
	if w.n > 0 && w.Format.spec().multiLine {
		w.w.WriteByte('\n')
	}
	var err error
	if w.buf, err = vtext.Append(w.buf[:0], v, form); err != nil {
		return err
	}
	w.n++
	_, err = w.w.Write(w.buf)
	return err
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

// appendRecord appends g in format f, with its solution sol (or nil) and
// comment where the format has room for them, to dst; doc is the document
// being written (see record), or nil; show is Text's (see record).
func appendRecord(dst []byte, g, sol *sudoku.Grid, f Format, comment string, doc any, show bool) ([]byte, error) {
	if f < 0 || int(f) >= len(formats) || formats[f].write == nil {
		return dst, fmt.Errorf("sudoku: cannot write format %v", f)
	}
	spec := &formats[f]
	if spec.only9 != "" && g.Order() != 3 {
		return dst, fmt.Errorf("sudoku: %s 9x9, not %dx%d", spec.only9, g.Side(), g.Side())
	}
	return spec.write(dst, &record{g: g, sol: sol, comment: oneLine(comment), doc: doc, show: show})
}
