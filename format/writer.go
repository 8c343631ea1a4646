package format

import (
	"bufio"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
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
	if w.n > 0 && multiLine(w.Format) {
		w.w.WriteByte('\n')
	}
	var err error
	w.buf = w.buf[:0]
	if w.n == 0 && w.Format == CSV {
		w.buf = append(w.buf, "puzzle,solution\n"...)
	}
	if w.Format == OpenSudoku {
		w.buf, err = w.xml.appendGame(w.buf, g, oneLine(comment))
	} else {
		w.buf, err = appendRecord(w.buf, g, sol, w.Format, comment)
	}
	if err != nil {
		return err
	}
	w.n++
	_, err = w.w.Write(w.buf)
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
// "" for Counted, which is read only.
func Text(g *sudoku.Grid, f Format) string {
	var b []byte
	if f == CSV {
		b = append(b, "puzzle,solution\n"...)
	}
	b, err := appendRecord(b, g, nil, f, "")
	if err != nil {
		return ""
	}
	return string(b)
}

func multiLine(f Format) bool {
	switch f {
	case Numbers, Pretty, SDK, SS, Pencil, SadMan, SDX, SSMarks:
		return true
	}
	return false
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

// appendRecord appends g in format f, with its solution sol (or nil) and
// comment where the format has room for them, to dst.
func appendRecord(dst []byte, g, sol *sudoku.Grid, f Format, comment string) ([]byte, error) {
	side, order := g.Side(), g.Order()
	comment = oneLine(comment)
	switch f {
	case Auto, Line:
		dst = appendSymbols(dst, g.Cells())
		if comment != "" {
			dst = append(dst, ' ')
			dst = append(dst, comment...)
		}
		dst = append(dst, '\n')
	case Groups:
		for r := 0; r < side; r++ {
			if r > 0 {
				dst = append(dst, ' ')
			}
			dst = appendSymbols(dst, g.Cells()[r*side:(r+1)*side])
		}
		if comment != "" {
			dst = append(dst, ' ')
			dst = append(dst, comment...)
		}
		dst = append(dst, '\n')
	case Numbers:
		for r := 0; r < side; r++ {
			for c := 0; c < side; c++ {
				v := g.Cells()[r*side+c]
				if c > 0 {
					dst = append(dst, ' ')
				}
				if side > 9 && v < 10 {
					dst = append(dst, ' ')
				}
				if v >= 10 {
					dst = append(dst, '0'+v/10)
				}
				dst = append(dst, '0'+v%10)
			}
			dst = append(dst, '\n')
		}
	case Pretty:
		border := func(dst []byte) []byte {
			for b := 0; b < order; b++ {
				dst = append(dst, '+')
				dst = appendRepeat(dst, '-', 2*order+1)
			}
			return append(dst, '+', '\n')
		}
		for r := 0; r < side; r++ {
			if r%order == 0 {
				dst = border(dst)
			}
			for c := 0; c < side; c++ {
				if c%order == 0 {
					dst = append(dst, '|', ' ')
				}
				dst = append(dst, sudoku.SymbolByte(int(g.Cells()[r*side+c])), ' ')
			}
			dst = append(dst, '|', '\n')
		}
		dst = border(dst)
	case SDK:
		if comment != "" {
			dst = append(dst, "#C "...)
			dst = append(dst, comment...)
			dst = append(dst, '\n')
		}
		for r := 0; r < side; r++ {
			dst = appendSymbols(dst, g.Cells()[r*side:(r+1)*side])
			dst = append(dst, '\n')
		}
	case SS:
		dst = append(dst, '*')
		dst = appendRepeat(dst, '-', side+order-1)
		dst = append(dst, '*', '\n')
		for r := 0; r < side; r++ {
			if r > 0 && r%order == 0 {
				for b := 0; b < order; b++ {
					dst = append(dst, "|+"[min(b, 1)])
					dst = appendRepeat(dst, '-', order)
				}
				dst = append(dst, '|', '\n')
			}
			for b := 0; b < order; b++ {
				dst = append(dst, '|')
				dst = appendSymbols(dst, g.Cells()[r*side+b*order:r*side+(b+1)*order])
			}
			dst = append(dst, '|', '\n')
		}
		dst = append(dst, '*')
		dst = appendRepeat(dst, '-', side+order-1)
		dst = append(dst, '*', '\n')
	case JSON:
		j := jsonPuzzle{Order: order, Grid: g.String(), Placed: jsonPlaced(g), Marks: jsonMarks(g), Comment: comment}
		if sol != nil {
			j.Solution = sol.String()
		}
		b, err := json.Marshal(j)
		if err != nil {
			return dst, err
		}
		dst = append(dst, b...)
		dst = append(dst, '\n')
	case Sukaku:
		dst = appendSukaku(dst, g)
		if comment != "" {
			dst = append(dst, ' ')
			dst = append(dst, comment...)
		}
		dst = append(dst, '\n')
	case Pencil:
		dst = appendPencil(dst, g)
	case Wiki:
		if order != 3 {
			return dst, fmt.Errorf("sudoku: a sudokuwiki board is 9x9, not %dx%d", side, side)
		}
		dst = appendWiki(dst, g)
		if comment != "" {
			dst = append(dst, ' ')
			dst = append(dst, comment...)
		}
		dst = append(dst, '\n')
	case HoDoKu:
		if order != 3 {
			return dst, fmt.Errorf("sudoku: a HoDoKu library line is 9x9, not %dx%d", side, side)
		}
		dst = appendHoDoKu(dst, g, comment)
	case Bank:
		dst = appendBank(dst, g, comment)
	case OpenSudoku:
		var x xmlWriter
		dst, err := x.appendGame(dst, g, comment)
		return x.appendTail(dst), err
	case SadMan:
		dst = appendSadMan(dst, g, comment)
	case SDX:
		dst = appendSDX(dst, g, comment)
	case SSMarks:
		if order != 3 {
			return dst, fmt.Errorf("sudoku: Simple Sudoku's grids are 9x9, not %dx%d", side, side)
		}
		dst = appendSSMarks(dst, g)
	case CSV:
		dst = appendZeros(dst, g.Cells())
		dst = append(dst, ',')
		if sol != nil {
			dst = appendZeros(dst, sol.Cells())
		}
		dst = append(dst, '\n')
	default:
		return dst, fmt.Errorf("sudoku: cannot write format %v", f)
	}
	return dst, nil
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

// appendBank appends g as a puzzle-bank line: the hash of its digits, the
// digits ('0' blank) and the rating that comment ends with (see
// Bank), right-aligned in 4 characters.
func appendBank(dst []byte, g *sudoku.Grid, comment string) []byte {
	n := len(dst)
	dst = append(dst, "000000000000 "...)
	dst = appendZeros(dst, g.Cells())
	sum := sha1.Sum(dst[n+13:])
	hex.Encode(dst[n:n+12], sum[:6])
	rating := bankRating(comment)
	dst = append(dst, ' ')
	dst = appendRepeat(dst, ' ', 4-len(rating))
	dst = append(dst, rating...)
	return append(dst, '\n')
}

// bankRating returns the rating at the end of comment: its last word if
// that is a decimal number, or the ER of serate's "ED=ER/EP/ED"; "0.0" if
// neither.
func bankRating(comment string) string {
	w := comment[strings.LastIndexAny(comment, " \t")+1:]
	if r, ok := strings.CutPrefix(w, "ED="); ok {
		w, _, _ = strings.Cut(r, "/")
	}
	if w == "" || len(w) > 16 || strings.Trim(w, "0123456789.") != "" || strings.Count(w, ".") > 1 || w[0] == '.' || w[len(w)-1] == '.' {
		return "0.0"
	}
	return w
}
