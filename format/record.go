package format

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// Records: what a Reader returns and what a Writer writes.

// Puzzle is one record read from a puzzle file. (A record that holds
// more than a grid, such as a variant's rules, will carry it in a field
// here, and Writer.WritePuzzle in record.)
type Puzzle struct {
	Grid     *sudoku.Grid // the puzzle
	Solution *sudoku.Grid // a solution given with the puzzle (JSON "solution"), or nil
	Line     int          // 1-based line where the record starts
	Comment  string       // text after the grid on its line (Line, Groups), "comment" (JSON), a "#C" line (SDK), the step fields (HoDoKu), hash and rating (Bank), the header lines (SadMan, SDX) or the folder's name (OpenSudoku), trimmed
	Format   Format       // the format the record was read in
	// Variant is the puzzle of a record in a variant format (FPuzzles,
	// Link, Rules, Jigsaw, Killer), rules and all; Grid is nil then. It is
	// nil for every other record.
	Variant *variant.Puzzle
}

// record is what a Writer writes: a grid, its solution (or nil) and the
// comment, on one line. (A puzzle's variant rules will be a field here.)
type record struct {
	g, sol  *sudoku.Grid
	comment string
	v       *variant.Puzzle // the variant puzzle to write, or nil for g's givens
	show    bool            // Text's record: shown as the format can, not refused (ErrCannotHold)
	// doc is the document a Writer has open, for a format that writes one
	// (OpenSudoku: *xmlWriter); nil for a record in a document of its own.
	doc any
}

// oneLine returns s with line breaks and tabs turned into spaces and
// trimmed.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n\t\v\f") {
		s = strings.Map(func(r rune) rune {
			switch r {
			case '\r', '\n', '\t', '\v', '\f':
				return ' '
			}
			return r
		}, s)
	}
	return strings.TrimSpace(s)
}

// appendComment appends " comment" if there is one, and the line end.
func appendComment(dst []byte, comment string) []byte {
	if comment != "" {
		dst = append(dst, ' ')
		dst = append(dst, comment...)
	}
	return append(dst, '\n')
}

// cellSymbols writes each cell value, '.' for a blank.
const cellSymbols = "." + sudoku.Symbols

// appendSymbols appends the symbols of cells, '.' for a blank.
func appendSymbols(dst []byte, cells []uint8) []byte {
	dst = slices.Grow(dst, len(cells))
	out := dst[len(dst) : len(dst)+len(cells)]
	for i, v := range cells {
		c := byte('.')
		if int(v) < len(cellSymbols) { // always, for a valid grid
			c = cellSymbols[v]
		}
		out[i] = c
	}
	return dst[:len(dst)+len(cells)]
}

// appendZeros appends the symbols of cells, '0' for a blank, as CSV files
// write them.
func appendZeros(dst []byte, cells []uint8) []byte {
	n := len(dst)
	dst = appendSymbols(dst, cells)
	for i, c := range dst[n:] {
		if c == '.' {
			dst[n+i] = '0'
		}
	}
	return dst
}

// appendRepeat appends n copies of c.
func appendRepeat(dst []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		dst = append(dst, c)
	}
	return dst
}

// singleCandidate returns an error wrapping ErrCannotHold for the first
// blank cell of the record's grid with one candidate, which format f (one
// that reads a cell of one candidate as a value) would turn into a given;
// nil if there is none, or for Text.
func singleCandidate(rec *record, f Format) error {
	g := rec.g
	if !g.HasMarks() || rec.show {
		return nil
	}
	for i, v := range g.Cells() {
		if m := g.Marks(i); v == 0 && m != 0 && m&(m-1) == 0 {
			return detailf(ErrCannotHold, "%s: %v cannot hold a blank cell with the one candidate %c: it reads back as a given (json, ssmarks, sadman, opensudoku and sudokuwiki keep it)",
				sudoku.CellName(i, g.Side()), f, sudoku.SymbolByte(bits.TrailingZeros64(m)+1))
		}
	}
	return nil
}
