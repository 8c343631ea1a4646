package sudoku

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Puzzle is one record read from a puzzle file.
type Puzzle struct {
	Grid     *Grid  // the puzzle
	Solution *Grid  // a solution given with the puzzle (FormatJSON "solution"), or nil
	Line     int    // 1-based line where the record starts
	Comment  string // text after the grid on its line (FormatLine, FormatGroups), "comment" (FormatJSON) or a "#C" line (FormatSDK), trimmed
	Format   Format // the format the record was read in
}

// Reader reads puzzles one at a time from a stream, like encoding/csv:
// only one record (and at most 16 lines ahead of it) is held in memory.
// Errors in the input are returned as *ParseError with the line and, where
// it applies, the column; after one, the next Read goes on with the next
// record. A line longer than MaxLineLength is such an error.
//
// # Lines
//
// Lines end in "\n" or "\r\n"; a UTF-8 byte order mark at the start is
// ignored. Between records, empty lines are skipped, and so are lines whose
// first non-blank character is '#' (comments). As a 64x64 grid may start
// with the symbol '#', a line is not a comment if its first word is made
// of symbols and is a 64x64 grid (4096 of them), the first of its groups
// (64 symbols, then another word of 64), or its first row (one word of 64
// symbols, and the next line is one word of 64 too). The text of a "#C"
// comment just before a FormatSDK grid becomes its Comment, as in SadMan
// files.
//
// A grid of several lines (numbers, pretty, sdk, ss) has one line a row,
// plus box lines; an empty line or the end of the input before the last
// row is an error. After an error inside such a grid, Read skips the
// grid's remaining rows, stopping early at a line that cannot be one of
// them.
//
// # Detection
//
// Unless Format forces one, the format of each record is found from its
// first line. Let w be the first word of the line (its characters up to a
// space or tab) and n its length; a side is 4, 9, 16, 25, 36, 49 or 64.
//
//   - A first word of more than 64 symbols is a FormatLine grid (the
//     common case, checked first).
//   - '{' starts FormatJSON. A line "[puzzle]" (in any case) starts a
//     FormatSDK grid.
//   - A line starting with '+', '|', '*', '-' or '=', or whose first word
//     holds '|', or whose first word has at most 2 characters and which
//     holds '|' ("5 3 . | . 7 . | . . ."), starts a boxed grid:
//     FormatPretty when its rows separate cells with spaces, FormatSS
//     otherwise. Lines made of '-', '=', '+',
//     '|', '*' and spaces with at least one '-' or '=' are box lines. In
//     rows, '|' and spaces are ignored; '.', '0', '_' and '*' are blanks,
//     and so are 'x' and 'X' where they are not symbols. A row whose words
//     (between spaces and '|') have at most 2 characters, some 2, and
//     whose number of words is a side is a row of numbers, as other
//     programs print 16x16 grids: "| 1 12  . 16 | ..."
//   - If n is a side and the second word has n characters too, it is
//     FormatGroups: n groups of n symbols; words after them are the
//     comment. For n = 16 (a 4x4 line puzzle may have a comment of 16
//     characters) the line must have 16 such words.
//   - A line that is one word of at most 9 digits is a count line
//     (FormatCounted), unless n is a side and the next line is one word of
//     the same length: then both are rows of symbols.
//   - A line that is one word whose length is a side other than 16 is the
//     first row of a grid written as rows of symbols (FormatSDK).
//   - A line of two or more words whose first word has at most 2
//     characters is the first row of a FormatNumbers grid; the number of
//     words is the side. A word is a decimal number (0 blank) or one
//     symbol ('.' blank).
//   - Anything else is FormatLine: w is the grid and the rest of the line
//     the comment.
//
// A line that is one word of 16 symbols is ambiguous: a 4x4 puzzle in
// FormatLine, or the first row of a 16x16 grid. It is a row if the next 15
// lines are each one word of 16 characters too and one of the 16 holds a
// symbol above 4; otherwise it is a 4x4 puzzle. Set Order to 2 or 4 to
// decide.
//
// In a counted block the count line is not a puzzle; the grids after it
// are detected as above (a count line there is an error) and returned
// with Format FormatCounted. A file that ends before the count is reached
// gives an error on the count line. Grids after the count are read as
// usual.
type Reader struct {
	// Format forces a format; FormatAuto (the default) detects it for
	// each record. FormatPretty and FormatSS both read any boxed grid;
	// FormatCounted wants a count line before each block of grids.
	Format Format
	// Order, if not 0, is the order every grid must have; it also decides
	// the 16-character ambiguity.
	Order int
	// File names the input in errors; empty for none.
	File string

	br      *bufio.Reader
	line    int    // number of the last line read from br
	cur     []byte // the current line, without its line end
	curLine int    // number of the current line
	queue   []qline
	qhead   int

	countLeft int // grids still due in a counted block
	countWant int // the count of the block
	countLine int // the line of the count
	inCount   bool
	meta      []byte // the text of the last "#C" line before a record

	sym [256]uint8 // 1+value of each symbol character; 0 for none
}

// qline is a line read ahead.
type qline struct {
	text []byte
	num  int
	err  error
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{br: bufio.NewReaderSize(r, 64<<10)}
	for c := 0; c < 256; c++ {
		if v, ok := SymbolValue(byte(c)); ok {
			rd.sym[c] = uint8(v + 1)
		}
	}
	return rd
}

// Parse reads the first puzzle of s, in any format (see Reader), and
// returns its grid.
func Parse(s string) (*Grid, error) {
	p, err := NewReader(strings.NewReader(s)).Read()
	if err == io.EOF {
		return nil, errors.New("sudoku: no puzzle in input")
	}
	if err != nil {
		return nil, err
	}
	return p.Grid, nil
}

// MustParse is like Parse but panics if s is not a puzzle. It is meant
// for examples and tests with known input.
func MustParse(s string) *Grid {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}

// readLine reads the next line from br into *dst, without its line end.
func (r *Reader) readLine(dst *[]byte, num *int) error {
	b, err := r.br.ReadSlice('\n')
	if len(b) == 0 && err != nil {
		return err
	}
	r.line++
	*num = r.line
	*dst = append((*dst)[:0], b...)
	for err == bufio.ErrBufferFull {
		b, err = r.br.ReadSlice('\n')
		if len(*dst)+len(b) > MaxLineLength+2 {
			for err == bufio.ErrBufferFull {
				_, err = r.br.ReadSlice('\n')
			}
			*dst = (*dst)[:0]
			if err != nil && err != io.EOF {
				return err
			}
			return &ParseError{File: r.File, Line: r.line, Err: detailf(ErrLineTooLong, "line longer than %d bytes", MaxLineLength)}
		}
		*dst = append(*dst, b...)
	}
	if err != nil && err != io.EOF {
		return err
	}
	d := *dst
	if r.line == 1 && bytes.HasPrefix(d, []byte("\xef\xbb\xbf")) {
		d = d[3:] // a UTF-8 byte order mark
	}
	if len(d) > 0 && d[len(d)-1] == '\n' {
		d = d[:len(d)-1]
	}
	if len(d) > 0 && d[len(d)-1] == '\r' {
		d = d[:len(d)-1]
	}
	if len(d) > MaxLineLength {
		*dst = d[:0]
		return &ParseError{File: r.File, Line: r.line, Err: detailf(ErrLineTooLong, "line longer than %d bytes", MaxLineLength)}
	}
	*dst = d
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

// peek returns the i-th line after the current one (0 is the next line)
// without taking it. The line stays valid until the next call of peek
// after the queue of lines read ahead has emptied.
func (r *Reader) peek(i int) ([]byte, error) {
	for r.qhead+i >= len(r.queue) {
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

// isSpace reports whether c separates words: a space, tab, carriage
// return, vertical tab or form feed.
func isParseError(err error) bool {
	var pe *ParseError
	return errors.As(err, &pe)
}

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
func isSide(n int) bool { return OrderForSide(n) != 0 }

// oneWord reports whether b holds exactly one word, and returns it.
func oneWord(b []byte) (start, end int, ok bool) {
	start = skipSpace(b, 0)
	end = wordEnd(b, start)
	return start, end, start < end && skipSpace(b, end) == len(b)
}

func (r *Reader) errAt(line, col int, err error) error {
	return &ParseError{File: r.File, Line: line, Column: col, Err: err}
}

// Read returns the next puzzle, or io.EOF at the end of the input.
// Input errors are *ParseError; other errors come from the underlying
// reader.
func (r *Reader) Read() (*Puzzle, error) {
	for {
		if r.countLeft > 0 {
			return r.readCounted()
		}
		if err := r.next(); err != nil {
			return nil, err
		}
		text := r.cur
		s := skipSpace(text, 0)
		if s == len(text) {
			r.meta = r.meta[:0]
			continue
		}
		if text[s] == '#' && r.isComment(text, s) {
			if len(text) > s+1 && text[s+1] == 'C' {
				r.meta = append(r.meta[:0], bytes.TrimSpace(text[s+2:])...)
			}
			continue
		}
		var p *Puzzle
		var err error
		switch r.Format {
		case FormatLine:
			if p = r.line9(text, s); p == nil {
				p, err = r.lineRecord(text, s, wordEnd(text, s))
			}
		case FormatGroups:
			p, err = r.groupsRecord(text, s)
		case FormatNumbers:
			p, err = r.rows(kindNumbers, FormatNumbers, r.curLine)
		case FormatCounted:
			p, err = r.countRecord(text, s)
		case FormatPretty, FormatSS:
			p, err = r.boxed()
		case FormatSDK:
			p, err = r.sdk()
		case FormatJSON:
			p, err = r.jsonRecord(text, s)
		default:
			p, err = r.auto(text, s)
		}
		if p != nil && p.Format == FormatSDK && len(r.meta) > 0 {
			p.Comment = string(r.meta)
		}
		r.meta = r.meta[:0]
		if p != nil || err != nil {
			return p, err
		}
		// A count line: go on with its grids.
	}
}

// isComment reports whether text, whose first non-blank byte text[s] is
// '#', is a comment rather than the start of a 64x64 grid.
func (r *Reader) isComment(text []byte, s int) bool {
	if r.Format == FormatJSON || r.Order != 0 && r.Order != 8 {
		return true
	}
	e := s
	for e < len(text) && r.sym[text[e]] != 0 {
		e++
	}
	if e < len(text) && !isSpace(text[e]) {
		return true
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

// auto detects the format of the record starting at the current line.
func (r *Reader) auto(text []byte, s int) (*Puzzle, error) {
	if p := r.line9(text, s); p != nil {
		return p, nil
	}
	// A word of more than 64 symbols is a line grid.
	e := s
	for e < len(text) && r.sym[text[e]] != 0 {
		e++
	}
	if e-s > 64 && (e == len(text) || isSpace(text[e])) {
		return r.lineRecord(text, s, e)
	}
	e = wordEnd(text, e)
	n := e - s
	switch c := text[s]; {
	case c == '{':
		return r.jsonRecord(text, s)
	case c == '[':
		return r.sdk()
	case c == '+' || c == '|' || c == '*' || c == '-' || c == '=' || bytes.IndexByte(text[s:e], '|') >= 0 ||
		n <= 2 && bytes.IndexByte(text[e:], '|') >= 0:
		return r.boxed()
	}
	if n > 64 {
		return r.lineRecord(text, s, e)
	}
	if isSide(n) && (n != 16 && isGroups(text, s, n, 2) || isGroups(text, s, n, n)) {
		return r.groupsRecord(text, s)
	}
	single := skipSpace(text, e) == len(text)
	if single {
		if n <= 9 && allDigits(text[s:e]) && !r.inCount {
			if !isSide(n) {
				return r.countRecord(text, s)
			}
			next, err := r.peek(0)
			if err != nil {
				return r.countRecord(text, s)
			}
			if ns, ne, ok := oneWord(next); !ok || ne-ns != n {
				return r.countRecord(text, s)
			}
		}
		if isSide(n) && (n != 16 || r.rows16(text[s:e])) {
			return r.rows(kindSymbols, FormatSDK, r.curLine)
		}
		return r.lineRecord(text, s, e)
	}
	if n <= 2 {
		return r.rows(kindNumbers, FormatNumbers, r.curLine)
	}
	return r.lineRecord(text, s, e)
}

// rows16 decides whether w, one word of 16 characters, is a row of a
// 16x16 grid rather than a 4x4 puzzle.
func (r *Reader) rows16(w []byte) bool {
	switch r.Order {
	case 2:
		return false
	case 4:
		return true
	}
	big := r.above4(w)
	for i := 0; i < 15; i++ {
		next, err := r.peek(i)
		if err != nil {
			return false
		}
		s, e, ok := oneWord(next)
		if !ok || e-s != 16 {
			return false
		}
		big = big || r.above4(next[s:e])
	}
	return big
}

// above4 reports whether w holds a symbol with a value above 4.
func (r *Reader) above4(w []byte) bool {
	for _, c := range w {
		if r.sym[c] > 5 {
			return true
		}
	}
	return false
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

// checkOrder checks the order of a grid against r.Order. The error names
// what (e.g. "row of") and n, the side it implies.
func (r *Reader) checkOrder(order, line, col int, what string, n int) error {
	if r.Order != 0 && order != r.Order {
		s := r.Order * r.Order
		return r.errAt(line, col, detailf(ErrCellCount, "%s %d, want order %d (%dx%d)", what, n, r.Order, s, s))
	}
	return nil
}

// cellCountError describes a line grid of n cells.
func (r *Reader) cellCountError(n int) error {
	if r.Order != 0 {
		s := r.Order * r.Order
		return detailf(ErrCellCount, "%d %s, want %d", n, plural(n, "cell"), s*s)
	}
	want := 16
	for o := MinOrder; o <= MaxOrder; o++ {
		c := o * o * o * o
		if abs(c-n) < abs(want-n) {
			want = c
		}
	}
	return detailf(ErrCellCount, "%d %s, want %d", n, plural(n, "cell"), want)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// symbolError describes character c, which is not a symbol.
func symbolError(c byte) error {
	return detailf(ErrSymbol, "%s is not a symbol", quoteByte(c))
}

// rangeError describes value v, written c, at row, col of a grid with the
// given side: a *RangeError for a digit, ErrSymbol for a letter.
func rangeError(c byte, row, col, v, side int) error {
	if c >= '0' && c <= '9' {
		return &RangeError{Row: row, Col: col, Value: v, Side: side}
	}
	last := string(Symbols[side-1])
	var rng string
	switch {
	case side <= 9:
		rng = "1-" + last
	case side <= 35:
		rng = "1-9, A-" + last
	case side <= 61:
		rng = "1-9, A-Z, a-" + last
	default:
		rng = "1-9, A-Z, a-z, " + Symbols[61:side]
	}
	return detailf(ErrSymbol, "%s is not a symbol for %dx%d (%s)", quoteByte(c), side, side, rng)
}

func quoteByte(c byte) string {
	if c >= ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return "'" + string(rune(c)) + "'"
	}
	return fmt.Sprintf("%q", string([]byte{c}))
}

// fill sets the cells of g from index at on from the symbols in w, which
// starts at column col of line. It returns an error naming the first bad
// symbol.
func (r *Reader) fill(g *Grid, at int, w []byte, line, col int) error {
	side := g.Side()
	cells := g.cells[at : at+len(w)]
	lim := uint8(side + 1)
	for i, c := range w {
		v := r.sym[c]
		if v == 0 || v > lim {
			if v == 0 {
				return r.errAt(line, col+i, symbolError(c))
			}
			k := at + i
			return r.errAt(line, col+i, rangeError(c, k/side, k%side, int(v-1), side))
		}
		cells[i] = v - 1
	}
	return nil
}

// lineRecord reads FormatLine: text[s:e] is the grid, the rest the comment.
func (r *Reader) lineRecord(text []byte, s, e int) (*Puzzle, error) {
	n := e - s
	order := OrderForCells(n)
	if order == 0 || r.Order != 0 && order != r.Order {
		return nil, r.errAt(r.curLine, s+1, r.cellCountError(n))
	}
	p := newPuzzle(order)
	if err := r.fill(p.Grid, 0, text[s:e], r.curLine, s+1); err != nil {
		return nil, err
	}
	p.Line, p.Format = r.curLine, FormatLine
	if c := bytes.TrimSpace(text[e:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p, nil
}

// line9 reads the common case fast: a valid 9x9 grid in FormatLine that
// starts at text[s]. It returns nil if that is not what text holds, and
// lineRecord gives the answer or the error.
func (r *Reader) line9(text []byte, s int) *Puzzle {
	w := text[s:]
	if len(w) < 81 || len(w) > 81 && !isSpace(w[81]) || r.Order != 0 && r.Order != 3 {
		return nil
	}
	p := newPuzzle(3)
	cells := p.Grid.cells[:81]
	for i, c := range w[:81] {
		v := r.sym[c] - 1 // 255 for no symbol
		if v > 9 {
			return nil
		}
		cells[i] = v
	}
	p.Line, p.Format = r.curLine, FormatLine
	if c := bytes.TrimSpace(w[81:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p
}

// puzzle9 is a 9x9 Puzzle with its grid, allocated at once.
type puzzle9 struct {
	p     Puzzle
	g     Grid
	cells [81]uint8
}

// newPuzzle returns a Puzzle with an empty grid of the given order (2..8).
// For 9x9 grids, the common case, it makes one allocation instead of three.
func newPuzzle(order int) *Puzzle {
	if order == 3 {
		a := &puzzle9{}
		a.g.order = 3
		a.g.cells = a.cells[:]
		a.p.Grid = &a.g
		return &a.p
	}
	g, _ := New(order)
	return &Puzzle{Grid: g}
}

// groupsRecord reads FormatGroups.
func (r *Reader) groupsRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	side := wordEnd(text, s) - s
	order := OrderForSide(side)
	if order == 0 {
		return nil, r.errAt(line, s+1, detailf(ErrCellCount, "group of %d symbols, want 4, 9, 16, 25, 36, 49 or 64", side))
	}
	if err := r.checkOrder(order, line, s+1, "groups of", side); err != nil {
		return nil, err
	}
	p := newPuzzle(order)
	g := p.Grid
	i := s
	for k := 0; k < side; k++ {
		i = skipSpace(text, i)
		if i == len(text) {
			return nil, r.errAt(line, 0, detailf(ErrCellCount, "%d %s, want %d", k, plural(k, "group"), side))
		}
		e := wordEnd(text, i)
		if e-i != side {
			return nil, r.errAt(line, i+1, detailf(ErrCellCount, "group %d has %d symbols, want %d", k+1, e-i, side))
		}
		if err := r.fill(g, k*side, text[i:e], line, i+1); err != nil {
			return nil, err
		}
		i = e
	}
	p.Line, p.Format = line, FormatGroups
	if c := bytes.TrimSpace(text[i:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p, nil
}

// countRecord reads a count line and starts a counted block.
func (r *Reader) countRecord(text []byte, s int) (*Puzzle, error) {
	ws, we, ok := oneWord(text)
	if !ok || we-ws > 9 || !allDigits(text[ws:we]) {
		return nil, r.errAt(r.curLine, s+1, detailf(ErrCount, "want a count line (a number)"))
	}
	n := 0
	for _, c := range text[ws:we] {
		n = n*10 + int(c-'0')
	}
	r.countLeft, r.countWant, r.countLine = n, n, r.curLine
	return nil, nil
}

// readCounted reads the next grid of a counted block.
func (r *Reader) readCounted() (*Puzzle, error) {
	for {
		err := r.next()
		if err == io.EOF {
			found := r.countWant - r.countLeft
			r.countLeft = 0
			return nil, r.errAt(r.countLine, 0, detailf(ErrCount, "count says %d grids, file ends after %d", r.countWant, found))
		}
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				r.countLeft--
			}
			return nil, err
		}
		text := r.cur
		s := skipSpace(text, 0)
		if s == len(text) || text[s] == '#' && r.isComment(text, s) {
			continue
		}
		r.countLeft--
		r.inCount = true
		var p *Puzzle
		if e := wordEnd(text, s); e-s <= 9 && allDigits(text[s:e]) && !isSide(e-s) && skipSpace(text, e) == len(text) {
			err = r.errAt(r.curLine, s+1, detailf(ErrCount, "count line inside a counted block (%d grids still due)", r.countLeft+1))
		} else {
			p, err = r.auto(text, s)
		}
		r.inCount = false
		if p != nil {
			p.Format = FormatCounted
		}
		return p, err
	}
}

// Row kinds of multi-line grids.
type rowKind int

const (
	kindSymbols rowKind = iota // rows of symbols: "53..7...."
	kindNumbers                // rows of numbers: "5 3 0 0 7 0 0 0 0"
	kindBoxed                  // rows with '|' box lines: "| 5 3 . | . 7 . |"
)

// isBoxLine reports whether b is a line of box drawing: only '-', '=',
// '+', '|', '*' and spaces, with at least one '-' or '='.
func isBoxLine(b []byte) bool {
	dash := false
	for _, c := range b {
		switch c {
		case '-', '=':
			dash = true
		case '+', '|', '*', ' ', '\t':
		default:
			return false
		}
	}
	return dash
}

// rowSide returns the side that the row in text implies.
func (r *Reader) rowSide(kind rowKind, text []byte) int {
	n := 0
	switch kind {
	case kindSymbols:
		s := skipSpace(text, 0)
		n = wordEnd(text, s) - s
	case kindNumbers:
		for i := skipSpace(text, 0); i < len(text); i = skipSpace(text, i) {
			i = wordEnd(text, i)
			n++
		}
	case kindBoxed:
		if words, numeric := boxedNumbers(text); numeric {
			return words
		}
		for _, c := range text {
			if !isSpace(c) && c != '|' {
				n++
			}
		}
	}
	return n
}

// rows reads a grid written one row a line, starting at the current line.
// The grid starts on line start (before the current line if it has box
// lines or a header).
func (r *Reader) rows(kind rowKind, f Format, start int) (*Puzzle, error) {
	side := r.rowSide(kind, r.cur)
	if r.Order != 0 && side != r.Order*r.Order && kind == kindNumbers {
		side = r.Order * r.Order // let the row check name the place
	}
	order := OrderForSide(side)
	if order == 0 {
		what := plural(side, "cell")
		if kind == kindNumbers {
			what = plural(side, "number")
		}
		r.skipGrid(kind, min(max(side, 1), 64), 1)
		return nil, r.errAt(start, 0, detailf(ErrCellCount, "row of %d %s, want 4, 9, 16, 25, 36, 49 or 64", side, what))
	}
	if err := r.checkOrder(order, start, 0, "row of", side); err != nil {
		r.skipGrid(kind, side, 1)
		return nil, err
	}
	p := newPuzzle(order)
	g := p.Grid
	if kind == kindBoxed && f == FormatAuto {
		f = FormatSS
		if bytes.IndexByte(bytes.TrimSpace(bytes.Trim(r.cur, "|")), ' ') >= 0 {
			f = FormatPretty
		}
	}
	row := 0
	for {
		if kind != kindBoxed || !isBoxLine(r.cur) {
			if err := r.parseRow(kind, g, row, r.cur); err != nil {
				r.skipGrid(kind, side, row+1)
				return nil, err
			}
			row++
			if row == side {
				break
			}
		}
		err := r.next()
		if err == io.EOF || err == nil && skipSpace(r.cur, 0) == len(r.cur) {
			return nil, r.errAt(start, 0, detailf(ErrCellCount, "grid has %d %s, want %d", row, plural(row, "row"), side))
		}
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				r.skipGrid(kind, side, row+1)
			}
			return nil, err
		}
	}
	if kind == kindBoxed {
		if next, err := r.peek(0); err == nil && isBoxLine(next) {
			r.next()
		}
	}
	p.Line, p.Format = start, f
	return p, nil
}

// skipGrid skips the rest of a grid after an error in it, when done rows
// have been read: up to the grid's last row, or to the first line that
// does not look like one of its rows (an empty line, a line puzzle), or to
// the end of the input.
func (r *Reader) skipGrid(kind rowKind, side, done int) {
	for done < side {
		next, err := r.peek(0)
		if err != nil || !looksLikeRow(kind, next) {
			return
		}
		r.next()
		if kind != kindBoxed || !isBoxLine(next) {
			done++
		}
	}
	if kind == kindBoxed {
		if next, err := r.peek(0); err == nil && isBoxLine(next) {
			r.next()
		}
	}
}

// plural returns word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// looksLikeRow reports whether b could be a row (or a box line) of a grid
// of the given kind.
func looksLikeRow(kind rowKind, b []byte) bool {
	s := skipSpace(b, 0)
	if s == len(b) {
		return false
	}
	switch kind {
	case kindSymbols:
		s, e, ok := oneWord(b)
		return ok && e-s <= 64
	case kindNumbers:
		return shortWords(b, 0)
	}
	return bytes.IndexByte(b, '|') >= 0 || isBoxLine(b)
}

// parseRow fills row row of g from text.
func (r *Reader) parseRow(kind rowKind, g *Grid, row int, text []byte) error {
	side := g.Side()
	line := r.curLine
	switch kind {
	case kindSymbols:
		s, e, ok := oneWord(text)
		if !ok || e-s != side {
			if !ok && s < e {
				return r.errAt(line, skipSpace(text, e)+1, detailf(ErrCellCount, "row %d: want %d symbols and nothing after them", row+1, side))
			}
			return r.errAt(line, s+1, detailf(ErrCellCount, "row %d has %d cells, want %d", row+1, e-s, side))
		}
		return r.fill(g, row*side, text[s:e], line, s+1)
	case kindNumbers:
		return r.numberRow(kind, g, row, text)
	case kindBoxed:
		if _, numeric := boxedNumbers(text); numeric {
			return r.numberRow(kind, g, row, text)
		}
		k := 0
		for i, c := range text {
			if isSpace(c) || c == '|' {
				continue
			}
			if k == side {
				return r.errAt(line, i+1, detailf(ErrCellCount, "row %d has more than %d cells", row+1, side))
			}
			v := int(r.sym[c]) - 1
			switch {
			case c == '_' || c == '*' || (c == 'x' || c == 'X') && v > side:
				v = 0
			case v < 0:
				return r.errAt(line, i+1, symbolError(c))
			case v > side:
				return r.errAt(line, i+1, rangeError(c, row, k, v, side))
			}
			g.cells[row*side+k] = uint8(v)
			k++
		}
		if k < side {
			return r.errAt(line, 0, detailf(ErrCellCount, "row %d has %d %s, want %d", row+1, k, plural(k, "cell"), side))
		}
	}
	return nil
}

// numberRow fills row row of g from text, a row of numbers (with '|'
// box lines if kind is kindBoxed).
func (r *Reader) numberRow(kind rowKind, g *Grid, row int, text []byte) error {
	boxed := kind == kindBoxed
	side := g.Side()
	line := r.curLine
	next := func(i int) int {
		for i < len(text) && (isSpace(text[i]) || boxed && text[i] == '|') {
			i++
		}
		return i
	}
	end := func(i int) int {
		for i < len(text) && !isSpace(text[i]) && !(boxed && text[i] == '|') {
			i++
		}
		return i
	}
	k := 0
	for i := next(0); i < len(text); i = next(i) {
		e := end(i)
		if k == side {
			return r.errAt(line, i+1, detailf(ErrCellCount, "row %d has more than %d numbers", row+1, side))
		}
		v, err := r.number(text[i:e])
		if err != nil {
			return r.errAt(line, i+1, err)
		}
		if v > side {
			c := byte('0')
			if e-i == 1 {
				c = text[i]
			}
			return r.errAt(line, i+1, rangeError(c, row, k, v, side))
		}
		g.cells[row*side+k] = uint8(v)
		k++
		i = e
	}
	if k < side {
		return r.errAt(line, 0, detailf(ErrCellCount, "row %d has %d %s, want %d", row+1, k, plural(k, "number"), side))
	}
	return nil
}

// boxedNumbers reports whether text, a row of a boxed grid, holds numbers
// rather than symbols: words (between spaces and '|') of at most 2
// characters, one of them of 2, and as many words as a side. It also
// returns the number of words.
func boxedNumbers(text []byte) (words int, numeric bool) {
	long := false
	for i := 0; i < len(text); {
		for i < len(text) && (isSpace(text[i]) || text[i] == '|') {
			i++
		}
		if i == len(text) {
			break
		}
		e := i
		for e < len(text) && !isSpace(text[e]) && text[e] != '|' {
			e++
		}
		switch {
		case e-i > 2:
			return 0, false
		case e-i == 2:
			long = true
		}
		words++
		i = e
	}
	return words, long && isSide(words)
}

// number returns the value of a word in a row of numbers: a decimal
// number, or one symbol character ('.' for a blank).
func (r *Reader) number(w []byte) (int, error) {
	if allDigits(w) {
		if len(w) > 4 {
			return 0, detailf(ErrSymbol, "%q is not a number up to 64", w)
		}
		v := 0
		for _, c := range w {
			v = v*10 + int(c-'0')
		}
		return v, nil
	}
	if len(w) == 1 && r.sym[w[0]] != 0 {
		return int(r.sym[w[0]]) - 1, nil
	}
	if len(w) == 1 {
		return 0, symbolError(w[0])
	}
	return 0, detailf(ErrSymbol, "%q is not a number", w)
}

// boxed reads a grid with box lines, starting at the current line.
func (r *Reader) boxed() (*Puzzle, error) {
	f := FormatAuto
	if r.Format == FormatPretty || r.Format == FormatSS {
		f = r.Format
	}
	start := r.curLine
	for isBoxLine(r.cur) {
		err := r.next()
		if err == io.EOF || err == nil && skipSpace(r.cur, 0) == len(r.cur) {
			return nil, r.errAt(start, 0, detailf(ErrSyntax, "box line without a grid"))
		}
		if err != nil {
			return nil, err
		}
	}
	return r.rows(kindBoxed, f, start)
}

// sdk reads FormatSDK: an optional "[Puzzle]" line, then rows of symbols.
func (r *Reader) sdk() (*Puzzle, error) {
	start := r.curLine
	s, e, _ := oneWord(r.cur)
	if r.cur[s] == '[' {
		if !bytes.EqualFold(r.cur[s:e], []byte("[Puzzle]")) {
			return nil, r.errAt(start, s+1, detailf(ErrSyntax, "unknown section %s, want [Puzzle]", r.cur[s:e]))
		}
		for {
			err := r.next()
			if err == io.EOF {
				return nil, r.errAt(start, 0, detailf(ErrSyntax, "[Puzzle] without a grid"))
			}
			if err != nil {
				return nil, err
			}
			if t := skipSpace(r.cur, 0); t < len(r.cur) && r.cur[t] != '#' {
				break
			}
		}
	}
	return r.rows(kindSymbols, FormatSDK, start)
}

// jsonPuzzle is the object of one FormatJSON line, as written.
type jsonPuzzle struct {
	Order    int    `json:"order,omitempty"`
	Grid     string `json:"grid"`
	Solution string `json:"solution,omitempty"`
	Comment  string `json:"comment,omitempty"`
}

// jsonInput is the object of one FormatJSON line, as read: a grid is a
// string of symbols, an array of rows of numbers, or an array of numbers.
type jsonInput struct {
	Order    int             `json:"order"`
	Grid     json.RawMessage `json:"grid"`
	Solution json.RawMessage `json:"solution"`
	Comment  string          `json:"comment"`
}

// jsonRecord reads FormatJSON.
func (r *Reader) jsonRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	var j jsonInput
	if err := json.Unmarshal(text, &j); err != nil {
		col := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		if errors.As(err, &se) {
			col = int(se.Offset)
		} else if errors.As(err, &te) {
			col = int(te.Offset)
		}
		return nil, r.errAt(line, col, detailf(ErrSyntax, "%v", err))
	}
	if j.Order != 0 && (j.Order < MinOrder || j.Order > MaxOrder) {
		return nil, r.errAt(line, 0, detailf(ErrCellCount, "order %d out of range %d-%d", j.Order, MinOrder, MaxOrder))
	}
	if isJSONNull(j.Grid) {
		return nil, r.errAt(line, 0, detailf(ErrSyntax, `no "grid" field`))
	}
	g, err := r.jsonField(text, "grid", j.Grid, j.Order)
	if err != nil {
		return nil, err
	}
	p := &Puzzle{Grid: g, Line: line, Comment: j.Comment, Format: FormatJSON}
	if !isJSONNull(j.Solution) {
		if p.Solution, err = r.jsonField(text, "solution", j.Solution, g.Order()); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func isJSONNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// jsonField parses the grid in field name of a JSON line, whose value is
// raw.
func (r *Reader) jsonField(text []byte, name string, raw json.RawMessage, order int) (*Grid, error) {
	if raw[0] == '"' {
		var cells string
		if err := json.Unmarshal(raw, &cells); err != nil {
			return nil, r.errAt(r.curLine, 0, detailf(ErrSyntax, "%s: %v", name, err))
		}
		return r.jsonGrid(text, name, cells, order)
	}
	line := r.curLine
	col := 0
	if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
		col = k + 1
	}
	fail := func(err error) (*Grid, error) {
		return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, err))
	}
	var vals []int
	var rows [][]int
	if err := json.Unmarshal(raw, &rows); err == nil {
		for i, row := range rows {
			if len(row) != len(rows) {
				return fail(detailf(ErrCellCount, "row %d has %d %s, want %d", i+1, len(row), plural(len(row), "value"), len(rows)))
			}
			vals = append(vals, row...)
		}
	} else if err := json.Unmarshal(raw, &vals); err != nil {
		return fail(detailf(ErrSyntax, "want a string of symbols, an array of rows or an array of numbers"))
	}
	o := OrderForCells(len(vals))
	want := order
	if want == 0 {
		want = r.Order
	}
	if o == 0 || want != 0 && o != want {
		if want == 0 {
			return fail(r.cellCountError(len(vals)))
		}
		return fail(detailf(ErrCellCount, "%d cells, want %d", len(vals), want*want*want*want))
	}
	g, _ := New(o)
	side := g.Side()
	for i, v := range vals {
		if v < 0 || v > side {
			return fail(&RangeError{Row: i / side, Col: i % side, Value: v, Side: side})
		}
		g.cells[i] = uint8(v)
	}
	return g, nil
}

// jsonGrid parses the grid in field name of a JSON line.
func (r *Reader) jsonGrid(text []byte, name, cells string, order int) (*Grid, error) {
	line := r.curLine
	col := 0
	if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
		if q := bytes.IndexByte(text[k+len(name)+2:], '"'); q >= 0 {
			col = k + len(name) + 2 + q + 2
		}
	}
	o := OrderForCells(len(cells))
	if o == 0 || order != 0 && o != order || r.Order != 0 && o != r.Order {
		want := order
		if want == 0 {
			want = r.Order
		}
		if want == 0 {
			return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, r.cellCountError(len(cells))))
		}
		return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, detailf(ErrCellCount, "%d cells, want %d", len(cells), want*want*want*want)))
	}
	g, _ := New(o)
	if err := r.fill(g, 0, []byte(cells), line, col); err != nil {
		pe := err.(*ParseError)
		if col == 0 {
			pe.Column = 0
		}
		pe.Err = fmt.Errorf("%s: %w", name, pe.Err)
		return nil, pe
	}
	return g, nil
}
