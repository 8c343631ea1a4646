package format

import (
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
func (c *countState) record(r *source, text []byte, s int) (*Puzzle, error) {
	ws, we, ok := oneWord(text)
	if !ok || we-ws > 9 || !allDigits(text[ws:we]) {
		return nil, r.errAt(r.curLine, s+1, detailf(ErrCount, "want a count line (a number)"))
	}
	n := 0
	for _, c := range text[ws:we] {
		n = n*10 + int(c-'0')
	}
	c.left, c.want, c.line = n, n, r.curLine
	return nil, nil
}

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
