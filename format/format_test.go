package format

import (
	"errors"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

func TestFormatNames(t *testing.T) {
	for f := Auto; int(f) < len(formats); f++ {
		g, err := Lookup(f.String())
		if err != nil || g != f {
			t.Errorf("Lookup(%q) = %v, %v; want %v", f.String(), g, err, f)
		}
	}
	if f, err := Lookup("PRETTY"); err != nil || f != Pretty {
		t.Errorf("Lookup(PRETTY) = %v, %v", f, err)
	}
	if _, err := Lookup("xml"); err == nil || err.Error() != `unknown format "xml" (want one of auto, line, groups, numbers, counted, pretty, sdk, ss, json, sukaku, pencil, csv, sudokuwiki, hodoku, bank, opensudoku, sadman, sdx, ssmarks, fpuzzles, link, rules, jigsaw, killer)` {
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

// TestFormatTable checks each row of the table of formats against what
// its writer writes: a name and a detection rule for every row, a writer
// for all but Counted, multiLine for the formats written on several
// lines, and 9x9 alone where only9 says so.
func TestFormatTable(t *testing.T) {
	g4, g9 := MustParse(p4), MustParse(p9)
	for f := Auto; int(f) < len(formats); f++ {
		spec := &formats[f]
		_, variant := vforms[f]
		if spec.name == "" || spec.detect == "" || spec.read == nil || spec.rules != classic && !(variant && spec.rules == classic|variants) {
			t.Errorf("%v: row incomplete: %+v", f, spec)
		}
		if variant {
			continue // variants_test.go
		}
		if (spec.write == nil) != (f == Counted) {
			t.Errorf("%v: write is nil: %v", f, spec.write == nil)
			continue
		}
		if f == Counted {
			continue
		}
		text := strings.TrimPrefix(Text(g9, f), spec.head)
		if f == OpenSudoku {
			text = "" // a document of several lines for one game
		}
		if lines := strings.Count(text, "\n"); text != "" && (lines > 1) != spec.multiLine {
			t.Errorf("%v: %d lines, multiLine %v", f, lines, spec.multiLine)
		}
		_, err := appendRecord(nil, g4, nil, f, "", nil, false)
		if (err != nil) != (spec.only9 != "") || err != nil && !strings.Contains(err.Error(), spec.only9+" 9x9, not 4x4") {
			t.Errorf("%v: writing 4x4: %v (only9 %q)", f, err, spec.only9)
		}
	}
}
