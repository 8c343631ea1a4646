package format

import (
	"bytes"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// Candidate formats: Sukaku (one line of candidate slots per grid),
// Pencil (a boxed grid of candidate strings) and Wiki (sudokuwiki.org's
// packed board).

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
func sukakuRecord(r *source, text []byte, s int) (*Puzzle, error) {
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
func wikiRecord(r *source, text []byte, s int) (*Puzzle, error) {
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
			p, err := lineRecord(r, text[:s+k+3+len(v)], s+k+3, s+k+3+len(v))
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

func writeSukaku(dst []byte, rec *record) ([]byte, error) {
	if err := singleCandidate(rec, Sukaku); err != nil {
		return dst, err
	}
	return appendComment(appendSukaku(dst, rec.g), rec.comment), nil
}

func writePencil(dst []byte, rec *record) ([]byte, error) {
	if err := singleCandidate(rec, Pencil); err != nil {
		return dst, err
	}
	return appendPencil(dst, rec.g), nil
}

func writeWiki(dst []byte, rec *record) ([]byte, error) {
	return appendComment(appendWiki(dst, rec.g), rec.comment), nil
}

// Writing the candidate formats: Sukaku and Pencil. A grid
// without marks is written with every candidate in every blank cell. A
// blank cell with one candidate cannot be written: it would read back as
// a value (ErrCannotHold).

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
