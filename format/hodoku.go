package format

import (
	"bytes"
	"math/bits"
	"strings"

	"github.com/gosudoku/sudoku"
)

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
func hodokuRecord(r *source, text []byte, s int) (*Puzzle, error) {
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

func writeHoDoKu(dst []byte, rec *record) ([]byte, error) {
	if g := rec.g; g.HasMarks() && !rec.show {
		for i, v := range g.Cells() {
			if out := g.Marks(i) &^ g.ValueMarks(i); v == 0 && out != 0 {
				return dst, detailf(ErrCannotHold, "%s: hodoku cannot hold the candidate %c, which a value of its row, column or box excludes: a HoDoKu line lists the candidates deleted from those the values leave (json, ssmarks, sadman, opensudoku and sudokuwiki keep it)",
					sudoku.CellName(i, 9), sudoku.SymbolByte(bits.TrailingZeros64(out)+1))
			}
		}
	}
	return appendHoDoKu(dst, rec.g, rec.comment), nil
}

// hodokuStep splits a comment of the shape
// "<technique>:<candidates>:<eliminations>:<placements>[:<extra>]" (as
// the Reader keeps it for HoDoKu) into its fields; ok is false for
// any other comment.
func hodokuStep(comment string) (fields []string, ok bool) {
	fields = strings.Split(comment, ":")
	if len(fields) != 4 && len(fields) != 5 || fields[0] == "" {
		return nil, false
	}
	for _, c := range []byte(fields[0]) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
			return nil, false
		}
	}
	return fields, true
}

// appendHoDoKu appends g, 9x9, as a HoDoKu library line: the step from
// comment (see hodokuStep) or HoDoKu's ":0000:x:" for none, the cells
// with '+' before placed values, and the candidates that the values
// leave but the marks of g do not hold, cell by cell.
func appendHoDoKu(dst []byte, g *sudoku.Grid, comment string) []byte {
	step, ok := hodokuStep(comment)
	if !ok {
		step = []string{"0000", "x", "", ""} // ":0000:x:<givens>:<deleted>::"
	}
	dst = append(dst, ':')
	dst = append(dst, step[0]...)
	dst = append(dst, ':')
	dst = append(dst, step[1]...)
	dst = append(dst, ':')
	for i, v := range g.Cells() {
		if g.Placed(i) {
			dst = append(dst, '+')
		}
		dst = append(dst, cellSymbols[v])
	}
	dst = append(dst, ':')
	if g.HasMarks() {
		first := true
		for i, v := range g.Cells() {
			if v != 0 {
				continue
			}
			for out := g.ValueMarks(i) &^ g.Marks(i); out != 0; out &= out - 1 {
				if !first {
					dst = append(dst, ' ')
				}
				first = false
				dst = append(dst, byte('1'+bits.TrailingZeros64(out)), byte('1'+i/9), byte('1'+i%9))
			}
		}
	}
	for _, f := range step[2:] {
		dst = append(dst, ':')
		dst = append(dst, f...)
	}
	return append(dst, '\n')
}
