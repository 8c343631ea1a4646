package format

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"

	"github.com/gosudoku/sudoku"
)

// The source: the lines of the input with the lines read ahead, the
// Reader's settings and the helpers every format family reads with. The
// families use it; it uses none of them.

// source is the input every format family reads from.
type source struct {
	*ReadOptions // the Reader's

	src     lineScanner
	line    int    // number of the last line read from src
	cur     []byte // the current line, without its line end
	curLine int    // number of the current line
	queue   []qline
	qhead   int

	sym [256]uint8 // 1+value of each symbol character; 0 for none

	// cellAt, when not nil, gets the line and column of each cell of a
	// boxed or pencil-mark grid read: SSMarks names the cell at fault
	// when it compares its grids.
	cellAt [][2]int
}

// init makes s read from its scanner, with the table of symbols filled.
func (r *source) init() {
	for c := 0; c < 256; c++ {
		if v, ok := sudoku.SymbolValue(byte(c)); ok {
			r.sym[c] = uint8(v + 1)
		}
	}
}

// qline is a line read ahead.
type qline struct {
	text []byte
	num  int
	err  error
}

// readLine reads the next line into *dst, without its line end.
func (r *source) readLine(dst *[]byte, num *int) error {
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
func (r *source) next() error {
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
func (r *source) unread() {
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
func (r *source) peek(i int) ([]byte, error) {
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
func (r *source) fill(g *sudoku.Grid, at int, w []byte, line, col int) error {
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
func (r *source) fill9(cells []uint8, w []byte) bool {
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

func (r *source) errAt(line, col int, err error) error {
	return &sudoku.ParseError{File: r.File, Line: line, Column: col, Err: err}
}

// checkOrder checks the order of a grid against r.Order. The error names
// what (e.g. "row of") and n, the side it implies.
func (r *source) checkOrder(order, line, col int, what string, n int) error {
	if r.Order != 0 && order != r.Order {
		s := r.Order * r.Order
		return r.errAt(line, col, detailf(sudoku.ErrCellCount, "%s %d, want order %d (%dx%d)", what, n, r.Order, s, s))
	}
	return nil
}

// rowsOrder returns the order of a grid of rows of side cells that starts
// at line start, or an error: a side of no grid (order 0), or an order
// other than r.Order.
func (r *source) rowsOrder(side, start int) (int, error) {
	order := sudoku.OrderForSide(side)
	if order == 0 {
		return 0, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "row of %d %s, want 4, 9, 16, 25, 36, 49 or 64", side, plural(side, "cell")))
	}
	return order, r.checkOrder(order, start, 0, "row of", side)
}

// cellCountError describes a line grid of n cells.
func (r *source) cellCountError(n int) error {
	return sudoku.CellCountError(n, r.Order)
}

// isComment reports whether text, whose first non-blank byte text[s] is
// '#', is a comment rather than the start of a 64x64 grid.
func (r *source) isComment(text []byte, s int) bool {
	if r.Format == JSON || r.Order != 0 && r.Order != 8 {
		return true
	}
	e := s
	for e < len(text) && r.sym[text[e]] != 0 {
		e++
	}
	if e < len(text) && !isSpace(text[e]) {
		return true
	}
	if len(bytes.Trim(text[s:e], "#")) == 0 {
		return true // a banner: no grid repeats one symbol in every cell
	}
	switch e - s {
	case 4096:
		return false // a line grid
	case 64:
		if skipSpace(text, e) == len(text) {
			// One word: the first row of a grid of symbols if the next
			// line is one word of 64 symbols too.
			next, err := r.peek(0)
			if err != nil {
				return true
			}
			ns, ne, ok := oneWord(next)
			return !ok || ne-ns != 64
		}
		return !isGroups(text, s, 64, 2)
	}
	return true
}

// ReadOptions are the settings of a Reader; the zero value detects the
// format of each record and takes every order.
type ReadOptions struct {
	// Format forces a format; Auto (the default) detects it for
	// each record. Pretty and SS both read any boxed grid;
	// Counted wants a count line before each block of grids.
	Format Format
	// Order, if not 0, is the order every grid must have; it also decides
	// the 16-character ambiguity.
	Order int
	// File names the input in errors; empty for none.
	File string
	// Variants makes Auto detect the variant formats (FPuzzles, Link,
	// Rules, Jigsaw, Killer) too, record by record (see the package
	// documentation); without it their records are read as classic ones,
	// and fail. Reading then looks up to 71 lines ahead (a jigsaw's).
	Variants bool
}

// skipGrid skips the rest of a grid after an error in it, when done rows
// have been read: up to the grid's last row, or to the first line that
// does not look like one of its rows (an empty line, a line puzzle), or to
// the end of the input. row tells a line that can be a row or a border
// of the grid, border a border.
func (r *source) skipGrid(side, done int, row, border func([]byte) bool) {
	for done < side {
		next, err := r.peek(0)
		if err != nil || !row(next) {
			return
		}
		r.next()
		if !border(next) {
			done++
		}
	}
	if next, err := r.peek(0); err == nil && border(next) {
		r.next()
	}
}

// place is a line and column of the input.
type place struct{ line, col int }
