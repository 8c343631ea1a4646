package format

import (
	"bytes"
	"errors"
	"io"

	"github.com/gosudoku/sudoku"
)

// Single-line formats: Line, Groups and the count line of Counted.

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

// groupsRecord reads Groups.
func (r *Reader) groupsRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	side := wordEnd(text, s) - s
	order := sudoku.OrderForSide(side)
	if order == 0 {
		return nil, r.errAt(line, s+1, detailf(sudoku.ErrCellCount, "group of %d symbols, want 4, 9, 16, 25, 36, 49 or 64", side))
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
			return nil, r.errAt(line, 0, detailf(sudoku.ErrCellCount, "%d %s, want %d", k, plural(k, "group"), side))
		}
		e := wordEnd(text, i)
		if e-i != side {
			if k := notASCII(text[i:e]); k >= 0 {
				return nil, r.errAt(line, i+k+1, sudoku.SymbolError(text, i+k))
			}
			return nil, r.errAt(line, i+1, detailf(sudoku.ErrCellCount, "group %d has %d symbols, want %d", k+1, e-i, side))
		}
		if err := r.fill(g, k*side, text[i:e], line, i+1); err != nil {
			return nil, err
		}
		i = e
	}
	p.Line, p.Format = line, Groups
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
			var pe *sudoku.ParseError
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
			p.Format = Counted
		}
		return p, err
	}
}

// HoDoKu: HoDoKu's library line.

// isHoDoKuLine reports whether text from s on is a HoDoKu library line:
// it starts with ':' and holds 6 or 7 colons.
func isHoDoKuLine(text []byte, s int) bool {
	if s >= len(text) || text[s] != ':' {
		return false
	}
	n := bytes.Count(text[s:], []byte{':'})
	return n == 6 || n == 7
}

// hodokuRecord reads HoDoKu from text[s:].
func (r *Reader) hodokuRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	end := len(bytes.TrimRight(text, " \t\r\v\f"))
	// The fields, with the column where each starts.
	var fields [8][]byte
	var cols [8]int
	n := 0
	for i := s; i <= end; {
		k := bytes.IndexByte(text[i:end], ':')
		e := end
		if k >= 0 {
			e = i + k
		}
		if n == len(fields) {
			return nil, r.errAt(line, i, detailf(ErrSyntax, "more than 8 fields, want a HoDoKu library line, :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]"))
		}
		fields[n], cols[n] = text[i:e], i+1
		n++
		i = e + 1
	}
	if text[s] != ':' {
		return nil, r.errAt(line, s+1, detailf(ErrSyntax, "want a HoDoKu library line, :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]"))
	}
	if n < 7 {
		return nil, r.errAt(line, end+1, detailf(ErrSyntax, "%d %s, want 7 or 8: a HoDoKu library line is :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]", max(n-1, 0), plural(n-1, "field")))
	}
	if r.Order != 0 && r.Order != 3 {
		return nil, r.errAt(line, s+1, detailf(sudoku.ErrCellCount, "a HoDoKu library line is 9x9, want order %d", r.Order))
	}
	p := newPuzzle(3)
	g := p.Grid
	// The givens and placed values.
	w, col := fields[3], cols[3]
	k := 0
	plus := -1 // index in w of a '+' waiting for its digit
	for j, c := range w {
		if c == '+' {
			if plus >= 0 {
				return nil, r.errAt(line, col+j, detailf(sudoku.ErrSymbol, "'+' after '+': a '+' marks the digit after it as placed"))
			}
			plus = j
			continue
		}
		if k == 81 {
			return nil, r.errAt(line, col+j, detailf(sudoku.ErrCellCount, "more than 81 cells in the givens"))
		}
		v := int(r.sym[c]) - 1
		switch {
		case v < 0:
			return nil, r.errAt(line, col+j, sudoku.SymbolError(w, j))
		case v > 9:
			return nil, r.errAt(line, col+j, sudoku.ValueError(c, k/9, k%9, v, 9))
		case v == 0 && plus >= 0:
			return nil, r.errAt(line, col+plus, detailf(sudoku.ErrSymbol, "'+' before a blank: a '+' marks the digit after it as placed"))
		}
		g.Cells()[k] = uint8(v)
		if plus >= 0 {
			g.Place(k, v)
			plus = -1
		}
		k++
	}
	if plus >= 0 {
		return nil, r.errAt(line, col+plus, detailf(sudoku.ErrSymbol, "'+' at the end of the givens: a '+' marks the digit after it as placed"))
	}
	if k < 81 {
		return nil, r.errAt(line, col, detailf(sudoku.ErrCellCount, "%d %s in the givens, want 81", k, plural(k, "cell")))
	}
	// The deleted candidates.
	if d := fields[4]; len(bytes.TrimSpace(d)) > 0 {
		marks := make([]uint64, 81)
		for i := range marks {
			marks[i] = g.ValueMarks(i)
		}
		for j := 0; j < len(d); {
			j = skipSpace(d, j)
			if j == len(d) {
				break
			}
			e := wordEnd(d, j)
			t := d[j:e]
			at := cols[4] + j
			if len(t) != 3 || t[0] < '1' || t[0] > '9' || t[1] < '1' || t[1] > '9' || t[2] < '1' || t[2] > '9' {
				if k := notASCII(t); k >= 0 {
					return nil, r.errAt(line, at+k, sudoku.SymbolError(t, k))
				}
				return nil, r.errAt(line, at, detailf(sudoku.ErrSymbol, "deleted candidate %q: want <digit><row><col>, each 1-9", t))
			}
			v, i := int(t[0]-'0'), int(t[1]-'1')*9+int(t[2]-'1')
			if c := g.Cells()[i]; c != 0 {
				what := "the given"
				if g.Placed(i) {
					what = "the placed value"
				}
				return nil, r.errAt(line, at, detailf(ErrSyntax, "deleted candidate %s: %s holds %s %d", t, sudoku.CellName(i, 9), what, c))
			}
			marks[i] &^= 1 << (v - 1)
			j = e
		}
		g.SetAllMarks(marks)
	}
	p.Line, p.Format = line, HoDoKu
	// The step: technique, candidates, eliminations, placements, extra.
	var c []byte
	for _, f := range [...]int{1, 2, 5, 6, 7} {
		if f == 7 && n < 8 {
			break
		}
		if f > 1 {
			c = append(c, ':')
		}
		c = append(c, fields[f]...)
	}
	p.Comment = string(c)
	return p, nil
}

// Bank: the Sudoku Exchange puzzle bank, "<hash> <puzzle> <rating>".

// isHex reports whether w holds only hex digits.
func isHex(w []byte) bool {
	for _, c := range w {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return len(w) > 0
}

// isBankLine reports whether text, whose first word is text[s:e], is a
// Bank line: a word of 12 hex digits and then a line grid.
func isBankLine(text []byte, s, e int) bool {
	if e-s != 12 || !isHex(text[s:e]) {
		return false
	}
	ps := skipSpace(text, e)
	pe := wordEnd(text, ps)
	return ps > e && sudoku.OrderForCells(pe-ps) != 0
}

// bankRecord reads Bank: the hash, the puzzle and the rest of the
// line (the rating), the hash and rating kept as the comment.
func (r *Reader) bankRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	e := wordEnd(text, s)
	if e-s != 12 || !isHex(text[s:e]) {
		return nil, r.errAt(line, s+1, detailf(ErrSyntax, "want a puzzle-bank line: a hash of 12 hex digits, the puzzle and its rating"))
	}
	ps := skipSpace(text, e)
	if ps == len(text) {
		return nil, r.errAt(line, ps+1, detailf(sudoku.ErrCellCount, "no puzzle after the hash"))
	}
	pe := wordEnd(text, ps)
	p, err := r.lineRecord(text[:pe], ps, pe)
	if err != nil {
		return nil, err
	}
	p.Format = Bank
	c := append([]byte(nil), text[s:e]...)
	if rest := bytes.TrimSpace(text[pe:]); len(rest) > 0 {
		c = append(append(c, ' '), rest...)
	}
	p.Comment = string(c)
	return p, nil
}
