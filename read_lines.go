package sudoku

import (
	"bytes"
	"errors"
	"io"
)

// Single-line formats: FormatLine, FormatGroups and the count line of FormatCounted.

// lineRecord reads FormatLine: text[s:e] is the grid, the rest the comment.
func (r *Reader) lineRecord(text []byte, s, e int) (*Puzzle, error) {
	n := e - s
	order := OrderForCells(n)
	if order == 0 || r.Order != 0 && order != r.Order {
		if k := notASCII(text[s:e]); k >= 0 {
			return nil, r.errAt(r.curLine, s+k+1, symbolErrorAt(text, s+k))
		}
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
	if !r.fill9(p.Grid.cells, w[:81]) {
		return nil
	}
	p.Line, p.Format = r.curLine, FormatLine
	if c := bytes.TrimSpace(w[81:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p
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
			if k := notASCII(text[i:e]); k >= 0 {
				return nil, r.errAt(line, i+k+1, symbolErrorAt(text, i+k))
			}
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
