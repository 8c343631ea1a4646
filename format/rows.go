package format

import (
	"bytes"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// Rows: reading grids written one row per line, with or without box
// lines (numbers, symbols, boxed rows), shared by the formats of
// several lines (Numbers, Pretty, SS, SDK, SadMan, SSMarks).

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
func rowSide(r *source, kind rowKind, text []byte) int {
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
func rows(r *source, kind rowKind, f Format, start int) (*Puzzle, error) {
	side := rowSide(r, kind, r.cur)
	if kind == kindSymbols && r.Order == 0 && (side == 36 || side == 64) {
		// A line no row of its length follows is no grid's first row.
		alone := true
		if b, err := r.peek(0); err == nil && len(bytes.TrimSpace(b)) == side {
			alone = false
		}
		if p := smallGrid(r.cur, side, alone); p != nil {
			return &Puzzle{Variant: p, Line: start, Format: Rules}, nil
		}
	}
	if r.Order != 0 && side != r.Order*r.Order && kind == kindNumbers {
		side = r.Order * r.Order // let the row check name the place
	}
	order := sudoku.OrderForSide(side)
	if order == 0 {
		what := plural(side, "cell")
		if kind == kindNumbers {
			what = plural(side, "number")
		}
		skipRows(r, kind, min(max(side, 1), 64), 1)
		if k := notASCII(r.cur); k >= 0 && kind != kindNumbers {
			return nil, r.errAt(r.curLine, k+1, sudoku.SymbolError(r.cur, k))
		}
		return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "row of %d %s, want 4, 9, 16, 25, 36, 49 or 64", side, what))
	}
	if err := r.checkOrder(order, start, 0, "row of", side); err != nil {
		skipRows(r, kind, side, 1)
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
			if err := parseRow(r, kind, g, row, r.cur); err != nil {
				skipRows(r, kind, side, row+1)
				return nil, err
			}
			row++
			if row == side {
				break
			}
		}
		err := r.next()
		if err == nil && skipSpace(r.cur, 0) != len(r.cur) && !rowFits(r, kind, r.cur, side) {
			r.unread()
			return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d: line %d is not a row", row, plural(row, "row"), side, r.curLine))
		}
		if err == io.EOF || err == nil && skipSpace(r.cur, 0) == len(r.cur) {
			return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d", row, plural(row, "row"), side))
		}
		if err != nil {
			var pe *sudoku.ParseError
			if errors.As(err, &pe) {
				skipRows(r, kind, side, row+1)
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

// skipRows skips the rest of a grid of the given kind after an error in
// it, when done rows have been read (see source.skipGrid).
func skipRows(r *source, kind rowKind, side, done int) {
	r.skipGrid(side, done, func(b []byte) bool { return looksLikeRow(kind, b) }, func(b []byte) bool { return isBorder(kind, b) })
}

// isBorder reports whether b is a box line of a grid of the given kind.
func isBorder(kind rowKind, b []byte) bool {
	return kind == kindBoxed && isBoxLine(b)
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
func parseRow(r *source, kind rowKind, g *sudoku.Grid, row int, text []byte) error {
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
		return numberRow(r, kind, g, row, text)
	case kindBoxed:
		if _, numeric := boxedNumbers(text); numeric {
			return numberRow(r, kind, g, row, text)
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
func numberRow(r *source, kind rowKind, g *sudoku.Grid, row int, text []byte) error {
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
		v, err := number(r, text[i:e])
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
func number(r *source, w []byte) (int, error) {
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
func boxed(r *source, pm *pencilState) (*Puzzle, error) {
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
		if err != nil || !isBoxLine(next) && !boxedRow(r, next) {
			if err == nil && skipSpace(next, 0) == len(next) {
				r.next()
			}
			return nil, r.errAt(start, 0, detailf(ErrSyntax, "box line without a grid"))
		}
		r.next()
	}
	if f == Auto && pm.isRow(r, r.cur) {
		return pm.readRows(r, start)
	}
	return rows(r, kindBoxed, f, start)
}

// boxedRow reports whether b can be the first row of a boxed grid after
// its top border: it holds '|', or its cells (characters other than
// spaces) are as many as a side. One word of 16 characters is taken for a
// 4x4 line puzzle unless Order is 4.
func boxedRow(r *source, b []byte) bool {
	if bytes.IndexByte(b, '|') >= 0 {
		return true
	}
	if _, numeric := boxedNumbers(b); numeric {
		return true
	}
	n := rowSide(r, kindBoxed, b)
	if _, _, one := oneWord(b); one && n == 16 {
		return r.Order == 4
	}
	return isSide(n)
}

// rowFits reports whether b can be the next row (or box line) of a grid
// of the given kind and side. A line that cannot ends the grid early and
// is left to the next record.
func rowFits(r *source, kind rowKind, b []byte, side int) bool {
	if looksLikeRow(kind, b) {
		return true
	}
	return kind == kindBoxed && rowSide(r, kindBoxed, b) == side
}

// appendSSGrid appends g as Simple Sudoku's .ss grid: rows with '|' box
// separators between "*---*" borders and "|---+---|" box lines.
func appendSSGrid(dst []byte, g *sudoku.Grid) []byte {
	side, order := g.Side(), g.Order()
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
	return append(dst, '*', '\n')
}

// smallGrid reads text, a word of side 36 or 64 symbols, as a whole 6x6 or
// 8x8 grid on one line (rectangular boxes: a variant puzzle with no
// rules) when it holds only the symbols 1-6 (1-8) and blanks and cannot
// be the first row of a 36x36 or 64x64 grid: a symbol repeats, or no row
// follows it (alone). It returns nil otherwise.
func smallGrid(text []byte, side int, alone bool) *variant.Puzzle {
	n := map[int]int{36: 6, 64: 8}[side]
	w := bytes.TrimSpace(text)
	if n == 0 || len(w) != side {
		return nil
	}
	p := variant.New(n)
	var seen [10]bool
	repeat := false
	for i, c := range w {
		switch {
		case c == '.' || c == '0':
		case c >= '1' && int(c-'0') <= n:
			repeat = repeat || seen[c-'0']
			seen[c-'0'] = true
			p.Givens[i] = int(c - '0')
		default:
			return nil
		}
	}
	if !repeat && !alone {
		return nil
	}
	return p
}
