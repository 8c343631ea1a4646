package sudoku

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Puzzle is one record read from a puzzle file.
type Puzzle struct {
	Grid    *Grid
	Line    int    // 1-based line where the record starts
	Comment string // text after the grid on the same line, trimmed; kept for echoing
	Format  Format // the format the record was read in
}

// Reader reads puzzles one at a time from a stream, like encoding/csv:
// only one record is held in memory. After a *ParseError, the next Read
// goes on with the next record.
type Reader struct {
	// Format forces a format; FormatAuto (the default) detects it.
	Format Format
	// File names the input in errors; empty for none.
	File string

	sc   *bufio.Scanner
	line int
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	return &Reader{sc: sc}
}

// Read returns the next puzzle, or io.EOF at the end of the input.
// Empty lines and lines starting with '#' between records are skipped.
func (r *Reader) Read() (*Puzzle, error) {
	for r.sc.Scan() {
		r.line++
		text := strings.TrimRight(r.sc.Text(), "\r")
		trimmed := strings.TrimSpace(text)
		if trimmed == "" || trimmed[0] == '#' {
			continue
		}
		return r.parseLine(text)
	}
	if err := r.sc.Err(); err != nil {
		return nil, err
	}
	return nil, io.EOF
}

func (r *Reader) errorf(col int, err error, format string, args ...any) error {
	return &ParseError{File: r.File, Line: r.line, Column: col, Err: fmt.Errorf("%w: "+format, append([]any{err}, args...)...)}
}

// parseLine reads FormatLine: the grid is the first run of symbols.
func (r *Reader) parseLine(text string) (*Puzzle, error) {
	start := len(text) - len(strings.TrimLeft(text, " \t"))
	end := start
	for end < len(text) && text[end] != ' ' && text[end] != '\t' {
		end++
	}
	cells := text[start:end]
	order := OrderForCells(len(cells))
	if order == 0 {
		return nil, &ParseError{File: r.File, Line: r.line, Column: start + 1, Err: fmt.Errorf("%d cells, want 16, 81, 256, 625, 1296, 2401 or 4096: %w", len(cells), ErrCellCount)}
	}
	g, _ := New(order)
	side := g.Side()
	for i := 0; i < len(cells); i++ {
		v, ok := SymbolValue(cells[i])
		if !ok {
			return nil, r.errorf(start+i+1, ErrSymbol, "%q", cells[i])
		}
		if v > side {
			return nil, &ParseError{File: r.File, Line: r.line, Column: start + i + 1, Err: &RangeError{Row: i / side, Col: i % side, Value: v, Side: side}}
		}
		g.cells[i] = uint8(v)
	}
	return &Puzzle{Grid: g, Line: r.line, Comment: strings.TrimSpace(text[end:]), Format: FormatLine}, nil
}

// Parse reads one puzzle in any format from s.
func Parse(s string) (*Grid, error) {
	p, err := NewReader(strings.NewReader(s)).Read()
	if err == io.EOF {
		return nil, fmt.Errorf("sudoku: no puzzle in input")
	}
	if err != nil {
		return nil, err
	}
	return p.Grid, nil
}
