package format

import (
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// Writing the formats of a game in progress: SadMan and SDX.
// The comment becomes the header lines it was read from ("#A ... #C ..."),
// or one "#C" line.

// appendHeaders appends the comment as header lines.
func appendHeaders(dst []byte, comment string) []byte {
	if comment == "" {
		return dst
	}
	if hs := splitHeaders(comment); hs != nil {
		for _, h := range hs {
			dst = append(append(dst, h...), '\n')
		}
		return dst
	}
	return append(append(append(dst, "#C "...), comment...), '\n')
}

// appendSadMan appends g as a SadMan file: [Puzzle] with its givens,
// [State] with its values, and [PencilMarks] if it has marks, a blank
// cell without candidates being written with every one.
func appendSadMan(dst []byte, g *sudoku.Grid, comment string) []byte {
	side := g.Side()
	dst = appendHeaders(dst, comment)
	dst = append(dst, "[Puzzle]\n"...)
	for i := range g.Cells() {
		c := byte('.')
		if g.Given(i) {
			c = sudoku.SymbolByte(int(g.Cells()[i]))
		}
		dst = append(dst, c)
		if (i+1)%side == 0 {
			dst = append(dst, '\n')
		}
	}
	dst = append(dst, "[State]\n"...)
	for r := 0; r < side; r++ {
		dst = append(appendSymbols(dst, g.Cells()[r*side:(r+1)*side]), '\n')
	}
	if !g.HasMarks() {
		return dst
	}
	dst = append(dst, "[PencilMarks]\n"...)
	all := allMarks(side)
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			if c > 0 {
				dst = append(dst, ',')
			}
			i := r*side + c
			if m := g.Marks(i); g.Cells()[i] == 0 && m != all {
				for ; m != 0; m &= m - 1 {
					dst = append(dst, sudoku.Symbols[bits.TrailingZeros64(m)])
				}
			}
		}
		dst = append(dst, '\n')
	}
	return dst
}

// appendSDX appends g as a SudoCue candidate grid: a given as its
// symbol, a placed value as "u" and its symbol, a blank cell as its
// candidates ("." for none).
func appendSDX(dst []byte, g *sudoku.Grid, comment string) []byte {
	side := g.Side()
	dst = appendHeaders(dst, comment)
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			if c > 0 {
				dst = append(dst, ' ')
			}
			if g.Placed(r*side+c) && side < 56 {
				dst = append(dst, 'u')
			}
			dst = pencilCell(dst, g, r*side+c)
		}
		dst = append(dst, '\n')
	}
	return dst
}
