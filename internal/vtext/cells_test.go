package vtext

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/variant"
)

// cellRules are the f-puzzles keys of quadruples, X-sums, skyscrapers,
// minimum and maximum cells, clones and indexers on a 9x9 grid, and the
// rules they are read as; the fuzz target starts from them too.
var cellRules = []struct {
	extra string
	want  []variant.Rule
}{
	{`"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2]},{"cells":["R3C3","R3C4","R4C3","R4C4"],"values":[5,5]}]`, []variant.Rule{
		variant.Quadruple{Cells: []variant.Cell{c(1, 1), c(1, 2), c(2, 1), c(2, 2)}, Values: []int{1, 2}},
		variant.Quadruple{Cells: []variant.Cell{c(3, 3), c(3, 4), c(4, 3), c(4, 4)}, Values: []int{5, 5}}}},
	{`"xsum":[{"cell":"R0C1","value":"5"},{"cell":"R10C2","value":"45"},{"cell":"R3C0","value":"7"},{"cell":"R4C10","value":"19"}]`, []variant.Rule{
		variant.XSum{Column: true, Index: 1, Sum: 5}, variant.XSum{Column: true, Index: 2, Reverse: true, Sum: 45},
		variant.XSum{Index: 3, Sum: 7}, variant.XSum{Index: 4, Reverse: true, Sum: 19}}},
	{`"skyscraper":[{"cell":"R0C5","value":"5"},{"cell":"R9C0","value":"4"},{"cell":"R10C3","value":"3"}]`, []variant.Rule{
		variant.Skyscraper{Column: true, Index: 5, Count: 5}, variant.Skyscraper{Index: 9, Count: 4},
		variant.Skyscraper{Column: true, Index: 3, Reverse: true, Count: 3}}},
	{`"minimum":[{"cell":"R7C2"}],"maximum":[{"cell":"R5C5"},{"cell":"R5C6"}]`, []variant.Rule{
		variant.Extremum{Cell: c(7, 2)}, variant.Extremum{Cell: c(5, 5), Max: true}, variant.Extremum{Cell: c(5, 6), Max: true}}},
	{`"clone":[{"cells":["R2C2","R2C3"],"cloneCells":["R5C4","R5C5"]}]`, []variant.Rule{
		variant.Clone{Cells: []variant.Cell{c(2, 2), c(2, 3)}, Clones: []variant.Cell{c(5, 4), c(5, 5)}}}},
	{`"rowindexer":[{"cells":["R1C1","R1C2"]}],"columnindexer":[{"cells":["R5C1"]}],"boxindexer":[{"cells":["R9C9"]}]`, []variant.Rule{
		variant.Indexer{Cells: []variant.Cell{c(1, 1), c(1, 2)}}, variant.Indexer{Cells: []variant.Cell{c(5, 1)}, Column: true},
		variant.Indexer{Cells: []variant.Cell{c(9, 9)}, Box: true}}},
}

func TestReadFPuzzlesCellRules(t *testing.T) {
	for _, tt := range cellRules {
		p, err := ReadFPuzzles([]byte(fp(tt.extra)))
		if err != nil {
			t.Errorf("%s: %v", tt.extra, err)
			continue
		}
		if !reflect.DeepEqual(p.Rules, tt.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", tt.extra, p.Rules, tt.want)
		}
		roundTrips(t, p)
	}
}

// TestGivenPencilMarks: a cell's given pencil marks are a rule (issue 28,
// item 4: r1c1 with marks [3] solved to 1 before), kept in both forms.
func TestGivenPencilMarks(t *testing.T) {
	g := `[[{"givenPencilMarks":[3]},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	p, err := ReadFPuzzles([]byte(`{"size":4,"grid":` + g + `}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []variant.Rule{variant.Marks{Cell: c(1, 1), Values: []int{3}}}
	if !reflect.DeepEqual(p.Rules, want) {
		t.Fatalf("rules %v, want %v", p.Rules, want)
	}
	roundTrips(t, p)
	res, err := variant.Solve(context.Background(), p, variant.Options{})
	if err != nil || res.Solution == nil || res.Solution[0] != 3 {
		t.Errorf("solution %v, %v: r1c1 must be 3", res.Solution, err)
	}
	// Beside a given value the marks say nothing, as in f-puzzles.
	g = strings.Replace(g, `{"givenPencilMarks":[3]}`, `{"value":2,"given":true,"givenPencilMarks":[3]}`, 1)
	if p, err = ReadFPuzzles([]byte(`{"size":4,"grid":` + g + `}`)); err != nil || len(p.Rules) != 0 || p.Givens[0] != 2 {
		t.Errorf("marks beside a given: %v, %v", p, err)
	}
}

// TestDisplayOnlyKeys: keys that only show something are no rules
// (issue 28, item 3), and the cell key "parity" is one.
func TestDisplayOnlyKeys(t *testing.T) {
	solution := `"solution":[` + strings.TrimSuffix(strings.Repeat(`".",`, 81), ",") + `]`
	for _, extra := range []string{`"successMessage":"Well done!"`, solution} {
		if _, err := ReadFPuzzles([]byte(fp(extra))); err != nil {
			t.Errorf("%.40s: %v", extra, err)
		}
	}
	s := strings.Replace(fp(""), "{}", `{"highlightArray":["#ff0000"]}`, 1)
	s = strings.Replace(s, "{}", `{"parity":"odd"}`, 1)
	s = strings.Replace(s, "{}", `{"parity":"even"}`, 1)
	p, err := ReadFPuzzles([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	want := []variant.Rule{variant.Parity{Cell: c(1, 2)}, variant.Parity{Cell: c(1, 3), Even: true}}
	if !reflect.DeepEqual(p.Rules, want) {
		t.Errorf("rules %v, want %v", p.Rules, want)
	}
}
