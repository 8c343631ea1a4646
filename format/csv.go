package format

import (
	"bytes"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/detail"
)

// CSV: a header line naming the columns, then one puzzle per row.

// csvState is the Reader's state for CSV.
type csvState struct {
	block *csvBlock // the block being read, or nil
}

// csvBlock is the header of the CSV block being read.
type csvBlock struct {
	names    []string // the column names, as in the header
	puzzle   int      // the index of the puzzle column
	solution int      // the index of the solution column, or -1
	fields   [][]byte // the fields of the current row (reused)
	starts   []int    // the offset of each field in its line (reused)
	unquoted []byte   // the text of quoted fields, unescaped (reused)
}

// csvPuzzleNames and csvSolutionNames are the column names (in any case)
// of the puzzle and its solution.
var (
	csvPuzzleNames   = []string{"puzzle", "puzzles", "quizzes", "quiz", "grid", "sudoku"}
	csvSolutionNames = []string{"solution", "solutions", "answer"}
)

// isCSVName reports whether f, a trimmed header field, is a column name:
// a letter or '_', then letters, digits, '_', '-' and spaces.
func isCSVName(f []byte) bool {
	if len(f) == 0 {
		return false
	}
	for i, c := range f {
		switch {
		case c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '-' || c == ' '):
		default:
			return false
		}
	}
	return true
}

// csvHeader reads text as the header of a CSV block if it is one: fields
// that are all names, one of them a puzzle column (a column alone is a
// header too: its rows, without a comma, are read as lines). It reports
// whether it was.
func (cs *csvState) header(text []byte) bool {
	b := &csvBlock{puzzle: -1, solution: -1}
	if err := b.split(text); err != nil {
		return false
	}
	for i, f := range b.fields {
		f = bytes.TrimSpace(f)
		if !isCSVName(f) {
			return false
		}
		name := string(f)
		b.names = append(b.names, name)
		switch {
		case b.puzzle < 0 && containsFold(csvPuzzleNames, name):
			b.puzzle = i
		case b.solution < 0 && containsFold(csvSolutionNames, name):
			b.solution = i
		}
	}
	if b.puzzle < 0 {
		return false
	}
	cs.block = b
	return true
}

// isCSVNames reports whether text is a line of two or more fields that
// are all column names: a CSV header, with or without a puzzle column.
func isCSVNames(text []byte) bool {
	b := &csvBlock{}
	if bytes.IndexByte(text, ',') < 0 || b.split(text) != nil {
		return false
	}
	for _, f := range b.fields {
		if !isCSVName(bytes.TrimSpace(f)) {
			return false
		}
	}
	return true
}

func containsFold(list []string, s string) bool {
	for _, n := range list {
		if strings.EqualFold(n, s) {
			return true
		}
	}
	return false
}

// splitCSV splits line into its fields, as encoding/csv reads them:
// separated by commas; a field that starts with a double quote ends at
// the next lone one and may hold commas and "" for a quote (its text goes
// to b.unquoted). b.fields and b.starts (the offset of each field) are
// reused. The error names the offset of a quote that does not end.
func (b *csvBlock) split(line []byte) error {
	b.fields, b.starts, b.unquoted = b.fields[:0], b.starts[:0], b.unquoted[:0]
	for i := 0; ; {
		b.starts = append(b.starts, i)
		if i < len(line) && line[i] == '"' {
			if cap(b.unquoted) < len(line) {
				// Room for every quoted field, so that none moves.
				b.unquoted = make([]byte, 0, len(line))
			}
			q := i
			start := len(b.unquoted)
			i++
			for {
				k := bytes.IndexByte(line[i:], '"')
				if k < 0 {
					return &csvQuoteError{offset: q}
				}
				b.unquoted = append(b.unquoted, line[i:i+k]...)
				i += k + 1
				if i < len(line) && line[i] == '"' {
					b.unquoted = append(b.unquoted, '"')
					i++
					continue
				}
				break
			}
			// Text after the closing quote, up to the comma, is kept.
			k := bytes.IndexByte(line[i:], ',')
			if k < 0 {
				k = len(line) - i
			}
			b.unquoted = append(b.unquoted, line[i:i+k]...)
			b.fields = append(b.fields, b.unquoted[start:len(b.unquoted):len(b.unquoted)])
			i += k
		} else {
			k := bytes.IndexByte(line[i:], ',')
			if k < 0 {
				k = len(line) - i
			}
			b.fields = append(b.fields, line[i:i+k])
			i += k
		}
		if i == len(line) {
			return nil
		}
		i++ // the comma
	}
}

// csvQuoteError is a quoted field that does not end on its line.
type csvQuoteError struct{ offset int }

func (e *csvQuoteError) Error() string { return "quoted field does not end on its line" }

// trimField returns f without spaces around it.
func trimField(f []byte) []byte {
	if len(f) > 0 && (isSpace(f[0]) || isSpace(f[len(f)-1])) {
		return bytes.TrimSpace(f)
	}
	return f
}

// puzzleSol9 is a 9x9 Puzzle with its grid and its solution, allocated at
// once.
type puzzleSol9 struct {
	p          Puzzle
	g, s       sudoku.Grid
	cells, sol [81]uint8
}

// newPuzzleSol9 returns a 9x9 Puzzle with a grid and a solution, in one
// allocation.
func newPuzzleSol9() *puzzleSol9 {
	a := &puzzleSol9{}
	a.g.Reset(3, a.cells[:])
	a.s.Reset(3, a.sol[:])
	a.p.Grid, a.p.Solution = &a.g, &a.s
	return a
}

// csvRow reads one row of the CSV block; ok is false for a line without
// a comma, which ends the block.
func (cs *csvState) row(r *source, text []byte) (p *Puzzle, ok bool, err error) {
	b := cs.block
	line := r.curLine
	if len(text) == 163 && text[81] == ',' && b.puzzle == 0 && b.solution == 1 && len(b.names) == 2 && (r.Order == 0 || r.Order == 3) {
		// The Kaggle rows: 81 cells, a comma, 81 cells.
		a := newPuzzleSol9()
		if r.fill9(a.cells[:], text[:81]) && r.fill9(a.sol[:], text[82:]) {
			a.p.Line, a.p.Format = line, CSV
			return &a.p, true, nil
		}
	}
	err = b.split(text)
	if qe, isQE := err.(*csvQuoteError); isQE {
		return nil, true, r.errAt(line, qe.offset+1, detailf(ErrSyntax, "%v", err))
	}
	fields := b.fields
	if len(fields) == 1 {
		return nil, false, nil
	}
	if len(fields) != len(b.names) {
		return nil, true, r.errAt(line, 0, detailf(ErrSyntax, "row has %d %s, want %d (%s)", len(fields), plural(len(fields), "field"), len(b.names), strings.Join(b.names, ",")))
	}
	pf := trimField(fields[b.puzzle])
	var sf []byte
	if b.solution >= 0 {
		sf = trimField(fields[b.solution])
	}
	if len(pf) == 81 && (len(sf) == 81 || len(sf) == 0) && (r.Order == 0 || r.Order == 3) {
		a := newPuzzleSol9()
		if len(sf) == 0 {
			a.p.Solution = nil
		}
		p = &a.p
	}
	// at moves an error's column from the field to the line: columns are
	// only worked out for errors.
	at := func(k int, err error) error {
		if pe, ok := err.(*sudoku.ParseError); ok {
			full := fields[k]
			pe.Column += b.starts[k] + len(full) - len(bytes.TrimLeft(full, " \t"))
		}
		return err
	}
	p, err = csvGrid(r, p, pf, "puzzle", 0)
	if err != nil {
		return nil, true, at(b.puzzle, err)
	}
	if len(sf) > 0 {
		if p.Solution == nil {
			p.Solution, _ = sudoku.New(p.Grid.Order())
		}
		if _, err := csvGrid(r, &Puzzle{Grid: p.Solution}, sf, "solution", p.Grid.Order()); err != nil {
			return nil, true, at(b.solution, err)
		}
	}
	p.Line, p.Format = line, CSV
	// The other columns are the comment: "name=value ...".
	if len(b.names) > 2 || len(b.names) == 2 && b.solution < 0 {
		var c []byte
		for k, f := range fields {
			if k == b.puzzle || k == b.solution {
				continue
			}
			if f = bytes.TrimSpace(f); len(f) == 0 {
				continue
			}
			if len(c) > 0 {
				c = append(c, ' ')
			}
			c = append(c, b.names[k]...)
			c = append(c, '=')
			c = append(c, f...)
		}
		p.Comment = string(c)
	}
	return p, true, nil
}

// csvGrid fills the grid of p (or a new one) from w, the cells of the
// field name; order, if not 0, is the order the grid must have. Columns
// in errors count from the field's start.
func csvGrid(r *source, p *Puzzle, w []byte, name string, order int) (*Puzzle, error) {
	const col = 1
	line := r.curLine
	o := sudoku.OrderForCells(len(w))
	want := order
	if want == 0 {
		want = r.Order
	}
	if o == 0 || want != 0 && o != want {
		if k := notASCII(w); k >= 0 {
			pe := r.errAt(line, col+k, sudoku.SymbolError(w, k)).(*sudoku.ParseError)
			pe.Err = wrapf(name, pe.Err)
			return nil, pe
		}
		err := r.cellCountError(len(w))
		if want != 0 {
			err = detailf(sudoku.ErrCellCount, "%d %s, want %d", len(w), plural(len(w), "cell"), want*want*want*want)
		}
		return nil, r.errAt(line, col, wrapf(name, err))
	}
	if o == 3 && p != nil && p.Grid.Order() == 3 && r.fill9(p.Grid.Cells(), w) {
		return p, nil // the common case, fast
	}
	if p == nil || p.Grid.Order() != o {
		if p == nil {
			p = newPuzzle(o)
		} else {
			p.Grid, _ = sudoku.New(o)
		}
	}
	if err := r.fill(p.Grid, 0, w, line, col); err != nil {
		pe := err.(*sudoku.ParseError)
		pe.Err = wrapf(name, pe.Err)
		return nil, pe
	}
	return p, nil
}

// wrapf prefixes err's message with the column name, keeping what it
// wraps.
func wrapf(name string, err error) error {
	return detail.Errorf(err, "%s: %s", name, err)
}

// start reads the header line of a CSV block.
func (cs *csvState) start(r *source, text []byte, s int) (*Puzzle, error) {
	if !cs.header(text) {
		return nil, r.errAt(r.curLine, s+1, detailf(ErrSyntax, "want a CSV header naming the puzzle column (puzzle, quizzes, ...)"))
	}
	return nil, nil
}

func writeCSV(dst []byte, rec *record) ([]byte, error) {
	dst = appendZeros(dst, rec.g.Cells())
	dst = append(dst, ',')
	if rec.sol != nil {
		dst = appendZeros(dst, rec.sol.Cells())
	}
	return append(dst, '\n'), nil
}
