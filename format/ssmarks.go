package format

import (
	"bytes"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// SSMarks: Simple Sudoku's .ss with pencil marks, an SS grid of
// givens, perhaps an SS grid of values, and a pencil-mark grid.

// Kinds of what follows a 9x9 SS grid.
const (
	ssPlain  = iota // nothing of SSMarks: a plain .ss grid
	ssMarks         // a pencil-mark grid
	ssValues        // a grid of values and then a pencil-mark grid
)

// maxSSBlanks is the number of empty lines that may separate the grids
// of an SSMarks record (Simple Sudoku writes two).
const maxSSBlanks = 4

// ssBlanks returns the index, for peek, of the first line from i on
// that is not empty, skipping at most maxSSBlanks lines; -1 at the end
// of the input or an error.
func ssBlanks(r *source, i int) int {
	for k := 0; k <= maxSSBlanks; k++ {
		b, err := r.peek(i + k)
		if err != nil {
			return -1
		}
		if skipSpace(b, 0) != len(b) {
			return i + k
		}
	}
	return -1
}

// isSSRow reports whether b is a row of a 9x9 SS grid: three boxes
// of three symbols between bars, "|8..|4..|...|".
func isSSRow(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) != 13 {
		return false
	}
	for i, c := range b {
		if i%4 == 0 {
			if c != '|' {
				return false
			}
		} else if c == ' ' || c == '|' {
			return false
		}
	}
	return true
}

// isSSPencilRow reports whether b, the first row of a boxed grid after a
// SS grid, is a row of candidate strings: a pencil-mark row as
// detection knows it, or 9 words of digits (or '.') side by side in their
// boxes, one of them 2 digits or more (no 9x9 grid of values has one).
func isSSPencilRow(r *source, pm *pencilState, b []byte) bool {
	if pm.isRow(r, b) {
		return true
	}
	words, spaced := pencilWords(pm.words[:0], b)
	pm.words = words
	if !spaced || len(words) != 9 {
		return false
	}
	long := false
	for _, w := range words {
		t := b[w.i:w.e]
		if !allDigits(t) && !(len(t) == 1 && t[0] == '.') {
			return false
		}
		long = long || len(t) > 1
	}
	return long
}

// isSSWideRow reports whether row, under the top border top, is the
// first row of a pencil-mark grid as Simple Sudoku writes one even when
// each of its cells holds one symbol: top is "*", 9w+23 dashes and "*"
// for cells w+2 wide (w >= 1), and row is as long, with its bars where
// the boxes end and 9 words of digits or '.' between them.
func isSSWideRow(top, row []byte) bool {
	top, row = bytes.TrimSpace(top), bytes.TrimSpace(row)
	n := len(top)
	if n < 34 || (n-25)%9 != 0 || top[0] != '*' || top[n-1] != '*' || len(bytes.Trim(top[1:n-1], "-")) != 0 || len(row) != n {
		return false
	}
	box := (n - 1) / 3
	words := 0
	for k := 0; k < 3; k++ {
		if row[k*box] != '|' {
			return false
		}
		for _, w := range bytes.Fields(row[k*box+1 : (k+1)*box]) {
			if !allDigits(w) && !(len(w) == 1 && w[0] == '.') {
				return false
			}
			words++
		}
	}
	return row[n-1] == '|' && words == 9
}

// isSSBorder reports whether b is the top border of a grid of a
// SSMarks record: "*---*" as Simple Sudoku writes it, or when
// forced any border of a pencil-mark grid.
func isSSBorder(b []byte, forced bool) bool {
	if !isPencilBoxLine(b) {
		return false
	}
	s := skipSpace(b, 0)
	return forced || b[s] == '*'
}

// ssFollows tells what follows the 9x9 SS grid just read: the
// lines after it are looked at, not taken. Forced (SSMarks) takes
// any boxed grid after the givens for the pencil-mark grid.
func ssFollows(r *source, pm *pencilState, forced bool) int {
	i := ssBlanks(r, 0)
	if i < 0 {
		return ssPlain
	}
	top, _ := r.peek(i)
	if !isSSBorder(top, forced) {
		return ssPlain
	}
	top = bytes.Clone(top)
	b, err := r.peek(i + 1)
	if err != nil {
		return ssPlain
	}
	if !isSSRow(b) {
		if isSSPencilRow(r, pm, b) || isSSWideRow(top, b) || forced && bytes.IndexByte(b, '|') >= 0 {
			return ssMarks
		}
		return ssPlain
	}
	// A grid of values: 9 rows and 2 box lines, then its bottom border.
	j := i + 2
	for rows := 1; rows < 9; j++ {
		b, err := r.peek(j)
		if err != nil {
			return ssPlain
		}
		switch {
		case isSSRow(b):
			rows++
		case !isBoxLine(b):
			return ssPlain
		}
	}
	if b, err := r.peek(j); err == nil && isBoxLine(b) {
		j++
	}
	k := ssBlanks(r, j)
	if k < 0 {
		return ssPlain
	}
	top, _ = r.peek(k)
	if !isSSBorder(top, forced) {
		return ssPlain
	}
	top = bytes.Clone(top)
	if b, err := r.peek(k + 1); err != nil || !isSSPencilRow(r, pm, b) && !isSSWideRow(top, b) && !(forced && bytes.IndexByte(b, '|') >= 0) {
		return ssPlain
	}
	return ssValues
}

// ssNext takes the empty lines after a grid and makes the line after
// them current.
func ssNext(r *source) error {
	for {
		b, err := r.peek(0)
		if err != nil || skipSpace(b, 0) != len(b) {
			break
		}
		r.next()
	}
	return r.next()
}

// ssMarksRest reads the rest of an SSMarks record whose grid of givens,
// 9x9, p has read: what ssFollows found, kind.
func ssMarksRest(r *source, pm *pencilState, p *Puzzle, kind int) (*Puzzle, error) {
	g := p.Grid
	vals := g
	var valsAt, pmAt [][2]int // the place of each cell in the two grids
	defer func() { r.cellAt = nil }()
	if kind == ssValues {
		if err := ssNext(r); err != nil {
			return nil, err
		}
		valsAt = make([][2]int, 81)
		r.cellAt = valsAt
		q, err := boxed(r, pm)
		if err != nil {
			return nil, err
		}
		if q.Grid.Order() != 3 {
			return nil, r.errAt(q.Line, 0, detailf(sudoku.ErrCellCount, "Simple Sudoku's grid of values is 9x9, not %dx%d", q.Grid.Side(), q.Grid.Side()))
		}
		vals = q.Grid
		for i := range valsAt {
			if valsAt[i][0] == 0 { // not a row of symbols: name the grid
				valsAt[i] = [2]int{q.Line, 0}
			}
		}
	}
	// The pencil-mark grid is read before the grids are compared, so that
	// an error leaves no part of the record to the next Read.
	if err := ssNext(r); err != nil {
		return nil, err
	}
	pmAt = make([][2]int, 81)
	r.cellAt = pmAt
	marked, err := pm.read(r)
	if err != nil {
		return nil, err
	}
	for i := range pmAt {
		if pmAt[i][0] == 0 {
			pmAt[i] = [2]int{marked.Line, 0}
		}
	}
	for i, v := range g.Cells() {
		if v != 0 && vals.Cells()[i] != v {
			return nil, r.errAt(valsAt[i][0], valsAt[i][1], detailf(ErrSyntax, "%s: the grid of givens holds %d, the grid of values %s", sudoku.CellName(i, 9), v, valueWord(vals.Cells()[i])))
		}
	}
	if marked.Grid.Order() != 3 {
		return nil, r.errAt(marked.Line, 0, detailf(sudoku.ErrCellCount, "Simple Sudoku's pencil-mark grid is 9x9, not %dx%d", marked.Grid.Side(), marked.Grid.Side()))
	}
	marks := make([]uint64, 81)
	for i, v := range vals.Cells() {
		m := marked.Grid.Marks(i)
		if v == 0 {
			marks[i] = m
			continue
		}
		if m != 1<<(v-1) {
			return nil, r.errAt(pmAt[i][0], pmAt[i][1], detailf(ErrSyntax, "%s holds %d, but its pencil marks are %s", sudoku.CellName(i, 9), v, markString(m)))
		}
		marks[i] = m
		if g.Cells()[i] == 0 {
			g.Place(i, int(v))
		}
	}
	g.SetAllMarks(marks)
	p.Format = SSMarks
	return p, nil
}

// valueWord writes v, "a blank" for 0.
func valueWord(v uint8) string {
	if v == 0 {
		return "a blank"
	}
	return string(sudoku.SymbolByte(int(v)))
}

// readSSMarks reads SSMarks from the current line.
func readSSMarks(r *source, pm *pencilState) (*Puzzle, error) {
	start := r.curLine
	if !isBoxLine(r.cur) && bytes.IndexByte(r.cur, '|') < 0 {
		return nil, r.errAt(start, skipSpace(r.cur, 0)+1, detailf(ErrSyntax, "want Simple Sudoku's grid of givens (\"*-----------*\", \"|8..|4..|...|\", ...)"))
	}
	p, err := boxed(r, pm)
	if err != nil {
		return nil, err
	}
	if p.Format != SS || p.Grid.Order() != 3 {
		return nil, r.errAt(p.Line, 0, detailf(ErrSyntax, "want Simple Sudoku's 9x9 grid of givens, \"|8..|4..|...|\", not a %v grid", p.Format))
	}
	kind := ssFollows(r, pm, true)
	if kind == ssPlain {
		return nil, r.errAt(p.Line, 0, detailf(ErrSyntax, "no pencil-mark grid after Simple Sudoku's grid of givens"))
	}
	return ssMarksRest(r, pm, p, kind)
}

func writeSSMarks(dst []byte, rec *record) ([]byte, error) {
	return appendSSMarks(dst, rec.g), nil
}

// appendSSMarks appends g, 9x9, as Simple Sudoku writes a puzzle with
// pencil marks: the grid of givens, the grid of every value if g has
// placed values, and the pencil-mark grid, two empty lines between them.
//
//	*-----------------------------------------------------------------------------*
//	| 8       123     1237    | 4       135     2369    | 3579    357     39      |
//	|-------------------------+-------------------------+-------------------------|
func appendSSMarks(dst []byte, g *sudoku.Grid) []byte {
	dst = appendSSGrid(dst, g.GivensOnly())
	if g.HasPlaced() {
		dst = append(dst, '\n', '\n')
		dst = appendSSGrid(dst, g)
	}
	dst = append(dst, '\n', '\n')
	w := 1
	for i := range g.Cells() {
		w = max(w, bits.OnesCount64(g.Marks(i)))
	}
	border := func(dst []byte, corner, join byte) []byte {
		dst = append(dst, corner)
		for b := 0; b < 3; b++ {
			if b > 0 {
				dst = append(dst, join)
			}
			dst = appendRepeat(dst, '-', 1+3*(w+2))
		}
		return append(dst, corner, '\n')
	}
	dst = border(dst, '*', '-')
	for r := 0; r < 9; r++ {
		if r > 0 && r%3 == 0 {
			dst = border(dst, '|', '+')
		}
		for c := 0; c < 9; c++ {
			if c%3 == 0 {
				dst = append(dst, '|', ' ')
			}
			n := len(dst)
			dst = pencilCell(dst, g, r*9+c)
			dst = appendRepeat(dst, ' ', w+2-(len(dst)-n))
		}
		dst = append(dst, '|', '\n')
	}
	return border(dst, '*', '-')
}
