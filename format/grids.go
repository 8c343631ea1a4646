package format

import (
	"errors"
	"io"

	"github.com/gosudoku/sudoku"
)

// Grids of several lines: Numbers, Counted, Pretty and SS.

// countState is the Reader's state in a counted block.
type countState struct {
	left   int  // grids still due in a counted block
	want   int  // the count of the block
	line   int  // the line of the count
	inside bool // reading a grid of the block
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
	r.count.left, r.count.want, r.count.line = n, n, r.curLine
	return nil, nil
}

// readCounted reads the next grid of a counted block.
func (r *Reader) readCounted() (*Puzzle, error) {
	for {
		err := r.next()
		if err == io.EOF {
			found := r.count.want - r.count.left
			r.count.left = 0
			return nil, r.errAt(r.count.line, 0, detailf(ErrCount, "count says %d grids, file ends after %d", r.count.want, found))
		}
		if err != nil {
			var pe *sudoku.ParseError
			if errors.As(err, &pe) {
				r.count.left--
			}
			return nil, err
		}
		text := r.cur
		s := skipSpace(text, 0)
		if s == len(text) || text[s] == '#' && r.isComment(text, s) {
			continue
		}
		r.count.left--
		r.count.inside = true
		var p *Puzzle
		if e := wordEnd(text, s); e-s <= 9 && allDigits(text[s:e]) && !isSide(e-s) && skipSpace(text, e) == len(text) {
			err = r.errAt(r.curLine, s+1, detailf(ErrCount, "count line inside a counted block (%d grids still due)", r.count.left+1))
		} else {
			p, err = r.auto(text, s)
		}
		r.count.inside = false
		if p != nil {
			p.Format = Counted
		}
		return p, err
	}
}

func (r *Reader) numbers(text []byte, s int) (*Puzzle, error) {
	return r.rows(kindNumbers, Numbers, r.curLine)
}

func (r *Reader) boxed1(text []byte, s int) (*Puzzle, error) { return r.boxed() }

func writeNumbers(dst []byte, rec *record) ([]byte, error) {
	side := rec.g.Side()
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			v := rec.g.Cells()[r*side+c]
			if c > 0 {
				dst = append(dst, ' ')
			}
			if side > 9 && v < 10 {
				dst = append(dst, ' ')
			}
			if v >= 10 {
				dst = append(dst, '0'+v/10)
			}
			dst = append(dst, '0'+v%10)
		}
		dst = append(dst, '\n')
	}
	return dst, nil
}

func writePretty(dst []byte, rec *record) ([]byte, error) {
	g := rec.g
	side, order := g.Side(), g.Order()
	border := func(dst []byte) []byte {
		for b := 0; b < order; b++ {
			dst = append(dst, '+')
			dst = appendRepeat(dst, '-', 2*order+1)
		}
		return append(dst, '+', '\n')
	}
	for r := 0; r < side; r++ {
		if r%order == 0 {
			dst = border(dst)
		}
		for c := 0; c < side; c++ {
			if c%order == 0 {
				dst = append(dst, '|', ' ')
			}
			dst = append(dst, sudoku.SymbolByte(int(g.Cells()[r*side+c])), ' ')
		}
		dst = append(dst, '|', '\n')
	}
	return border(dst), nil
}

func writeSS(dst []byte, rec *record) ([]byte, error) {
	return appendSSGrid(dst, rec.g), nil
}
