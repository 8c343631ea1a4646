package format

import (
	"bytes"
	"io"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// Candidate rows: reading and writing pencil-mark grids, boxed text with
// each cell's candidate string, shared by Pencil, SSMarks and the
// SadMan and SDX games.

// pencilState is the Reader's state for pencil-mark grids.
type pencilState struct {
	words []pencilWord // the words of a row of a pencil-mark grid
}

// isPencilBoxLine reports whether b is a border of a pencil-mark grid:
// only '-', '=', '.', ':', '\”, '+', '*', '|' and spaces, with a '-' or
// '='.
func isPencilBoxLine(b []byte) bool {
	dash := false
	for _, c := range b {
		switch c {
		case '-', '=':
			dash = true
		case '.', ':', '\'', '+', '*', '|', ' ', '\t':
		default:
			return false
		}
	}
	return dash
}

// pencilMarkers are characters that programs put next to candidates to
// show a step ("*5", "(5)"); they are ignored on input.
const pencilMarkers = "*()[]{}<>^~!"

// pencilWord is one word of a row of a pencil-mark grid: text[i:e],
// without the marker characters around it.
type pencilWord struct{ i, e int }

// pencilWords splits a row of a pencil-mark grid into its words (between
// spaces and '|'), dropping marker characters at their ends and words
// made of markers only. It also reports whether some box of the row holds
// two words side by side (a space between them, not a '|').
func pencilWords(dst []pencilWord, text []byte) (words []pencilWord, spaced bool) {
	inBox := 0
	for i := 0; i < len(text); {
		c := text[i]
		if isSpace(c) {
			i++
			continue
		}
		if c == '|' {
			inBox = 0
			i++
			continue
		}
		e := i
		for e < len(text) && !isSpace(text[e]) && text[e] != '|' {
			e++
		}
		s, t := i, e
		for s < t && bytes.IndexByte([]byte(pencilMarkers), text[s]) >= 0 {
			s++
		}
		for t > s && bytes.IndexByte([]byte(pencilMarkers), text[t-1]) >= 0 {
			t--
		}
		if s < t {
			dst = append(dst, pencilWord{s, t})
			inBox++
			if inBox > 1 {
				spaced = true
			}
		}
		i = e
	}
	return dst, spaced
}

// isLetters reports whether w holds only ASCII letters.
func isLetters(w []byte) bool {
	for _, c := range w {
		if c|0x20 < 'a' || c|0x20 > 'z' {
			return false
		}
	}
	return len(w) > 0
}

// pencilSide returns the number of cells in a row of a pencil-mark grid
// and its words: every word, or if that is no side, the words that are not
// letters only (markers such as "B" in a 9x9 grid).
func (pm *pencilState) side(r *source, text []byte) int {
	words, _ := pencilWords(pm.words[:0], text)
	pm.words = words
	if isSide(len(words)) {
		return len(words)
	}
	n := 0
	for _, w := range words {
		if !isLetters(text[w.i:w.e]) {
			n++
		}
	}
	return n
}

// isPencilRow reports whether text, a line with '|', is a row of a
// pencil-mark grid rather than of a pretty or ss grid: its boxes hold
// words side by side, as many as a side, one of them longer than 2
// characters or a number above the side.
func (pm *pencilState) isRow(r *source, text []byte) bool {
	if bytes.IndexByte(text, '|') < 0 {
		return false
	}
	words, spaced := pencilWords(pm.words[:0], text)
	pm.words = words
	if !spaced {
		return false
	}
	side := pm.side(r, text)
	if !isSide(side) {
		return false
	}
	for _, w := range pm.words {
		switch n := w.e - w.i; {
		case n > 2:
			return true
		case n == 2 && allDigits(text[w.i:w.e]) && int(text[w.i]-'0')*10+int(text[w.i+1]-'0') > side:
			return true
		}
	}
	return false
}

// skipPencil skips the rest of a pencil-mark grid after an error in it,
// when done rows have been read (see source.skipGrid).
func skipPencil(r *source, side, done int) {
	r.skipGrid(side, done, isPencilLine, isPencilBoxLine)
}

// isPencilLine reports whether b could be a row or a border of a
// pencil-mark grid.
func isPencilLine(b []byte) bool {
	return skipSpace(b, 0) < len(b) && (bytes.IndexByte(b, '|') >= 0 || isPencilBoxLine(b))
}

// pencil reads Pencil from the current line: borders, then rows of
// candidate strings.
func (pm *pencilState) read(r *source) (*Puzzle, error) {
	start := r.curLine
	for isPencilBoxLine(r.cur) {
		next, err := r.peek(0)
		if err != nil && err != io.EOF && !isParseError(err) {
			return nil, err
		}
		if err != nil || !isPencilBoxLine(next) && bytes.IndexByte(next, '|') < 0 {
			if err == nil && skipSpace(next, 0) == len(next) {
				r.next()
			}
			return nil, r.errAt(start, 0, detailf(ErrSyntax, "box line without a grid"))
		}
		r.next()
	}
	return pm.readRows(r, start)
}

// readRows reads the rows of a pencil-mark grid, the first of them the
// current line, and the border after the last.
func (pm *pencilState) readRows(r *source, start int) (*Puzzle, error) {
	side := pm.side(r, r.cur)
	order, err := r.rowsOrder(side, start)
	if err != nil {
		if order == 0 {
			side = 64 // every row and border has a '|' or is a border: skip them all
		}
		skipPencil(r, side, 1)
		return nil, err
	}
	p := newPuzzle(order)
	g := p.Grid
	marks := make([]uint64, len(g.Cells()))
	g.SetAllMarks(marks)
	row := 0
	for {
		if !isPencilBoxLine(r.cur) {
			if err := pm.row(r, g, marks, row, r.cur); err != nil {
				skipPencil(r, side, row+1)
				return nil, err
			}
			row++
			if row == side {
				break
			}
		}
		err := r.next()
		if err == nil && skipSpace(r.cur, 0) != len(r.cur) && bytes.IndexByte(r.cur, '|') < 0 && !isPencilBoxLine(r.cur) {
			r.unread()
			return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d: line %d is not a row", row, plural(row, "row"), side, r.curLine))
		}
		if err == io.EOF || err == nil && skipSpace(r.cur, 0) == len(r.cur) {
			return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d", row, plural(row, "row"), side))
		}
		if err != nil {
			if isParseError(err) {
				skipPencil(r, side, row+1)
			}
			return nil, err
		}
	}
	if next, err := r.peek(0); err == nil && isPencilBoxLine(next) {
		r.next()
	}
	p.Line, p.Format = start, Pencil
	return p, nil
}

// pencilRow fills row row of g from text, a row of candidate strings.
func (pm *pencilState) row(r *source, g *sudoku.Grid, marks []uint64, row int, text []byte) error {
	side := g.Side()
	line := r.curLine
	words, _ := pencilWords(pm.words[:0], text)
	pm.words = words
	k := 0
	lim := uint8(side + 1)
	for _, w := range words {
		word := text[w.i:w.e]
		var m uint64
		bad := -1
		for j, c := range word {
			v := r.sym[c]
			switch {
			case c == '.' && len(word) == 1:
				// No candidates left.
			case v <= 1 || v > lim:
				if bad < 0 {
					bad = j
				}
			default:
				m |= 1 << (v - 2)
			}
		}
		if bad >= 0 {
			if isLetters(word) {
				continue // a marker, such as "B" next to a candidate string
			}
			c := word[bad]
			if v := r.sym[c]; v > lim {
				return r.errAt(line, w.i+bad+1, sudoku.ValueError(c, row, min(k, side-1), int(v-1), side))
			}
			return r.errAt(line, w.i+bad+1, sudoku.SymbolError(text, w.i+bad))
		}
		if k == side {
			return r.errAt(line, w.i+1, detailf(sudoku.ErrCellCount, "row %d has more than %d cells", row+1, side))
		}
		i := row*side + k
		marks[i] = m
		if r.cellAt != nil && i < len(r.cellAt) {
			r.cellAt[i] = [2]int{line, w.i + 1}
		}
		if len(word) == 1 && m != 0 {
			g.Cells()[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
		k++
	}
	if k < side {
		return r.errAt(line, 0, detailf(sudoku.ErrCellCount, "row %d has %d %s, want %d", row+1, k, plural(k, "cell"), side))
	}
	return nil
}

// pencilCell appends the text of cell i in a pencil-mark grid: its value,
// its candidates, or "." for none.
func pencilCell(dst []byte, g *sudoku.Grid, i int) []byte {
	m := g.Marks(i)
	if m == 0 {
		return append(dst, '.')
	}
	for ; m != 0; m &= m - 1 {
		dst = append(dst, sudoku.Symbols[bits.TrailingZeros64(m)])
	}
	return dst
}
