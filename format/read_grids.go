package format

import (
	"bytes"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
)

// Multi-line grid formats: Numbers, Pretty, SDK and SS,
// one row per line, with or without box lines.

// Row kinds of multi-line grids.
type rowKind int

const (
	kindSymbols rowKind = iota // rows of symbols: "53..7...."
	kindNumbers                // rows of numbers: "5 3 0 0 7 0 0 0 0"
	kindBoxed                  // rows with '|' box lines: "| 5 3 . | . 7 . |"
	kindPencil                 // rows of candidate strings: "| 1579 2 3 | 4 16 19 |"
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

// rows reads a grid written one row per line, starting at the current line.
// The grid starts on line start (before the current line if it has box
// lines or a header).
func (r *Reader) rows(kind rowKind, f Format, start int) (*Puzzle, error) {
	side := r.rowSide(kind, r.cur)
	if r.Order != 0 && side != r.Order*r.Order && kind == kindNumbers {
		side = r.Order * r.Order // let the row check name the place
	}
	order := sudoku.OrderForSide(side)
	if order == 0 {
		what := plural(side, "cell")
		if kind == kindNumbers {
			what = plural(side, "number")
		}
		r.skipGrid(kind, min(max(side, 1), 64), 1)
		if k := notASCII(r.cur); k >= 0 && kind != kindNumbers {
			return nil, r.errAt(r.curLine, k+1, sudoku.SymbolError(r.cur, k))
		}
		return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "row of %d %s, want 4, 9, 16, 25, 36, 49 or 64", side, what))
	}
	if err := r.checkOrder(order, start, 0, "row of", side); err != nil {
		r.skipGrid(kind, side, 1)
		return nil, err
	}
	p := newPuzzle(order)
	g := p.Grid
	if kind == kindBoxed && f == Auto {
		f = SS
		if bytes.IndexByte(bytes.TrimSpace(bytes.Trim(r.cur, "|")), ' ') >= 0 {
			f = Pretty
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
		if err == nil && skipSpace(r.cur, 0) != len(r.cur) && !r.rowFits(kind, r.cur, side) {
			r.unread()
			return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d: line %d is not a row", row, plural(row, "row"), side, r.curLine))
		}
		if err == io.EOF || err == nil && skipSpace(r.cur, 0) == len(r.cur) {
			return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d", row, plural(row, "row"), side))
		}
		if err != nil {
			var pe *sudoku.ParseError
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
		if !isBorder(kind, next) {
			done++
		}
	}
	if next, err := r.peek(0); err == nil && isBorder(kind, next) {
		r.next()
	}
}

// isBorder reports whether b is a box line of a grid of the given kind.
func isBorder(kind rowKind, b []byte) bool {
	switch kind {
	case kindBoxed:
		return isBoxLine(b)
	case kindPencil:
		return isPencilBoxLine(b)
	}
	return false
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
	return bytes.IndexByte(b, '|') >= 0 || isBorder(kind, b)
}

// parseRow fills row row of g from text.
func (r *Reader) parseRow(kind rowKind, g *sudoku.Grid, row int, text []byte) error {
	side := g.Side()
	line := r.curLine
	switch kind {
	case kindSymbols:
		s, e, ok := oneWord(text)
		if !ok || e-s != side {
			if !ok && s < e {
				return r.errAt(line, skipSpace(text, e)+1, detailf(sudoku.ErrCellCount, "row %d: want %d symbols and nothing after them", row+1, side))
			}
			if k := notASCII(text[s:e]); k >= 0 {
				return r.errAt(line, s+k+1, sudoku.SymbolError(text, s+k))
			}
			return r.errAt(line, s+1, detailf(sudoku.ErrCellCount, "row %d has %d cells, want %d", row+1, e-s, side))
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
			if c >= utf8.RuneSelf || c == 0 {
				return r.errAt(line, i+1, sudoku.SymbolError(text, i))
			}
			if k == side {
				return r.errAt(line, i+1, detailf(sudoku.ErrCellCount, "row %d has more than %d cells", row+1, side))
			}
			v := int(r.sym[c]) - 1
			switch {
			case c == '_' || c == '*' || (c == 'x' || c == 'X') && v > side:
				v = 0
			case v < 0:
				return r.errAt(line, i+1, symbolError(c))
			case v > side:
				return r.errAt(line, i+1, sudoku.ValueError(c, row, k, v, side))
			}
			g.Cells()[row*side+k] = uint8(v)
			if r.cellAt != nil && row*side+k < len(r.cellAt) {
				r.cellAt[row*side+k] = [2]int{line, i + 1}
			}
			k++
		}
		if k < side {
			return r.errAt(line, 0, detailf(sudoku.ErrCellCount, "row %d has %d %s, want %d", row+1, k, plural(k, "cell"), side))
		}
	}
	return nil
}

// numberRow fills row row of g from text, a row of numbers (with '|'
// box lines if kind is kindBoxed).
func (r *Reader) numberRow(kind rowKind, g *sudoku.Grid, row int, text []byte) error {
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
			return r.errAt(line, i+1, detailf(sudoku.ErrCellCount, "row %d has more than %d numbers", row+1, side))
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
			return r.errAt(line, i+1, sudoku.ValueError(c, row, k, v, side))
		}
		g.Cells()[row*side+k] = uint8(v)
		k++
		i = e
	}
	if k < side {
		return r.errAt(line, 0, detailf(sudoku.ErrCellCount, "row %d has %d %s, want %d", row+1, k, plural(k, "number"), side))
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
			return 0, detailf(sudoku.ErrSymbol, "%q is not a number up to 64", w)
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
	return 0, detailf(sudoku.ErrSymbol, "%q is not a number", w)
}

// boxed reads a grid with box lines, starting at the current line.
func (r *Reader) boxed() (*Puzzle, error) {
	f := Auto
	if r.Format == Pretty || r.Format == SS {
		f = r.Format
	}
	start := r.curLine
	for isBoxLine(r.cur) {
		// A box line followed by something that cannot be a row of a
		// boxed grid is a separator: the line after it is left to the
		// next record.
		next, err := r.peek(0)
		if err != nil && err != io.EOF && !isParseError(err) {
			return nil, err
		}
		if err != nil || !isBoxLine(next) && !r.boxedRow(next) {
			if err == nil && skipSpace(next, 0) == len(next) {
				r.next()
			}
			return nil, r.errAt(start, 0, detailf(ErrSyntax, "box line without a grid"))
		}
		r.next()
	}
	if f == Auto && r.isPencilRow(r.cur) {
		return r.pencilRows(start)
	}
	return r.rows(kindBoxed, f, start)
}

// boxedRow reports whether b can be the first row of a boxed grid after
// its top border: it holds '|', or its cells (characters other than
// spaces) are as many as a side. One word of 16 characters is taken for a
// 4x4 line puzzle unless Order is 4.
func (r *Reader) boxedRow(b []byte) bool {
	if bytes.IndexByte(b, '|') >= 0 {
		return true
	}
	if _, numeric := boxedNumbers(b); numeric {
		return true
	}
	n := r.rowSide(kindBoxed, b)
	if _, _, one := oneWord(b); one && n == 16 {
		return r.Order == 4
	}
	return isSide(n)
}

// rowFits reports whether b can be the next row (or box line) of a grid
// of the given kind and side. A line that cannot ends the grid early and
// is left to the next record.
func (r *Reader) rowFits(kind rowKind, b []byte, side int) bool {
	if looksLikeRow(kind, b) {
		return true
	}
	return kind == kindBoxed && r.rowSide(kindBoxed, b) == side
}

// sdk reads SDK: an optional "[Puzzle]" line, then rows of symbols.
func (r *Reader) sdk() (*Puzzle, error) {
	start := r.curLine
	s, e, _ := oneWord(r.cur)
	if r.cur[s] == '[' {
		if !bytes.EqualFold(r.cur[s:e], []byte("[Puzzle]")) {
			if sectionOf(r.cur) != noSection {
				return nil, r.errAt(start, s+1, detailf(ErrSyntax, "section %s without a [Puzzle] section before it", r.cur[s:e]))
			}
			return nil, r.errAt(start, s+1, detailf(ErrSyntax, "unknown section %s, want [Puzzle]", r.cur[s:e]))
		}
		for {
			// Blank and '#' lines may come before the grid; a line that
			// cannot be its first row is left to the next record.
			next, err := r.peek(0)
			if err != nil && err != io.EOF && !isParseError(err) {
				return nil, err
			}
			if err != nil {
				return nil, r.errAt(start, 0, detailf(ErrSyntax, "[Puzzle] without a grid"))
			}
			if t := skipSpace(next, 0); t < len(next) && next[t] != '#' {
				if !looksLikeRow(kindSymbols, next) {
					return nil, r.errAt(start, 0, detailf(ErrSyntax, "[Puzzle] without a grid"))
				}
				r.next()
				break
			}
			r.next()
		}
	}
	p, err := r.rows(kindSymbols, SDK, start)
	if err != nil {
		return nil, err
	}
	return r.sections(p)
}

// SSMarks: Simple Sudoku's .ss with pencil marks, a SS grid of
// givens, perhaps a SS grid of values, and a pencil-mark grid.

// Kinds of what follows a 9x9 SS grid.
const (
	ssPlain  = iota // nothing of SSMarks: a plain .ss grid
	ssMarks         // a pencil-mark grid
	ssValues        // a grid of values and then a pencil-mark grid
)

// maxSSBlanks is the number of empty lines that may separate the grids
// of a SSMarks record (Simple Sudoku writes two).
const maxSSBlanks = 4

// ssBlanks returns the index, for peek, of the first line from i on
// that is not empty, skipping at most maxSSBlanks lines; -1 at the end
// of the input or an error.
func (r *Reader) ssBlanks(i int) int {
	for k := 0; k <= maxSSBlanks; k++ {
		b, err := r.peek(i + k)
		if err != nil {
			return -1
		}
		if skipSpace(b, 0) != len(b) {
			return i + k
		}
	}
	return -1
}

// isSSRow reports whether b is a row of a 9x9 SS grid: three boxes
// of three symbols between bars, "|8..|4..|...|".
func isSSRow(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) != 13 {
		return false
	}
	for i, c := range b {
		if i%4 == 0 {
			if c != '|' {
				return false
			}
		} else if c == ' ' || c == '|' {
			return false
		}
	}
	return true
}

// isSSPencilRow reports whether b, the first row of a boxed grid after a
// SS grid, is a row of candidate strings: a pencil-mark row as
// detection knows it, or 9 words of digits (or '.') side by side in their
// boxes, one of them 2 digits or more (no 9x9 grid of values has one).
func (r *Reader) isSSPencilRow(b []byte) bool {
	if r.isPencilRow(b) {
		return true
	}
	words, spaced := pencilWords(r.words[:0], b)
	r.words = words
	if !spaced || len(words) != 9 {
		return false
	}
	long := false
	for _, w := range words {
		t := b[w.i:w.e]
		if !allDigits(t) && !(len(t) == 1 && t[0] == '.') {
			return false
		}
		long = long || len(t) > 1
	}
	return long
}

// isSSBorder reports whether b is the top border of a grid of a
// SSMarks record: "*---*" as Simple Sudoku writes it, or when
// forced any border of a pencil-mark grid.
func isSSBorder(b []byte, forced bool) bool {
	if !isPencilBoxLine(b) {
		return false
	}
	s := skipSpace(b, 0)
	return forced || b[s] == '*'
}

// ssFollows tells what follows the 9x9 SS grid just read: the
// lines after it are looked at, not taken. Forced (SSMarks) takes
// any boxed grid after the givens for the pencil-mark grid.
func (r *Reader) ssFollows(forced bool) int {
	i := r.ssBlanks(0)
	if i < 0 {
		return ssPlain
	}
	if b, _ := r.peek(i); !isSSBorder(b, forced) {
		return ssPlain
	}
	b, err := r.peek(i + 1)
	if err != nil {
		return ssPlain
	}
	if !isSSRow(b) {
		if r.isSSPencilRow(b) || forced && bytes.IndexByte(b, '|') >= 0 {
			return ssMarks
		}
		return ssPlain
	}
	// A grid of values: 9 rows and 2 box lines, then its bottom border.
	j := i + 2
	for rows := 1; rows < 9; j++ {
		b, err := r.peek(j)
		if err != nil {
			return ssPlain
		}
		switch {
		case isSSRow(b):
			rows++
		case !isBoxLine(b):
			return ssPlain
		}
	}
	if b, err := r.peek(j); err == nil && isBoxLine(b) {
		j++
	}
	k := r.ssBlanks(j)
	if k < 0 {
		return ssPlain
	}
	if b, _ := r.peek(k); !isSSBorder(b, forced) {
		return ssPlain
	}
	if b, err := r.peek(k + 1); err != nil || !r.isSSPencilRow(b) && !(forced && bytes.IndexByte(b, '|') >= 0) {
		return ssPlain
	}
	return ssValues
}

// ssNext takes the empty lines after a grid and makes the line after
// them current.
func (r *Reader) ssNext() error {
	for {
		b, err := r.peek(0)
		if err != nil || skipSpace(b, 0) != len(b) {
			break
		}
		r.next()
	}
	return r.next()
}

// ssMarksRest reads the rest of a SSMarks record whose grid of givens,
// 9x9, p has read: what ssFollows found, kind.
func (r *Reader) ssMarksRest(p *Puzzle, kind int) (*Puzzle, error) {
	g := p.Grid
	vals := g
	var valsAt, pmAt [][2]int // the place of each cell in the two grids
	defer func() { r.cellAt = nil }()
	if kind == ssValues {
		if err := r.ssNext(); err != nil {
			return nil, err
		}
		valsAt = make([][2]int, 81)
		r.cellAt = valsAt
		q, err := r.boxed()
		if err != nil {
			return nil, err
		}
		if q.Grid.Order() != 3 {
			return nil, r.errAt(q.Line, 0, detailf(sudoku.ErrCellCount, "Simple Sudoku's grid of values is 9x9, not %dx%d", q.Grid.Side(), q.Grid.Side()))
		}
		vals = q.Grid
		for i := range valsAt {
			if valsAt[i][0] == 0 { // not a row of symbols: name the grid
				valsAt[i] = [2]int{q.Line, 0}
			}
		}
	}
	// The pencil-mark grid is read before the grids are compared, so that
	// an error leaves no part of the record to the next Read.
	if err := r.ssNext(); err != nil {
		return nil, err
	}
	pmAt = make([][2]int, 81)
	r.cellAt = pmAt
	pm, err := r.pencil()
	if err != nil {
		return nil, err
	}
	for i := range pmAt {
		if pmAt[i][0] == 0 {
			pmAt[i] = [2]int{pm.Line, 0}
		}
	}
	for i, v := range g.Cells() {
		if v != 0 && vals.Cells()[i] != v {
			return nil, r.errAt(valsAt[i][0], valsAt[i][1], detailf(ErrSyntax, "%s: the grid of givens holds %d, the grid of values %s", sudoku.CellName(i, 9), v, valueWord(vals.Cells()[i])))
		}
	}
	if pm.Grid.Order() != 3 {
		return nil, r.errAt(pm.Line, 0, detailf(sudoku.ErrCellCount, "Simple Sudoku's pencil-mark grid is 9x9, not %dx%d", pm.Grid.Side(), pm.Grid.Side()))
	}
	marks := make([]uint64, 81)
	for i, v := range vals.Cells() {
		m := pm.Grid.Marks(i)
		if v == 0 {
			marks[i] = m
			continue
		}
		if m != 1<<(v-1) {
			return nil, r.errAt(pmAt[i][0], pmAt[i][1], detailf(ErrSyntax, "%s holds %d, but its pencil marks are %s", sudoku.CellName(i, 9), v, markString(m)))
		}
		marks[i] = m
		if g.Cells()[i] == 0 {
			g.Place(i, int(v))
		}
	}
	g.SetAllMarks(marks)
	p.Format = SSMarks
	return p, nil
}

// valueWord writes v, "a blank" for 0.
func valueWord(v uint8) string {
	if v == 0 {
		return "a blank"
	}
	return string(sudoku.SymbolByte(int(v)))
}

// ssMarks reads SSMarks from the current line.
func (r *Reader) ssMarks() (*Puzzle, error) {
	start := r.curLine
	if !isBoxLine(r.cur) && bytes.IndexByte(r.cur, '|') < 0 {
		return nil, r.errAt(start, skipSpace(r.cur, 0)+1, detailf(ErrSyntax, "want Simple Sudoku's grid of givens (\"*-----------*\", \"|8..|4..|...|\", ...)"))
	}
	p, err := r.boxed()
	if err != nil {
		return nil, err
	}
	if p.Format != SS || p.Grid.Order() != 3 {
		return nil, r.errAt(p.Line, 0, detailf(ErrSyntax, "want Simple Sudoku's 9x9 grid of givens, \"|8..|4..|...|\", not a %v grid", p.Format))
	}
	kind := r.ssFollows(true)
	if kind == ssPlain {
		return nil, r.errAt(p.Line, 0, detailf(ErrSyntax, "no pencil-mark grid after Simple Sudoku's grid of givens"))
	}
	return r.ssMarksRest(p, kind)
}
