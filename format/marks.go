package format

import (
	"bytes"
	"io"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// Candidate formats: Sukaku (one line of candidate slots per grid)
// Pencil (a boxed grid of candidate strings) and Wiki (sudokuwiki.org's
// packed board).

// pencilState is the Reader's state for pencil-mark grids.
type pencilState struct {
	words []pencilWord // the words of a row of a pencil-mark grid
	// cellAt, when not nil, gets the line and column of each cell of a
	// boxed or pencil-mark grid read: SSMarks names the cell at fault
	// when it compares its grids.
	cellAt [][2]int
}

// sukakuOrder returns the order whose grids have n candidate slots
// (side³), or 0.
func sukakuOrder(n int) int {
	for o := sudoku.MinOrder; o <= sudoku.MaxOrder; o++ {
		if s := o * o; s*s*s == n {
			return o
		}
	}
	return 0
}

// sukakuRecord reads Sukaku: text[s:] starts with the slots, the
// rest of the line is the comment.
func (r *Reader) sukakuRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	e := wordEnd(text, s)
	w := text[s:e]
	order := sukakuOrder(len(w))
	if order == 0 || r.Order != 0 && order != r.Order {
		if k := notASCII(w); k >= 0 {
			return nil, r.errAt(line, s+k+1, sudoku.SymbolError(text, s+k))
		}
		want := "64 (4x4), 729 (9x9), 4096 (16x16), ..."
		if r.Order != 0 {
			side := r.Order * r.Order
			want = itoa(side * side * side)
		}
		return nil, r.errAt(line, s+1, detailf(sudoku.ErrCellCount, "%d candidate slots, want %s", len(w), want))
	}
	p := newPuzzle(order)
	g := p.Grid
	side := g.Side()
	marks := make([]uint64, len(g.Cells()))
	g.SetAllMarks(marks)
	for i := range g.Cells() {
		var m uint64
		for k := 0; k < side; k++ {
			j := i*side + k
			c := w[j]
			if c == '.' || c == '0' {
				continue
			}
			if v := int(r.sym[c]) - 1; v != k+1 {
				if v < 0 {
					return nil, r.errAt(line, s+j+1, sudoku.SymbolError(w, j))
				}
				return nil, r.errAt(line, s+j+1, detailf(sudoku.ErrSymbol, "%s: slot %d holds %s, want %c or '.'", sudoku.CellName(i, side), k+1, quoteByte(c), sudoku.SymbolByte(k+1)))
			}
			m |= 1 << k
		}
		marks[i] = m
		if bits.OnesCount64(m) == 1 {
			g.Cells()[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
	}
	p.Line, p.Format = line, Sukaku
	if c := bytes.TrimSpace(text[e:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p, nil
}

// itoa formats n in decimal.
func itoa(n int) string {
	return string(appendInt(nil, n))
}

func appendInt(dst []byte, n int) []byte {
	if n >= 10 {
		dst = appendInt(dst, n/10)
	}
	return append(dst, byte('0'+n%10))
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
func (r *Reader) pencilSide(text []byte) int {
	words, _ := pencilWords(r.pm.words[:0], text)
	r.pm.words = words
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
func (r *Reader) isPencilRow(text []byte) bool {
	if bytes.IndexByte(text, '|') < 0 {
		return false
	}
	words, spaced := pencilWords(r.pm.words[:0], text)
	r.pm.words = words
	if !spaced {
		return false
	}
	side := r.pencilSide(text)
	if !isSide(side) {
		return false
	}
	for _, w := range r.pm.words {
		switch n := w.e - w.i; {
		case n > 2:
			return true
		case n == 2 && allDigits(text[w.i:w.e]) && int(text[w.i]-'0')*10+int(text[w.i+1]-'0') > side:
			return true
		}
	}
	return false
}

// pencil reads Pencil from the current line: borders, then rows of
// candidate strings.
func (r *Reader) pencil() (*Puzzle, error) {
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
	return r.pencilRows(start)
}

// pencilRows reads the rows of a pencil-mark grid, the first of them the
// current line, and the border after the last.
func (r *Reader) pencilRows(start int) (*Puzzle, error) {
	side := r.pencilSide(r.cur)
	order := sudoku.OrderForSide(side)
	if order == 0 {
		// Every row and border has a '|' or is a border: skip them all.
		r.skipGrid(kindPencil, 64, 1)
		return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "row of %d %s, want 4, 9, 16, 25, 36, 49 or 64", side, plural(side, "cell")))
	}
	if err := r.checkOrder(order, start, 0, "row of", side); err != nil {
		r.skipGrid(kindPencil, side, 1)
		return nil, err
	}
	p := newPuzzle(order)
	g := p.Grid
	marks := make([]uint64, len(g.Cells()))
	g.SetAllMarks(marks)
	row := 0
	for {
		if !isPencilBoxLine(r.cur) {
			if err := r.pencilRow(g, marks, row, r.cur); err != nil {
				r.skipGrid(kindPencil, side, row+1)
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
				r.skipGrid(kindPencil, side, row+1)
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
func (r *Reader) pencilRow(g *sudoku.Grid, marks []uint64, row int, text []byte) error {
	side := g.Side()
	line := r.curLine
	words, _ := pencilWords(r.pm.words[:0], text)
	r.pm.words = words
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
		if r.pm.cellAt != nil && i < len(r.pm.cellAt) {
			r.pm.cellAt[i] = [2]int{line, w.i + 1}
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

// Wiki: sudokuwiki.org's packed board, "S9B" and two base-36
// digits a cell.

// wikiWord returns the packed board in w (a whole word): after "bd=" in a
// sudokuwiki URL, with or without its "S9B" prefix; ok is false if w is
// none.
func wikiWord(w []byte) (board []byte, off int, ok bool) {
	if bytes.HasPrefix(w, []byte("http")) {
		k := bytes.Index(w, []byte("bd="))
		if k < 0 {
			return nil, 0, false
		}
		off = k + 3
		w = w[off:]
		if e := bytes.IndexByte(w, '&'); e >= 0 {
			w = w[:e]
		}
	}
	if len(w) == 165 && bytes.HasPrefix(w, []byte("S9B")) {
		return w[3:], off + 3, true
	}
	if len(w) == 162 {
		return w, off, true
	}
	return nil, 0, false
}

// wikiRecord reads Wiki: the first word of text from s on is the
// board (or a sudokuwiki URL holding one), the rest of the line the
// comment. A URL holding a plain 81-cell grid is read as a line grid.
func (r *Reader) wikiRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	e := wordEnd(text, s)
	w := text[s:e]
	board, off, ok := wikiWord(w)
	if !ok {
		if k := bytes.Index(w, []byte("bd=")); k >= 0 && bytes.HasPrefix(w, []byte("http")) {
			v := w[k+3:]
			if a := bytes.IndexByte(v, '&'); a >= 0 {
				v = v[:a]
			}
			p, err := r.lineRecord(text[:s+k+3+len(v)], s+k+3, s+k+3+len(v))
			if p != nil {
				p.Format = Wiki
				if c := bytes.TrimSpace(text[e:]); len(c) > 0 {
					p.Comment = string(c)
				}
			}
			return p, err
		}
		return nil, r.errAt(line, s+1, detailf(sudoku.ErrCellCount, "%d characters, want a sudokuwiki board: S9B and 162 base-36 digits", len(w)))
	}
	if r.Order != 0 && r.Order != 3 {
		return nil, r.errAt(line, s+1, detailf(sudoku.ErrCellCount, "a sudokuwiki board is 9x9, want order %d", r.Order))
	}
	p := newPuzzle(3)
	g := p.Grid
	marks := make([]uint64, 81)
	g.SetAllMarks(marks)
	for i := 0; i < 81; i++ {
		n := 0
		for _, c := range board[2*i : 2*i+2] {
			d := base36(c)
			if d < 0 {
				return nil, r.errAt(line, s+off+2*i+1, detailf(sudoku.ErrSymbol, "%s is not a base-36 digit (%s)", quoteByte(c), sudoku.CellName(i, 9)))
			}
			n = n*36 + d
		}
		switch {
		case n >= 1 && n <= 18: // a clue, or a value placed later
			v := (n-1)%9 + 1
			g.Cells()[i] = uint8(v)
			marks[i] = 1 << (v - 1)
			if n > 9 {
				g.Place(i, v)
			}
		case n >= 19 && n <= 18+511:
			marks[i] = uint64(n - 18)
		default:
			return nil, r.errAt(line, s+off+2*i+1, detailf(sudoku.ErrSymbol, "%s: %d is neither a value (1-18) nor candidates (19-529)", sudoku.CellName(i, 9), n))
		}
	}
	p.Line, p.Format = line, Wiki
	if c := bytes.TrimSpace(text[e:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p, nil
}

// base36 returns the value of c as a base-36 digit, or -1.
func base36(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return -1
}

func (r *Reader) pencil1(text []byte, s int) (*Puzzle, error) { return r.pencil() }

func writeSukaku(dst []byte, rec *record) ([]byte, error) {
	return appendComment(appendSukaku(dst, rec.g), rec.comment), nil
}

func writePencil(dst []byte, rec *record) ([]byte, error) {
	return appendPencil(dst, rec.g), nil
}

func writeWiki(dst []byte, rec *record) ([]byte, error) {
	return appendComment(appendWiki(dst, rec.g), rec.comment), nil
}

// Writing the candidate formats: Sukaku and Pencil. A grid
// without marks is written with every candidate in every blank cell.

// appendSukaku appends the candidate slots of g: side a cell, symbol k in
// slot k for a candidate, '.' for none.
func appendSukaku(dst []byte, g *sudoku.Grid) []byte {
	side := g.Side()
	for i := range g.Cells() {
		m := g.Marks(i)
		for k := 0; k < side; k++ {
			c := byte('.')
			if m&(1<<k) != 0 {
				c = sudoku.Symbols[k]
			}
			dst = append(dst, c)
		}
	}
	return dst
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

// appendPencil appends g as a pencil-mark grid, as HoDoKu prints one:
// every cell as wide as the widest plus one space.
//
//	.----------------------.----------------------.----------------------.
//	| 1579   2      3      | 4      16     19     | 8      579    159    |
//	:----------------------+----------------------+----------------------:
//	'----------------------'----------------------'----------------------'
func appendPencil(dst []byte, g *sudoku.Grid) []byte {
	side, order := g.Side(), g.Order()
	w := 1
	for i := range g.Cells() {
		if v := g.Cells()[i]; v == 0 {
			w = max(w, bits.OnesCount64(g.Marks(i)))
		}
	}
	border := func(dst []byte, corner, join byte) []byte {
		for b := 0; b < order; b++ {
			if b == 0 {
				dst = append(dst, corner)
			} else {
				dst = append(dst, join)
			}
			dst = appendRepeat(dst, '-', 1+order*(w+1))
		}
		return append(dst, corner, '\n')
	}
	dst = border(dst, '.', '.')
	for r := 0; r < side; r++ {
		if r > 0 && r%order == 0 {
			dst = border(dst, ':', '+')
		}
		for c := 0; c < side; c++ {
			if c%order == 0 {
				dst = append(dst, '|', ' ')
			}
			n := len(dst)
			dst = pencilCell(dst, g, r*side+c)
			dst = appendRepeat(dst, ' ', w+1-(len(dst)-n))
		}
		dst = append(dst, '|', '\n')
	}
	// The bottom border: "'" at every corner and join.
	return border(dst, '\'', '\'')
}

// appendWiki appends g as sudokuwiki's packed board: "S9B", then per
// cell two base-36 digits: its value (9 more if placed), or 18 + its candidates (every
// candidate for a cell that has none, as sudokuwiki writes it).
func appendWiki(dst []byte, g *sudoku.Grid) []byte {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	dst = append(dst, "S9B"...)
	for i := range g.Cells() {
		n := int(g.Cells()[i])
		if g.Placed(i) {
			n += 9
		}
		if n == 0 {
			m := g.Marks(i)
			if m == 0 {
				m = allMarks(9)
			}
			n = 18 + int(m)
		}
		dst = append(dst, digits[n/36], digits[n%36])
	}
	return dst
}
