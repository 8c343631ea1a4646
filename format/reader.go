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

// Puzzle is one record read from a puzzle file.
type Puzzle struct {
	Grid     *sudoku.Grid // the puzzle
	Solution *sudoku.Grid // a solution given with the puzzle (JSON "solution"), or nil
	Line     int          // 1-based line where the record starts
	Comment  string       // text after the grid on its line (Line, Groups), "comment" (JSON), a "#C" line (SDK), the step fields (HoDoKu), hash and rating (Bank), the header lines (SadMan, SDX) or the folder's name (OpenSudoku), trimmed
	Format   Format       // the format the record was read in
}

// MaxLineLength is the longest line, in bytes, that a Reader accepts.
// A longer line is an error wrapping ErrLineTooLong, and reading goes on
// after it.
const MaxLineLength = 1 << 20

// Reader reads puzzles one at a time from a stream, like encoding/csv:
// only one record (and at most 16 lines ahead of it, 24 after a 9x9
// SS grid) is held in memory.
// Errors in the input are returned as *ParseError with the line and, where
// it applies, the column; after one, the next Read goes on with the next
// record. A line longer than MaxLineLength is such an error.
//
// # Lines
//
// Lines end in "\n", "\r\n" or a lone "\r"; a UTF-8 byte order mark at
// the start is ignored. Input that starts with a UTF-16 byte order mark,
// or with ASCII characters each next to a zero byte, is decoded from
// UTF-16. Between records, empty lines are skipped, and so are lines whose
// first non-blank character is '#' (comments). As a 64x64 grid may start
// with the symbol '#', a line is not a comment if its first word is made
// of symbols, not all '#' (a banner), and is a 64x64 grid (4096 of them),
// the first of its groups (64 symbols, then another word of 64), or its
// first row (one word of 64 symbols, and the next line is one word of 64
// too). A character that is not ASCII is named in errors as a whole
// character, with a hint for full-width digits. The text of a "#C"
// comment just before a SDK grid becomes its Comment, as in SadMan
// files.
//
// Header lines ('#' and a letter: "#A author", "#CJust start") before a
// SadMan or SDX record are its comment: the text of a lone
// "#C" line, or else every line as "#X text", separated by spaces.
//
// A grid of several lines (numbers, pretty, sdk, ss) has one line a row,
// plus box lines; an empty line or the end of the input before the last
// row is an error. So is a line that cannot be a row of the grid (such as
// a line puzzle), which is then read as the next record. After an error
// inside such a grid, Read skips the grid's remaining rows, stopping early
// at a line that cannot be one of them. A box line or a "[Puzzle]" line
// that is not followed by a grid (a separator such as "-----") is an error
// on its own line, and the line after it starts the next record.
//
// # Detection
//
// Unless Format forces one, the format of each record is found from its
// first line. Let w be the first word of the line (its characters up to a
// space or tab) and n its length; a side is 4, 9, 16, 25, 36, 49 or 64.
//
//   - A first word of more than 64 symbols is a Line grid (the
//     common case, checked first).
//   - A first word of exactly 729 characters is a 9x9 Sukaku line;
//     one of 162, or of 165 starting with "S9B", or a URL with "bd=", is
//     a Wiki board.
//   - A line that starts with ".-" starts a Pencil grid; so does a
//     boxed grid (below) whose first row holds candidate strings: words
//     side by side between its bars, as many as a side, one longer than 2
//     characters or a number above the side.
//   - A line of comma-separated names, one of them a puzzle column, is a
//     CSV header: the lines after it that hold a comma are its rows.
//   - '{' starts JSON. A line "[puzzle]" (in any case) starts a
//     SDK grid; a [State], [PencilMarks] or [Colours] section after
//     its rows makes it SadMan. A line that starts with ':' and holds 6
//     or 7 colons is a HoDoKu library line.
//   - A line whose first word is 12 hex digits and whose second word is
//     a line grid (16, 81, 256, ... symbols) is a Bank line.
//   - A line that starts with "<?xml" or "<opensudoku" starts a
//     OpenSudoku document: its games are records, read with
//     encoding/xml one token at a time (a tag or a text of at most
//     MaxLineLength bytes, elements nested at most 16 deep), whatever its
//     lines. Reading lines goes on after the end of its root element.
//     XML that is not well-formed, or that ends before its root element
//     does, is an error at its place; after it the lines that start with
//     '<' are skipped.
//   - A row of 9 words that are each a digit, "u" and a digit, or
//     candidates in ascending order ("679"), one of them candidates or
//     "u", whose next 8 lines have 9 words too, starts a SDX grid.
//   - A line starting with '+', '|', '*', '-' or '=', or whose first word
//     holds '|', or whose first word has at most 2 characters and which
//     holds '|' ("5 3 . | . 7 . | . . ."), starts a boxed grid:
//     Pretty when its rows separate cells with spaces, SS
//     otherwise. A 9x9 SS grid followed (past at most 4 empty
//     lines) by a pencil-mark grid with a "*---" top border, or by a
//     SS grid and then such a pencil-mark grid, is one SSMarks
//     record. Lines made of '-', '=', '+',
//     '|', '*' and spaces with at least one '-' or '=' are box lines. In
//     rows, '|' and spaces are ignored; '.', '0', '_' and '*' are blanks,
//     and so are 'x' and 'X' where they are not symbols. A row whose words
//     (between spaces and '|') have at most 2 characters, some 2, and
//     whose number of words is a side is a row of numbers, as other
//     programs print 16x16 grids: "| 1 12  . 16 | ..."
//   - If n is a side and the second word has n characters too, it is
//     Groups: n groups of n symbols; words after them are the
//     comment. For n = 16 (a 4x4 line puzzle may have a comment of 16
//     characters) the line must have 16 such words.
//   - A line that is one word of at most 9 digits is a count line
//     (Counted), unless n is a side and the next line is one word of
//     the same length: then both are rows of symbols. A count above 0 whose
//     next line (past blank and '#' lines) cannot start a grid of several
//     lines is a stray number: an error on its line, and the lines after
//     it are read as usual.
//   - A line that is one word whose length is a side other than 16 is the
//     first row of a grid written as rows of symbols (SDK).
//   - A line of two or more words whose first word has at most 2
//     characters is the first row of a Numbers grid; the number of
//     words is the side. A word is a decimal number (0 blank) or one
//     symbol ('.' blank).
//   - Anything else is Line: w is the grid and the rest of the line
//     the comment.
//
// A line that is one word of 16 symbols is ambiguous: a 4x4 puzzle in
// Line, or the first row of a 16x16 grid. It is a row if the next 15
// lines are each one word of 16 characters too and one of the 16 holds a
// symbol above 4; otherwise it is a 4x4 puzzle. Set Order to 2 or 4 to
// decide.
//
// In a counted block the count line is not a puzzle; the grids after it
// are detected as above (a count line there is an error) and returned
// with Format Counted. A file that ends before the count is reached
// gives an error on the count line. Grids after the count are read as
// usual.
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

	countLeft int // grids still due in a counted block
	countWant int // the count of the block
	countLine int // the line of the count
	inCount   bool
	meta      []byte // the text of the last "#C" line before a record

	sym   [256]uint8   // 1+value of each symbol character; 0 for none
	words []pencilWord // the words of a row of a pencil-mark grid
	csv   *csvBlock    // the CSV block being read, or nil
	// cellAt, when not nil, gets the line and column of each cell of a
	// boxed or pencil-mark grid read: SSMarks names the cell at
	// fault when it compares its grids.
	cellAt [][2]int

	xml     *xmlDoc // the OpenSudoku document being read, or nil
	skipXML bool    // skip lines starting with '<' (after an XML error)
	headers []byte  // the "#X" header lines before a record, each ending in '\n'
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
// Input errors are *ParseError; other errors come from the underlying
// reader.
func (r *Reader) Read() (*Puzzle, error) {
	for {
		if r.xml != nil {
			p, err := r.xmlNext()
			if p != nil || err != nil {
				return p, err
			}
			continue
		}
		if r.countLeft > 0 {
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
		if r.skipXML {
			if s == len(text) || text[s] == '<' {
				continue
			}
			r.skipXML = false
		}
		if s == len(text) {
			r.meta = r.meta[:0]
			r.headers = r.headers[:0]
			continue
		}
		if text[s] == '#' && r.isComment(text, s) {
			if len(text) > s+1 && text[s+1] == 'C' {
				r.meta = append(r.meta[:0], bytes.TrimSpace(text[s+2:])...)
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
		switch r.Format {
		case Line:
			if p = r.line9(text, s); p == nil {
				p, err = r.lineRecord(text, s, wordEnd(text, s))
			}
		case Groups:
			p, err = r.groupsRecord(text, s)
		case Numbers:
			p, err = r.rows(kindNumbers, Numbers, r.curLine)
		case Counted:
			p, err = r.countRecord(text, s)
		case Pretty, SS:
			p, err = r.boxed()
		case SDK:
			p, err = r.sdk()
		case JSON:
			p, err = r.jsonRecord(text, s)
		case Sukaku:
			p, err = r.sukakuRecord(text, s)
		case Pencil:
			p, err = r.pencil()
		case Wiki:
			p, err = r.wikiRecord(text, s)
		case HoDoKu:
			p, err = r.hodokuRecord(text, s)
		case Bank:
			p, err = r.bankRecord(text, s)
		case OpenSudoku:
			err = r.xmlLine(text, s)
		case SadMan:
			p, err = r.sdk()
		case SDX:
			p, err = r.sdx(r.curLine)
		case SSMarks:
			p, err = r.ssMarks()
		case CSV:
			if !r.csvHeader(text) {
				err = r.errAt(r.curLine, s+1, detailf(ErrSyntax, "want a CSV header naming the puzzle column (puzzle, quizzes, ...)"))
			}
		default:
			p, err = r.auto(text, s)
			if p != nil && p.Format == SS && p.Grid.Order() == 3 {
				if kind := r.ssFollows(false); kind != ssPlain {
					p, err = r.ssMarksRest(p, kind)
				}
			}
		}
		if p != nil && p.Format == SDK && len(r.meta) > 0 {
			p.Comment = string(r.meta)
		}
		r.meta = r.meta[:0]
		r.headers = r.headers[:0]
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
