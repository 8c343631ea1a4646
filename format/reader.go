package format

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// MaxLineLength is the longest line, in bytes, that a Reader accepts.
// A longer line is an error wrapping ErrLineTooLong, and reading goes on
// after it.
const MaxLineLength = 1 << 20

// Reader reads puzzles one at a time from a stream, like encoding/csv:
// only one record (and at most 16 lines ahead of it, 24 after a 9x9
// SS grid) is held in memory.
// Errors in the input are returned as *sudoku.ParseError with the line and, where
// it applies, the column; after one, the next Read goes on with the next
// record. A line longer than MaxLineLength is such an error.
//
// The package documentation gives the rules for lines, for detecting
// the format of a record and for going on after an error.
type Reader struct {
	// Format forces a format; Auto (the default) detects it for
	// each record. Pretty and SS both read any boxed grid;
	// Counted wants a count line before each block of grids.
	Format Format
	// Order, if not 0, is the order every grid must have; it also decides
	// the 16-character ambiguity.
	Order int
	// File names the input in errors; empty for none.
	File string

	src     lineScanner
	line    int    // number of the last line read from src
	cur     []byte // the current line, without its line end
	curLine int    // number of the current line
	queue   []qline
	qhead   int

	sym [256]uint8 // 1+value of each symbol character; 0 for none

	// The state of the formats that need one, each beside its format.
	count countState   // Counted (grids.go)
	sect  sectionState // SDK, SadMan and SDX (sections.go)
	pm    pencilState  // Pencil and SSMarks (marks.go)
	csv   *csvBlock    // CSV: the block being read, or nil (csv.go)
	xml   xmlState     // OpenSudoku (opensudoku.go)
}

// qline is a line read ahead.
type qline struct {
	text []byte
	num  int
	err  error
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{src: lineScanner{rd: r}}
	for c := 0; c < 256; c++ {
		if v, ok := sudoku.SymbolValue(byte(c)); ok {
			rd.sym[c] = uint8(v + 1)
		}
	}
	return rd
}

// Parse reads the first puzzle of s, in any format (see Reader), and
// returns its grid. Input without a puzzle gives sudoku.ErrNoPuzzle;
// sudoku.Parse reads a puzzle on one line alone.
func Parse(s string) (*sudoku.Grid, error) {
	p, err := NewReader(strings.NewReader(s)).Read()
	if err == io.EOF {
		return nil, sudoku.ErrNoPuzzle
	}
	if err != nil {
		return nil, err
	}
	return p.Grid, nil
}

// MustParse is like Parse but panics if s is not a puzzle. It is meant
// for examples and tests with known input.
func MustParse(s string) *sudoku.Grid {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}

// readLine reads the next line into *dst, without its line end.
func (r *Reader) readLine(dst *[]byte, num *int) error {
	b, long, err := r.src.next()
	if err != nil {
		return err
	}
	r.line++
	*num = r.line
	if r.line == 1 && bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		b = b[3:] // a UTF-8 byte order mark
	}
	if long || len(b) > MaxLineLength {
		*dst = (*dst)[:0]
		return &sudoku.ParseError{File: r.File, Line: r.line, Err: detailf(ErrLineTooLong, "line longer than %d bytes", MaxLineLength)}
	}
	*dst = append((*dst)[:0], b...)
	return nil
}

// next makes the next line the current one.
func (r *Reader) next() error {
	if r.qhead < len(r.queue) {
		q := &r.queue[r.qhead]
		r.qhead++
		r.cur = append(r.cur[:0], q.text...)
		r.curLine = q.num
		err := q.err
		if r.qhead == len(r.queue) {
			r.queue = r.queue[:0]
			r.qhead = 0
		}
		return err
	}
	return r.readLine(&r.cur, &r.curLine)
}

// unread puts the current line back, so that the next call of next
// returns it again: a record that ends at a line that cannot be part of
// it leaves that line to the next record.
func (r *Reader) unread() {
	if r.qhead > 0 {
		r.qhead--
		q := &r.queue[r.qhead]
		q.text = append(q.text[:0], r.cur...)
		q.num, q.err = r.curLine, nil
		return
	}
	r.queue = slices.Insert(r.queue, 0, qline{text: bytes.Clone(r.cur), num: r.curLine})
}

// peek returns the i-th line after the current one (0 is the next line)
// without taking it. The line stays valid until the next call of peek
// after the queue of lines read ahead has emptied.
func (r *Reader) peek(i int) ([]byte, error) {
	for r.qhead+i >= len(r.queue) {
		if r.qhead > 0 && len(r.queue) == cap(r.queue) {
			// Drop the lines taken: a reader that always looks ahead never
			// empties the queue, which must not grow with the input.
			n := copy(r.queue, r.queue[r.qhead:])
			clear(r.queue[n:])
			r.queue, r.qhead = r.queue[:n], 0
		}
		// Reuse the buffer of a line taken earlier, if there is one.
		if len(r.queue) < cap(r.queue) {
			r.queue = r.queue[:len(r.queue)+1]
		} else {
			r.queue = append(r.queue, qline{})
		}
		q := &r.queue[len(r.queue)-1]
		q.err = r.readLine(&q.text, &q.num)
		if q.err != nil && !isParseError(q.err) {
			r.queue = r.queue[:len(r.queue)-1]
			return nil, q.err
		}
	}
	q := &r.queue[r.qhead+i]
	return q.text, q.err
}

// isParseError reports whether err is (or wraps) a *ParseError.
func isParseError(err error) bool {
	var pe *sudoku.ParseError
	return errors.As(err, &pe)
}

// isSpace reports whether c separates words: a space, tab, carriage
// return, vertical tab or form feed.
func isSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f')
}

// skipSpace returns the index of the first non-space byte of b at or after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// wordEnd returns the index of the first space byte of b at or after i.
func wordEnd(b []byte, i int) int {
	for i < len(b) && !isSpace(b[i]) {
		i++
	}
	return i
}

// isSide reports whether n is the side of a grid of some order.
func isSide(n int) bool { return sudoku.OrderForSide(n) != 0 }

// oneWord reports whether b holds exactly one word, and returns it.
func oneWord(b []byte) (start, end int, ok bool) {
	start = skipSpace(b, 0)
	end = wordEnd(b, start)
	return start, end, start < end && skipSpace(b, end) == len(b)
}

// Read returns the next puzzle, or io.EOF at the end of the input.
// Input errors are *sudoku.ParseError; other errors come from the underlying
// reader.
func (r *Reader) Read() (*Puzzle, error) {
	for {
		if r.xml.doc != nil {
			p, err := r.xmlNext()
			if p != nil || err != nil {
				return p, err
			}
			continue
		}
		if r.count.left > 0 {
			return r.readCounted()
		}
		// A line that starts with a symbol starts no XML document.
		if s := &r.src; r.qhead == len(r.queue) && (s.r >= s.w || r.sym[s.buf[s.r]] == 0) && r.xmlAhead() {
			r.startXML(nil, r.line+1, 1)
			continue
		}
		if err := r.next(); err != nil {
			return nil, err
		}
		text := r.cur
		s := skipSpace(text, 0)
		if r.xml.skip {
			if s == len(text) || text[s] == '<' {
				continue
			}
			r.xml.skip = false
		}
		if s == len(text) {
			r.sect.meta = r.sect.meta[:0]
			r.sect.headers = r.sect.headers[:0]
			continue
		}
		if text[s] == '#' && r.isComment(text, s) {
			if len(text) > s+1 && text[s+1] == 'C' {
				r.sect.meta = append(r.sect.meta[:0], bytes.TrimSpace(text[s+2:])...)
			}
			r.addHeader(text[s:])
			continue
		}
		if r.csv != nil {
			// In a CSV block every line with a comma is a row, or the
			// header of the next block.
			if c := text[s]; !(c >= '0' && c <= '9' || c == '.') && r.csvHeader(text) {
				continue
			}
			if p, ok, err := r.csvRow(text); ok {
				return p, err
			}
			r.csv = nil
		}
		var p *Puzzle
		var err error
		if r.Format == Auto {
			p, err = r.auto1(text, s) // the common case, called directly: 6 instructions a record less (callgrind)
		} else {
			p, err = r.Format.spec().read(r, text, s)
		}
		if p != nil && p.Format == SDK && len(r.sect.meta) > 0 {
			p.Comment = string(r.sect.meta)
		}
		r.sect.meta = r.sect.meta[:0]
		r.sect.headers = r.sect.headers[:0]
		if p != nil || err != nil {
			return p, err
		}
		// A count line: go on with its grids.
	}
}

func allDigits(w []byte) bool {
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(w) > 0
}

// shortWords reports whether every word of b after i has at most 2 bytes.
func shortWords(b []byte, i int) bool {
	for {
		i = skipSpace(b, i)
		if i == len(b) {
			return true
		}
		e := wordEnd(b, i)
		if e-i > 2 {
			return false
		}
		i = e
	}
}

// isGroups reports whether b has at least k words of n bytes from s on.
func isGroups(b []byte, s, n, k int) bool {
	i := s
	for ; k > 0; k-- {
		i = skipSpace(b, i)
		e := wordEnd(b, i)
		if e-i != n {
			return false
		}
		i = e
	}
	return true
}

// fill sets the cells of g from index at on from the symbols in w, which
// starts at column col of line. It returns an error naming the first bad
// symbol.
func (r *Reader) fill(g *sudoku.Grid, at int, w []byte, line, col int) error {
	side := g.Side()
	cells := g.Cells()[at : at+len(w)]
	lim := uint8(side + 1)
	for i, c := range w {
		v := r.sym[c]
		if v == 0 || v > lim {
			if v == 0 {
				return r.errAt(line, col+i, sudoku.SymbolError(w, i))
			}
			k := at + i
			return r.errAt(line, col+i, sudoku.ValueError(c, k/side, k%side, int(v-1), side))
		}
		cells[i] = v - 1
	}
	return nil
}

// fill9 sets the 81 cells from the symbols in w, which has 81 bytes, and
// reports whether they were all symbols for 9x9; if not, fill names the
// bad one.
func (r *Reader) fill9(cells []uint8, w []byte) bool {
	cells, w = cells[:81], w[:81]
	// Eight cells at a time: '0'-'9' and '.' only.
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
		lows  = 0x7f7f7f7f7f7f7f7f
	)
	// The masks live in registers (Go would load each constant anew).
	dotm, lowm, zero, lim := uint64('.'*ones), uint64(lows), uint64('0'*ones), uint64((0x80-10)*ones)
	bad := uint64(0)
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(w[i:])
		t := x ^ dotm
		dots := ^(((t & lowm) + lowm) | t) &^ lowm // 0x80 in each '.' byte
		y := x + dots>>6 - zero                    // '.' + 2 = '0'; then values
		// A value above 9, or a byte below '0' (the subtraction wrapped),
		// sets a high bit; in a valid word nothing carries.
		bad |= (y + lim) | y
		binary.LittleEndian.PutUint64(cells[i:], y)
	}
	v := r.sym[w[80]] - 1 // 255 for no symbol
	cells[80] = v
	return bad&highs == 0 && v <= 9
}

// puzzle9 is a 9x9 Puzzle with its grid, allocated at once.
type puzzle9 struct {
	p     Puzzle
	g     sudoku.Grid
	cells [81]uint8
}

// newPuzzle returns a Puzzle with an empty grid of the given order (2..8).
// For 9x9 grids, the common case, it makes one allocation instead of three.
func newPuzzle(order int) *Puzzle {
	if order == 3 {
		a := &puzzle9{}
		a.g.Reset(3, a.cells[:])
		a.p.Grid = &a.g
		return &a.p
	}
	g, _ := sudoku.New(order)
	return &Puzzle{Grid: g}
}

// plural returns word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// The line grid, read by Line and by the formats that hold one (Bank,
// Wiki's URL, detection).

// lineRecord reads Line: text[s:e] is the grid, the rest the comment.
func (r *Reader) lineRecord(text []byte, s, e int) (*Puzzle, error) {
	n := e - s
	order := sudoku.OrderForCells(n)
	if order == 0 || r.Order != 0 && order != r.Order {
		if k := notASCII(text[s:e]); k >= 0 {
			return nil, r.errAt(r.curLine, s+k+1, sudoku.SymbolError(text, s+k))
		}
		return nil, r.errAt(r.curLine, s+1, r.cellCountError(n))
	}
	p := newPuzzle(order)
	if err := r.fill(p.Grid, 0, text[s:e], r.curLine, s+1); err != nil {
		return nil, err
	}
	p.Line, p.Format = r.curLine, Line
	if c := bytes.TrimSpace(text[e:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p, nil
}

// line9 reads the common case fast: a valid 9x9 grid in Line that
// starts at text[s]. It returns nil if that is not what text holds, and
// lineRecord gives the answer or the error.
func (r *Reader) line9(text []byte, s int) *Puzzle {
	w := text[s:]
	if len(w) < 81 || len(w) > 81 && !isSpace(w[81]) || r.Order != 0 && r.Order != 3 {
		return nil
	}
	p := newPuzzle(3)
	if !r.fill9(p.Grid.Cells(), w[:81]) {
		return nil
	}
	p.Line, p.Format = r.curLine, Line
	if c := bytes.TrimSpace(w[81:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p
}
