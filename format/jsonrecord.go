package format

// The JSON record, shared by Reader and Writer.

import (
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// jsonPuzzle is the object of one JSON line, as written.
type jsonPuzzle struct {
	Order    int      `json:"order,omitempty"`
	Grid     string   `json:"grid"`
	Placed   string   `json:"placed,omitempty"`
	Marks    []string `json:"marks,omitempty"`
	Solution string   `json:"solution,omitempty"`
	Comment  string   `json:"comment,omitempty"`
}

// jsonPlaced returns the "placed" field of g: its placed values where it
// has them, '.' elsewhere; "" for a grid without placed values.
func jsonPlaced(g *sudoku.Grid) string {
	if !g.HasPlaced() {
		return ""
	}
	b := make([]byte, g.NumCells())
	for i := range b {
		b[i] = '.'
		if g.Placed(i) {
			b[i] = sudoku.SymbolByte(g.Cell(i))
		}
	}
	return string(b)
}

// jsonMarks returns the "marks" field of g: the candidates of each cell
// as a string of symbols, "" for a filled cell; nil for a grid without
// marks.
func jsonMarks(g *sudoku.Grid) []string {
	if !g.HasMarks() {
		return nil
	}
	m := make([]string, g.NumCells())
	for i := range m {
		if g.Cell(i) == 0 {
			m[i] = candidateSymbols(g.Marks(i))
		}
	}
	return m
}

// candidateSymbols returns the symbols of the candidates in m, in order
// ("" for none).
func candidateSymbols(m uint64) string {
	b := make([]byte, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		b = append(b, sudoku.SymbolByte(bits.TrailingZeros64(m)+1))
	}
	return string(b)
}
