package format

import (
	"errors"
	"testing"

	"github.com/gosudoku/sudoku"
)

func TestFormatNames(t *testing.T) {
	for f := Auto; int(f) < len(formatNames); f++ {
		g, err := Lookup(f.String())
		if err != nil || g != f {
			t.Errorf("Lookup(%q) = %v, %v; want %v", f.String(), g, err, f)
		}
	}
	if f, err := Lookup("PRETTY"); err != nil || f != Pretty {
		t.Errorf("Lookup(PRETTY) = %v, %v", f, err)
	}
	if _, err := Lookup("xml"); err == nil || err.Error() != `unknown format "xml" (want one of auto, line, groups, numbers, counted, pretty, sdk, ss, json, sukaku, pencil, csv, sudokuwiki, hodoku, bank, opensudoku, sadman, sdx, ssmarks)` {
		t.Errorf("Lookup(xml): %v", err)
	}
	if s := Format(42).String(); s != "Format(42)" {
		t.Errorf("Format(42) = %q", s)
	}
}

func TestParseErrorMessage(t *testing.T) {
	tests := []struct {
		err  *sudoku.ParseError
		want string
	}{
		{&sudoku.ParseError{File: "a.txt", Line: 3, Column: 17, Err: symbolError('x')}, "a.txt:3:17: 'x' is not a symbol"},
		{&sudoku.ParseError{File: "a.txt", Line: 12, Err: detailf(sudoku.ErrCellCount, "80 cells, want 81")}, "a.txt:12: 80 cells, want 81"},
		{&sudoku.ParseError{Line: 12, Err: detailf(sudoku.ErrCellCount, "80 cells, want 81")}, "line 12: 80 cells, want 81"},
		{&sudoku.ParseError{Line: 5, Column: 3, Err: &sudoku.RangeError{Row: 4, Col: 1, Value: 10, Side: 9}}, "line 5, column 3: r5c2 holds 10: out of range 1-9"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
	err := error(tests[1].err)
	if !errors.Is(err, sudoku.ErrCellCount) || errors.Is(err, sudoku.ErrSymbol) {
		t.Errorf("%v: errors.Is does not see ErrCellCount alone", err)
	}
	var re *sudoku.RangeError
	if !errors.As(tests[3].err, &re) || re.Value != 10 {
		t.Errorf("errors.As RangeError failed")
	}
}
