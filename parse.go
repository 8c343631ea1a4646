package sudoku

import "strings"

// Parse reads a puzzle written on one line: one symbol per cell, row by
// row, '.' or '0' for a blank (see Symbols), as String writes it, with
// white space around it. An error is a *ParseError naming the column;
// a string without a puzzle gives ErrNoPuzzle. Package format reads
// every file format (format.Parse takes a puzzle in any of them).
func Parse(s string) (*Grid, error) {
	start := len(s) - len(strings.TrimLeft(s, " \t\r\n\v\f"))
	w := strings.TrimRight(s[start:], " \t\r\n\v\f")
	if w == "" {
		return nil, ErrNoPuzzle
	}
	if i := strings.IndexAny(w, " \t\r\n\v\f"); i >= 0 {
		return nil, &ParseError{Line: 1, Column: start + i + 1, Err: detailf(ErrSymbol, "white space inside the puzzle: Parse reads one word of symbols (package format reads every other way of writing one)")}
	}
	order := OrderForCells(len(w))
	if order == 0 {
		for i := 0; i < len(w); i++ {
			if c := w[i]; c >= 0x80 || c == 0 {
				return nil, &ParseError{Line: 1, Column: start + i + 1, Err: SymbolError([]byte(w), i)}
			}
		}
		return nil, &ParseError{Line: 1, Column: start + 1, Err: CellCountError(len(w), 0)}
	}
	g, _ := New(order)
	side := g.Side()
	for i := 0; i < len(w); i++ {
		v, ok := SymbolValue(w[i])
		switch {
		case !ok:
			return nil, &ParseError{Line: 1, Column: start + i + 1, Err: SymbolError([]byte(w), i)}
		case v > side:
			return nil, &ParseError{Line: 1, Column: start + i + 1, Err: ValueError(w[i], i/side, i%side, v, side)}
		}
		g.cells[i] = uint8(v)
	}
	return g, nil
}

// CellCountError describes a puzzle of n cells, which no grid has (or
// not a grid of the given order, if it is not 0), in an error wrapping
// ErrCellCount: "80 cells, want 81" names the nearest count, and a count
// between two grids names both: "728 cells, want 625 (25x25) or 1296
// (36x36)".
func CellCountError(n, order int) error {
	word := "cells"
	if n == 1 {
		word = "cell"
	}
	if order != 0 {
		return detailf(ErrCellCount, "%d %s, want %d", n, word, order*order*order*order)
	}
	count := func(o int) int { return o * o * o * o }
	lo := MinOrder // the largest grid below n
	for o := MinOrder; o <= MaxOrder; o++ {
		if count(o) == n {
			return detailf(ErrCellCount, "%d %s, want %d", n, word, n)
		}
		if count(o) < n {
			lo = o
		}
	}
	hi := lo + 1
	switch {
	case n < count(MinOrder):
		return detailf(ErrCellCount, "%d %s, want %d", n, word, count(MinOrder))
	case n > count(MaxOrder):
		return detailf(ErrCellCount, "%d %s, want %d", n, word, count(MaxOrder))
	case n-count(lo) <= 1 || n < 81 && n-count(lo) < count(hi)-n:
		// One cell too many, or near a small grid: a slip.
		return detailf(ErrCellCount, "%d %s, want %d", n, word, count(lo))
	case count(hi)-n <= 1 || n < 81:
		return detailf(ErrCellCount, "%d %s, want %d", n, word, count(hi))
	}
	return detailf(ErrCellCount, "%d %s, want %d (%dx%d) or %d (%dx%d)", n, word, count(lo), lo*lo, lo*lo, count(hi), hi*hi, hi*hi)
}

// MustParse is like Parse but panics if s is not a puzzle. It is meant
// for examples and tests with known input.
func MustParse(s string) *Grid {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}
